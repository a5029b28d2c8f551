// A page below the home of a site very many people visit is a finding of its own (`widely_visited`); a page that
// only carries such a name (a free host, user content, a shortener, a deep-link service, a look-alike) is not.
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";
import { isWidelyVisited } from "../../../src/analyzers/url/widely-visited.js";

describe("pages of widely visited sites", () => {
  it.each([
    "https://viettel.vn/goidata",
    "https://www.krungsri.com/b/Eww2B",
    "https://www.sbi.co.in/web/personal-banking/accounts",
    "https://www.airtel.in/recharge?src=sms",
    "https://m.paytm.me/kyc",
  ])("reads %s as a page of a widely visited site", (raw) => {
    expect(analyze(raw).ids).toContain("widely_visited");
  });

  it.each([
    // A home page: the list names it, and the rule adds nothing to that.
    "https://viettel.vn/",
    // Pages published under a platform's name by anyone, or a redirect whose target is elsewhere.
    "https://sites.google.com/view/viettel-khuyen-mai",
    "https://docs.google.com/forms/d/e/1FAIpQLSf/viewform",
    "https://paypal-login.weebly.com/signin",
    "https://bit.ly/3xYzAbC",
    "https://tqm.page.link/vc32ai",
    "https://dtac.onelink.me/abc",
    // A name that only looks like a listed one, and a bare address.
    "https://viettel-vn.top/goidata",
    "http://203.0.113.7/viettel.vn/goidata",
  ])("does not read %s as one", (raw) => {
    expect(analyze(raw).ids).not.toContain("widely_visited");
  });

  it("ships registrable domains only, none of them a shortener or a host of anyone's pages", () => {
    for (const d of ["google.com", "viettel.vn", "krungsri.com", "sbi.co.in"]) expect(isWidelyVisited(d)).toBe(true);
    for (const d of ["bit.ly", "page.link", "onelink.me", "weebly.com", "blogspot.com", "github.io", "co.uk"]) {
      expect(isWidelyVisited(d)).toBe(false);
    }
  });
});

describe("look-alike names that are widely visited sites of their own", () => {
  it.each(["https://m.paytm.me/kyc", "https://natwestgroup.com/about"])(
    "reads no look-alike of a brand's domain in %s",
    (raw) => {
      expect(
        analyze(raw).ids.filter((id) => /^brand_(?:typo|bit|combo)squat$|^brand_(?:tld_swap|hyphenation)$/.test(id)),
      ).toEqual([]);
    },
  );

  it("still reads a brand's domain spelled with look-alike characters, and look-alikes nobody visits", () => {
    expect(analyze("https://paypa1.com/signin").ids).toContain("brand_homoglyph");
    expect(analyze("https://paypall.com/signin").ids).toContain("brand_typosquat");
    expect(analyze("https://paytm.top/kyc").ids).toContain("brand_tld_swap");
  });
});

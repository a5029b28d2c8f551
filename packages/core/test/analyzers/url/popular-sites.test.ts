// A brand's name on a popular site (a community, a wiki, a support article, an app listing, a shared file) is not
// impersonation by itself; on such a host it takes more: a subdomain that copies the brand's domain, a free host, or
// a sign-in page in user content anyone can publish.
import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";

const IMPERSONATION = /^brand_/;

describe("brand names on popular sites", () => {
  it.each([
    "https://www.reddit.com/r/paypal/",
    "https://www.reddit.com/r/paypal/comments/abc123/login_issue/",
    "https://support.google.com/accounts/answer/27441?hl=en&ref_topic=apple",
    "https://github.com/microsoft/vscode",
    "https://paypal.fandom.com/",
    "https://paypal-help.fandom.com/wiki/Login",
    "https://news.ycombinator.com/item?id=1&amazon",
    "https://en.wikipedia.org/wiki/Wells_Fargo",
    "https://stackoverflow.com/questions/1/paypal-login-api",
    "https://apps.apple.com/us/app/chase-mobile/id298867247",
    "https://www.linkedin.com/company/paypal",
    "https://paypal.atlassian.net/wiki",
    // User content naming the brand it is about, asking for nothing.
    "https://www.dropbox.com/s/abc123/PayPal_Invoice.pdf",
    "https://www.dropbox.com/scl/fi/abc123/netflix-receipt.pdf",
    "https://forms.office.com/r/amazon-team-lunch",
  ])("finds no impersonation in %s", (raw) => {
    const r = analyze(raw);
    expect(r.ids.filter((id) => IMPERSONATION.test(id))).toEqual([]);
    expect(r.brand.detected).toBe(false);
  });

  it.each([
    ["https://paypa1.fandom.com/", "brand_lookalike_on_popular_site", "PayPal"],
    ["https://rnicrosoft.fandom.com/wiki/Account", "brand_lookalike_on_popular_site", "Microsoft"],
    ["https://www.paypal.com.fandom.com/", "brand_lookalike_on_popular_site", "PayPal"],
    ["https://paypa1-support.atlassian.net/", "brand_lookalike_on_popular_site", "PayPal"],
    ["https://www.dropbox.com/s/abc123/PayPal_Login.html", "brand_user_content_sign_in", "PayPal"],
    ["https://forms.office.com/r/chase-verify-signin", "brand_user_content_sign_in", "Chase"],
  ])("finds impersonation with more than the name: %s", (raw, id, brand) => {
    const r = analyze(raw);
    expect(r.ids).toContain(id);
    expect(r.brand).toMatchObject({ detected: true, brand });
  });

  it("still reads a brand's name on a free host, the free host being the rest of the evidence", () => {
    for (const raw of [
      "https://sites.google.com/view/paypal-community",
      "https://chase.wordpress.com/",
      "https://paypal-login.weebly.com/",
    ]) {
      const r = analyze(raw);
      expect(
        r.ids.some((id) => IMPERSONATION.test(id)),
        raw,
      ).toBe(true);
    }
  });

  it("leaves ordinary words one key away from a short brand name alone as subdomains", () => {
    for (const raw of ["https://spring.fandom.com/", "https://loses.fandom.com/", "https://apply.fandom.com/"]) {
      expect(analyze(raw).ids, raw).not.toContain("brand_lookalike_on_popular_site");
    }
  });
});

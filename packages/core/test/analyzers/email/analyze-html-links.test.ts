import { describe, expect, it } from "vitest";
import { analyzeHtmlLinks, shownDomain } from "../../../src/analyzers/email/index.js";

describe("analyzeHtmlLinks", () => {
  it("flags a link that shows a brand's domain but goes elsewhere", () => {
    const ev = analyzeHtmlLinks([
      { href: "https://secure-verify-account.top/login", text: "https://www.paypal.com/signin" },
    ]);
    expect(ev.factors.map((f) => f.id)).toEqual(["link_text_mismatch"]);
    expect(ev.factors[0]?.label).toMatch(/PayPal/);
    expect(ev.factors[0]?.points).toBeGreaterThanOrEqual(55);
    expect(ev.signals["mismatched_links"]).toBe(1);
  });

  it("leaves alone links whose text names the same site, plain words, and subdomains of the shown domain", () => {
    const ev = analyzeHtmlLinks([
      { href: "https://www.example.org/a", text: "example.org" },
      { href: "https://shop.example.org/b", text: "Visit our shop" },
      { href: "https://help.example.org/c", text: "www.example.org/help" },
    ]);
    expect(ev.factors).toEqual([]);
  });

  it("counts mailing-service redirectors and a newsletter's own tracker as innocent-looking", () => {
    const tracked = analyzeHtmlLinks([
      { href: "https://acme.us4.list-manage.com/track/click?u=1", text: "www.acme-store.com" },
    ]);
    expect(tracked.factors[0]?.id).toBe("link_text_mismatch_tracked");
    expect(tracked.factors[0]?.points).toBeLessThan(20);
    const own = analyzeHtmlLinks(
      Array.from({ length: 6 }, (_, i) => ({
        href: `https://click.newsletterhost.com/${i}`,
        text: i === 0 ? "news.example.com" : "Read more",
      })),
    );
    expect(own.factors[0]?.id).toBe("link_text_mismatch_tracked");
  });

  it("in bulk mail counts a shown site that is no brand's as tracked, never a shown brand", () => {
    const links = [{ href: "https://clickthru.mailer.example.com/r/1", text: "news.com" }];
    expect(analyzeHtmlLinks(links).factors[0]?.id).toBe("link_text_mismatch");
    expect(analyzeHtmlLinks(links, { bulk: true }).factors[0]?.id).toBe("link_text_mismatch_tracked");
    const brand = [{ href: "https://clickthru.mailer.example.com/r/2", text: "www.paypal.com" }];
    expect(analyzeHtmlLinks(brand, { bulk: true }).factors[0]?.id).toBe("link_text_mismatch");
  });

  it("flags links to bare IP addresses", () => {
    const ev = analyzeHtmlLinks([{ href: "http://198.51.100.4/verify", text: "Verify now" }]);
    expect(ev.factors.map((f) => f.id)).toEqual(["link_to_ip_address"]);
    const newsletter = analyzeHtmlLinks([
      { href: "http://198.51.100.4/t", text: "Read more" },
      ...Array.from({ length: 12 }, (_, i) => ({ href: `https://news.example.com/${i}`, text: `Story ${i}` })),
    ]);
    expect(newsletter.factors[0]?.points).toBeLessThan(ev.factors[0]?.points ?? 0);
  });

  it("reads the domain a link's text shows", () => {
    expect(shownDomain("https://www.paypal.com/signin")).toBe("www.paypal.com");
    expect(shownDomain("Go to amazon.com.")).toBe("amazon.com");
    expect(shownDomain("Click here")).toBeNull();
    expect(shownDomain("version 1.2.3")).toBeNull();
  });
});

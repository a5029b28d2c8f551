import { describe, expect, it } from "vitest";
import { BRANDS } from "../../../src/analyzers/url/lists/brands.js";
import { POPULAR_DOMAINS } from "../../../src/analyzers/url/lists/popular-domains.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";

describe("brand and allowlist data", () => {
  it("covers at least 200 brands across delivery, tolls and government", () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(200);
    const names = BRANDS.map((b) => b.name);
    for (const n of ["USPS", "IRS", "E-ZPass", "SunPass", "FedEx", "UPS", "DHL", "SSA", "DMV", "PayPal", "Chase"]) {
      expect(names).toContain(n);
    }
  });

  it("spells keywords in lower-case ASCII and official domains as registrable domains", () => {
    for (const brand of BRANDS) {
      expect(brand.keywords.length + brand.tokenKeywords.length).toBeGreaterThan(0);
      for (const k of [...brand.keywords, ...brand.tokenKeywords]) expect(k).toMatch(/^[a-z0-9-]+$/);
      for (const d of brand.officialDomains) {
        const n = normalizeUrl(`https://${d}/`)._unsafeUnwrap();
        expect(n.host).toBe(d);
      }
    }
  });

  it("lists a few hundred popular registrable domains", () => {
    expect(POPULAR_DOMAINS.length).toBeGreaterThanOrEqual(300);
    for (const d of POPULAR_DOMAINS) expect(normalizeUrl(`https://${d}/`).isOk()).toBe(true);
  });
});

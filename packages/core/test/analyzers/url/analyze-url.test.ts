import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyze, riskRules } from "./analyze.js";
import { analyzeUrl } from "../../../src/analyzers/url/analyze-url.js";
import { BRANDS } from "../../../src/analyzers/url/lists/brands.js";
import { POPULAR_DOMAINS } from "../../../src/analyzers/url/lists/popular-domains.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";

describe("analyzeUrl", () => {
  it("returns brand impersonation, heuristics, then the URL model's reading", () => {
    const evidence = analyzeUrl(normalizeUrl("https://example.com/")._unsafeUnwrap());
    expect(evidence.map((e) => e.source)).toEqual(["brand_impersonation", "url_heuristics", "url_model"]);
    expect(evidence[2]?.factors.map((f) => f.id)).toEqual(["url_model"]);
    expect(evidence.every((e) => e.status === "ok")).toBe(true);
  });

  it("says of a shortener's link that its address does not tell where it leads, not which letters of it weighed", () => {
    const modelFactor = (raw: string) =>
      analyzeUrl(normalizeUrl(raw)._unsafeUnwrap())
        .find((e) => e.source === "url_model")
        ?.factors.find((f) => f.id === "url_model");
    const short = modelFactor("https://bit.ly/3xYz9Ab");
    // The feeds list many shortened phishing links: the reading counts against it, as the weights file weighs it.
    expect(short?.strength).toBeGreaterThan(0);
    expect(short?.label).toContain("shortener bit.ly");
    expect(short?.label).toContain("does not say where this one leads");
    expect(short?.label).not.toMatch(/“\.?ly”|ending \.ly/);
    const own = modelFactor("https://secure-verify-account.top/login.php");
    expect(own?.strength).toBeGreaterThan(0);
    expect(own?.label).toMatch(
      /^The address is written like the phishing and malware links the URL model learnt from: /,
    );
  });

  it.each([
    ["https://xn--pypal-4ve.com/", "PayPal", "homoglyph"], // Cyrillic а
    ["https://аррӏе.com/", "Apple", "homoglyph"], // all-Cyrillic
    ["paypa1.com", "PayPal", "homoglyph"],
    ["amaz0n.com", "Amazon", "homoglyph"],
    ["rnicrosoft.com", "Microsoft", "homoglyph"],
    ["paypla.com", "PayPal", "typosquat"],
    ["netfllix.com", "Netflix", "typosquat"],
    ["coinbsae.com", "Coinbase", "typosquat"],
    ["pay-pal.com", "PayPal", "hyphenation"],
    ["paypal.top", "PayPal", "tld_swap"],
    ["paypal-secure-login.com", "PayPal", "combosquat"],
    ["usps-redelivery.top/track", "USPS", "combosquat"],
    ["uspsdelivery.com", "USPS", "combosquat"],
    ["ezpass-toll-notice.com", "E-ZPass", "combosquat"],
    ["sunpass-tollbill.com", "SunPass", "combosquat"],
    ["fedex-parcel-tracking.net", "FedEx", "combosquat"],
    ["irs-refund-claim.com", "IRS", "combosquat"],
    ["http://www.paypal.com.secure.xyz/webscr", "PayPal", "brand_in_subdomain"],
    ["https://royalmail.reschedule-item-delivery.com/", "Royal Mail", "brand_in_subdomain"],
    ["https://evil.example.com/wellsfargo/login.php", "Wells Fargo", "brand_in_path"],
  ])("detects %s as %s (%s)", (raw, brand, technique) => {
    const r = analyze(raw);
    expect(r.brand).toMatchObject({ detected: true, brand, technique });
    expect(r.ids).toContain(`brand_${technique}`);
  });

  it("puts a floor under exact lookalikes of a brand's domain", () => {
    expect(analyze("https://xn--pypal-4ve.com/").evidence[0]?.floor).toBe(85);
    const digit = analyze("https://amaz0n.com/");
    expect(digit.ids).toContain("brand_homoglyph");
    expect(digit.evidence[0]?.floor).toBe(85);
    // A lookalike that is not an exact copy of the domain gets no floor.
    expect(analyze("https://paypla.com/").evidence[0]?.floor ?? 0).toBe(0);
  });

  it.each([
    "https://www.paypal.com/signin",
    "https://www.google.com/",
    "https://groups.google.com/",
    "https://www.ups.com/track",
    "https://www.chase.com/",
    "https://www.irs.gov/payments",
    "https://applebees.com/",
    "https://groups.io/",
    "https://purchase.edu/",
    "https://pineapple.com/",
    "https://apply.com/",
    "https://chaseeditions.org/",
    "https://upsidefoods.com/",
    "https://paypal-community.com/",
    "https://google.de/",
  ])("does not flag %s", (raw) => {
    const r = analyze(raw);
    expect(r.brand.detected).toBe(false);
    expect(riskRules(r)).toEqual([]);
  });

  it.each(["https://natwestgroupholdings.com/", "https://wellsfargoadvisorsgroup.com/"])(
    "reads the brand's name in %s, a firm's own, as a mention and not an impersonation",
    (raw) => {
      const r = analyze(raw);
      expect(r.brand.detected).toBe(false);
      expect(riskRules(r)).toEqual(["brand_combosquat"]);
    },
  );

  it.each(["https://natwestgroup.com/", "https://wellsfargoadvisors.com/", "https://www.wellsfargoadvisors.com/"])(
    "reads no look-alike in %s, a name of the brand's own that very many people visit",
    (raw) => {
      const r = analyze(raw);
      expect(r.brand.detected).toBe(false);
      expect(riskRules(r)).toEqual([]);
    },
  );

  it("does not flag any popular domain: only the platforms' own kinds (hosting, short links) fire", () => {
    const fired = POPULAR_DOMAINS.flatMap((d) => {
      const r = analyze(`https://${d}/`);
      const rules = riskRules(r);
      return r.brand.detected || rules.length > 0 ? [`${d}: ${rules.join(" ")}`] : [];
    });
    expect(fired).toEqual([
      "wordpress.com: free_hosting",
      "googleusercontent.com: free_hosting",
      "youtu.be: shortener",
      "cloudfront.net: free_hosting",
      "t.me: shortener",
      "squarespace.com: free_hosting",
      "wix.com: free_hosting",
      "spotify.link: risky_tld",
    ]);
  });

  it("gives official domains legitimacy and never reads them as impersonation", () => {
    const official = BRANDS.flatMap((b) => b.officialDomains.map((d) => [d, b.name] as const));
    fc.assert(
      fc.property(
        fc.constantFrom(...official),
        fc.constantFrom("", "www.", "login.", "secure.account."),
        fc.constantFrom("/", "/login", "/signin?next=/account", "/verify/password"),
        ([domain], sub, path) => {
          const r = analyze(`https://${sub}${domain}${path}`);
          expect(r.brand.detected).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reports the structural heuristics", () => {
    expect(analyze("http://192.168.1.1/login").ids).toEqual(expect.arrayContaining(["ip_host", "credential_words"]));
    expect(analyze("https://bit.ly/abc").ids).toContain("shortener");
    expect(analyze("https://someone.weebly.com/").ids).toContain("free_hosting");
    expect(analyze("https://example.xyz/").ids).toContain("risky_tld");
    expect(analyze("https://google.com@evil.example/").ids).toContain("credentials_in_authority");
    expect(analyze("https://example.com:8443/").ids).toContain("non_standard_port");
    expect(analyze("https://a.b.c.d.example.com/").ids).toContain("deep_subdomains");
    expect(analyze("https://xkqzvbnm.com/").ids).toContain("random_label");
    expect(analyze("https://xn--pypal-4ve.com/").ids).toContain("mixed_script");
    const signals = analyze("http://192.168.1.1/").evidence[1]?.signals;
    expect(signals).toMatchObject({ is_ip_host: true, risky_tld: false, shortener: false, free_hosting: false });
  });

  it("never throws on any normalized URL", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (s) => {
        const n = normalizeUrl(s);
        if (n.isOk()) expect(analyzeUrl(n.value)).toHaveLength(3);
      }),
      { numRuns: 1000 },
    );
  });
});

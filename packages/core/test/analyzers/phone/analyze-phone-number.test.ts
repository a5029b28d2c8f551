import { describe, expect, it } from "vitest";
import { analyzePhoneNumber } from "../../../src/analyzers/phone/analyze-phone-number.js";
import { NANP_AREA_CODES } from "../../../src/analyzers/phone/nanp-area-codes.js";
import { normalizePhone } from "../../../src/analyzers/phone/normalize-phone.js";

const analyze = (raw: string) => analyzePhoneNumber(normalizePhone(raw)._unsafeUnwrap());
const ids = (raw: string) => analyze(raw).factors.map((f) => f.id);

describe("analyzePhoneNumber", () => {
  it("reports an ordinary number with its state and no risk factor", () => {
    const e = analyze("(415) 555-2671");
    expect(e.source).toBe("number_analysis");
    expect(e.status).toBe("ok");
    expect(e.signals).toEqual({ number_type: "geographic", region: "California" });
    expect(e.factors.filter((f) => f.id !== "exchange_555")).toEqual([]);
    expect(analyze("+1 212 736 5000").factors).toEqual([]);
    expect(analyze("+1 212 736 5000").signals["region"]).toBe("New York");
  });

  it("flags the fictional 555-01XX range with a floor", () => {
    const e = analyze("(212) 555-0123");
    expect(e.signals["number_type"]).toBe("fictional");
    expect(e.factors[0]?.id).toBe("fictional_number");
    expect(e.factors[0]?.points).toBeGreaterThanOrEqual(50);
    expect(e.floor).toBeGreaterThan(0);
  });

  it.each([
    ["1-800-356-9377", "toll_free", "toll_free_number"],
    ["+1 833 234 5678", "toll_free", "toll_free_number"],
    ["+1 900 234 5678", "premium", "premium_rate_number"],
    ["+1 500 234 5678", "personal", "personal_number"],
    ["+1 710 234 5678", "non_geographic", "service_code_number"],
    ["+1 911 234 5678", "n11", "n11_area_code"],
    ["+1 415 411 2345", "n11", "n11_exchange"],
    ["+1 415 958 2345", "test", "carrier_test_exchange"],
    ["+1 222 234 5678", "unassigned", "unassigned_area_code"],
    ["+1 299 234 5678", "unassigned", "unassigned_area_code"],
    ["+1 880 234 5678", "unassigned", "reserved_toll_free"],
    ["222-222-2222", "test", "test_pattern_number"],
    ["234-567-8901", "test", "test_pattern_number"],
  ])("classifies %s as %s (%s)", (raw, type, factor) => {
    const e = analyze(raw);
    expect(e.signals["number_type"]).toBe(type);
    expect(e.factors.map((f) => f.id)).toContain(factor);
  });

  it.each([
    ["876", "Jamaica"],
    ["809", "Dominican Republic"],
    ["268", "Antigua and Barbuda"],
    ["284", "British Virgin Islands"],
    ["473", "Grenada"],
    ["649", "Turks and Caicos Islands"],
    ["664", "Montserrat"],
    ["767", "Dominica"],
    ["869", "Saint Kitts and Nevis"],
  ])("accepts Caribbean area code %s with a strong one-ring factor naming %s", (npa, country) => {
    const e = analyze(`+1 ${npa} 234 5678`);
    expect(e.signals).toEqual({ number_type: "international_nanp", region: country });
    const f = e.factors.find((x) => x.id === "one_ring_area_code");
    expect(f?.points).toBeGreaterThanOrEqual(40);
    expect(f?.label).toContain(country);
  });

  it("names Canada and U.S. territories", () => {
    expect(analyze("+1 416 234 5678").signals["region"]).toBe("Canada");
    expect(ids("+1 416 234 5678")).toContain("outside_us_area_code");
    expect(analyze("+1 787 234 5678").signals).toEqual({ number_type: "geographic", region: "Puerto Rico" });
  });

  it("has a state for every U.S. geographic area code libphonenumber knows", () => {
    const states = [...NANP_AREA_CODES.values()].filter((v) => v.kind === "us_state");
    expect(new Set(states.map((s) => s.region)).size).toBe(51);
    expect(states.length).toBeGreaterThan(330);
  });

  it("sorts factors largest first", () => {
    const points = analyze("+1 876 555 0123").factors.map((f) => f.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(points.length).toBe(2);
  });
});

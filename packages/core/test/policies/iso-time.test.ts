// isoTimestamp writes every instant exactly as Date.prototype.toISOString does, and fails where it fails.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoTimestamp } from "../../src/policies/iso-time.js";

const MAX_DATE_MS = 8.64e15;

describe("isoTimestamp", () => {
  it("matches toISOString over the whole range of Date", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_DATE_MS, max: MAX_DATE_MS }), (ms) => {
        const d = new Date(ms);
        expect(isoTimestamp(d)).toBe(d.toISOString());
      }),
      { numRuns: 2_000 },
    );
  });

  it("matches toISOString around the four-digit years and this era's instants", () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_200_000_000_000, max: 253_500_000_000_000 }), (ms) => {
        const d = new Date(ms);
        expect(isoTimestamp(d)).toBe(d.toISOString());
      }),
      { numRuns: 5_000 },
    );
  });

  it("matches toISOString at the edges of days, months, leap years and eras", () => {
    const instants = [
      "0000-01-01T00:00:00.000Z",
      "0000-02-29T23:59:59.999Z",
      "0000-03-01T00:00:00.000Z",
      "0099-12-31T23:59:59.999Z",
      "1582-10-15T00:00:00.000Z",
      "1899-12-31T23:59:59.999Z",
      "1900-02-28T12:00:00.000Z",
      "1900-03-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "1970-01-01T00:00:00.000Z",
      "2000-02-29T00:00:00.001Z",
      "2024-02-29T23:59:59.999Z",
      "2026-11-27T21:28:13.042Z",
      "2100-03-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
    ].map((s) => Date.parse(s));
    for (const ms of [...instants, -62_167_219_200_001, 253_402_300_800_000, 0, -1, 1]) {
      const d = new Date(ms);
      expect(isoTimestamp(d)).toBe(d.toISOString());
    }
  });

  it("throws as toISOString does for an invalid date", () => {
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});

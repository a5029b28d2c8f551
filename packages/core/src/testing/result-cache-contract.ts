// The ResultCache contract as vitest blocks: JSON values round-trip, entries expire at expiresAt, set replaces.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ResultCache } from "../ports/result-cache.js";
import { at, uniqueName } from "./contract-fixture.js";
import type { ContractFixture } from "./contract-fixture.js";

const assessment = {
  id: "7d0b5a3e-8f0e-4c55-9b43-0c8f1f3a2b10",
  risk_score: 92,
  verdict: "scam",
  confidence: 0.87,
  factors: [{ id: "feed_listed", source: "urlhaus", label: "Listed as malware download", points: 60 }],
  signals: { domain_age_days: 3, ssl_valid: false, brand: null, tags: ["phishing", "bank"] },
  explanation: "Unicode \u00e9\u4e2d\u6587 and emoji \ud83d\ude80 survive",
};

export function describeResultCacheContract(
  name: string,
  makeStore: () => Promise<ContractFixture<ResultCache>>,
): void {
  describe(`ResultCache contract: ${name}`, () => {
    let fx: ContractFixture<ResultCache>;
    beforeEach(async () => {
      fx = await makeStore();
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("returns null for an absent key", async () => {
      expect(await fx.store.get(uniqueName("url:absent"), at(0))).toBeNull();
    });

    it("round-trips a JSON value with its times", async () => {
      const key = uniqueName("url:example.com");
      await fx.store.set(key, { value: assessment, createdAt: at(0), expiresAt: at(86_400_000) });
      expect(await fx.store.get(key, at(1000))).toEqual({
        value: assessment,
        createdAt: at(0),
        expiresAt: at(86_400_000),
      });
    });

    it("round-trips scalar values", async () => {
      for (const value of ["plain string", 42, true, null, [1, "two"]]) {
        const key = uniqueName("scalar");
        await fx.store.set(key, { value, createdAt: at(0), expiresAt: at(1000) });
        expect((await fx.store.get(key, at(1)))?.value).toEqual(value);
      }
    });

    it("serves an entry until just before expiresAt and not at or after it", async () => {
      const key = uniqueName("phone:+12025550143");
      await fx.store.set(key, { value: { n: 1 }, createdAt: at(0), expiresAt: at(60_000) });
      expect(await fx.store.get(key, at(59_999))).not.toBeNull();
      expect(await fx.store.get(key, at(60_000))).toBeNull();
      expect(await fx.store.get(key, at(3_600_000))).toBeNull();
    });

    it("replaces an entry, including an expired one", async () => {
      const key = uniqueName("text:abc");
      await fx.store.set(key, { value: { v: 1 }, createdAt: at(0), expiresAt: at(1000) });
      await fx.store.set(key, { value: { v: 2 }, createdAt: at(5000), expiresAt: at(9000) });
      expect(await fx.store.get(key, at(6000))).toEqual({ value: { v: 2 }, createdAt: at(5000), expiresAt: at(9000) });
    });

    it("keeps keys apart", async () => {
      const a = uniqueName("url:a");
      const b = uniqueName("url:b");
      await fx.store.set(a, { value: "a", createdAt: at(0), expiresAt: at(1000) });
      await fx.store.set(b, { value: "b", createdAt: at(0), expiresAt: at(1000) });
      expect((await fx.store.get(a, at(1)))?.value).toBe("a");
      expect((await fx.store.get(b, at(1)))?.value).toBe("b");
    });
  });
}

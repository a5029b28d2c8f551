// The RateLimiter contract as vitest blocks: fixed windows aligned to multiples of windowMs, keys and window
// sizes independent, exactly `limit` allowed per window even under concurrent hits. Then the SlidingLimiter
// contract: no span of windowMs admits more than `limit`, wherever it starts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RateLimiter, SlidingLimiter } from "../ports/rate-limiter.js";
import { uniqueName } from "./contract-fixture.js";
import type { ContractFixture } from "./contract-fixture.js";

// A minute boundary, so windows of 60 s start exactly here.
const W0 = Date.parse("2025-03-01T10:00:00.000Z");
const t = (ms: number): Date => new Date(W0 + ms);

export function describeRateLimiterContract(
  name: string,
  makeLimiter: () => Promise<ContractFixture<RateLimiter>>,
): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let fx: ContractFixture<RateLimiter>;
    beforeEach(async () => {
      fx = await makeLimiter();
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("allows `limit` hits in a window, then refuses with remaining 0 until the window ends", async () => {
      const key = uniqueName("acct");
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await fx.store.hit(key, 3, 60_000, t(1000 + i)));
      expect(decisions).toEqual([
        { allowed: true, limit: 3, remaining: 2, resetAt: t(60_000) },
        { allowed: true, limit: 3, remaining: 1, resetAt: t(60_000) },
        { allowed: true, limit: 3, remaining: 0, resetAt: t(60_000) },
        { allowed: false, limit: 3, remaining: 0, resetAt: t(60_000) },
      ]);
      expect(await fx.store.hit(key, 3, 60_000, t(59_999))).toMatchObject({ allowed: false });
    });

    it("starts a fresh count in the next window", async () => {
      const key = uniqueName("acct");
      await fx.store.hit(key, 1, 60_000, t(10));
      expect(await fx.store.hit(key, 1, 60_000, t(20))).toMatchObject({ allowed: false });
      expect(await fx.store.hit(key, 1, 60_000, t(60_000))).toEqual({
        allowed: true,
        limit: 1,
        remaining: 0,
        resetAt: t(120_000),
      });
    });

    it("aligns the window to multiples of windowMs", async () => {
      const d = await fx.store.hit(uniqueName("acct"), 10, 60_000, t(45_500));
      expect(d.resetAt).toEqual(t(60_000));
      const batch = await fx.store.hit(uniqueName("batch"), 5, 1000, t(45_500));
      expect(batch.resetAt).toEqual(t(46_000));
    });

    it("keeps keys and window sizes apart", async () => {
      const a = uniqueName("acct");
      const b = uniqueName("acct");
      await fx.store.hit(a, 1, 60_000, t(0));
      expect(await fx.store.hit(b, 1, 60_000, t(0))).toMatchObject({ allowed: true });
      expect(await fx.store.hit(a, 1, 1000, t(0))).toMatchObject({ allowed: true });
      expect(await fx.store.hit(a, 1, 60_000, t(1))).toMatchObject({ allowed: false });
    });

    it("refuses every hit at limit 0", async () => {
      expect(await fx.store.hit(uniqueName("acct"), 0, 60_000, t(0))).toMatchObject({ allowed: false, remaining: 0 });
    });

    it("allows exactly `limit` of 50 concurrent hits", async () => {
      const key = uniqueName("acct");
      const decisions = await Promise.all(Array.from({ length: 50 }, () => fx.store.hit(key, 10, 60_000, t(5))));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      expect(
        decisions
          .map((d) => d.remaining)
          .sort((x, y) => x - y)
          .slice(-10),
      ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });
  });
}

/**
 * The SlidingLimiter contract: at most `limit` admitted hits in any span of windowMs, wherever it starts (twice the
 * limit never passes around a fixed window's boundary), refused hits not logged, keys and window sizes apart.
 */
export function describeSlidingLimiterContract(
  name: string,
  makeLimiter: () => Promise<ContractFixture<SlidingLimiter>>,
): void {
  describe(`SlidingLimiter contract: ${name}`, () => {
    let fx: ContractFixture<SlidingLimiter>;
    beforeEach(async () => {
      fx = await makeLimiter();
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("admits `limit` hits, then refuses until the oldest leaves the window", async () => {
      const key = uniqueName("email");
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await fx.store.slide(key, 3, 60_000, t(1000 + i)));
      expect(decisions).toEqual([
        { allowed: true, limit: 3, remaining: 2, resetAt: t(61_000) },
        { allowed: true, limit: 3, remaining: 1, resetAt: t(61_000) },
        { allowed: true, limit: 3, remaining: 0, resetAt: t(61_000) },
        { allowed: false, limit: 3, remaining: 0, resetAt: t(61_000) },
      ]);
      expect(await fx.store.slide(key, 3, 60_000, t(60_999))).toMatchObject({ allowed: false });
      expect(await fx.store.slide(key, 3, 60_000, t(61_000))).toEqual({
        allowed: true,
        limit: 3,
        remaining: 0,
        resetAt: t(61_001),
      });
    });

    it("lets no more than `limit` through across a fixed window's boundary", async () => {
      const key = uniqueName("email");
      let admitted = 0;
      // `limit` hits in the last second before a minute boundary, `limit` more in the first second after it.
      for (let i = 0; i < 10; i++) if ((await fx.store.slide(key, 10, 60_000, t(59_000 + i))).allowed) admitted++;
      for (let i = 0; i < 10; i++) if ((await fx.store.slide(key, 10, 60_000, t(60_000 + i))).allowed) admitted++;
      expect(admitted).toBe(10);
      // Nor anywhere within a window of the first: the slots come back one by one as the early hits age out.
      expect(await fx.store.slide(key, 10, 60_000, t(118_999))).toMatchObject({ allowed: false });
      expect(await fx.store.slide(key, 10, 60_000, t(119_000))).toMatchObject({ allowed: true, remaining: 0 });
      expect(await fx.store.slide(key, 10, 60_000, t(119_000))).toMatchObject({ allowed: false });
    });

    it("does not log refused hits, so hammering does not extend the refusal", async () => {
      const key = uniqueName("email");
      await fx.store.slide(key, 1, 60_000, t(0));
      for (let i = 1; i < 20; i++) expect((await fx.store.slide(key, 1, 60_000, t(i * 3000))).allowed).toBe(false);
      expect(await fx.store.slide(key, 1, 60_000, t(60_000))).toMatchObject({ allowed: true });
    });

    it("keeps keys and window sizes apart", async () => {
      const a = uniqueName("email");
      const b = uniqueName("email");
      await fx.store.slide(a, 1, 60_000, t(0));
      expect(await fx.store.slide(b, 1, 60_000, t(0))).toMatchObject({ allowed: true });
      expect(await fx.store.slide(a, 1, 1000, t(0))).toMatchObject({ allowed: true });
      expect(await fx.store.slide(a, 1, 60_000, t(1))).toMatchObject({ allowed: false });
    });

    it("admits exactly `limit` of 50 concurrent hits", async () => {
      const key = uniqueName("email");
      const decisions = await Promise.all(Array.from({ length: 50 }, () => fx.store.slide(key, 10, 60_000, t(5))));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    });
  });
}

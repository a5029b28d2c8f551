// The IdempotencyStore contract as vitest blocks: one claim wins, a claim in flight and a stored answer are read
// back with their request hash, only the owner renews, completes or releases, expired records and abandoned claims
// are free.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IdempotencyClaimInput, IdempotencyStore, StoredResponse } from "../ports/idempotency-store.js";
import { at, uniqueName, type AccountScopedFixture } from "./contract-fixture.js";

const answer: StoredResponse = {
  status: 200,
  headers: { "content-type": "application/json; charset=utf-8", "x-quota-urls-used": "3" },
  body: '{"verdict":"scam","explanation":"Unicode \\u00e9 survives"}',
};

export function describeIdempotencyStoreContract(
  name: string,
  makeStore: () => Promise<AccountScopedFixture<IdempotencyStore>>,
): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let fx: AccountScopedFixture<IdempotencyStore>;
    let accountId: string;
    beforeEach(async () => {
      fx = await makeStore();
      accountId = uniqueName("acct");
      await fx.addAccount(accountId);
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    const claimOf = (keyHash: string, owner: string, now = 0, requestHash = "req-a"): IdempotencyClaimInput => ({
      accountId,
      keyHash,
      requestHash,
      owner,
      now: at(now),
      lockedUntil: at(now + 60_000),
      expiresAt: at(now + 86_400_000),
    });

    it("lets one of two simultaneous claims of a key win, and shows the other the claim in flight", async () => {
      const key = uniqueName("k");
      const [a, b] = await Promise.all([fx.store.claim(claimOf(key, "a")), fx.store.claim(claimOf(key, "b"))]);
      expect([a.kind, b.kind].sort()).toEqual(["claimed", "in_flight"]);
      expect(a.kind === "in_flight" ? a.requestHash : b.kind === "in_flight" ? b.requestHash : null).toBe("req-a");
    });

    it("returns the stored answer, with the first request's hash, once the owner completes", async () => {
      const key = uniqueName("k");
      expect(await fx.store.claim(claimOf(key, "a"))).toEqual({ kind: "claimed" });
      await fx.store.complete({ accountId, keyHash: key }, "a", answer);
      expect(await fx.store.claim(claimOf(key, "b", 1000, "req-other"))).toEqual({
        kind: "done",
        requestHash: "req-a",
        response: answer,
      });
    });

    it("ignores complete and release from anyone but the owner", async () => {
      const key = uniqueName("k");
      await fx.store.claim(claimOf(key, "a"));
      await fx.store.complete({ accountId, keyHash: key }, "intruder", answer);
      await fx.store.release({ accountId, keyHash: key }, "intruder");
      expect((await fx.store.claim(claimOf(key, "b", 10))).kind).toBe("in_flight");
    });

    it("frees a released key for the next request", async () => {
      const key = uniqueName("k");
      await fx.store.claim(claimOf(key, "a"));
      await fx.store.release({ accountId, keyHash: key }, "a");
      expect(await fx.store.claim(claimOf(key, "b", 10, "req-b"))).toEqual({ kind: "claimed" });
    });

    it("never releases a stored answer", async () => {
      const key = uniqueName("k");
      await fx.store.claim(claimOf(key, "a"));
      await fx.store.complete({ accountId, keyHash: key }, "a", answer);
      await fx.store.release({ accountId, keyHash: key }, "a");
      expect((await fx.store.claim(claimOf(key, "b", 10))).kind).toBe("done");
    });

    it("lets a claim past its lock be taken over, and the old owner can no longer complete it", async () => {
      const key = uniqueName("k");
      await fx.store.claim(claimOf(key, "a"));
      expect((await fx.store.claim(claimOf(key, "b", 59_999))).kind).toBe("in_flight");
      expect(await fx.store.claim(claimOf(key, "b", 60_000))).toEqual({ kind: "claimed" });
      await fx.store.complete({ accountId, keyHash: key }, "a", answer);
      expect((await fx.store.claim(claimOf(key, "c", 60_001))).kind).toBe("in_flight");
    });

    it("keeps a renewed claim in flight past its first lock, and renews only for its owner", async () => {
      const key = uniqueName("k");
      const ref = { accountId, keyHash: key };
      await fx.store.claim(claimOf(key, "a"));
      await fx.store.renew(ref, "intruder", at(500_000));
      await fx.store.renew(ref, "a", at(120_000));
      expect((await fx.store.claim(claimOf(key, "b", 119_999))).kind).toBe("in_flight");
      expect(await fx.store.claim(claimOf(key, "b", 120_000))).toEqual({ kind: "claimed" });
      // The old owner, taken over, can no longer hold the key.
      await fx.store.renew(ref, "a", at(900_000));
      await fx.store.release(ref, "b");
      expect(await fx.store.claim(claimOf(key, "c", 120_001))).toEqual({ kind: "claimed" });
      await fx.store.complete(ref, "c", answer);
      await fx.store.renew(ref, "c", at(900_000));
      expect((await fx.store.claim(claimOf(key, "d", 120_002))).kind).toBe("done");
    });

    it("forgets an answer at its expiry, and purges expired records only", async () => {
      const old = uniqueName("k");
      const fresh = uniqueName("k");
      await fx.store.claim(claimOf(old, "a"));
      await fx.store.complete({ accountId, keyHash: old }, "a", answer);
      await fx.store.claim(claimOf(fresh, "a", 1000));
      await fx.store.complete({ accountId, keyHash: fresh }, "a", answer);
      expect((await fx.store.claim(claimOf(old, "b", 86_399_999))).kind).toBe("done");
      expect(await fx.store.purgeExpired(at(86_400_000))).toBeGreaterThanOrEqual(1);
      expect(await fx.store.claim(claimOf(old, "b", 86_400_000, "req-new"))).toEqual({ kind: "claimed" });
      expect((await fx.store.claim(claimOf(fresh, "c", 86_400_000))).kind).toBe("done");
    });

    it("keeps accounts apart", async () => {
      const key = uniqueName("k");
      const other = uniqueName("acct");
      await fx.addAccount(other);
      await fx.store.claim(claimOf(key, "a"));
      expect(await fx.store.claim({ ...claimOf(key, "b"), accountId: other })).toEqual({ kind: "claimed" });
    });
  });
}

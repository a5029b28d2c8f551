// The IdempotencyStore contract as vitest blocks: one claim wins, a claim in flight and a stored answer are read
// back with their request hash, only the owner renews, completes or releases, expired records and abandoned claims
// are free. The units a claim's request committed are noted on it and given back once when an abandoned claim is
// taken over, never for a completed one; a unit given back under a claim is taken off it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  IdempotencyClaimInput,
  IdempotencyClaimRef,
  IdempotencyStore,
  StoredResponse,
} from "../ports/idempotency-store.js";
import type { QuotaKey, QuotaLedger } from "../ports/quota-ledger.js";
import { at, uniqueName, type AccountScopedFixture } from "./contract-fixture.js";

/** The store under test and the quota ledger on the same database (the in-memory store is built with it). */
export interface IdempotencyStoreFixture extends AccountScopedFixture<IdempotencyStore> {
  readonly ledger: QuotaLedger;
}

const answer: StoredResponse = {
  status: 200,
  headers: { "content-type": "application/json; charset=utf-8", "x-quota-urls-used": "3" },
  body: '{"verdict":"scam","explanation":"Unicode \\u00e9 survives"}',
};

export function describeIdempotencyStoreContract(
  name: string,
  makeStore: () => Promise<IdempotencyStoreFixture>,
): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let fx: IdempotencyStoreFixture;
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

    describe("charges noted on a claim", () => {
      const unit = (): QuotaKey => ({ accountId, channel: "url", periodStart: at(0) });
      const used = async (): Promise<number> => (await fx.ledger.read(accountId, at(0))).url ?? 0;
      const ref = (keyHash: string, owner: string): IdempotencyClaimRef => ({ accountId, keyHash, owner });
      /** A unit reserved with a hold and committed under the claim; true when the hold was open. */
      const charge = async (keyHash: string, owner: string): Promise<boolean> => {
        const hold = { id: uniqueName("hold"), expiresAt: at(600_000) };
        expect((await fx.ledger.reserve(unit(), 100, hold)).ok).toBe(true);
        return fx.store.commitCharge(ref(keyHash, owner), hold.id, unit());
      };

      it("gives back the units of an abandoned claim once, when a retry takes it over", async () => {
        const key = uniqueName("k");
        await fx.store.claim(claimOf(key, "a"));
        expect(await charge(key, "a")).toBe(true);
        expect(await charge(key, "a")).toBe(true);
        expect(await used()).toBe(2);
        // Still locked: nothing moves.
        expect((await fx.store.claim(claimOf(key, "b", 59_999))).kind).toBe("in_flight");
        expect(await used()).toBe(2);
        expect(await fx.store.claim(claimOf(key, "b", 60_000))).toEqual({ kind: "claimed" });
        expect(await used()).toBe(0);
        // The retry's own unit is noted on its claim; its answer stored, the unit stays charged.
        expect(await charge(key, "b")).toBe(true);
        await fx.store.complete({ accountId, keyHash: key }, "b", answer);
        expect(await fx.store.claim(claimOf(key, "c", 200_000))).toMatchObject({ kind: "done" });
        expect(await used()).toBe(1);
      });

      it("gives back nothing when a completed claim expires and the key is claimed anew", async () => {
        const key = uniqueName("k");
        await fx.store.claim(claimOf(key, "a"));
        expect(await charge(key, "a")).toBe(true);
        await fx.store.complete({ accountId, keyHash: key }, "a", answer);
        expect(await fx.store.claim(claimOf(key, "b", 86_400_000))).toEqual({ kind: "claimed" });
        expect(await used()).toBe(1);
        // Nor is the old charge given back when that new claim is abandoned and taken over in turn.
        expect(await fx.store.claim(claimOf(key, "c", 86_460_000))).toEqual({ kind: "claimed" });
        expect(await used()).toBe(1);
      });

      it("gives the units back once when two retries take an abandoned claim over at once", async () => {
        const key = uniqueName("k");
        await fx.store.claim(claimOf(key, "a"));
        for (let i = 0; i < 3; i++) await charge(key, "a");
        const [b, c] = await Promise.all([
          fx.store.claim(claimOf(key, "b", 60_000)),
          fx.store.claim(claimOf(key, "c", 60_000)),
        ]);
        expect([b.kind, c.kind].sort()).toEqual(["claimed", "in_flight"]);
        expect(await used()).toBe(0);
      });

      it("notes nothing for a hold already closed, nor for a claim the owner no longer holds", async () => {
        const key = uniqueName("k");
        await fx.store.claim(claimOf(key, "a"));
        const hold = { id: uniqueName("hold"), expiresAt: at(1000) };
        await fx.ledger.reserve(unit(), 100, hold);
        expect(await fx.ledger.releaseExpired(at(1000))).toBeGreaterThanOrEqual(1);
        expect(await fx.store.commitCharge(ref(key, "a"), hold.id, unit())).toBe(false);
        expect(await used()).toBe(0);
        // Committed by someone who does not hold the claim: the unit is kept, but not noted on the claim.
        expect(await charge(key, "intruder")).toBe(true);
        expect(await fx.store.claim(claimOf(key, "b", 60_000))).toEqual({ kind: "claimed" });
        expect(await used()).toBe(1);
      });

      it("takes a unit given back under a claim off it, so the takeover does not give it back again", async () => {
        const key = uniqueName("k");
        await fx.store.claim(claimOf(key, "a"));
        await charge(key, "a");
        await charge(key, "a");
        expect(await fx.store.refundCharge(ref(key, "a"), unit())).toBe(1);
        expect(await fx.store.claim(claimOf(key, "b", 60_000))).toEqual({ kind: "claimed" });
        expect(await used()).toBe(0);
        // The old owner, taken over, gives nothing back: the takeover did.
        expect(await fx.store.refundCharge(ref(key, "a"), unit())).toBe(0);
        // The new owner's unit, given back after its claim was released: a plain refund.
        await charge(key, "b");
        await fx.store.release({ accountId, keyHash: key }, "b");
        expect(await fx.store.refundCharge(ref(key, "b"), unit())).toBe(0);
        expect(await used()).toBe(0);
      });
    });
  });
}

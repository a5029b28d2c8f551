// The QuotaLedger contract as vitest blocks: reserve never overspends (also under 100 concurrent callers),
// release never goes below zero, and counters are independent per account, channel and period. Holds: a held unit
// is committed or given back once, by its lookup or by the sweep of expired holds, also when they race.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { QuotaHold, QuotaKey, QuotaLedger } from "../ports/quota-ledger.js";
import { T0, at, uniqueName } from "./contract-fixture.js";
import type { AccountScopedFixture } from "./contract-fixture.js";

export function describeQuotaLedgerContract(
  name: string,
  makeStore: () => Promise<AccountScopedFixture<QuotaLedger>>,
): void {
  describe(`QuotaLedger contract: ${name}`, () => {
    let fx: AccountScopedFixture<QuotaLedger>;
    let key: QuotaKey;
    beforeEach(async () => {
      fx = await makeStore();
      const accountId = uniqueName("acct");
      await fx.addAccount(accountId);
      key = { accountId, channel: "phone", periodStart: T0 };
    });
    afterEach(async () => {
      await fx.cleanup();
    });
    /** The spec's four counters, 0 where the store has none. */
    const counters = async (accountId: string, periodStart: Date): Promise<Record<string, number>> => ({
      phone: 0,
      url: 0,
      text: 0,
      email: 0,
      ...(await fx.store.read(accountId, periodStart)),
    });

    it("takes units up to the ceiling, then refuses and reports the counter", async () => {
      expect(await fx.store.reserve(key, 3)).toEqual({ ok: true, used: 1 });
      expect(await fx.store.reserve(key, 3)).toEqual({ ok: true, used: 2 });
      expect(await fx.store.reserve(key, 3)).toEqual({ ok: true, used: 3 });
      expect(await fx.store.reserve(key, 3)).toEqual({ ok: false, used: 3 });
      expect((await fx.store.read(key.accountId, T0)).phone).toBe(3);
    });

    it("refuses everything at ceiling 0 and leaves the counter at 0", async () => {
      expect(await fx.store.reserve(key, 0)).toEqual({ ok: false, used: 0 });
      expect(await counters(key.accountId, T0)).toEqual({ phone: 0, url: 0, text: 0, email: 0 });
    });

    it("refuses when the counter is already above the ceiling (a downgrade), without changing it", async () => {
      await fx.store.set(key, 10);
      expect(await fx.store.reserve(key, 5)).toEqual({ ok: false, used: 10 });
      expect((await fx.store.read(key.accountId, T0)).phone).toBe(10);
    });

    it("takes exactly one unit from 100 concurrent reserves at ceiling - 1", async () => {
      await fx.store.set(key, 49);
      const results = await Promise.all(Array.from({ length: 100 }, () => fx.store.reserve(key, 50)));
      expect(results.filter((r) => r.ok)).toEqual([{ ok: true, used: 50 }]);
      expect(results.filter((r) => !r.ok).every((r) => r.used === 50)).toBe(true);
      expect((await fx.store.read(key.accountId, T0)).phone).toBe(50);
    });

    it("takes exactly the ceiling from a fresh counter under 60 concurrent reserves", async () => {
      const results = await Promise.all(Array.from({ length: 60 }, () => fx.store.reserve(key, 25)));
      expect(results.filter((r) => r.ok)).toHaveLength(25);
      expect(new Set(results.filter((r) => r.ok).map((r) => r.used)).size).toBe(25);
      expect((await fx.store.read(key.accountId, T0)).phone).toBe(25);
    });

    it("keeps channels, accounts and periods independent; a new period starts from 0", async () => {
      const otherAccount = uniqueName("acct");
      await fx.addAccount(otherAccount);
      await fx.store.reserve(key, 10);
      await fx.store.reserve(key, 10);
      await fx.store.reserve({ ...key, channel: "url" }, 10);
      expect(await fx.store.reserve({ ...key, accountId: otherAccount }, 10)).toEqual({ ok: true, used: 1 });
      const next = at(31 * 86_400_000);
      expect(await fx.store.reserve({ ...key, periodStart: next }, 10)).toEqual({ ok: true, used: 1 });
      expect(await counters(key.accountId, T0)).toEqual({ phone: 2, url: 1, text: 0, email: 0 });
      expect(await counters(key.accountId, next)).toEqual({ phone: 1, url: 0, text: 0, email: 0 });
      expect(await counters(otherAccount, T0)).toEqual({ phone: 1, url: 0, text: 0, email: 0 });
    });

    it("releases a unit and never goes below 0", async () => {
      await fx.store.reserve(key, 5);
      await fx.store.reserve(key, 5);
      expect(await fx.store.release(key)).toBe(1);
      expect(await fx.store.release(key)).toBe(0);
      expect(await fx.store.release(key)).toBe(0);
      expect(await fx.store.release({ ...key, channel: "email" })).toBe(0);
      expect(await counters(key.accountId, T0)).toEqual({ phone: 0, url: 0, text: 0, email: 0 });
    });

    it("a released unit can be reserved again at the ceiling", async () => {
      await fx.store.set(key, 5);
      expect(await fx.store.reserve(key, 5)).toEqual({ ok: false, used: 5 });
      expect(await fx.store.release(key)).toBe(4);
      expect(await fx.store.reserve(key, 5)).toEqual({ ok: true, used: 5 });
    });

    it("balances concurrent reserves and releases", async () => {
      await fx.store.set(key, 20);
      await Promise.all([
        ...Array.from({ length: 10 }, () => fx.store.release(key)),
        ...Array.from({ length: 5 }, () => fx.store.reserve(key, 1000)),
      ]);
      expect((await fx.store.read(key.accountId, T0)).phone).toBe(15);
    });

    it("reads the channels used, any channel id, and set overwrites", async () => {
      const fresh = key;
      expect(await fx.store.read(fresh.accountId, T0)).toEqual({});
      await fx.store.set({ ...fresh, channel: "text" }, 7);
      await fx.store.set({ ...fresh, channel: "text" }, 4);
      await fx.store.set({ ...fresh, channel: "email" }, 0);
      await fx.store.set({ ...fresh, channel: "widget" }, 2);
      expect(await fx.store.read(fresh.accountId, T0)).toEqual({ text: 4, email: 0, widget: 2 });
      expect(await fx.store.read(uniqueName("nobody"), T0)).toEqual({});
    });

    describe("holds", () => {
      const HOUR = 3_600_000;
      const hold = (expiresAt = at(HOUR)): QuotaHold => ({ id: uniqueName("hold"), expiresAt });
      const phone = async (): Promise<number> => (await fx.store.read(key.accountId, T0)).phone ?? 0;

      it("a committed hold stays charged: neither its release nor the sweep gives it back", async () => {
        const h = hold();
        expect(await fx.store.reserve(key, 5, h)).toEqual({ ok: true, used: 1 });
        expect(await fx.store.commit(h.id)).toBe(true);
        expect(await fx.store.commit(h.id)).toBe(false);
        expect(await fx.store.release(key, h.id)).toBe(1);
        expect(await fx.store.releaseExpired(at(2 * HOUR))).toBe(0);
        expect(await phone()).toBe(1);
      });

      it("a hold released by its lookup is given back once, and the sweep finds nothing left", async () => {
        const h = hold(at(0));
        await fx.store.reserve(key, 5, h);
        await fx.store.reserve(key, 5);
        expect(await fx.store.release(key, h.id)).toBe(1);
        expect(await fx.store.release(key, h.id)).toBe(1);
        expect(await fx.store.releaseExpired(at(HOUR))).toBe(0);
        expect(await fx.store.commit(h.id)).toBe(false);
        expect(await phone()).toBe(1);
      });

      it("the sweep gives back only the holds past their time, each once", async () => {
        const early = hold(at(HOUR));
        const late = hold(at(3 * HOUR));
        const kept = hold(at(HOUR));
        for (const h of [early, late, kept]) await fx.store.reserve(key, 10, h);
        await fx.store.commit(kept.id);
        expect(await fx.store.releaseExpired(at(HOUR - 1))).toBe(0);
        expect(await fx.store.releaseExpired(at(HOUR))).toBe(1);
        expect(await phone()).toBe(2);
        expect(await fx.store.releaseExpired(at(2 * HOUR))).toBe(0);
        // The lookup of the swept hold answering late gives nothing back a second time.
        expect(await fx.store.release(key, early.id)).toBe(2);
        expect(await fx.store.releaseExpired(at(3 * HOUR))).toBe(1);
        expect(await phone()).toBe(1);
      });

      it("a refused reservation records no hold", async () => {
        await fx.store.set(key, 2);
        expect(await fx.store.reserve(key, 2, hold(at(0)))).toEqual({ ok: false, used: 2 });
        expect(await fx.store.releaseExpired(at(HOUR))).toBe(0);
        expect(await phone()).toBe(2);
      });

      it("takes exactly the ceiling under 60 concurrent held reserves, and the sweep gives every one back", async () => {
        const results = await Promise.all(Array.from({ length: 60 }, () => fx.store.reserve(key, 25, hold(at(0)))));
        expect(results.filter((r) => r.ok)).toHaveLength(25);
        expect(await phone()).toBe(25);
        expect(await fx.store.releaseExpired(at(HOUR))).toBe(25);
        expect(await phone()).toBe(0);
      });

      it("lookups and sweeps racing over the same holds give each back exactly once", async () => {
        await fx.store.set(key, 10);
        const holds = Array.from({ length: 20 }, () => hold(at(0)));
        for (const h of holds) await fx.store.reserve(key, 1_000, h);
        for (const h of holds.slice(0, 5)) await fx.store.commit(h.id);
        await Promise.all([
          ...holds.slice(5).map((h) => fx.store.release(key, h.id)),
          ...Array.from({ length: 3 }, () => fx.store.releaseExpired(at(HOUR))),
          ...Array.from({ length: 4 }, () => fx.store.reserve(key, 1_000)),
        ]);
        // 10 + 20 held + 4 plain, less the 15 open holds, each given back once by whoever came first.
        const now = await phone();
        expect(now).toBe(19);
        expect(await fx.store.releaseExpired(at(HOUR))).toBe(0);
        expect(await phone()).toBe(now);
      });
    });
  });
}

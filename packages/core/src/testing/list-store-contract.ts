// The ListStore contract as vitest blocks: one entry per account, list, kind and value (upsert), the entry limit
// held under concurrency, pages newest first, and no call ever reaching another account's entries.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ListEntryRecord, ListStore } from "../ports/list-store.js";
import { at, uniqueName, type AccountScopedFixture } from "./contract-fixture.js";

export function describeListStoreContract(
  name: string,
  makeStore: () => Promise<AccountScopedFixture<ListStore>>,
): void {
  describe(`ListStore contract: ${name}`, () => {
    let fx: AccountScopedFixture<ListStore>;
    let alice: string;
    let bob: string;
    const entry = (accountId: string, overrides: Partial<ListEntryRecord> = {}): ListEntryRecord => ({
      id: uniqueName("entry"),
      accountId,
      list: "block",
      kind: "domain",
      value: "scam.example",
      note: null,
      expiresAt: null,
      createdAt: at(0),
      updatedAt: at(0),
      ...overrides,
    });
    beforeEach(async () => {
      fx = await makeStore();
      alice = uniqueName("acct");
      bob = uniqueName("acct");
      await fx.addAccount(alice);
      await fx.addAccount(bob);
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("adds an entry, then updates the same list, kind and value in place", async () => {
      const first = entry(alice, { note: "first" });
      const added = await fx.store.upsert(first, 10);
      expect(added).toEqual({ kind: "stored", entry: first, created: true });
      const again = await fx.store.upsert(
        entry(alice, { note: "second", expiresAt: at(5000), createdAt: at(1000), updatedAt: at(1000) }),
        10,
      );
      expect(again).toEqual({
        kind: "stored",
        entry: { ...first, note: "second", expiresAt: at(5000), updatedAt: at(1000) },
        created: false,
      });
      expect(await fx.store.active(alice, at(0))).toEqual([
        { ...first, note: "second", expiresAt: at(5000), updatedAt: at(1000) },
      ]);
    });

    it("keeps lists, kinds and accounts apart", async () => {
      await fx.store.upsert(entry(alice), 10);
      expect((await fx.store.upsert(entry(alice, { list: "allow" }), 10)).kind).toBe("stored");
      expect((await fx.store.upsert(entry(alice, { kind: "sender", value: "x@scam.example" }), 10)).kind).toBe(
        "stored",
      );
      const bobs = entry(bob);
      expect(await fx.store.upsert(bobs, 10)).toMatchObject({ created: true });
      expect(await fx.store.active(alice, at(0))).toHaveLength(3);
      expect(await fx.store.active(bob, at(0))).toEqual([bobs]);
      expect(await fx.store.find(alice, "block", bobs.id)).toBeNull();
      expect(await fx.store.remove(alice, "block", bobs.id)).toBeNull();
      expect(await fx.store.active(bob, at(0))).toEqual([bobs]);
    });

    it("refuses a new entry at the limit but still updates an existing one", async () => {
      await fx.store.upsert(entry(alice, { value: "a.example" }), 2);
      await fx.store.upsert(entry(alice, { value: "b.example" }), 2);
      expect(await fx.store.upsert(entry(alice, { value: "c.example" }), 2)).toEqual({
        kind: "limit_reached",
        count: 2,
      });
      expect(await fx.store.upsert(entry(alice, { value: "a.example", note: "n" }), 2)).toMatchObject({
        created: false,
      });
      expect((await fx.store.upsert(entry(bob, { value: "c.example" }), 2)).kind).toBe("stored");
    });

    it("holds the limit under 12 concurrent adds", async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, (_, i) => fx.store.upsert(entry(alice, { value: `n${i}.example` }), 5)),
      );
      expect(outcomes.filter((o) => o.kind === "stored")).toHaveLength(5);
      expect(await fx.store.active(alice, at(0))).toHaveLength(5);
    });

    it("pages one list newest first, by kind, after a position", async () => {
      const made: ListEntryRecord[] = [];
      for (let i = 0; i < 5; i++) {
        const e = entry(alice, { value: `p${i}.example`, createdAt: at(i * 1000), updatedAt: at(i * 1000) });
        made.push(e);
        await fx.store.upsert(e, 100);
      }
      await fx.store.upsert(entry(alice, { kind: "phone", value: "+12025550143", createdAt: at(9000) }), 100);
      await fx.store.upsert(entry(alice, { list: "allow", value: "ok.example" }), 100);
      const domains = { kinds: ["domain"] as const, limit: 2 };
      const first = await fx.store.page(alice, "block", { ...domains, after: null });
      expect(first.map((e) => e.value)).toEqual(["p4.example", "p3.example"]);
      const second = await fx.store.page(alice, "block", { ...domains, after: first[1]! });
      expect(second.map((e) => e.value)).toEqual(["p2.example", "p1.example"]);
      const all = await fx.store.page(alice, "block", { kinds: ["domain", "phone"], after: null, limit: 10 });
      expect(all.map((e) => e.value)).toEqual(["+12025550143", ...made.map((e) => e.value).reverse()]);
      expect(await fx.store.page(bob, "block", { kinds: ["domain"], after: null, limit: 10 })).toEqual([]);
    });

    it("finds and removes an entry by id, once", async () => {
      const e = entry(alice);
      await fx.store.upsert(e, 10);
      expect(await fx.store.find(alice, "allow", e.id)).toBeNull();
      expect(await fx.store.find(alice, "block", e.id)).toEqual(e);
      expect(await fx.store.remove(alice, "allow", e.id)).toBeNull();
      expect(await fx.store.remove(alice, "block", e.id)).toEqual(e);
      expect(await fx.store.remove(alice, "block", e.id)).toBeNull();
      expect(await fx.store.active(alice, at(0))).toEqual([]);
    });

    it("leaves expired entries out of the active ones", async () => {
      const lasting = entry(alice, { value: "lasting.example" });
      const expiring = entry(alice, { value: "expiring.example", expiresAt: at(60_000) });
      await fx.store.upsert(lasting, 10);
      await fx.store.upsert(expiring, 10);
      expect((await fx.store.active(alice, at(59_999))).map((e) => e.value).sort()).toEqual([
        "expiring.example",
        "lasting.example",
      ]);
      expect(await fx.store.active(alice, at(60_000))).toEqual([lasting]);
    });
  });
}

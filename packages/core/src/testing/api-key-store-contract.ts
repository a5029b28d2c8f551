// The ApiKeyStore contract as vitest blocks: hashes only, newest-first listing, tenant isolation and the
// max-active limit under concurrent creation.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApiKeyRecord, ApiKeyStore } from "../ports/api-key-store.js";
import { at, uniqueName } from "./contract-fixture.js";
import type { AccountScopedFixture } from "./contract-fixture.js";

type NewKey = Omit<ApiKeyRecord, "lastUsedAt" | "revokedAt">;

function newKey(accountId: string, overrides: Partial<NewKey> = {}): NewKey {
  const id = uniqueName("key");
  return {
    id,
    accountId,
    name: `key ${id}`,
    mode: "live",
    prefix: "sv_live_Ab3d",
    hash: `${id}-${"0".repeat(40)}`,
    createdAt: at(0),
    ...overrides,
  };
}

export function describeApiKeyStoreContract(
  name: string,
  makeStore: () => Promise<AccountScopedFixture<ApiKeyStore>>,
): void {
  describe(`ApiKeyStore contract: ${name}`, () => {
    let fx: AccountScopedFixture<ApiKeyStore>;
    let account: string;
    let other: string;
    beforeEach(async () => {
      fx = await makeStore();
      account = uniqueName("acct");
      other = uniqueName("acct");
      await fx.addAccount(account);
      await fx.addAccount(other);
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("creates a key with no use and no revocation, found by hash and by id", async () => {
      const input = newKey(account, { mode: "test", prefix: "sv_test_Zz9y" });
      const created = await fx.store.create(input, 5);
      const expected = { ...input, lastUsedAt: null, revokedAt: null };
      expect(created).toEqual(expected);
      expect(await fx.store.findByHash(input.hash)).toEqual(expected);
      expect(await fx.store.findById(account, input.id)).toEqual(expected);
    });

    it("returns null for an unknown hash or id", async () => {
      expect(await fx.store.findByHash(uniqueName("nohash"))).toBeNull();
      expect(await fx.store.findById(account, uniqueName("nokey"))).toBeNull();
    });

    it("answers limit_reached at maxActive without inserting, and counts only unrevoked keys", async () => {
      const a = newKey(account);
      await fx.store.create(a, 2);
      await fx.store.create(newKey(account), 2);
      const third = newKey(account);
      expect(await fx.store.create(third, 2)).toBe("limit_reached");
      expect(await fx.store.findByHash(third.hash)).toBeNull();
      await fx.store.revoke(account, a.id, at(10));
      expect(await fx.store.create(third, 2)).toMatchObject({ id: third.id });
      // The other account's keys do not count against this one.
      expect(await fx.store.create(newKey(other), 1)).toMatchObject({ accountId: other });
    });

    it("answers limit_reached for maxActive 0", async () => {
      expect(await fx.store.create(newKey(account), 0)).toBe("limit_reached");
      expect(await fx.store.list(account)).toEqual([]);
    });

    it("never exceeds maxActive under 20 concurrent creates", async () => {
      for (let i = 0; i < 4; i++) await fx.store.create(newKey(account, { createdAt: at(i) }), 5);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => fx.store.create(newKey(account, { createdAt: at(100 + i) }), 5)),
      );
      expect(results.filter((r) => r !== "limit_reached")).toHaveLength(1);
      const keys = await fx.store.list(account);
      expect(keys.filter((k) => k.revokedAt === null)).toHaveLength(5);
    });

    it("lists the account's keys newest first, revoked included, and nothing of other accounts", async () => {
      const old = newKey(account, { createdAt: at(1000) });
      const mid = newKey(account, { createdAt: at(2000) });
      const recent = newKey(account, { createdAt: at(3000) });
      await fx.store.create(mid, 5);
      await fx.store.create(recent, 5);
      await fx.store.create(old, 5);
      await fx.store.create(newKey(other), 5);
      await fx.store.revoke(account, mid.id, at(5000));
      const listed = await fx.store.list(account);
      expect(listed.map((k) => k.id)).toEqual([recent.id, mid.id, old.id]);
      expect(listed[1]?.revokedAt).toEqual(at(5000));
      expect(await fx.store.list(uniqueName("nobody"))).toEqual([]);
    });

    it("revokes, keeping the first revocation time, and a revoked key is still found by hash", async () => {
      const k = newKey(account);
      await fx.store.create(k, 5);
      expect(await fx.store.revoke(account, k.id, at(60_000))).toMatchObject({ id: k.id, revokedAt: at(60_000) });
      expect(await fx.store.revoke(account, k.id, at(120_000))).toMatchObject({ revokedAt: at(60_000) });
      expect((await fx.store.findByHash(k.hash))?.revokedAt).toEqual(at(60_000));
    });

    it("renames a key", async () => {
      const k = newKey(account);
      await fx.store.create(k, 5);
      expect(await fx.store.rename(account, k.id, "Production server")).toEqual({
        ...k,
        name: "Production server",
        lastUsedAt: null,
        revokedAt: null,
      });
      expect((await fx.store.findById(account, k.id))?.name).toBe("Production server");
    });

    it("isolates tenants: findById, revoke and rename with another account id return null and change nothing", async () => {
      const k = newKey(account);
      await fx.store.create(k, 5);
      expect(await fx.store.findById(other, k.id)).toBeNull();
      expect(await fx.store.revoke(other, k.id, at(1))).toBeNull();
      expect(await fx.store.rename(other, k.id, "hijacked")).toBeNull();
      expect(await fx.store.findById(account, k.id)).toEqual({ ...k, lastUsedAt: null, revokedAt: null });
    });

    it("returns null when revoking or renaming an unknown key", async () => {
      const id = uniqueName("nokey");
      expect(await fx.store.revoke(account, id, at(1))).toBeNull();
      expect(await fx.store.rename(account, id, "x")).toBeNull();
    });

    it("records use with touch, and a use more than a minute later moves lastUsedAt forward", async () => {
      const k = newKey(account);
      await fx.store.create(k, 5);
      await fx.store.touch(k.id, at(10_000));
      expect((await fx.store.findByHash(k.hash))?.lastUsedAt).toEqual(at(10_000));
      // Within a minute the adapter may coalesce: either time is acceptable, but never an earlier one.
      await fx.store.touch(k.id, at(20_000));
      const coalesced = (await fx.store.findByHash(k.hash))?.lastUsedAt?.getTime();
      expect([at(10_000).getTime(), at(20_000).getTime()]).toContain(coalesced);
      await fx.store.touch(k.id, at(200_000));
      expect((await fx.store.findByHash(k.hash))?.lastUsedAt).toEqual(at(200_000));
    });

    it("resolves touch for an unknown key without creating anything", async () => {
      const id = uniqueName("nokey");
      await expect(fx.store.touch(id, at(1))).resolves.toBeUndefined();
      expect(await fx.store.findById(account, id)).toBeNull();
    });
  });
}

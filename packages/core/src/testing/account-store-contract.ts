// The AccountStore contract as vitest blocks, run unchanged against the in-memory fake, PGlite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccountStore, NewAccount } from "../ports/account-store.js";
import { T0, at, uniqueName } from "./contract-fixture.js";
import type { ContractFixture } from "./contract-fixture.js";

function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const id = uniqueName("acct");
  return {
    id,
    email: `${id}@example.test`,
    passwordHash: "scrypt$16384$8$1$c2FsdA$aGFzaA",
    plan: "free",
    periodStart: T0,
    periodEnd: at(31 * 86_400_000),
    customQuotas: null,
    customRpm: null,
    createdAt: at(1234),
    ...overrides,
  };
}

export function describeAccountStoreContract(
  name: string,
  makeStore: () => Promise<ContractFixture<AccountStore>>,
): void {
  describe(`AccountStore contract: ${name}`, () => {
    let fx: ContractFixture<AccountStore>;
    beforeEach(async () => {
      fx = await makeStore();
    });
    afterEach(async () => {
      await fx.cleanup();
    });

    it("creates an account and finds it by id with every field intact", async () => {
      const input = newAccount({ plan: "professional", customRpm: 900, customQuotas: { phone: 12_000, url: 5 } });
      const created = await fx.store.create(input);
      expect(created).toEqual({ ...input, pendingPlan: null });
      expect(await fx.store.findById(input.id)).toEqual({ ...input, pendingPlan: null });
    });

    it("keeps a null password hash and null custom limits", async () => {
      const input = newAccount({ passwordHash: null });
      await fx.store.create(input);
      const found = await fx.store.findById(input.id);
      expect(found?.passwordHash).toBeNull();
      expect(found?.customQuotas).toBeNull();
      expect(found?.customRpm).toBeNull();
    });

    it("returns null for an unknown id or email", async () => {
      expect(await fx.store.findById(uniqueName("missing"))).toBeNull();
      expect(await fx.store.findByEmail(`${uniqueName("missing")}@example.test`)).toBeNull();
    });

    it("finds by email case-insensitively", async () => {
      const input = newAccount();
      await fx.store.create({ ...input, email: `Mixed.${input.email}` });
      const found = await fx.store.findByEmail(`MIXED.${input.email.toUpperCase()}`);
      expect(found?.id).toBe(input.id);
      expect(found?.email).toBe(`Mixed.${input.email}`);
    });

    it("answers email_taken for an email differing only in case, changing nothing", async () => {
      const first = newAccount();
      await fx.store.create(first);
      const second = newAccount({ email: first.email.toUpperCase(), plan: "business" });
      expect(await fx.store.create(second)).toBe("email_taken");
      expect(await fx.store.findById(second.id)).toBeNull();
      expect((await fx.store.findByEmail(first.email))?.id).toBe(first.id);
      expect((await fx.store.findById(first.id))?.plan).toBe("free");
    });

    it("lets exactly one of several concurrent creates with one email succeed", async () => {
      const email = `${uniqueName("race")}@example.test`;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fx.store.create(newAccount({ email: i % 2 ? email.toUpperCase() : email })),
        ),
      );
      expect(results.filter((r) => r !== "email_taken")).toHaveLength(1);
      expect(results.filter((r) => r === "email_taken")).toHaveLength(9);
    });

    it("applies a patch, returns the updated account and leaves other fields alone", async () => {
      const input = newAccount({ plan: "starter" });
      await fx.store.create(input);
      const updated = await fx.store.update(input.id, {
        plan: "scale",
        pendingPlan: "starter",
        periodStart: at(86_400_000),
        periodEnd: at(32 * 86_400_000),
        customQuotas: { email: 7 },
        customRpm: 42,
      });
      const expected = {
        ...input,
        plan: "scale",
        pendingPlan: "starter",
        periodStart: at(86_400_000),
        periodEnd: at(32 * 86_400_000),
        customQuotas: { email: 7 },
        customRpm: 42,
      };
      expect(updated).toEqual(expected);
      expect(await fx.store.findById(input.id)).toEqual(expected);
    });

    it("clears nullable fields set to null and is idempotent", async () => {
      const input = newAccount({ customRpm: 5, customQuotas: { url: 1 } });
      await fx.store.create(input);
      await fx.store.update(input.id, { pendingPlan: "free" });
      const patch = { pendingPlan: null, customRpm: null, customQuotas: null, passwordHash: null } as const;
      const once = await fx.store.update(input.id, patch);
      const twice = await fx.store.update(input.id, patch);
      expect(once).toEqual({ ...input, pendingPlan: null, customRpm: null, customQuotas: null, passwordHash: null });
      expect(twice).toEqual(once);
    });

    it("returns the account unchanged for an empty patch", async () => {
      const input = newAccount();
      await fx.store.create(input);
      expect(await fx.store.update(input.id, {})).toEqual({ ...input, pendingPlan: null });
    });

    it("returns null when updating an unknown id, creating nothing", async () => {
      const id = uniqueName("missing");
      expect(await fx.store.update(id, { plan: "business" })).toBeNull();
      expect(await fx.store.findById(id)).toBeNull();
    });
  });
}

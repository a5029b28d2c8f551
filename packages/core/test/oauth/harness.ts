// Test doubles for the OAuth use cases: a movable clock, real SHA-256 and randomness from node:crypto (tests may
// use Node; the core may not), an in-memory account store and a fast password hasher.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Account, AccountStore, NewAccount } from "../../src/ports/account-store.js";
import type { Clock } from "../../src/ports/clock.js";
import type { Hasher, PasswordHasher } from "../../src/ports/hasher.js";
import type { Ids } from "../../src/ports/ids.js";
import { InMemoryOAuthStore } from "../../src/testing/oauth/in-memory-oauth-store.js";
import { createOAuthConfig, type OAuthDeps } from "../../src/usecases/oauth/oauth-deps.js";

export class MovableClock implements Clock {
  constructor(private current = new Date("2026-03-10T12:00:00.000Z")) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const nodeHasher: Hasher = {
  sha256Hex: (v) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a, b) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  },
};

export const randomIds: Ids = { uuid: () => randomUUID(), token: (n) => randomBytes(n).toString("base64url") };

export const plainPasswords: PasswordHasher = {
  hash: async (p) => `test$${nodeHasher.sha256Hex(p)}`,
  verify: async (p, h) => h === `test$${nodeHasher.sha256Hex(p)}`,
};

export class MapAccountStore implements AccountStore {
  readonly accounts = new Map<string, Account>();
  async create(a: NewAccount): Promise<Account | "email_taken"> {
    if (await this.findByEmail(a.email)) return "email_taken";
    const account: Account = { ...a, pendingPlan: null };
    this.accounts.set(a.id, account);
    return account;
  }
  async findById(id: string): Promise<Account | null> {
    return this.accounts.get(id) ?? null;
  }
  async findByEmail(email: string): Promise<Account | null> {
    return [...this.accounts.values()].find((a) => a.email.toLowerCase() === email.toLowerCase()) ?? null;
  }
  async update(): Promise<Account | null> {
    return null;
  }
}

export const BASE_URL = "https://sv.example";

export function createHarness(): OAuthDeps & {
  clock: MovableClock;
  store: InMemoryOAuthStore;
  accounts: MapAccountStore;
} {
  return {
    store: new InMemoryOAuthStore(),
    accounts: new MapAccountStore(),
    clock: new MovableClock(),
    ids: randomIds,
    hasher: nodeHasher,
    passwords: plainPasswords,
    config: createOAuthConfig(BASE_URL),
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: nodeHasher.sha256Base64Url(verifier) };
}

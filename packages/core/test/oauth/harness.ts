// Test doubles for the OAuth use cases: the core's fixed clock and in-memory account store, real SHA-256 and
// randomness from node:crypto (tests may use Node; the core may not) and a fast password hasher.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Hasher, PasswordHasher } from "../../src/ports/hasher.js";
import type { Ids } from "../../src/ports/ids.js";
import { FixedClock, InMemoryAccountStore } from "../../src/testing/fakes.js";
import { InMemoryRateLimiter } from "../../src/policies/in-memory-rate-limiter.js";
import { InMemoryOAuthStore } from "../../src/testing/oauth/in-memory-oauth-store.js";
import { createOAuthConfig, type OAuthDeps } from "../../src/usecases/oauth/oauth-deps.js";

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

export const BASE_URL = "https://sv.example";

export function createHarness(): OAuthDeps & { clock: FixedClock; store: InMemoryOAuthStore } {
  return {
    store: new InMemoryOAuthStore(),
    accounts: new InMemoryAccountStore(),
    clock: new FixedClock("2026-03-10T12:00:00.000Z"),
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

/** The deps sign-in needs: the harness with an attempt counter of its own. */
export function withLimiter<T extends OAuthDeps>(deps: T): T & { rateLimiter: InMemoryRateLimiter } {
  return { ...deps, rateLimiter: new InMemoryRateLimiter() };
}

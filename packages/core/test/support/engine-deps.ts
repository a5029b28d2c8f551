// The engine's dependencies over the core's in-memory fakes for engine-level tests in core, with node:crypto for
// hashing and ids (core itself may not import it). `overrides` replaces any of them.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { EngineDeps, Hasher } from "../../src/index.js";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
} from "../../src/testing/fakes.js";

export const testHasher: Hasher = {
  sha256Hex: (v) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
};

export function engineDeps(overrides: Partial<EngineDeps> = {}): EngineDeps & { clock: FixedClock } {
  return {
    accounts: new InMemoryAccountStore(),
    apiKeys: new InMemoryApiKeyStore(),
    quota: new InMemoryQuotaLedger(),
    cache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    rateLimiter: new InMemoryRateLimiter(),
    health: { databaseReachable: () => Promise.resolve(true) },
    clock: new FixedClock("2026-03-10T12:00:00.000Z"),
    ids: { uuid: () => randomUUID(), token: (n) => randomBytes(n).toString("base64url") },
    hasher: testHasher,
    passwords: { hash: (p) => Promise.resolve(`x${p}`), verify: (p, h) => Promise.resolve(h === `x${p}`) },
    config: { upgradeUrl: "https://example.test/upgrade" },
    ...overrides,
  } as EngineDeps & { clock: FixedClock };
}

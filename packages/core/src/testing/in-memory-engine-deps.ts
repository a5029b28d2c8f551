// Every dependency of the engine in memory, around the host's hasher and ids (node:crypto lives outside core).
// Passwords are hashed with a plain digest: scrypt would dominate every sign-up, so this is never a production
// wiring. `overrides` replaces any dependency (readers, sources, clock ...).
import type { EngineDeps } from "../usecases/deps.js";
import type { Hasher } from "../ports/hasher.js";
import type { Ids } from "../ports/ids.js";
import { FixedClock } from "./fixed-clock.js";
import { InMemoryAccountStore } from "./in-memory-account-store.js";
import { InMemoryApiKeyStore } from "./in-memory-api-key-store.js";
import { InMemoryQuotaLedger } from "./in-memory-quota-ledger.js";
import { InMemoryReportStore } from "./in-memory-report-store.js";
import { InMemoryResultCache } from "./in-memory-result-cache.js";
import { InMemoryRateLimiter } from "../policies/in-memory-rate-limiter.js";

/** The moment the in-memory engine's clock shows unless a clock is given. */
export const IN_MEMORY_ENGINE_TIME = "2026-03-10T12:00:00.000Z";

export function inMemoryEngineDeps(
  host: { readonly hasher: Hasher; readonly ids: Ids },
  overrides: Partial<EngineDeps> = {},
): EngineDeps {
  const { hasher, ids } = host;
  return {
    accounts: new InMemoryAccountStore(),
    apiKeys: new InMemoryApiKeyStore(),
    quota: new InMemoryQuotaLedger(),
    cache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    rateLimiter: new InMemoryRateLimiter(),
    health: { databaseReachable: () => Promise.resolve(true) },
    clock: new FixedClock(IN_MEMORY_ENGINE_TIME),
    ids,
    hasher,
    passwords: {
      hash: (p) => Promise.resolve(`digest$${hasher.sha256Hex(p)}`),
      verify: (p, h) => Promise.resolve(h === `digest$${hasher.sha256Hex(p)}`),
    },
    config: { upgradeUrl: "https://example.test/upgrade" },
    ...overrides,
  };
}

// The engine over in-memory stores with the production hasher, ids and clock, as the engine benchmarks run it.
import { createEngine, type Engine, type EngineDeps } from "../../packages/core/src/index.js";
import {
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
} from "../../packages/core/src/testing/fakes.js";
import { NodeHasher } from "../../packages/persistence/src/node-hasher.js";
import { NodeIds } from "../../packages/persistence/src/node-ids.js";
import { ScryptPasswordHasher } from "../../packages/persistence/src/scrypt-password-hasher.js";
import { SystemClock } from "../../packages/persistence/src/system-clock.js";

export function inMemoryEngine(extra: Partial<EngineDeps> = {}): Engine {
  return createEngine({
    accounts: new InMemoryAccountStore(),
    apiKeys: new InMemoryApiKeyStore(),
    quota: new InMemoryQuotaLedger(),
    cache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    rateLimiter: new InMemoryRateLimiter(),
    health: { databaseReachable: async () => true },
    clock: new SystemClock(),
    ids: new NodeIds(),
    hasher: new NodeHasher(),
    passwords: new ScryptPasswordHasher(),
    ...extra,
  });
}

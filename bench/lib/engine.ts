// The engine over in-memory stores with the production hasher, ids, clock and password hasher, as the engine
// benchmarks run it.
import { SCOPES, type Engine, type EngineDeps, type Principal } from "../../packages/core/src/index.js";
import { inMemoryEngine as engineInMemory } from "../../packages/persistence/src/testing/in-memory-engine.js";
import { ScryptPasswordHasher } from "../../packages/persistence/src/scrypt-password-hasher.js";
import { SystemClock } from "../../packages/persistence/src/system-clock.js";

export function inMemoryEngine(extra: Partial<EngineDeps> = {}): Engine {
  return engineInMemory({ clock: new SystemClock(), passwords: new ScryptPasswordHasher(), ...extra });
}

/** A live API-key principal of a new enterprise account whose URL quota a benchmark never runs out of. */
export async function urlBenchPrincipal(engine: Engine, email = "bench@example.com"): Promise<Principal> {
  const created = await engine.accounts.create({
    email,
    plan: "enterprise",
    rpm: 100_000,
    quotas: { url: 100_000_000, phone: 1, text: 1, email: 1 },
  });
  if (created.isErr()) throw new Error(created.error.message);
  return { accountId: created.value.id, mode: "live", via: "api_key", scopes: SCOPES };
}

// The engine over in-memory stores with the production hasher, ids, clock and password hasher, as the engine
// benchmarks run it.
import type { Engine, EngineDeps } from "../../packages/core/src/index.js";
import { inMemoryEngine as engineInMemory } from "../../packages/persistence/src/testing/in-memory-engine.js";
import { ScryptPasswordHasher } from "../../packages/persistence/src/scrypt-password-hasher.js";
import { SystemClock } from "../../packages/persistence/src/system-clock.js";

export function inMemoryEngine(extra: Partial<EngineDeps> = {}): Engine {
  return engineInMemory({ clock: new SystemClock(), passwords: new ScryptPasswordHasher(), ...extra });
}

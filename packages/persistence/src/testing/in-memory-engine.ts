// An engine over the core's in-memory stores with this package's node:crypto hasher and ids: what benchmarks,
// evaluations and engine-level tests run when they need a real engine and no database. Passwords are hashed
// with a plain digest (scrypt would dominate every sign-up), so this is never a production wiring.
import { createEngine, type Engine, type EngineDeps, type PlanName, type Principal } from "@scamverify/core";
import { inMemoryEngineDeps as coreInMemoryDeps } from "@scamverify/core/testing/fakes";
import { NodeHasher } from "../node-hasher.js";
import { NodeIds } from "../node-ids.js";

export { IN_MEMORY_ENGINE_TIME } from "@scamverify/core/testing/fakes";

/** Every dependency of the engine, in memory, with node:crypto; `overrides` replaces any of them. */
export function inMemoryEngineDeps(overrides: Partial<EngineDeps> = {}): EngineDeps {
  return coreInMemoryDeps({ hasher: new NodeHasher(), ids: new NodeIds() }, overrides);
}

export function inMemoryEngine(overrides: Partial<EngineDeps> = {}): Engine {
  return createEngine(inMemoryEngineDeps(overrides));
}

/** A live (or test) key's principal on a new account of `plan`, with a rate limit no run reaches. */
export async function enginePrincipal(
  engine: Engine,
  options: { readonly plan?: PlanName; readonly mode?: "live" | "test" } = {},
): Promise<{ readonly principal: Principal; readonly key: string }> {
  const account = (
    await engine.accounts.create({
      email: `${new NodeIds().uuid()}@example.test`,
      plan: options.plan ?? "enterprise",
      rpm: 100_000,
    })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: options.mode ?? "live" }))._unsafeUnwrap();
  return { principal: (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap(), key: key.key };
}

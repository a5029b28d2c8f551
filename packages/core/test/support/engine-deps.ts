// The engine's dependencies over the core's in-memory fakes for engine-level tests in core, with node:crypto for
// hashing and ids (core itself may not import it). `overrides` replaces any of them.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { EngineDeps, Hasher } from "../../src/index.js";
import { inMemoryEngineDeps, type FixedClock } from "../../src/testing/fakes.js";

export const testHasher: Hasher = {
  sha256Hex: (v) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
};

export function engineDeps(overrides: Partial<EngineDeps> = {}): EngineDeps & { clock: FixedClock } {
  const ids = { uuid: () => randomUUID(), token: (n: number) => randomBytes(n).toString("base64url") };
  return inMemoryEngineDeps({ hasher: testHasher, ids }, overrides) as EngineDeps & { clock: FixedClock };
}

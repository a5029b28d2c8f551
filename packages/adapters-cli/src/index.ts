export { createRuntime, embeddedDatabaseExists, localOperator, openLookupSession, VERSION } from "./runtime.js";
export type { LookupSession, LookupSessionOptions, Runtime, RuntimeOptions } from "./runtime.js";
export { loadConfig, RuntimeConfigSchema } from "./config.js";
export type { RuntimeConfig } from "./config.js";
export { CLONE_DATA_DIR, currentHost, defaultDataDir } from "./config.js";
export type { HostFacts } from "./config.js";
export { buildProgram, runCli } from "./program.js";
export { ERROR_EXIT, VERDICT_EXIT } from "./exit-codes.js";

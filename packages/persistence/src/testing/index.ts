export { DEFAULT_TEST_DATABASE_URL, DEFAULT_TEST_REDIS_URL, findTestDatabase, findTestRedis } from "./test-services.js";
export type { FindTestServiceOptions, TestService } from "./test-services.js";
export { enginePrincipal, inMemoryEngine, inMemoryEngineDeps, IN_MEMORY_ENGINE_TIME } from "./in-memory-engine.js";

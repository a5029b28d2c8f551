// The vitest globalSetup of the integration tests: decides once for the whole run where PostgreSQL and Redis come
// from (see test-containers.ts), starts containers when only Docker can give them, hands their URLs to every test
// worker through TEST_DATABASE_URL and TEST_REDIS_URL (workers inherit this process's environment), and stops them
// when the run ends. With a given or local server it changes nothing.
import { DEFAULT_SERVICE_PROBES, resolveTestServices, type ServiceProbes } from "./test-containers.js";

export async function setupTestServices(
  env: NodeJS.ProcessEnv = process.env,
  probes: ServiceProbes = DEFAULT_SERVICE_PROBES,
  say: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<() => Promise<void>> {
  const resolved = await resolveTestServices(env, probes);
  if (resolved.postgres.via === "container") {
    env["TEST_DATABASE_URL"] = resolved.postgres.url;
    say(`integration tests: PostgreSQL 15 in a container at ${resolved.postgres.url}`);
  }
  if (resolved.redis.via === "container") {
    env["TEST_REDIS_URL"] = resolved.redis.url;
    say(`integration tests: Redis in a container at ${resolved.redis.url}`);
  }
  return () => resolved.stop();
}

/** vitest's globalSetup entry: the returned function is its teardown. */
export function setup(): Promise<() => Promise<void>> {
  return setupTestServices();
}

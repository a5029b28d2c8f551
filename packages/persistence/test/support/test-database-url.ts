// Where the integration tests find PostgreSQL and Redis: the URL in the environment, else the local default when
// something answers there. Both are looked for once, when a test file loads, so the synchronous getters below can
// fail with one line that says what to install or set, not a connection error from deep inside a hook.
import { findTestDatabase, findTestRedis, type TestService } from "@scamverify/persistence/testing";

const [database, redis] = await Promise.all([findTestDatabase(), findTestRedis()]);

function urlOf(service: TestService): string {
  if (service.ok) return service.url;
  const err = new Error(service.message);
  // The message is the whole story: a stack into this helper would only bury it.
  err.stack = `Error: ${service.message}`;
  throw err;
}

/** The PostgreSQL URL; throws the one-line explanation when none is usable. */
export function testDatabaseUrl(): string {
  return urlOf(database);
}

/** The Redis URL; throws the one-line explanation when none is usable. */
export function testRedisUrl(): string {
  return urlOf(redis);
}

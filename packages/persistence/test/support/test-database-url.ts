// Where the integration tests find PostgreSQL and Redis. CI must say so explicitly: a silent default there
// would hide a misconfigured job behind a connection error.
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return url;
  if (process.env.CI)
    throw new Error("TEST_DATABASE_URL must be set in CI (e.g. postgres://postgres@127.0.0.1:5432/test)");
  return "postgres://postgres@127.0.0.1:5432/test";
}

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  if (url) return url;
  if (process.env.CI) throw new Error("TEST_REDIS_URL (or REDIS_URL) must be set in CI (e.g. redis://127.0.0.1:6379)");
  return "redis://127.0.0.1:6379";
}

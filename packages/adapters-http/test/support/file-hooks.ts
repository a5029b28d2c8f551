// The hooks HTTP test files share: one migrated PGlite for the whole file, opened before the tests' own clocks start
// and closed after the last one, and the servers a test starts, closed after that test.
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Db } from "@scamverify/persistence";
import { serve, sharedPglite, type TestServer } from "./harness.js";

/** Opening and migrating PGlite takes seconds on a busy machine. */
const OPEN_BUDGET_MS = 180_000;

/** Registers the file's hooks and returns the getter of its one migrated PGlite. */
export function usePglite(): () => Promise<Db> {
  const getDb = sharedPglite();
  beforeAll(async () => {
    await getDb();
  }, OPEN_BUDGET_MS);
  afterAll(async () => {
    await (await getDb()).close();
  });
  return getDb;
}

/** Registers the hook that closes each test's servers and returns `serve` for them. */
export function useServers(): typeof serve {
  const open: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (...args) => {
    const s = await serve(...args);
    open.push(s);
    return s;
  };
}

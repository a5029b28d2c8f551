// One migrated in-memory PGlite shared by a whole test file (creating one takes seconds), closed afterwards.
import { afterAll, beforeAll } from "vitest";
import { createPgliteDb, migrate, type Db } from "@scamverify/persistence";

/** Registers the file's set-up and clean-up hooks and returns the getter of its database. */
export function useMigratedPglite(): () => Promise<Db> {
  let db: Promise<Db> | undefined;
  const getDb = (): Promise<Db> =>
    (db ??= createPgliteDb().then(async (d) => {
      await migrate(d);
      return d;
    }));
  // Opening and migrating takes seconds; doing it once up front keeps it out of the per-test hook budget.
  beforeAll(async () => {
    await getDb();
  }, 60_000);
  afterAll(async () => {
    if (db) await (await db).close();
  });
  return getDb;
}

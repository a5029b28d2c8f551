// A migrated database for one whole test file: opened and migrated once, before the tests (it takes seconds), and
// given back to `cleanUp` after the last one.
import { afterAll, beforeAll } from "vitest";
import { migrate, type Db } from "@scamverify/persistence";

/** Registers the file's set-up and clean-up hooks and returns the getter of its database. */
export function useMigratedDb(open: () => Promise<Db>, cleanUp: (db: Db) => Promise<void>): () => Promise<Db> {
  let db: Promise<Db> | undefined;
  const getDb = (): Promise<Db> =>
    (db ??= open().then(async (d) => {
      await migrate(d);
      return d;
    }));
  beforeAll(async () => {
    await getDb();
  }, 60_000);
  afterAll(async () => {
    if (db) await cleanUp(await db);
  });
  return getDb;
}

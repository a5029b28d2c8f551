// A migrated PostgreSQL database (TEST_DATABASE_URL) in a schema of its own for one test file, dropped afterwards.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createPostgresDb, migrate, type Db } from "@scamverify/persistence";
import { testDatabaseUrl } from "./test-database-url.js";

/** Registers the file's set-up and clean-up hooks and returns the getter of its database. */
export function usePostgresSchema(prefix: string): () => Promise<Db> {
  const schema = `${prefix}_${randomBytes(6).toString("hex")}`;
  let db: Promise<Db> | undefined;
  const getDb = (): Promise<Db> =>
    (db ??= createPostgresDb({ connectionString: testDatabaseUrl(), schema, max: 10 }).then(async (d) => {
      await migrate(d);
      return d;
    }));
  // Opening and migrating takes seconds; doing it once up front keeps it out of the per-test hook budget.
  beforeAll(async () => {
    await getDb();
  }, 60_000);
  afterAll(async () => {
    if (!db) return;
    const d = await db;
    try {
      await d.query(`DROP SCHEMA ${schema} CASCADE`);
    } finally {
      await d.close();
    }
  });
  return getDb;
}

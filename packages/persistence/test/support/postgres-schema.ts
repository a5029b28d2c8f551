// A migrated PostgreSQL database (TEST_DATABASE_URL) in a schema of its own for one test file, dropped afterwards.
import { randomBytes } from "node:crypto";
import { createPostgresDb, type Db } from "@scamverify/persistence";
import { useMigratedDb } from "./migrated-db.js";
import { testDatabaseUrl } from "./test-database-url.js";

/** Registers the file's set-up and clean-up hooks and returns the getter of its database. */
export function usePostgresSchema(prefix: string): () => Promise<Db> {
  const schema = `${prefix}_${randomBytes(6).toString("hex")}`;
  return useMigratedDb(
    () => createPostgresDb({ connectionString: testDatabaseUrl(), schema, max: 10 }),
    async (d) => {
      try {
        await d.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await d.close();
      }
    },
  );
}

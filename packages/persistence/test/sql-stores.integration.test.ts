// Every store contract on PostgreSQL (TEST_DATABASE_URL), in a schema of its own that is dropped afterwards.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createPostgresDb, migrate } from "@scamverify/persistence";
import type { Db } from "@scamverify/persistence";
import { registerSqlSuites } from "./support/register-sql-suites.js";
import { testDatabaseUrl } from "./support/test-database-url.js";

const schema = `t_${randomBytes(6).toString("hex")}`;
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

registerSqlSuites("PostgreSQL", getDb);

// The OAuthStore contract on PostgreSQL (TEST_DATABASE_URL) in a schema of its own, dropped afterwards: the
// concurrent code and refresh token cases run on a real pool, several connections at once.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createPostgresDb, migrate } from "@scamverify/persistence";
import type { Db } from "@scamverify/persistence";
import { describeOAuthStoreContract } from "../../core/src/testing/oauth/describe-oauth-store-contract.js";
import { SqlOAuthStore } from "../src/sql-oauth-store.js";
import { testDatabaseUrl } from "./support/test-database-url.js";

const schema = `t_oauth_${randomBytes(6).toString("hex")}`;
let db: Promise<Db> | undefined;
const getDb = (): Promise<Db> =>
  (db ??= createPostgresDb({ connectionString: testDatabaseUrl(), schema, max: 10 }).then(async (d) => {
    await migrate(d);
    return d;
  }));

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

describeOAuthStoreContract("PostgreSQL", async () => ({
  store: new SqlOAuthStore(await getDb()),
  cleanup: async () => undefined,
}));

// The OAuthStore contract on embedded PGlite, all migrations applied.
import { afterAll } from "vitest";
import { createPgliteDb, migrate } from "@scamverify/persistence";
import type { Db } from "@scamverify/persistence";
import { describeOAuthStoreContract } from "../../core/src/testing/oauth/describe-oauth-store-contract.js";
import { SqlOAuthStore } from "../src/sql-oauth-store.js";

let db: Promise<Db> | undefined;
const getDb = (): Promise<Db> =>
  (db ??= createPgliteDb().then(async (d) => {
    await migrate(d);
    return d;
  }));

afterAll(async () => {
  if (db) await (await db).close();
});

describeOAuthStoreContract("PGlite", async () => ({
  store: new SqlOAuthStore(await getDb()),
  cleanup: async () => undefined,
}));

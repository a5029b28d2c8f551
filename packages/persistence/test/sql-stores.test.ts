// Every store contract on one in-memory PGlite shared by the whole file (creating one takes seconds).
import { afterAll, beforeAll } from "vitest";
import { createPgliteDb, migrate } from "@scamverify/persistence";
import type { Db } from "@scamverify/persistence";
import { registerSqlSuites } from "./support/register-sql-suites.js";

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

registerSqlSuites("PGlite", getDb);

// The commercial mechanics over HTTP on PostgreSQL (TEST_DATABASE_URL), in a schema of its own: the second API
// process is a second engine over its own connection pool, so races are decided by the database alone.
import { afterAll, beforeAll } from "vitest";
import type { Db } from "@scamverify/persistence";
import { describeCommerce } from "./support/commerce-scenarios.js";
import { postgresSchema } from "./support/harness.js";

const pg = postgresSchema();
let first: Db;
let second: Db;

beforeAll(async () => {
  first = await pg.open();
  second = await pg.open();
});

afterAll(async () => {
  await pg.drop();
});

describeCommerce("PostgreSQL", { db: async () => first, peer: async () => second });

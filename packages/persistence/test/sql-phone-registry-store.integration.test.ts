import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe } from "vitest";
import { migrate } from "../src/migrate.js";
import { createPostgresDb } from "../src/postgres-db.js";
import { phoneRegistryStoreContract } from "./sql-phone-registry-store.contract.js";
import { testDatabaseUrl } from "./support/test-database-url.js";

const schemas: string[] = [];

describe("SqlPhoneRegistryStore on PostgreSQL", () => {
  phoneRegistryStoreContract(async () => {
    const schema = `phone_test_${randomBytes(4).toString("hex")}`;
    schemas.push(schema);
    const db = await createPostgresDb({ connectionString: testDatabaseUrl(), schema });
    await migrate(db);
    return db;
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await client.end();
  });
});

import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe } from "vitest";
import { migrate } from "../src/migrate.js";
import { createPostgresDb } from "../src/postgres-db.js";
import { phoneRegistryStoreContract } from "./sql-phone-registry-store.contract.js";

const url = process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
const schemas: string[] = [];

describe("SqlPhoneRegistryStore on PostgreSQL", () => {
  phoneRegistryStoreContract(async () => {
    const schema = `phone_test_${randomBytes(4).toString("hex")}`;
    schemas.push(schema);
    const db = await createPostgresDb({ connectionString: url, schema });
    await migrate(db);
    return db;
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await client.end();
  });
});

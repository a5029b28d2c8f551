// A PostgreSQL database of its own for one test file (jobs bring pg-boss's schema along, so a schema is not enough),
// made on the integration tests' server and dropped afterwards.
import { randomBytes } from "node:crypto";
import { createPostgresDb } from "@scamverify/persistence";
import { findTestDatabase } from "@scamverify/persistence/testing";

export interface TemporaryDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

export async function createTemporaryDatabase(prefix: string): Promise<TemporaryDatabase> {
  const found = await findTestDatabase();
  if (!found.ok) throw new Error(found.message);
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = await createPostgresDb({ connectionString: found.url, max: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(found.url);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = await createPostgresDb({ connectionString: found.url, max: 1 });
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.close();
      }
    },
  };
}

// Applies the SQL files of ../migrations in file-name order, once each, recorded in schema_migrations.
// The same files run on PGlite and PostgreSQL; an advisory lock keeps processes starting together from racing.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Db } from "./db.js";

const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations/", import.meta.url));
const LOCK_KEY = 7_460_221_001;

export interface MigrationFile {
  readonly name: string;
  readonly sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, "utf8") }));
}

/** Whether every file is recorded as applied: one read, no lock (a database opened often is almost always current). */
async function upToDate(db: Db, files: readonly MigrationFile[]): Promise<boolean> {
  try {
    const done = new Set(
      (await db.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name),
    );
    return files.every((f) => done.has(f.name));
  } catch {
    // No schema_migrations yet (a new database), or the read failed: the locked path below decides.
    return false;
  }
}

/**
 * The migration files not recorded as applied (all of them on a database never migrated). Rejects when the database
 * cannot be read (a StoreError), so a caller can tell "behind" from "unreachable".
 */
export async function pendingMigrations(db: Db, files: readonly MigrationFile[] = readMigrations()): Promise<string[]> {
  const { rows } = await db.query<{ present: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS present",
  );
  if (rows[0]?.present == null) return files.map((f) => f.name);
  const done = new Set(
    (await db.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name),
  );
  return files.filter((f) => !done.has(f.name)).map((f) => f.name);
}

/** Applies pending migrations; returns the names applied now (empty when up to date). Idempotent. */
export async function migrate(db: Db, files: readonly MigrationFile[] = readMigrations()): Promise<string[]> {
  if (await upToDate(db, files)) return [];
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [LOCK_KEY]);
    await tx.execScript(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file.name)) continue;
      await tx.execScript(file.sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file.name]);
      applied.push(file.name);
    }
    return applied;
  });
}

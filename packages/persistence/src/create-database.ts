// Opens the configured database: PostgreSQL when a URL is given, otherwise embedded PGlite in the data folder
// (locked against a second process), then applies migrations. A new embedded database starts from the build's
// template (initdb and the migrations done once, see database-template.ts) when it fits.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readDatabaseTemplate } from "./database-template.js";
import type { Db } from "./db.js";
import { createPgliteDb } from "./pglite-db.js";
import { createPostgresDb } from "./postgres-db.js";
import { lockDataDir } from "./data-dir-lock.js";
import { migrate, readMigrations } from "./migrate.js";

export interface DatabaseConfig {
  /** postgres://... ; when absent the embedded database in dataDir is used. */
  readonly databaseUrl?: string | undefined;
  /** Folder of the embedded database. */
  readonly dataDir: string;
  /** Postgres schema (tests isolate themselves with one). */
  readonly schema?: string;
  readonly migrate?: boolean;
  /**
   * The release of the data folder's lock, when the caller took it already (lockDataDir): a command that must know at
   * once whether the folder is free takes it first and opens the database later. The database releases it on close.
   */
  readonly heldLock?: () => void;
  /** The embedded database's shared_buffers for this opening (see PgliteOptions); ignored for PostgreSQL. */
  readonly sharedBuffers?: string;
}

export async function createDatabase(config: DatabaseConfig): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await createPostgresDb({
      connectionString: config.databaseUrl,
      ...(config.schema ? { schema: config.schema } : {}),
    });
  } else {
    const release = config.heldLock ?? lockDataDir(config.dataDir);
    try {
      const dir = join(config.dataDir, "pglite");
      // Only when this opening migrates: `db migrate` on a new folder still applies (and lists) every migration.
      const template =
        config.migrate !== false && !existsSync(join(dir, "PG_VERSION"))
          ? readDatabaseTemplate(readMigrations())
          : null;
      const inner = await createPgliteDb(dir, {
        ...(config.sharedBuffers !== undefined ? { sharedBuffers: config.sharedBuffers } : {}),
        ...(template !== null ? { loadDataDir: template } : {}),
      });
      db = {
        ...inner,
        close: async () => {
          try {
            await inner.close();
          } finally {
            release();
          }
        },
      };
    } catch (err) {
      release();
      throw err;
    }
  }
  if (config.migrate !== false) {
    try {
      await migrate(db);
    } catch (err) {
      await db.close().catch(() => undefined);
      throw err;
    }
  }
  return db;
}

// Embedded PostgreSQL (PGlite, WASM) in a data folder or in memory. PGlite runs one statement at a time,
// and its transaction() holds the database exclusively, which is what keeps quota and code consumption atomic.
// PGlite is loaded when a database is opened, so commands that open none never load it.
import type { Db, QueryResult } from "./db.js";
import { classifyDbError } from "./classify-error.js";

interface PgliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(conn: PgliteLike, transaction: Db["transaction"], close: () => Promise<void>): Db {
  return {
    engine: "pglite",
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      try {
        const res = await conn.query<R>(sql, params as unknown[]);
        return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
      } catch (err) {
        throw classifyDbError(err);
      }
    },
    async execScript(sql: string): Promise<void> {
      try {
        await conn.exec(sql);
      } catch (err) {
        throw classifyDbError(err);
      }
    },
    transaction,
    close,
  };
}

export interface PgliteOptions {
  /**
   * A gzipped data folder (see dumpEmbeddedDatabase) to start a new database from, instead of running initdb; only
   * for a folder that holds no database yet.
   */
  readonly loadDataDir?: Uint8Array;
  /**
   * PostgreSQL's shared_buffers for this opening (e.g. "16MB"); default the data folder's setting (128MB). Postgres
   * touches its whole buffer pool while it starts, so a short-lived command that reads a few rows opens faster and
   * uses far less memory with a small one.
   */
  readonly sharedBuffers?: string;
}

/** Opens PGlite in `dataDir` (created if missing), or in memory when dataDir is undefined. */
export async function createPgliteDb(dataDir?: string, options: PgliteOptions = {}): Promise<Db> {
  const { PGlite } = await import("@electric-sql/pglite");
  const startParams =
    options.sharedBuffers !== undefined
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffers}`] }
      : {};
  const pglite = await PGlite.create({
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...startParams,
    ...(options.loadDataDir !== undefined ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
  });
  const transaction: Db["transaction"] = (fn) =>
    pglite
      .transaction(async (tx) => {
        const nested: Db = wrap(
          tx as unknown as PgliteLike,
          (inner) => inner(nested),
          async () => undefined,
        );
        return fn(nested);
      })
      .catch((err: unknown) => {
        throw classifyDbError(err);
      });
  const db = wrap(pglite as unknown as PgliteLike, transaction, () => pglite.close());
  dumps.set(db, () => pglite.dumpDataDir("gzip"));
  return db;
}

const dumps = new WeakMap<Db, () => Promise<Blob>>();

/** The data folder of an embedded database, gzipped (what PgliteOptions.loadDataDir takes). */
export async function dumpEmbeddedDatabase(db: Db): Promise<Uint8Array> {
  const dump = dumps.get(db);
  if (!dump) throw new Error("not an embedded database opened by createPgliteDb");
  return new Uint8Array(await (await dump()).arrayBuffer());
}

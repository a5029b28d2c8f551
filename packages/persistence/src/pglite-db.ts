// Embedded PostgreSQL (PGlite, WASM) in a data folder or in memory. PGlite runs one statement at a time,
// and its transaction() holds the database exclusively, which is what keeps quota and code consumption atomic.
import { PGlite } from "@electric-sql/pglite";
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

/** Opens PGlite in `dataDir` (created if missing), or in memory when dataDir is undefined. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const pglite = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir);
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
  return wrap(pglite as unknown as PgliteLike, transaction, () => pglite.close());
}

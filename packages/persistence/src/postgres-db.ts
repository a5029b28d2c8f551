// PostgreSQL through a pg pool. Each connection gets the configured search_path, so a test run can isolate itself
// in its own schema; every driver error is classified into a StoreError. The driver is loaded when a pool is made:
// a process on the embedded database never pays for it.
import type pg from "pg";
import type { Db, QueryResult } from "./db.js";
import { classifyDbError } from "./classify-error.js";

export interface PostgresDbOptions {
  readonly connectionString: string;
  /** Schema to create (if missing) and use as search_path; default "public". */
  readonly schema?: string;
  readonly max?: number;
  /** Fail a connection attempt after this long (ms); default 1000 so outages surface quickly. */
  readonly connectionTimeoutMs?: number;
  /**
   * Fail a query that waited this long (ms) for a free pooled connection; default 10000. Kept apart from the
   * connection timeout so a burst of requests queueing behind a busy pool is not mistaken for an outage.
   */
  readonly acquireTimeoutMs?: number;
  /** Cancel statements running longer than this (ms); default 15000. */
  readonly statementTimeoutMs?: number;
}

type Queryable = Pick<pg.PoolClient, "query">;

function wrap(client: Queryable, transaction: Db["transaction"], close: () => Promise<void>): Db {
  return {
    engine: "postgres",
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      try {
        const res = await client.query(sql, params as unknown[]);
        return { rows: res.rows as R[], rowCount: res.rowCount ?? 0 };
      } catch (err) {
        throw classifyDbError(err);
      }
    },
    async execScript(sql: string): Promise<void> {
      try {
        await client.query(sql);
      } catch (err) {
        throw classifyDbError(err);
      }
    },
    transaction,
    close,
  };
}

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createPostgresDb(options: PostgresDbOptions): Promise<Db> {
  const schema = options.schema ?? "public";
  if (!IDENT.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const connectMs = options.connectionTimeoutMs ?? 1000;
  const { default: driver } = await import("pg");
  // pg-pool uses one timeout for both waiting in its queue and connecting; pg.Client has its own connect
  // timeout, so the client keeps the short one and the pool's covers only the wait for a free connection.
  class ShortConnectClient extends driver.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  }
  const pool = new driver.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    Client: ShortConnectClient,
    connectionTimeoutMillis: Math.max(connectMs, options.acquireTimeoutMs ?? 10_000),
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    options: `-c search_path=${schema}`,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on("error", () => undefined);
  if (schema !== "public") {
    try {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw classifyDbError(err);
    }
  }
  const noClose = async (): Promise<void> => undefined;
  const transaction: Db["transaction"] = async (fn) => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      throw classifyDbError(err);
    }
    const nested: Db = wrap(client, (inner) => inner(nested), noClose);
    try {
      await client.query("BEGIN");
      const out = await fn(nested);
      await client.query("COMMIT");
      return out;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw classifyDbError(err);
    } finally {
      client.release();
    }
  };
  return wrap(pool, transaction, async () => {
    await pool.end();
  });
}

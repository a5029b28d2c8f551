// The one SQL surface every store adapter is written against, so each store has a single SQL implementation
// that runs on both engines: embedded PGlite and PostgreSQL through a pg pool.
// Store SQL should cast counters to int (`::int`) so both drivers return JavaScript numbers.

export interface QueryResult<R> {
  readonly rows: R[];
  readonly rowCount: number;
}

export interface Db {
  readonly engine: "pglite" | "postgres";
  /** Runs one parameterized statement ($1, $2, ...). Driver errors are rethrown as core StoreError. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  execScript(sql: string): Promise<void>;
  /** Runs fn in one transaction on one connection; commits when it resolves, rolls back when it rejects. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

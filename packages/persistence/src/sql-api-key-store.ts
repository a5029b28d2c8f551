// ApiKeyStore on the api_keys table. create locks the owning account row (SELECT ... FOR UPDATE) before
// counting active keys, so concurrent creations for one account serialize and never exceed the limit.
// touch writes last_used_at at most once per interval per key, so authentication does not cost a write per request.
import { BoundedMap, type ApiKeyRecord, type ApiKeyStore } from "@scamverify/core";
import type { Db } from "./db.js";

interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  mode: ApiKeyRecord["mode"];
  prefix: string;
  hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = "id, account_id, name, mode, prefix, hash, created_at, last_used_at, revoked_at";

function fromRow(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    hash: row.hash,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

export interface SqlApiKeyStoreOptions {
  /** Minimum time between two last_used_at writes for one key (default 60 s). */
  readonly touchIntervalMs?: number;
  /** Keys whose last write time is remembered (default 10,000); the oldest are forgotten first. */
  readonly touchMemory?: number;
}

export class SqlApiKeyStore implements ApiKeyStore {
  private readonly touchIntervalMs: number;
  /** keyId -> time (ms) of the last write this process made; insertion order = oldest first. */
  private readonly lastWrite: BoundedMap<string, number>;

  constructor(
    private readonly db: Db,
    options: SqlApiKeyStoreOptions = {},
  ) {
    this.touchIntervalMs = options.touchIntervalMs ?? 60_000;
    this.lastWrite = new BoundedMap(Math.max(1, options.touchMemory ?? 10_000));
  }

  async create(
    key: Omit<ApiKeyRecord, "lastUsedAt" | "revokedAt">,
    maxActive: number,
  ): Promise<ApiKeyRecord | "limit_reached"> {
    return this.db.transaction(async (tx) => {
      await tx.query("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", [key.accountId]);
      const { rows } = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL",
        [key.accountId],
      );
      if ((rows[0]?.n ?? 0) >= maxActive) return "limit_reached" as const;
      const inserted = await tx.query<ApiKeyRow>(
        `INSERT INTO api_keys (id, account_id, name, mode, prefix, hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [key.id, key.accountId, key.name, key.mode, key.prefix, key.hash, key.createdAt],
      );
      return fromRow(inserted.rows[0] as ApiKeyRow);
    });
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE hash = $1`, [hash]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async findById(accountId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM api_keys WHERE id = $1 AND account_id = $2`,
      [keyId, accountId],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async list(accountId: string): Promise<ApiKeyRecord[]> {
    const { rows } = await this.db.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY created_at DESC, id COLLATE "C" DESC`,
      [accountId],
    );
    return rows.map(fromRow);
  }

  async revoke(accountId: string, keyId: string, at: Date): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<ApiKeyRow>(
      `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3)
       WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      [keyId, accountId, at],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async rename(accountId: string, keyId: string, name: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<ApiKeyRow>(
      `UPDATE api_keys SET name = $3 WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
      [keyId, accountId, name],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async touch(keyId: string, at: Date): Promise<void> {
    const t = at.getTime();
    const last = this.lastWrite.get(keyId);
    if (last !== undefined && t - last < this.touchIntervalMs && t >= last) return;
    this.lastWrite.delete(keyId);
    this.lastWrite.set(keyId, t);
    try {
      await this.db.query(
        "UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)",
        [keyId, at],
      );
    } catch {
      // Best effort by contract: a failed write must not fail the request it records; the next use retries.
      if (this.lastWrite.get(keyId) === t) this.lastWrite.delete(keyId);
    }
  }
}

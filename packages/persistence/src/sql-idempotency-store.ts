// IdempotencyStore on the idempotency_keys table. A claim is one INSERT ... ON CONFLICT DO UPDATE whose WHERE lets
// it take only a free row (expired, or an abandoned claim), so of two processes claiming one key at once exactly
// one gets the row; the other reads the row as it stands.
import type {
  IdempotencyClaim,
  IdempotencyClaimInput,
  IdempotencyKeyRef,
  IdempotencyStore,
  StoredResponse,
} from "@scamverify/core";
import type { Db } from "./db.js";

interface Row {
  request_hash: string;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: string | null;
}

export class SqlIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: Db) {}

  async claim(input: IdempotencyClaimInput): Promise<IdempotencyClaim> {
    // A row deleted between the two statements (released, swept) is claimed on the next round.
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken = await this.db.query(
        `INSERT INTO idempotency_keys (account_id, key_hash, request_hash, owner, locked_until, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id, key_hash) DO UPDATE SET request_hash = EXCLUDED.request_hash,
           owner = EXCLUDED.owner, locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at,
           status = NULL, headers = NULL, body = NULL
         WHERE idempotency_keys.expires_at <= $7
            OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until <= $7)
         RETURNING 1 AS taken`,
        [input.accountId, input.keyHash, input.requestHash, input.owner, input.lockedUntil, input.expiresAt, input.now],
      );
      if (taken.rowCount > 0) return { kind: "claimed" };
      const { rows } = await this.db.query<Row>(
        `SELECT request_hash, status, headers, body FROM idempotency_keys WHERE account_id = $1 AND key_hash = $2`,
        [input.accountId, input.keyHash],
      );
      const row = rows[0];
      if (row === undefined) continue;
      if (row.status === null) return { kind: "in_flight", requestHash: row.request_hash };
      const headers =
        typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
      return {
        kind: "done",
        requestHash: row.request_hash,
        response: { status: row.status, headers: headers ?? {}, body: row.body ?? "" },
      };
    }
    throw new Error("idempotency key claim did not settle");
  }

  async renew(ref: IdempotencyKeyRef, owner: string, lockedUntil: Date): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET locked_until = $4
       WHERE account_id = $1 AND key_hash = $2 AND owner = $3 AND status IS NULL`,
      [ref.accountId, ref.keyHash, owner, lockedUntil],
    );
  }

  async complete(ref: IdempotencyKeyRef, owner: string, response: StoredResponse): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET status = $4, headers = $5::jsonb, body = $6
       WHERE account_id = $1 AND key_hash = $2 AND owner = $3 AND status IS NULL`,
      [ref.accountId, ref.keyHash, owner, response.status, JSON.stringify(response.headers), response.body],
    );
  }

  async release(ref: IdempotencyKeyRef, owner: string): Promise<void> {
    await this.db.query(
      "DELETE FROM idempotency_keys WHERE account_id = $1 AND key_hash = $2 AND owner = $3 AND status IS NULL",
      [ref.accountId, ref.keyHash, owner],
    );
  }

  async purgeExpired(now: Date): Promise<number> {
    const { rowCount } = await this.db.query("DELETE FROM idempotency_keys WHERE expires_at <= $1", [now]);
    return rowCount;
  }
}

// IdempotencyStore on the idempotency_keys table. A claim is one INSERT ... ON CONFLICT DO UPDATE whose WHERE lets
// it take only a free row (expired, or an abandoned claim), so of two processes claiming one key at once exactly
// one gets the row; the other reads the row as it stands. An abandoned claim with charges noted on it (its process
// died after committing units and before storing its answer) is taken in a transaction that locks the row, gives
// the units back on quota_usage and hands the row over, so the units go back once, with the takeover.
import type {
  IdempotencyClaim,
  IdempotencyClaimInput,
  IdempotencyClaimRef,
  IdempotencyKeyRef,
  IdempotencyStore,
  QuotaKey,
  StoredResponse,
} from "@scamverify/core";
import type { Db } from "./db.js";
import { currentUnits, GIVE_BACK_GONE, SqlQuotaLedger } from "./sql-quota-ledger.js";

interface Row {
  request_hash: string;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: string | null;
  /** An uncompleted claim whose lock has run out (or whose record expired): free, but maybe with charges noted. */
  abandoned: boolean;
}

/** One committed unit as the charges column keeps it. */
interface NotedUnit {
  channel: string;
  period_start: string;
}

const parsed = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** The claim's new values, as the upsert and the takeover both write them. */
const CLAIM_PARAMS = (input: IdempotencyClaimInput): unknown[] => [
  input.accountId,
  input.keyHash,
  input.requestHash,
  input.owner,
  input.lockedUntil,
  input.expiresAt,
  input.now,
];

export class SqlIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: Db) {}

  async claim(input: IdempotencyClaimInput): Promise<IdempotencyClaim> {
    // A row deleted between the two statements (released, swept) is claimed on the next round.
    for (let attempt = 0; attempt < 3; attempt++) {
      // A free row with charges noted is left to the takeover below.
      const taken = await this.db.query(
        `INSERT INTO idempotency_keys (account_id, key_hash, request_hash, owner, locked_until, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id, key_hash) DO UPDATE SET request_hash = EXCLUDED.request_hash,
           owner = EXCLUDED.owner, locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at,
           status = NULL, headers = NULL, body = NULL, charges = '[]'::jsonb
         WHERE (idempotency_keys.expires_at <= $7
                OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until <= $7))
           AND (idempotency_keys.status IS NOT NULL OR idempotency_keys.charges = '[]'::jsonb)
         RETURNING 1 AS taken`,
        CLAIM_PARAMS(input),
      );
      if (taken.rowCount > 0) return { kind: "claimed" };
      const { rows } = await this.db.query<Row>(
        `SELECT request_hash, status, headers, body,
           (status IS NULL AND (locked_until <= $3 OR expires_at <= $3)) AS abandoned
         FROM idempotency_keys WHERE account_id = $1 AND key_hash = $2`,
        [input.accountId, input.keyHash, input.now],
      );
      const row = rows[0];
      if (row === undefined) continue;
      if (row.abandoned) {
        if (await this.takeOver(input)) return { kind: "claimed" };
        continue;
      }
      if (row.status === null) return { kind: "in_flight", requestHash: row.request_hash };
      const headers = row.headers === null ? null : parsed(row.headers);
      return {
        kind: "done",
        requestHash: row.request_hash,
        response: { status: row.status, headers: headers ?? {}, body: row.body ?? "" },
      };
    }
    throw new Error("idempotency key claim did not settle");
  }

  /**
   * Takes an abandoned claim with its noted charges given back, in one transaction holding the row; false when the
   * row is no longer abandoned (another request took it first) or is gone.
   */
  private takeOver(input: IdempotencyClaimInput): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ charges: NotedUnit[] | string }>(
        `SELECT charges FROM idempotency_keys
         WHERE account_id = $1 AND key_hash = $2 AND status IS NULL AND (locked_until <= $3 OR expires_at <= $3)
         FOR UPDATE`,
        [input.accountId, input.keyHash, input.now],
      );
      const row = rows[0];
      if (row === undefined) return false;
      await tx.query(
        `WITH gone AS (SELECT $1::text AS account_id, e->>'channel' AS channel,
                              (e->>'period_start')::timestamptz AS period_start
                       FROM jsonb_array_elements($2::jsonb) e),
         ${GIVE_BACK_GONE}
         SELECT 1`,
        [input.accountId, JSON.stringify(parsed(row.charges))],
      );
      await tx.query(
        `UPDATE idempotency_keys SET request_hash = $3, owner = $4, locked_until = $5, expires_at = $6,
           status = NULL, headers = NULL, body = NULL, charges = '[]'::jsonb
         WHERE account_id = $1 AND key_hash = $2`,
        CLAIM_PARAMS(input).slice(0, 6),
      );
      return true;
    });
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

  async commitCharge(claim: IdempotencyClaimRef, holdId: string, _key: QuotaKey): Promise<boolean> {
    // The hold's own row names the counter; the claim is noted only while its owner holds it uncompleted (the
    // UPDATE waits for a takeover holding the row, and then finds another owner).
    const { rows } = await this.db.query<{ kept: number }>(
      `WITH gone AS (DELETE FROM quota_holds WHERE id = $4 RETURNING channel, period_start),
       noted AS (
         UPDATE idempotency_keys k SET charges = k.charges
           || (SELECT jsonb_agg(jsonb_build_object('channel', channel, 'period_start', period_start)) FROM gone)
         WHERE k.account_id = $1 AND k.key_hash = $2 AND k.owner = $3 AND k.status IS NULL
           AND EXISTS (SELECT 1 FROM gone)
         RETURNING 1)
       SELECT (SELECT count(*) FROM gone)::int AS kept`,
      [claim.accountId, claim.keyHash, claim.owner, holdId],
    );
    return (rows[0]?.kept ?? 0) > 0;
  }

  refundCharge(claim: IdempotencyClaimRef, key: QuotaKey): Promise<number> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ owner: string; status: number | null; charges: NotedUnit[] | string }>(
        "SELECT owner, status, charges FROM idempotency_keys WHERE account_id = $1 AND key_hash = $2 FOR UPDATE",
        [claim.accountId, claim.keyHash],
      );
      const row = rows[0];
      if (row === undefined || row.status !== null) return new SqlQuotaLedger(tx).release(key);
      const at =
        row.owner === claim.owner
          ? parsed(row.charges).findIndex(
              (u) => u.channel === key.channel && Date.parse(u.period_start) === key.periodStart.getTime(),
            )
          : -1;
      if (at < 0) return currentUnits(tx, key);
      await tx.query(
        "UPDATE idempotency_keys SET charges = charges - $3::int WHERE account_id = $1 AND key_hash = $2",
        [claim.accountId, claim.keyHash, at],
      );
      return new SqlQuotaLedger(tx).release(key);
    });
  }

  async purgeExpired(now: Date): Promise<number> {
    const { rowCount } = await this.db.query("DELETE FROM idempotency_keys WHERE expires_at <= $1", [now]);
    return rowCount;
  }
}

// QuotaLedger on the quota_usage table, holds on quota_holds. reserve is one statement: an upsert whose update only
// fires below the ceiling, so the row lock taken by ON CONFLICT serializes concurrent reservations and none
// overspend; its hold row is written by the same statement. A hold is closed by deleting its row, and only the
// statement whose DELETE took the row gives its unit back, so the lookup and the sweep never both do.
import type { QuotaHold, QuotaKey, QuotaLedger, Reservation } from "@scamverify/core";
import type { Db } from "./db.js";

const INT_MAX = 2_147_483_647;

/** The column is a 32-bit integer; an unlimited (Infinity) or huge ceiling means "never refuse". */
function toIntCeiling(ceiling: number): number {
  if (Number.isNaN(ceiling) || ceiling <= 0) return 0;
  return Math.min(INT_MAX, Math.floor(ceiling));
}

/**
 * Takes one unit below the ceiling in one statement; the counter after it, or null when it is at the ceiling. Run
 * inside a caller's transaction, the unit is taken or given back with the rest of it (the job store's answers).
 */
export async function reserveUnit(db: Db, key: QuotaKey, ceiling: number, hold?: QuotaHold): Promise<number | null> {
  // "WHERE $4 > 0" keeps a first reservation against a zero ceiling from inserting used = 1.
  const take = `INSERT INTO quota_usage (account_id, channel, period_start, used)
     SELECT $1, $2, $3, 1 WHERE $4::int > 0
     ON CONFLICT (account_id, channel, period_start)
     DO UPDATE SET used = quota_usage.used + 1 WHERE quota_usage.used < $4::int
     RETURNING used::int AS used`;
  const params = [key.accountId, key.channel, key.periodStart, toIntCeiling(ceiling)];
  if (!hold) return (await db.query<{ used: number }>(take, params)).rows[0]?.used ?? null;
  // The hold row is written only when the unit was taken (one row from the upsert).
  const { rows } = await db.query<{ used: number }>(
    `WITH taken AS (${take}),
     held AS (INSERT INTO quota_holds (id, account_id, channel, period_start, expires_at)
              SELECT $5, $1, $2, $3, $6 FROM taken)
     SELECT used FROM taken`,
    [...params, hold.id, hold.expiresAt],
  );
  return rows[0]?.used ?? null;
}

/**
 * The counters of the units a `gone` CTE yields (account_id, channel, period_start: one row a unit), each given back
 * its count (never below 0): the holds a statement deleted, or the units a claim noted.
 */
export const GIVE_BACK_GONE = `units AS (SELECT account_id, channel, period_start, count(*)::int AS n FROM gone
                 GROUP BY account_id, channel, period_start),
       given AS (UPDATE quota_usage q SET used = GREATEST(q.used - units.n, 0) FROM units
                 WHERE q.account_id = units.account_id AND q.channel = units.channel
                   AND q.period_start = units.period_start
                 RETURNING q.used)`;

/**
 * Closes open holds, keeping their units (`keep`) or giving them back, in one statement; run inside a caller's
 * transaction, they are settled with the rest of it (a job item's answer). Holds already closed are left alone.
 */
export async function settleHolds(db: Db, holdIds: readonly string[], keep: boolean): Promise<void> {
  if (holdIds.length === 0) return;
  if (keep) {
    await db.query("DELETE FROM quota_holds WHERE id = ANY($1::text[])", [holdIds]);
    return;
  }
  await db.query(
    `WITH gone AS (DELETE FROM quota_holds WHERE id = ANY($1::text[]) RETURNING account_id, channel, period_start),
     ${GIVE_BACK_GONE}
     SELECT 1`,
    [holdIds],
  );
}

/** The counter as stored (0 when the channel was never used in the period). */
export async function currentUnits(db: Db, key: QuotaKey): Promise<number> {
  const { rows } = await db.query<{ used: number }>(
    "SELECT used::int AS used FROM quota_usage WHERE account_id = $1 AND channel = $2 AND period_start = $3",
    [key.accountId, key.channel, key.periodStart],
  );
  return rows[0]?.used ?? 0;
}

export class SqlQuotaLedger implements QuotaLedger {
  constructor(private readonly db: Db) {}

  async reserve(key: QuotaKey, ceiling: number, hold?: QuotaHold): Promise<Reservation> {
    const used = await reserveUnit(this.db, key, ceiling, hold);
    if (used !== null) return { ok: true, used };
    return { ok: false, used: await currentUnits(this.db, key) };
  }

  async commit(holdId: string): Promise<boolean> {
    const { rows } = await this.db.query("DELETE FROM quota_holds WHERE id = $1 RETURNING id", [holdId]);
    return rows.length > 0;
  }

  async releaseExpired(now: Date): Promise<number> {
    const { rows } = await this.db.query<{ holds: number }>(
      `WITH gone AS (DELETE FROM quota_holds WHERE expires_at <= $1 RETURNING account_id, channel, period_start),
       ${GIVE_BACK_GONE}
       SELECT (SELECT count(*) FROM gone)::int AS holds`,
      [now],
    );
    return rows[0]?.holds ?? 0;
  }

  async release(key: QuotaKey, holdId?: string): Promise<number> {
    if (holdId !== undefined) {
      const { rows } = await this.db.query<{ used: number }>(
        `WITH gone AS (DELETE FROM quota_holds WHERE id = $1 RETURNING account_id, channel, period_start)
         UPDATE quota_usage q SET used = GREATEST(q.used - 1, 0) FROM gone
         WHERE q.account_id = gone.account_id AND q.channel = gone.channel AND q.period_start = gone.period_start
         RETURNING q.used::int AS used`,
        [holdId],
      );
      return rows[0]?.used ?? (await currentUnits(this.db, key));
    }
    const { rows } = await this.db.query<{ used: number }>(
      `UPDATE quota_usage SET used = GREATEST(used - 1, 0)
       WHERE account_id = $1 AND channel = $2 AND period_start = $3
       RETURNING used::int AS used`,
      [key.accountId, key.channel, key.periodStart],
    );
    return rows[0]?.used ?? 0;
  }

  async read(accountId: string, periodStart: Date): Promise<Readonly<Record<string, number>>> {
    const { rows } = await this.db.query<{ channel: string; used: number }>(
      "SELECT channel, used::int AS used FROM quota_usage WHERE account_id = $1 AND period_start = $2",
      [accountId, periodStart],
    );
    return Object.fromEntries(rows.map((row) => [row.channel, row.used]));
  }

  async set(key: QuotaKey, used: number): Promise<void> {
    if (!Number.isInteger(used) || used < 0)
      throw new RangeError(`quota counter must be a non-negative integer: ${used}`);
    await this.db.query(
      `INSERT INTO quota_usage (account_id, channel, period_start, used) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, channel, period_start) DO UPDATE SET used = EXCLUDED.used`,
      [key.accountId, key.channel, key.periodStart, used],
    );
  }
}

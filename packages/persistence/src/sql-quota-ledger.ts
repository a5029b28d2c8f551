// QuotaLedger on the quota_usage table. reserve is one statement: an upsert whose update only fires below the
// ceiling, so the row lock taken by ON CONFLICT serializes concurrent reservations and none overspend.
import type { QuotaKey, QuotaLedger, Reservation } from "@scamverify/core";
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
export async function reserveUnit(db: Db, key: QuotaKey, ceiling: number): Promise<number | null> {
  // "WHERE $4 > 0" keeps a first reservation against a zero ceiling from inserting used = 1.
  const { rows } = await db.query<{ used: number }>(
    `INSERT INTO quota_usage (account_id, channel, period_start, used)
     SELECT $1, $2, $3, 1 WHERE $4::int > 0
     ON CONFLICT (account_id, channel, period_start)
     DO UPDATE SET used = quota_usage.used + 1 WHERE quota_usage.used < $4::int
     RETURNING used::int AS used`,
    [key.accountId, key.channel, key.periodStart, toIntCeiling(ceiling)],
  );
  return rows[0]?.used ?? null;
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

  async reserve(key: QuotaKey, ceiling: number): Promise<Reservation> {
    const used = await reserveUnit(this.db, key, ceiling);
    if (used !== null) return { ok: true, used };
    return { ok: false, used: await currentUnits(this.db, key) };
  }

  async release(key: QuotaKey): Promise<number> {
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

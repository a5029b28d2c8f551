// QuotaLedger in process memory: counters per account, channel and period. reserve checks and adds without
// yielding, so concurrent callers in one process never overspend.
import type { QuotaKey, QuotaLedger, Reservation } from "../ports/quota-ledger.js";

const keyOf = (k: QuotaKey): string => `${k.accountId}\u0000${k.channel}\u0000${k.periodStart.getTime()}`;

export class InMemoryQuotaLedger implements QuotaLedger {
  private readonly used = new Map<string, number>();

  async reserve(key: QuotaKey, ceiling: number): Promise<Reservation> {
    return this.reserveNow(key, ceiling);
  }

  /** reserve without yielding, for a fake store that charges in the same step as it writes (the job store). */
  reserveNow(key: QuotaKey, ceiling: number): Reservation {
    const k = keyOf(key);
    const current = this.used.get(k) ?? 0;
    if (current >= ceiling) return { ok: false, used: current };
    this.used.set(k, current + 1);
    return { ok: true, used: current + 1 };
  }

  async release(key: QuotaKey): Promise<number> {
    const k = keyOf(key);
    const next = Math.max(0, (this.used.get(k) ?? 0) - 1);
    if (this.used.has(k)) this.used.set(k, next);
    return next;
  }

  async read(accountId: string, periodStart: Date): Promise<Readonly<Record<string, number>>> {
    const prefix = `${accountId}\u0000`;
    const suffix = `\u0000${periodStart.getTime()}`;
    const out: Record<string, number> = {};
    for (const [k, used] of this.used)
      if (k.startsWith(prefix) && k.endsWith(suffix)) out[k.slice(prefix.length, k.length - suffix.length)] = used;
    return out;
  }

  async set(key: QuotaKey, used: number): Promise<void> {
    if (!Number.isInteger(used) || used < 0)
      throw new RangeError(`quota counter must be a non-negative integer: ${used}`);
    this.used.set(keyOf(key), used);
  }
}

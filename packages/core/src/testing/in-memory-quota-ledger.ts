// QuotaLedger in process memory: counters per account, channel and period, and the open holds beside them. Every
// method checks and changes without yielding, so concurrent callers in one process never overspend and a hold is
// given back once.
import type { QuotaHold, QuotaKey, QuotaLedger, Reservation } from "../ports/quota-ledger.js";

/** The last counter key made, kept: the same account's lookups come one after another, and its hash is then known. */
let last: { readonly accountId: string; readonly channel: string; readonly start: number; readonly key: string } = {
  accountId: "",
  channel: "",
  start: Number.NaN,
  key: "",
};

function keyOf(k: QuotaKey): string {
  const start = k.periodStart.getTime();
  if (k.accountId === last.accountId && k.channel === last.channel && start === last.start) return last.key;
  last = { accountId: k.accountId, channel: k.channel, start, key: `${k.accountId}\u0000${k.channel}\u0000${start}` };
  return last.key;
}

export class InMemoryQuotaLedger implements QuotaLedger {
  private readonly used = new Map<string, number>();
  private readonly holds = new Map<string, { readonly counter: string; readonly expiresAt: number }>();

  async reserve(key: QuotaKey, ceiling: number, hold?: QuotaHold): Promise<Reservation> {
    const r = this.reserveNow(key, ceiling);
    if (r.ok && hold) this.holds.set(hold.id, { counter: keyOf(key), expiresAt: hold.expiresAt.getTime() });
    return r;
  }

  /** reserve without yielding, for a fake store that charges in the same step as it writes (the job store). */
  reserveNow(key: QuotaKey, ceiling: number): Reservation {
    const k = keyOf(key);
    const current = this.used.get(k) ?? 0;
    if (current >= ceiling) return { ok: false, used: current };
    this.used.set(k, current + 1);
    return { ok: true, used: current + 1 };
  }

  /** commit (keep) or release-with-hold (give back) without yielding, for the job store's commit; true when open. */
  settleHoldNow(holdId: string, keep: boolean): boolean {
    const hold = this.holds.get(holdId);
    if (hold === undefined) return false;
    this.holds.delete(holdId);
    if (!keep) this.giveBack(hold.counter);
    return true;
  }

  async commit(holdId: string): Promise<boolean> {
    return this.holds.delete(holdId);
  }

  async release(key: QuotaKey, holdId?: string): Promise<number> {
    const k = keyOf(key);
    if (holdId !== undefined && !this.holds.delete(holdId)) return this.used.get(k) ?? 0;
    return this.giveBack(k);
  }

  async releaseExpired(now: Date): Promise<number> {
    let given = 0;
    for (const [id, hold] of this.holds) {
      if (hold.expiresAt > now.getTime()) continue;
      this.holds.delete(id);
      this.giveBack(hold.counter);
      given++;
    }
    return given;
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

  private giveBack(counter: string): number {
    const next = Math.max(0, (this.used.get(counter) ?? 0) - 1);
    if (this.used.has(counter)) this.used.set(counter, next);
    return next;
  }
}

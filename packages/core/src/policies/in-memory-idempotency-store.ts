// IdempotencyStore in process memory: the engine's default, and the fake the contract suite runs beside the SQL
// adapter. Claims are decided synchronously, so two callers in one process can never both claim a key. The units a
// claim's request committed are noted on its entry and given back through the quota ledger it was built with; the
// entry changes before the ledger is called, so a unit is noted or given back once.
import type {
  IdempotencyClaim,
  IdempotencyClaimInput,
  IdempotencyClaimRef,
  IdempotencyKeyRef,
  IdempotencyStore,
  StoredResponse,
} from "../ports/idempotency-store.js";
import type { QuotaKey, QuotaLedger } from "../ports/quota-ledger.js";

interface Entry {
  readonly requestHash: string;
  readonly owner: string;
  readonly lockedUntil: number;
  readonly expiresAt: number;
  readonly response?: StoredResponse;
  /** The units the claim's request committed while its answer was not yet stored. */
  readonly charges: readonly QuotaKey[];
}

const copy = (r: StoredResponse): StoredResponse => ({ ...r, headers: { ...r.headers } });

const keyOf = (ref: IdempotencyKeyRef): string => `${ref.accountId}\u0000${ref.keyHash}`;

const sameCounter = (a: QuotaKey, b: QuotaKey): boolean =>
  a.accountId === b.accountId && a.channel === b.channel && a.periodStart.getTime() === b.periodStart.getTime();

export class InMemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ledger: QuotaLedger) {}

  async claim(input: IdempotencyClaimInput): Promise<IdempotencyClaim> {
    const key = keyOf(input);
    const now = input.now.getTime();
    const e = this.entries.get(key);
    const free = e === undefined || e.expiresAt <= now || (e.response === undefined && e.lockedUntil <= now);
    if (free) {
      this.entries.set(key, {
        requestHash: input.requestHash,
        owner: input.owner,
        lockedUntil: input.lockedUntil.getTime(),
        expiresAt: input.expiresAt.getTime(),
        charges: [],
      });
      // A claim taken over before its answer was stored: the run that answers pays, not the one cut off.
      if (e !== undefined && e.response === undefined) for (const unit of e.charges) await this.ledger.release(unit);
      return { kind: "claimed" };
    }
    if (e.response === undefined) return { kind: "in_flight", requestHash: e.requestHash };
    return { kind: "done", requestHash: e.requestHash, response: copy(e.response) };
  }

  async renew(ref: IdempotencyKeyRef, owner: string, lockedUntil: Date): Promise<void> {
    const key = keyOf(ref);
    const e = this.entries.get(key);
    if (e?.owner !== owner || e.response !== undefined) return;
    this.entries.set(key, { ...e, lockedUntil: lockedUntil.getTime() });
  }

  async complete(ref: IdempotencyKeyRef, owner: string, response: StoredResponse): Promise<void> {
    const key = keyOf(ref);
    const e = this.entries.get(key);
    if (e?.owner !== owner || e.response !== undefined) return;
    this.entries.set(key, { ...e, response: copy(response), charges: [] });
  }

  async release(ref: IdempotencyKeyRef, owner: string): Promise<void> {
    const key = keyOf(ref);
    const e = this.entries.get(key);
    if (e?.owner === owner && e.response === undefined) this.entries.delete(key);
  }

  async commitCharge(claim: IdempotencyClaimRef, holdId: string, unit: QuotaKey): Promise<boolean> {
    const open = await this.ledger.commit(holdId);
    const key = keyOf(claim);
    const e = this.entries.get(key);
    if (open && e?.owner === claim.owner && e.response === undefined) {
      this.entries.set(key, { ...e, charges: [...e.charges, unit] });
    }
    return open;
  }

  async refundCharge(claim: IdempotencyClaimRef, unit: QuotaKey): Promise<number> {
    const key = keyOf(claim);
    const e = this.entries.get(key);
    if (e === undefined || e.response !== undefined) return this.ledger.release(unit);
    const at = e.owner === claim.owner ? e.charges.findIndex((c) => sameCounter(c, unit)) : -1;
    if (at < 0) return (await this.ledger.read(unit.accountId, unit.periodStart))[unit.channel] ?? 0;
    this.entries.set(key, { ...e, charges: e.charges.filter((_, i) => i !== at) });
    return this.ledger.release(unit);
  }

  async purgeExpired(now: Date): Promise<number> {
    let n = 0;
    for (const [k, e] of this.entries) {
      if (e.expiresAt <= now.getTime()) {
        this.entries.delete(k);
        n += 1;
      }
    }
    return n;
  }

  get size(): number {
    return this.entries.size;
  }
}

// IdempotencyStore in process memory: the engine's default, and the fake the contract suite runs beside the SQL
// adapter. Claims are decided synchronously, so two callers in one process can never both claim a key.
import type {
  IdempotencyClaim,
  IdempotencyClaimInput,
  IdempotencyKeyRef,
  IdempotencyStore,
  StoredResponse,
} from "../ports/idempotency-store.js";

interface Entry {
  readonly requestHash: string;
  readonly owner: string;
  readonly lockedUntil: number;
  readonly expiresAt: number;
  readonly response?: StoredResponse;
}

const copy = (r: StoredResponse): StoredResponse => ({ ...r, headers: { ...r.headers } });

const keyOf = (ref: IdempotencyKeyRef): string => `${ref.accountId}\u0000${ref.keyHash}`;

export class InMemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

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
      });
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
    this.entries.set(key, { ...e, response: copy(response) });
  }

  async release(ref: IdempotencyKeyRef, owner: string): Promise<void> {
    const key = keyOf(ref);
    const e = this.entries.get(key);
    if (e?.owner === owner && e.response === undefined) this.entries.delete(key);
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

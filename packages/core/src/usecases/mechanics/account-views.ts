// What one account sees of a shared result: its allow and block lists applied after the cache (lists/apply-lists.ts),
// and a receipt of what it was told, so that it (and only it) can label the result later. Both are per account, so a
// cached answer never carries one account's lists to another. The compiled lists are kept in process memory for a
// short while (the authentication cache's time: a change made through another process reaches this one within it;
// one made here, at once); receipts already written are remembered, so a hot cached lookup writes nothing.
import type { Clock } from "../../ports/clock.js";
import type { FeedbackStore, ResultReceipt } from "../../ports/feedback-store.js";
import type { ListStore } from "../../ports/list-store.js";
import type { Verdict } from "../../schemas/common.js";
import { ListIndex } from "../../lists/list-index.js";
import { applyLists } from "../../lists/apply-lists.js";
import { BoundedMap } from "../../policies/bounded-map.js";

/** Accounts whose compiled lists one process keeps, and receipts it remembers having written. */
const MAX_HELD_ACCOUNTS = 10_000;
const MAX_REMEMBERED_RECEIPTS = 100_000;
const REWRITE_AFTER_MS = 86_400_000;

interface Held {
  readonly index: ListIndex;
  readonly until: number;
}

/** The one field of a result that says what it was about, for the receipt (never message content). */
function subjectOf(channel: string, r: Record<string, unknown>): string | null {
  if (channel === "url" && typeof r["url"] === "string") return r["url"];
  if (channel === "phone" && typeof r["phone_number"] === "string") return r["phone_number"];
  const qrUrl = (r["url_analysis"] as { url?: unknown } | null | undefined)?.url;
  if (channel === "qr" && typeof qrUrl === "string") return qrUrl;
  return null;
}

export class AccountViews {
  private readonly held = new BoundedMap<string, Held>(MAX_HELD_ACCOUNTS);
  private readonly loading = new Map<string, Promise<ListIndex>>();
  /** Receipts written lately, and when: written again after a day, so a receipt in use is never purged. */
  private readonly written = new BoundedMap<string, number>(MAX_REMEMBERED_RECEIPTS);
  /** The receipt key last made for a frozen result, and whose it was. */
  private readonly receiptKeys = new WeakMap<object, { readonly accountId: string; readonly key: string }>();

  constructor(
    private readonly lists: ListStore,
    private readonly feedback: FeedbackStore,
    private readonly clock: Clock,
    private readonly holdMs: number,
    /** The sources that are threat feeds (lists/apply-lists.ts `threatFeedSources`). */
    private readonly feedSources: ReadonlySet<string>,
  ) {}

  /** The account's active entries, compiled; read from the store at most once per holdMs per process. */
  async index(accountId: string): Promise<ListIndex> {
    const now = this.clock.now().getTime();
    const held = this.held.get(accountId);
    if (held !== undefined && held.until > now) return held.index;
    const running = this.loading.get(accountId);
    if (running) return running;
    const load = (async () => {
      const entries = await this.lists.active(accountId, new Date(now));
      const index = entries.length === 0 ? ListIndex.EMPTY : new ListIndex(entries);
      this.held.delete(accountId);
      this.held.set(accountId, { index, until: now + this.holdMs });
      return index;
    })();
    this.loading.set(accountId, load);
    try {
      return await load;
    } finally {
      this.loading.delete(accountId);
    }
  }

  /** Drops the account's compiled lists (after a change), so its next lookup reads them afresh. */
  forget(accountId: string): void {
    this.held.delete(accountId);
  }

  /**
   * The result as the account sees it, with its receipt kept. A store failure reading the lists or writing the
   * receipt never fails the lookup: the answer goes out without the lists (or without a receipt). `fresh`: the result
   * was computed for this call under a new id, so no receipt of it can have been written yet and the memo of written
   * receipts (a large table) is not searched for it.
   */
  view<T extends object>(accountId: string, channel: string, result: T, testMode: boolean, fresh = false): Promise<T> {
    // The hot path (lists held, receipt written) runs without a promise of its own: a cached lookup awaits nothing.
    const now = this.clock.now();
    const held = this.held.get(accountId);
    if (held === undefined || held.until <= now.getTime())
      return this.viewLoading(accountId, channel, result, testMode, fresh);
    const seen = this.applied(result, held.index, now);
    const writing = this.remember(accountId, channel, seen as Record<string, unknown>, testMode, now, fresh);
    return writing === undefined ? Promise.resolve(seen) : writing.then(() => seen);
  }

  /**
   * What `view` gives, at once, when nothing needs reading or writing: the account's lists held and its receipt of
   * this result written lately. undefined otherwise (`view` then reads and writes).
   */
  heldView<T extends object>(accountId: string, result: T, now: Date): T | undefined {
    const held = this.held.get(accountId);
    if (held === undefined || held.until <= now.getTime()) return undefined;
    const seen = this.applied(result, held.index, now);
    return this.receiptKey(accountId, seen as Record<string, unknown>, now, false) === null ? seen : undefined;
  }

  private async viewLoading<T extends object>(
    accountId: string,
    channel: string,
    result: T,
    testMode: boolean,
    fresh: boolean,
  ): Promise<T> {
    let seen = result;
    try {
      seen = this.applied(result, await this.index(accountId), this.clock.now());
    } catch {
      seen = result;
    }
    await this.remember(accountId, channel, seen as Record<string, unknown>, testMode, this.clock.now(), fresh);
    return seen;
  }

  private applied<T extends object>(result: T, index: ListIndex, now: Date): T {
    try {
      return applyLists(result, index, now, this.feedSources);
    } catch {
      return result;
    }
  }

  /** Writes the receipt unless this process wrote it lately: undefined when there is nothing to wait for. */
  private remember(
    accountId: string,
    channel: string,
    r: Record<string, unknown>,
    testMode: boolean,
    now: Date,
    fresh: boolean,
  ): Promise<void> | undefined {
    const key = this.receiptKey(accountId, r, now, fresh);
    if (key === null) return undefined;
    const id = r["id"] as string;
    const verdict = r["verdict"] as Verdict;
    const score = r["risk_score"] as number;
    const factors = Array.isArray(r["factors"]) ? (r["factors"] as { id?: unknown }[]) : [];
    return this.write(
      key,
      {
        accountId,
        resultId: id,
        channel,
        subject: subjectOf(channel, r),
        verdict,
        riskScore: score,
        rules: factors.map((f) => String(f.id)),
        testMode,
        receivedAt: now,
      },
      fresh,
    );
  }

  /**
   * The receipt's memo key when it is still to be written; null when there is none to write or it was lately (a
   * `fresh` result's never was).
   */
  private receiptKey(accountId: string, r: Record<string, unknown>, now: Date, fresh: boolean): string | null {
    // A shared (frozen) answer is seen again and again, mostly by the same account: its key is kept with it.
    const known = Object.isFrozen(r) ? this.receiptKeys.get(r) : undefined;
    let key: string;
    if (known !== undefined && known.accountId === accountId) key = known.key;
    else {
      const id = r["id"];
      const verdict = r["verdict"] as Verdict | undefined;
      const score = r["risk_score"];
      if (typeof id !== "string" || verdict === undefined || typeof score !== "number") return null;
      key = `${accountId}\u0000${id}\u0000${verdict}\u0000${score}`;
      if (Object.isFrozen(r)) this.receiptKeys.set(r, { accountId, key });
    }
    if (fresh) return key;
    const last = this.written.get(key);
    return last !== undefined && now.getTime() - last < REWRITE_AFTER_MS ? null : key;
  }

  private async write(key: string, receipt: ResultReceipt, fresh: boolean): Promise<void> {
    try {
      await this.feedback.recordReceipt(receipt);
    } catch {
      return;
    }
    // Set anew, so the memo forgets it last (a fresh key is not in it).
    if (!fresh) this.written.delete(key);
    this.written.set(key, receipt.receivedAt.getTime());
  }
}

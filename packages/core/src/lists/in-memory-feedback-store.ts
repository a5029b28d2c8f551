// FeedbackStore in process memory: the engine's default and the fake the contract suite runs beside the SQL adapter.
import type {
  AccountFeedbackSettings,
  FeedbackPosition,
  FeedbackRecord,
  FeedbackStore,
  ResultReceipt,
} from "../ports/feedback-store.js";

const pair = (accountId: string, resultId: string): string => `${accountId}\u0000${resultId}`;

/** Oldest change first: updatedAt, then id, ascending. */
export function oldestChangeFirst(a: FeedbackPosition, b: FeedbackPosition): number {
  const t = a.updatedAt.getTime() - b.updatedAt.getTime();
  return t !== 0 ? t : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export class InMemoryFeedbackStore implements FeedbackStore {
  private readonly receipts = new Map<string, ResultReceipt>();
  private readonly feedback = new Map<string, FeedbackRecord>();
  private readonly shared = new Map<string, AccountFeedbackSettings>();

  async recordReceipt(receipt: ResultReceipt): Promise<void> {
    this.receipts.set(pair(receipt.accountId, receipt.resultId), { ...receipt, rules: [...receipt.rules] });
  }

  async receipt(accountId: string, resultId: string): Promise<ResultReceipt | null> {
    return this.receipts.get(pair(accountId, resultId)) ?? null;
  }

  async purgeReceipts(before: Date): Promise<number> {
    let n = 0;
    for (const [key, r] of this.receipts) {
      if (r.receivedAt < before) {
        this.receipts.delete(key);
        n++;
      }
    }
    return n;
  }

  async upsert(f: FeedbackRecord): Promise<FeedbackRecord> {
    const key = pair(f.accountId, f.resultId);
    const old = this.feedback.get(key);
    const stored = old === undefined ? { ...f } : { ...f, id: old.id, createdAt: old.createdAt };
    this.feedback.set(key, stored);
    return stored;
  }

  async page(
    accountId: string,
    options: { after: FeedbackPosition | null; since: Date | null; limit: number },
  ): Promise<FeedbackRecord[]> {
    const { after, since } = options;
    return [...this.feedback.values()]
      .filter((f) => f.accountId === accountId)
      .filter((f) => since === null || f.updatedAt >= since)
      .filter((f) => after === null || oldestChangeFirst(after, f) < 0)
      .sort(oldestChangeFirst)
      .slice(0, options.limit);
  }

  async settings(accountId: string): Promise<AccountFeedbackSettings> {
    return this.shared.get(accountId) ?? { shareAsCommunityReports: false };
  }

  async setSettings(accountId: string, settings: AccountFeedbackSettings): Promise<AccountFeedbackSettings> {
    this.shared.set(accountId, { ...settings });
    return { ...settings };
  }
}

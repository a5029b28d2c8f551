import type { Verdict } from "../schemas/common.js";
import type { FeedbackKind } from "../schemas/feedback.js";

/** What an account was told about one result: enough to label it later, never the message itself. */
export interface ResultReceipt {
  readonly accountId: string;
  readonly resultId: string;
  readonly channel: string;
  /** The URL or E.164 number looked up; null for content (messages, documents, images). */
  readonly subject: string | null;
  readonly verdict: Verdict;
  readonly riskScore: number;
  /** Factor ids, largest first. */
  readonly rules: readonly string[];
  readonly testMode: boolean;
  readonly receivedAt: Date;
}

export interface FeedbackRecord {
  readonly id: string;
  readonly accountId: string;
  readonly resultId: string;
  readonly kind: FeedbackKind;
  readonly comment: string | null;
  readonly channel: string;
  readonly subject: string | null;
  readonly verdict: Verdict;
  readonly riskScore: number;
  readonly rules: readonly string[];
  readonly testMode: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Where a page of feedback starts: after this (updatedAt, id), oldest first. */
export interface FeedbackPosition {
  readonly updatedAt: Date;
  readonly id: string;
}

export interface AccountFeedbackSettings {
  readonly shareAsCommunityReports: boolean;
}

/** Receipts of the results accounts received, their feedback on them, and their feedback settings. */
export interface FeedbackStore {
  /**
   * Keeps (or replaces) what the account was told about the result: one receipt per account and result id, the
   * latest wins. Idempotent.
   */
  recordReceipt(receipt: ResultReceipt): Promise<void>;
  /** The account's receipt of that result; null when the account never received it (or it was purged). */
  receipt(accountId: string, resultId: string): Promise<ResultReceipt | null>;
  /** Deletes receipts received before `before`; returns how many. */
  purgeReceipts(before: Date): Promise<number>;
  /**
   * Stores the feedback, or replaces the account's earlier feedback on the same result (keeping that one's id and
   * createdAt); returns the stored record. Idempotent.
   */
  upsert(feedback: FeedbackRecord): Promise<FeedbackRecord>;
  /** Up to `limit` of the account's feedback, oldest change first (updatedAt, then id), after `after`. */
  page(
    accountId: string,
    options: { readonly after: FeedbackPosition | null; readonly since: Date | null; readonly limit: number },
  ): Promise<FeedbackRecord[]>;
  /** The account's settings; the defaults (nothing shared) when it never set them. */
  settings(accountId: string): Promise<AccountFeedbackSettings>;
  setSettings(accountId: string, settings: AccountFeedbackSettings, now: Date): Promise<AccountFeedbackSettings>;
}

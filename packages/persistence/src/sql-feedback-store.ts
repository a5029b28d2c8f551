// FeedbackStore on result_receipts, result_feedback and account_feedback_settings. A receipt and a feedback are
// each one row per account and result (ON CONFLICT ... DO UPDATE: the latest wins, the feedback keeping its id).
import type {
  AccountFeedbackSettings,
  FeedbackKind,
  FeedbackPosition,
  FeedbackRecord,
  FeedbackStore,
  ResultReceipt,
  Verdict,
} from "@scamverify/core";
import type { Db } from "./db.js";

interface ReceiptRow {
  account_id: string;
  result_id: string;
  channel: string;
  subject: string | null;
  verdict: Verdict;
  risk_score: number;
  rules: string[];
  test_mode: boolean;
  received_at: Date;
}

interface FeedbackRow {
  id: string;
  account_id: string;
  result_id: string;
  kind: FeedbackKind;
  comment: string | null;
  channel: string;
  subject: string | null;
  verdict: Verdict;
  risk_score: number;
  rules: string[];
  test_mode: boolean;
  created_at: Date;
  updated_at: Date;
}

const FEEDBACK_COLUMNS =
  "id, account_id, result_id, kind, comment, channel, subject, verdict, risk_score, rules, test_mode, created_at, updated_at";

function fromFeedbackRow(r: FeedbackRow): FeedbackRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    resultId: r.result_id,
    kind: r.kind,
    comment: r.comment,
    channel: r.channel,
    subject: r.subject,
    verdict: r.verdict,
    riskScore: r.risk_score,
    rules: r.rules,
    testMode: r.test_mode,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

export class SqlFeedbackStore implements FeedbackStore {
  constructor(private readonly db: Db) {}

  async recordReceipt(r: ResultReceipt): Promise<void> {
    await this.db.query(
      `INSERT INTO result_receipts (account_id, result_id, channel, subject, verdict, risk_score, rules, test_mode, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
       ON CONFLICT (account_id, result_id) DO UPDATE SET channel = EXCLUDED.channel, subject = EXCLUDED.subject,
         verdict = EXCLUDED.verdict, risk_score = EXCLUDED.risk_score, rules = EXCLUDED.rules,
         test_mode = EXCLUDED.test_mode, received_at = EXCLUDED.received_at`,
      [
        r.accountId,
        r.resultId,
        r.channel,
        r.subject,
        r.verdict,
        r.riskScore,
        JSON.stringify(r.rules),
        r.testMode,
        r.receivedAt,
      ],
    );
  }

  async receipt(accountId: string, resultId: string): Promise<ResultReceipt | null> {
    const { rows } = await this.db.query<ReceiptRow>(
      `SELECT account_id, result_id, channel, subject, verdict, risk_score, rules, test_mode, received_at
       FROM result_receipts WHERE account_id = $1 AND result_id = $2`,
      [accountId, resultId],
    );
    const r = rows[0];
    if (r === undefined) return null;
    return {
      accountId: r.account_id,
      resultId: r.result_id,
      channel: r.channel,
      subject: r.subject,
      verdict: r.verdict,
      riskScore: r.risk_score,
      rules: r.rules,
      testMode: r.test_mode,
      receivedAt: new Date(r.received_at),
    };
  }

  async purgeReceipts(before: Date): Promise<number> {
    const { rowCount } = await this.db.query("DELETE FROM result_receipts WHERE received_at < $1", [before]);
    return rowCount;
  }

  async upsert(f: FeedbackRecord): Promise<FeedbackRecord> {
    const { rows } = await this.db.query<FeedbackRow>(
      `INSERT INTO result_feedback (${FEEDBACK_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13)
       ON CONFLICT (account_id, result_id) DO UPDATE SET kind = EXCLUDED.kind, comment = EXCLUDED.comment,
         channel = EXCLUDED.channel, subject = EXCLUDED.subject, verdict = EXCLUDED.verdict,
         risk_score = EXCLUDED.risk_score, rules = EXCLUDED.rules, test_mode = EXCLUDED.test_mode,
         updated_at = EXCLUDED.updated_at
       RETURNING ${FEEDBACK_COLUMNS}`,
      [
        f.id,
        f.accountId,
        f.resultId,
        f.kind,
        f.comment,
        f.channel,
        f.subject,
        f.verdict,
        f.riskScore,
        JSON.stringify(f.rules),
        f.testMode,
        f.createdAt,
        f.updatedAt,
      ],
    );
    return fromFeedbackRow(rows[0] as FeedbackRow);
  }

  async page(
    accountId: string,
    options: { after: FeedbackPosition | null; since: Date | null; limit: number },
  ): Promise<FeedbackRecord[]> {
    const { after, since } = options;
    const { rows } = await this.db.query<FeedbackRow>(
      `SELECT ${FEEDBACK_COLUMNS} FROM result_feedback
       WHERE account_id = $1
         AND ($2::timestamptz IS NULL OR (updated_at, id) > ($2::timestamptz, $3::text))
         AND ($4::timestamptz IS NULL OR updated_at >= $4::timestamptz)
       ORDER BY updated_at, id LIMIT $5`,
      [accountId, after?.updatedAt ?? null, after?.id ?? "", since, options.limit],
    );
    return rows.map(fromFeedbackRow);
  }

  async settings(accountId: string): Promise<AccountFeedbackSettings> {
    const { rows } = await this.db.query<{ share: boolean }>(
      "SELECT share_as_community_reports AS share FROM account_feedback_settings WHERE account_id = $1",
      [accountId],
    );
    return { shareAsCommunityReports: rows[0]?.share ?? false };
  }

  async setSettings(accountId: string, s: AccountFeedbackSettings, now: Date): Promise<AccountFeedbackSettings> {
    await this.db.query(
      `INSERT INTO account_feedback_settings (account_id, share_as_community_reports, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (account_id) DO UPDATE SET share_as_community_reports = EXCLUDED.share_as_community_reports,
         updated_at = EXCLUDED.updated_at`,
      [accountId, s.shareAsCommunityReports, now],
    );
    return { shareAsCommunityReports: s.shareAsCommunityReports };
  }
}

// Feedback on results: an account labels a result it received (false_positive, false_negative, comment), looked up
// by its receipt (usecases/mechanics/account-views.ts), so another account's result id is not found. The latest label
// on a result replaces the earlier one. The export is JSON Lines for retraining: the result's verdict, score and
// rules beside the label, never message content. An account that opted in shares its false negatives on URL and
// phone results as community reports (the report mechanism's own rule: one per account, value and UTC day).
import { err, ok, type Result } from "neverthrow";
import { appError, type AppError } from "../errors.js";
import type { FeedbackRecord } from "../ports/feedback-store.js";
import {
  FeedbackExportQuerySchema,
  FeedbackRequestSchema,
  FeedbackSettingsSchema,
  RECEIPT_TTL_MS,
  type Feedback,
  type FeedbackExportLine,
  type FeedbackSettings,
  type FeedbackWrite,
} from "../schemas/feedback.js";
import { DEFAULT_LIST_PAGE, MAX_LIST_PAGE } from "../schemas/lists.js";
import type { Principal } from "./deps.js";
import { guardStore } from "./guard-store.js";
import type { Kernel, Outcome } from "./kernel.js";
import { decodeCursor, encodeCursor } from "./lists.js";
import { parseBody } from "./parse-body.js";

type R<T> = Promise<Result<T, AppError>>;

const EXPORT_PAGE = 500;

/** The community report category of a channel's false negative. */
const REPORT_CATEGORY: Readonly<Record<string, string>> = { url: "phishing", phone: "scam_call" };

export function toFeedback(f: FeedbackRecord): Feedback {
  return {
    id: f.id,
    result_id: f.resultId,
    kind: f.kind,
    comment: f.comment,
    channel: f.channel,
    subject: f.subject,
    verdict: f.verdict,
    risk_score: f.riskScore,
    rules: [...f.rules],
    test_mode: f.testMode,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

function exportLine(f: FeedbackRecord): FeedbackExportLine {
  const { id: _id, ...line } = toFeedback(f);
  void _id;
  return line;
}

export interface FeedbackPage {
  readonly feedback: Feedback[];
  readonly next_cursor: string | null;
}

export const feedbackVerbs = {
  async submit(k: Kernel, p: Principal, body: unknown): R<Outcome<FeedbackWrite>> {
    const input = parseBody(FeedbackRequestSchema, body);
    if (input.isErr()) return err(input.error);
    const any = p.scopes[0];
    if (any === undefined) return err(appError("insufficient_scope", "This token has no scope."));
    const limited = await k.admit(p, any, "api");
    if (limited.isErr()) return err(limited.error);
    const { result_id, kind, comment } = input.value;
    return guardStore(async (): R<Outcome<FeedbackWrite>> => {
      const now = k.now();
      const receipt = await k.feedback.receipt(p.accountId, result_id);
      if (receipt === null || now.getTime() - receipt.receivedAt.getTime() > RECEIPT_TTL_MS)
        return err(
          appError(
            "not_found",
            `This account received no result ${result_id} in the last 30 days (results can be labelled for 30 days).`,
          ),
        );
      const def = k.registry.get(receipt.channel);
      if (def !== undefined && !p.scopes.includes(def.scope))
        return err(
          appError("insufficient_scope", `Feedback on a ${receipt.channel} result needs the scope ${def.scope}.`, {
            details: { required_scope: def.scope },
          }),
        );
      const stored = await k.feedback.upsert({
        id: k.deps.ids.uuid(),
        accountId: p.accountId,
        resultId: result_id,
        kind,
        comment: comment === undefined || comment.trim() === "" ? null : comment.trim(),
        channel: receipt.channel,
        subject: receipt.subject,
        verdict: receipt.verdict,
        riskScore: receipt.riskScore,
        rules: receipt.rules,
        testMode: receipt.testMode,
        createdAt: now,
        updatedAt: now,
      });
      let report: FeedbackWrite["community_report"] = null;
      const reportable = def?.reportable;
      const shares =
        kind === "false_negative" &&
        p.mode === "live" &&
        !receipt.testMode &&
        receipt.subject !== null &&
        reportable !== undefined &&
        (await k.feedback.settings(p.accountId)).shareAsCommunityReports;
      if (shares) {
        const value = reportable.normalize(receipt.subject!);
        if (value.isOk()) {
          const { counted } = await k.deps.reports.add({
            id: k.deps.ids.uuid(),
            accountId: p.accountId,
            kind: receipt.channel,
            value: value.value,
            category: REPORT_CATEGORY[receipt.channel] ?? "other",
            comment: null,
            day: now.toISOString().slice(0, 10),
            createdAt: now,
          });
          report = { counted, community_reports: await k.deps.reports.count(receipt.channel, value.value) };
        }
      }
      return ok({
        value: { ...toFeedback(stored), community_report: report },
        meta: { rateLimit: limited.value },
      });
    });
  },

  /** JSON Lines of the account's feedback on results of the channels its scopes cover, oldest change first. */
  async export(k: Kernel, p: Principal, query: unknown): R<Outcome<AsyncIterable<FeedbackExportLine>>> {
    const q = parseBody(FeedbackExportQuerySchema, query);
    if (q.isErr()) return err(q.error);
    const any = p.scopes[0];
    if (any === undefined) return err(appError("insufficient_scope", "This token has no scope."));
    const limited = await k.admit(p, any, "api");
    if (limited.isErr()) return err(limited.error);
    const channels = new Set(k.registry.channels.filter((c) => p.scopes.includes(c.scope)).map((c) => c.id));
    const since = q.value.since === undefined ? null : new Date(q.value.since);
    // The first page is read now, so a store that is down answers an error instead of an empty export.
    const first = await guardStore(async () =>
      ok(await k.feedback.page(p.accountId, { after: null, since, limit: EXPORT_PAGE })),
    );
    if (first.isErr()) return err(first.error);
    const firstPage = first.value;
    async function* lines(): AsyncIterable<FeedbackExportLine> {
      let page = firstPage;
      for (;;) {
        for (const f of page) if (channels.has(f.channel)) yield exportLine(f);
        const last = page[page.length - 1];
        if (page.length < EXPORT_PAGE || last === undefined) return;
        page = await k.feedback.page(p.accountId, {
          after: { updatedAt: last.updatedAt, id: last.id },
          since,
          limit: EXPORT_PAGE,
        });
      }
    }
    return ok({ value: lines(), meta: { rateLimit: limited.value } });
  },
};

/** The dashboard's verbs: the signed-in account's feedback and settings. */
export const accountFeedbackVerbs = {
  async page(k: Kernel, accountId: string, query: { cursor?: string; limit?: number }): R<FeedbackPage> {
    const cursor = decodeCursor(query.cursor);
    if (cursor.isErr()) return err(cursor.error);
    const limit = Math.max(1, Math.min(MAX_LIST_PAGE, query.limit ?? DEFAULT_LIST_PAGE));
    return guardStore(async () => {
      const after = cursor.value === null ? null : { updatedAt: cursor.value.at, id: cursor.value.id };
      const rows = await k.feedback.page(accountId, { after, since: null, limit: limit + 1 });
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return ok({
        feedback: shown.map(toFeedback),
        next_cursor: rows.length > limit && last !== undefined ? encodeCursor(last.updatedAt, last.id) : null,
      });
    });
  },

  async settings(k: Kernel, accountId: string): R<FeedbackSettings> {
    return guardStore(async () => {
      const s = await k.feedback.settings(accountId);
      return ok({ share_as_community_reports: s.shareAsCommunityReports });
    });
  },

  async setSettings(k: Kernel, accountId: string, body: unknown): R<FeedbackSettings> {
    const input = parseBody(FeedbackSettingsSchema, body);
    if (input.isErr()) return err(input.error);
    return guardStore(async () => {
      const s = await k.feedback.setSettings(
        accountId,
        { shareAsCommunityReports: input.value.share_as_community_reports },
        k.now(),
      );
      return ok({ share_as_community_reports: s.shareAsCommunityReports });
    });
  },
};

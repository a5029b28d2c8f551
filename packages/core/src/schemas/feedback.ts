import { z } from "zod";
import { VerdictSchema } from "./common.js";

export const FEEDBACK_KINDS = ["false_positive", "false_negative", "comment"] as const;
export const FeedbackKindSchema = z.enum(FEEDBACK_KINDS).meta({
  id: "FeedbackKind",
  description:
    "false_positive: the result called a harmless item risky; false_negative: it missed a scam; comment: a remark only",
});
export type FeedbackKind = z.infer<typeof FeedbackKindSchema>;

const noNul = (s: string): boolean => !s.includes("\u0000");

export const FeedbackRequestSchema = z
  .object({
    result_id: z.uuid().describe("The id of a result this account received"),
    kind: FeedbackKindSchema,
    comment: z.string().max(2000).refine(noNul, { message: "must not contain the NUL character" }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === "comment" && (v.comment === undefined || v.comment.trim() === ""))
      ctx.addIssue({ code: "custom", path: ["comment"], message: "a comment is required when kind is comment" });
  })
  .meta({ id: "FeedbackRequest" });
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

const RULES = z.array(z.string()).describe("Ids of the findings that moved the score (factor ids), largest first");

export const FeedbackSchema = z
  .object({
    id: z.string(),
    result_id: z.string(),
    kind: FeedbackKindSchema,
    comment: z.string().nullable(),
    channel: z.string().describe("The channel of the result"),
    subject: z
      .string()
      .nullable()
      .describe(
        "The URL or E.164 number looked up; null for messages, documents and images (their content is never kept)",
      ),
    verdict: VerdictSchema.describe("The verdict the account received"),
    risk_score: z.number().int().min(0).max(100),
    rules: RULES,
    test_mode: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({
    id: "Feedback",
    description: "An account's label on a result it received; a later label on the same result replaces it",
  });
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackWriteSchema = FeedbackSchema.extend({
  community_report: z
    .object({
      counted: z.boolean(),
      community_reports: z.number().int(),
    })
    .nullable()
    .describe(
      "Set when the account shares false negatives as community reports (a URL's site or a phone number, live keys): whether this one counted (one per account, value and UTC day) and the value's count",
    ),
}).meta({ id: "FeedbackWrite" });
export type FeedbackWrite = z.infer<typeof FeedbackWriteSchema>;

export const FeedbackExportQuerySchema = z
  .object({
    since: z.iso.datetime({ offset: true }).optional().describe("Only feedback given or changed at or after this time"),
  })
  .strict()
  .meta({ id: "FeedbackExportQuery" });

/** One line of the JSON Lines export: the label beside what the engine said. */
export const FeedbackExportLineSchema = FeedbackSchema.omit({ id: true }).meta({
  id: "FeedbackExportLine",
  description:
    "One label for retraining: the result's verdict, score and rules beside the account's label; no message content",
});
export type FeedbackExportLine = z.infer<typeof FeedbackExportLineSchema>;

export const FeedbackSettingsSchema = z
  .object({
    share_as_community_reports: z
      .boolean()
      .describe("A false_negative on a URL or phone result also counts as a community report of that site or number"),
  })
  .meta({ id: "FeedbackSettings" });
export type FeedbackSettings = z.infer<typeof FeedbackSettingsSchema>;

/** How long after a lookup its result can be labelled (the account's receipts of results are kept that long). */
export const RECEIPT_TTL_MS = 30 * 86_400_000;

import { z } from "zod";
import { DEFAULT_REGISTRY } from "../channels/registry.js";

/** The channels whose values can be reported: derived from the channel registry (url, phone). */
export const REPORT_KINDS = DEFAULT_REGISTRY.reportKinds as readonly [string, ...string[]];
const ReportKindSchema = z.enum(REPORT_KINDS).describe("The channel of the reported value");

export const REPORT_CATEGORIES = [
  "phishing",
  "scam_call",
  "robocall",
  "smishing",
  "malware",
  "fraud",
  "spam",
  "other",
] as const;

/** PostgreSQL text refuses U+0000; refused here, as the caller's mistake, before it reaches a store. */
const noNul = (s: string): boolean => !s.includes("\u0000");

export const ReportRequestSchema = z
  .strictObject({
    kind: ReportKindSchema,
    value: z
      .string()
      .min(1)
      .max(2048)
      .refine(noNul, { message: "must not contain the NUL character" })
      .describe("The URL or phone number being reported"),
    category: z.enum(REPORT_CATEGORIES),
    comment: z.string().max(1000).refine(noNul, { message: "must not contain the NUL character" }).optional(),
  })
  .meta({ id: "ReportRequest" });
export type ReportRequest = z.infer<typeof ReportRequestSchema>;

export const ReportResultSchema = z
  .object({
    id: z.string(),
    kind: ReportKindSchema,
    value: z.string().describe("The normalized value the report counts against"),
    category: z.enum(REPORT_CATEGORIES),
    counted: z.boolean().describe("Whether the report was added to community_reports; not_counted_reason says why not"),
    not_counted_reason: z
      .enum(["already_reported_today", "test_key"])
      .optional()
      .describe(
        "Present when counted is false: this account already reported this value today, or the report was made with a test key (sv_test_), which never changes community data",
      ),
    community_reports: z.number().int().describe("Counted reports for this value"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "ReportResult" });
export type ReportResult = z.infer<typeof ReportResultSchema>;

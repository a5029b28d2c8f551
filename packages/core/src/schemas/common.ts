import { z } from "zod";

export const VERDICTS = ["safe", "low_risk", "medium_risk", "high_risk", "scam"] as const;
export const VerdictSchema = z.enum(VERDICTS).meta({
  id: "Verdict",
  description:
    "safe (0-19), low_risk (20-39), medium_risk (40-64), high_risk (65-84), scam (85-100). The service never emits critical or dangerous.",
});
export type Verdict = z.infer<typeof VerdictSchema>;

export const FactorSchema = z
  .object({
    id: z.string().describe("Stable machine name of the finding, e.g. brand_typosquat"),
    source: z.string().describe("The analyzer or data source that produced it"),
    label: z.string().describe("Plain-English statement of the finding"),
    points: z.number().describe("Contribution to the score: positive raises risk, negative is evidence of legitimacy"),
  })
  .meta({ id: "Factor", description: "One piece of evidence that moved the score" });
export type Factor = z.infer<typeof FactorSchema>;

export const SourceStatusSchema = z
  .object({
    name: z.string(),
    status: z.enum(["ok", "unavailable", "skipped"]),
    reason: z.string().optional(),
    until: z.iso
      .datetime()
      .optional()
      .describe(
        "Set while the source has switched itself off (status unavailable): when it tries again (ISO 8601 UTC)",
      ),
  })
  .meta({
    id: "SourceStatus",
    description:
      "ok: answered (listed or not); unavailable: failed, timed out or paused (lowers confidence, never counts as a clean answer); skipped: not configured or not applicable",
  });
export type SourceStatus = z.infer<typeof SourceStatusSchema>;

export const RiskAssessmentShape = {
  id: z.uuid().describe("Identifier of the result"),
  risk_score: z.number().int().min(0).max(100).describe("0 = safe, 100 = confirmed scam"),
  verdict: VerdictSchema,
  confidence: z.number().min(0).max(1).describe("How much evidence stands behind the verdict"),
  explanation: z.string().describe("Plain-English assessment naming the main reasons"),
  factors: z.array(FactorSchema).describe("Every finding that moved the score, largest first"),
  sources_checked: z.array(z.string()).describe("Sources that answered"),
  sources: z.array(SourceStatusSchema).describe("Every source consulted and how it answered"),
  cached: z.boolean().describe("true when served from the 24-hour cache"),
  cache_expires_at: z.iso.datetime().describe("When the cached assessment expires (ISO 8601 UTC)"),
  created_at: z.iso.datetime().describe("When the assessment was computed (ISO 8601 UTC)"),
  test_mode: z.boolean().describe("true for results served to sv_test_ keys: deterministic mock data"),
} as const;

/** The fields a channel's result opens with: what it is and how risky. */
export const ResultHeadShape = {
  id: RiskAssessmentShape.id,
  risk_score: RiskAssessmentShape.risk_score,
  verdict: RiskAssessmentShape.verdict,
  confidence: RiskAssessmentShape.confidence,
  explanation: RiskAssessmentShape.explanation,
} as const;

/** The fields a channel's result closes with: the evidence, its sources and the cache. */
export const ResultTailShape = {
  factors: RiskAssessmentShape.factors,
  sources_checked: RiskAssessmentShape.sources_checked,
  sources: RiskAssessmentShape.sources,
  cached: RiskAssessmentShape.cached,
  cache_expires_at: RiskAssessmentShape.cache_expires_at,
  created_at: RiskAssessmentShape.created_at,
  test_mode: RiskAssessmentShape.test_mode,
} as const;

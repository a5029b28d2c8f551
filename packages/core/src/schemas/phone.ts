import { z } from "zod";
import { ResultTailShape, RiskAssessmentShape } from "./common.js";

export const PhoneLookupRequestSchema = z
  .strictObject({
    phone_number: z
      .string()
      .min(1)
      .max(64)
      .describe('U.S. number in E.164 or a common format: "+14155552671", "(415) 555-2671", "1-415-555-2671 x12"'),
    force_refresh: z.boolean().optional().default(false).describe("Bypass the cache; counts toward quota"),
  })
  .meta({ id: "PhoneLookupRequest" });
export type PhoneLookupRequest = z.input<typeof PhoneLookupRequestSchema>;

export const PhoneSignalsSchema = z
  .object({
    carrier: z.string().nullable(),
    line_type: z.string().nullable().describe("mobile, landline, fixedVoip, nonFixedVoip, tollFree, premium, ..."),
    caller_name: z.string().nullable(),
    ftc_complaints: z.number().int().nullable().describe("null: the FTC registry is not loaded"),
    fcc_complaints: z.number().int().nullable().describe("null: the FCC registry is not loaded"),
    robocall_detected: z.boolean().nullable(),
    first_reported_at: z.string().nullable(),
    last_reported_at: z.string().nullable(),
    top_subjects: z.array(z.string()),
    high_risk_carrier: z.boolean().nullable(),
    vendor4_fraud_score: z.number().nullable(),
    number_type: z.string().describe("geographic, toll_free, premium, shared_cost, personal, n11, fictional, ..."),
    region: z.string().nullable().describe("U.S. state or NANP country of the area code"),
    community_reports: z.number().int(),
  })
  .meta({ id: "PhoneSignals", description: "null means the source was not available for this lookup" });
export type PhoneSignals = z.infer<typeof PhoneSignalsSchema>;

export const PhoneLookupResultSchema = z
  .object({
    id: RiskAssessmentShape.id,
    phone_number: z.string().describe("The number in E.164"),
    national_format: z.string(),
    extension: z.string().nullable(),
    risk_score: RiskAssessmentShape.risk_score,
    verdict: RiskAssessmentShape.verdict,
    confidence: RiskAssessmentShape.confidence,
    explanation: RiskAssessmentShape.explanation,
    signals: PhoneSignalsSchema,
    ...ResultTailShape,
  })
  .meta({ id: "PhoneLookupResult" });
export type PhoneLookupResult = z.infer<typeof PhoneLookupResultSchema>;

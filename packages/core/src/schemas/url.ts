import { z } from "zod";
import { ResultTailShape, RiskAssessmentShape } from "./common.js";

export const MAX_URL_LENGTH = 2048;

export const UrlLookupRequestSchema = z
  .strictObject({
    url: z.string().min(1).max(MAX_URL_LENGTH).describe("The URL to check; scheme optional, IDN or punycode"),
    force_refresh: z.boolean().optional().default(false).describe("Bypass the cache; counts toward quota"),
  })
  .meta({ id: "UrlLookupRequest" });
export type UrlLookupRequest = z.input<typeof UrlLookupRequestSchema>;

export const BrandImpersonationSchema = z
  .object({
    detected: z.boolean(),
    brand: z.string().nullable(),
    confidence: z.number().min(0).max(1),
    technique: z.string().nullable().describe("typosquat, homoglyph, brand_in_subdomain, brand_in_path, ..."),
  })
  .meta({ id: "BrandImpersonation" });

export const UrlSignalsSchema = z
  .object({
    domain_age_days: z.number().int().nullable(),
    registrar: z.string().nullable(),
    ssl_issuer: z.string().nullable(),
    ssl_age_days: z.number().int().nullable(),
    redirect_count: z.number().int().nullable(),
    final_url: z.string().nullable(),
    brand_impersonation: BrandImpersonationSchema,
    vendor1_web_risk: z.string().nullable().describe("Threat class from the web-risk service, e.g. SOCIAL_ENGINEERING"),
    vendor2_listed: z.boolean().nullable().describe("Listed by the malware URL database (null: not checked)"),
    vendor3_listed: z.boolean().nullable().describe("Listed by the threat indicator database (null: not checked)"),
    vendor4_risk_score: z.number().nullable(),
    phishing_feed_listed: z.boolean().nullable(),
    community_reports: z.number().int(),
  })
  .meta({ id: "UrlSignals", description: "null means the source was not available for this lookup" });
export type UrlSignals = z.infer<typeof UrlSignalsSchema>;

export const UrlLookupResultSchema = z
  .object({
    id: RiskAssessmentShape.id,
    url: z.string().describe("The normalized URL checked"),
    domain: z.string().describe("Host of the URL (Unicode form)"),
    registrable_domain: z.string().nullable().describe("Public-suffix aware registrable domain"),
    risk_score: RiskAssessmentShape.risk_score,
    verdict: RiskAssessmentShape.verdict,
    confidence: RiskAssessmentShape.confidence,
    explanation: RiskAssessmentShape.explanation,
    signals: UrlSignalsSchema,
    ...ResultTailShape,
  })
  .meta({ id: "UrlLookupResult" });
export type UrlLookupResult = z.infer<typeof UrlLookupResultSchema>;

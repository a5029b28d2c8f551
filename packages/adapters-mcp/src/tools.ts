// The MCP tools: one per engine channel, each with the scope it needs, the core's zod request schema as its input
// schema, and a one-line summary for the text content beside the structured result.
import {
  BatchPhoneRequestSchema,
  BatchUrlRequestSchema,
  PhoneLookupRequestSchema,
  ReportRequestSchema,
  UrlLookupRequestSchema,
  type AppError,
  type Engine,
  type Principal,
  type Scope,
} from "@scamverify/core";
import type { Result } from "neverthrow";
import { z, type ZodType } from "zod";

/** The part of the engine the tools call; a remote client (CLI --api-url) can stand in for it. */
export type McpEngine = Pick<Engine, "lookupUrl" | "lookupPhone" | "batchUrl" | "batchPhone" | "usage" | "report">;

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema?: ZodType;
  /** The scope a call needs, from its arguments (a report needs the scope of the kind it reports). */
  requiredScope(args: Record<string, unknown>): Scope;
  /** Every scope the tool can need, for the scope challenge advertised before a call. */
  readonly scopes: readonly Scope[];
  readonly readOnly: boolean;
  call(
    engine: McpEngine,
    principal: Principal,
    args: Record<string, unknown>,
  ): Promise<Result<{ value: unknown }, AppError>>;
  summarize(value: unknown): string;
}

interface Assessed {
  risk_score?: number;
  verdict?: string;
  confidence?: number;
  explanation?: string;
  cached?: boolean;
}

function assessment(subject: string, v: Assessed): string {
  const cached = v.cached ? ", cached" : "";
  return `${subject}: ${v.verdict ?? "unknown"} (risk ${v.risk_score ?? "?"}/100, confidence ${v.confidence ?? "?"}${cached}). ${v.explanation ?? ""}`.trim();
}

interface BatchLike {
  summary?: {
    total?: number;
    succeeded?: number;
    failed?: number;
    high_risk?: number;
    medium_risk?: number;
    low_risk?: number;
  };
}

function batchSummary(kind: string, v: BatchLike): string {
  const s = v.summary ?? {};
  return `Checked ${s.total ?? "?"} ${kind}: ${s.succeeded ?? "?"} succeeded, ${s.failed ?? 0} failed; ${s.high_risk ?? 0} high risk, ${s.medium_risk ?? 0} medium risk, ${s.low_risk ?? 0} low risk.`;
}

/**
 * The core schemas carry an OpenAPI component id, which the SDK's JSON Schema output turns into a top-level $ref;
 * MCP wants `type: "object"` at the top, so tools advertise a fresh object over the same field schemas. Cross-field
 * rules (exactly one of urls or items) are still enforced: the engine validates every call with the full schema.
 */
function inline(schema: z.ZodObject): z.ZodObject {
  return z.object(schema.shape);
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: "check_url",
    title: "Check a URL",
    description:
      "Assess how likely a URL or website is to be a scam, phishing or malware page. Returns a 0-100 risk score, a verdict (safe, low_risk, medium_risk, high_risk, scam), a confidence and the findings behind them. Counts 1 URL lookup against the quota unless cached.",
    inputSchema: inline(UrlLookupRequestSchema),
    scopes: ["url:lookup"],
    requiredScope: () => "url:lookup",
    readOnly: true,
    call: (e, p, a) => e.lookupUrl(p, a),
    summarize: (v) => assessment((v as { url?: string }).url ?? "URL", v as Assessed),
  },
  {
    name: "check_phone",
    title: "Check a phone number",
    description:
      "Assess how likely a U.S. phone number is to belong to a scammer or robocaller (complaints, carrier and line type, community reports). Counts 1 phone lookup against the quota unless cached.",
    inputSchema: inline(PhoneLookupRequestSchema),
    scopes: ["phone:lookup"],
    requiredScope: () => "phone:lookup",
    readOnly: true,
    call: (e, p, a) => e.lookupPhone(p, a),
    summarize: (v) => assessment((v as { phone_number?: string }).phone_number ?? "Phone number", v as Assessed),
  },
  {
    name: "check_urls_batch",
    title: "Check up to 100 URLs",
    description:
      "Assess up to 100 URLs in one call (send urls as an array of strings). Each successful non-cached item counts 1 URL lookup; items beyond the remaining quota come back as errors.",
    inputSchema: inline(BatchUrlRequestSchema),
    scopes: ["url:lookup"],
    requiredScope: () => "url:lookup",
    readOnly: true,
    call: (e, p, a) => e.batchUrl(p, a),
    summarize: (v) => batchSummary("URLs", v as BatchLike),
  },
  {
    name: "check_phones_batch",
    title: "Check up to 100 phone numbers",
    description:
      "Assess up to 100 U.S. phone numbers in one call (send phone_numbers as an array of strings). Each successful non-cached item counts 1 phone lookup.",
    inputSchema: inline(BatchPhoneRequestSchema),
    scopes: ["phone:lookup"],
    requiredScope: () => "phone:lookup",
    readOnly: true,
    call: (e, p, a) => e.batchPhone(p, a),
    summarize: (v) => batchSummary("phone numbers", v as BatchLike),
  },
  {
    name: "get_usage",
    title: "Show usage and quota",
    description: "Show the account's plan, billing period, and used and remaining lookups per channel this period.",
    scopes: ["usage:read"],
    requiredScope: () => "usage:read",
    readOnly: true,
    call: (e, p) => e.usage(p),
    summarize: (v) => {
      const u = v as { plan?: string; quotas?: Record<string, { used?: number; limit?: number }> };
      const parts = Object.entries(u.quotas ?? {}).map(([k, q]) => `${k} ${q.used ?? 0}/${q.limit ?? 0}`);
      return `Plan ${u.plan ?? "unknown"}: ${parts.join(", ")}.`;
    },
  },
  {
    name: "report_scam",
    title: "Report a scam URL or phone number",
    description:
      "Report a URL or phone number as a scam to the community database (one counted report per account, value and day). Needs url:lookup for URLs and phone:lookup for phone numbers.",
    inputSchema: inline(ReportRequestSchema),
    scopes: ["url:lookup", "phone:lookup"],
    requiredScope: (a) => (a["kind"] === "phone" ? "phone:lookup" : "url:lookup"),
    readOnly: false,
    call: (e, p, a) => e.report(p, a),
    summarize: (v) => {
      const r = v as { value?: string; counted?: boolean; community_reports?: number };
      return `${r.counted ? "Report counted" : "Already reported today"} for ${r.value ?? "the value"}; ${r.community_reports ?? 0} community reports in total.`;
    },
  },
];

export function findTool(name: string): ToolDefinition | undefined {
  return TOOLS.find((t) => t.name === name);
}

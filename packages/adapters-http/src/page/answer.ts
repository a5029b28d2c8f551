// The answer the page shows, reduced from a channel's result to what a person needs: the verdict, the findings, the
// sources, the scam type and the links and numbers found (for reports and as evidence). It never holds the message
// itself, so it can travel in a signed form field and be kept behind a share link.
import { z } from "zod";
import { DEFAULT_REGISTRY, VERDICTS, type ChannelId, type Verdict } from "@scamverify/core";
import type { VerdictState } from "./i18n.js";

/** How the page read what it was given (the engine's channel is in `channel`). */
export const READ_AS = [
  "url",
  "phone",
  "address",
  "eml",
  "email_text",
  "sms",
  "screenshot",
  "document",
  "qr",
  "email_file",
] as const;
export type ReadAs = (typeof READ_AS)[number];

/** The engine's channels, from its registry. */
const CHANNEL_IDS = DEFAULT_REGISTRY.channels.map((c) => c.id) as [ChannelId, ...ChannelId[]];

const MAX_FACTORS = 14;
const MAX_REPORTABLE = 6;

export const PageAnswerSchema = z.object({
  v: z.literal(1),
  channel: z.enum(CHANNEL_IDS),
  read_as: z.enum(READ_AS),
  verdict: z.enum(VERDICTS),
  risk_score: z.number().int().min(0).max(100),
  confidence: z.number().min(0).max(1),
  scam_type: z.string().max(64).nullable(),
  factors: z
    .array(z.object({ id: z.string().max(80), label: z.string().max(600), points: z.number() }))
    .max(MAX_FACTORS),
  sources: z
    .array(
      z.object({
        name: z.string().max(80),
        status: z.enum(["ok", "unavailable", "skipped"]),
        reason: z.string().max(300).optional(),
      }),
    )
    .max(40),
  /** The value checked, for a link, a number or an address (the subject, not a message). */
  subject: z.string().max(2100).nullable(),
  /** Links and numbers found, normalized, that a community report may name. */
  reportable: z.array(z.object({ kind: z.enum(["url", "phone"]), value: z.string().max(2100) })).max(MAX_REPORTABLE),
  /** The AI model's explanation when one wrote it (the rules' own repeats the findings), else empty. */
  explanation: z.string().max(4000),
  created_at: z.string().max(40),
});
export type PageAnswer = z.infer<typeof PageAnswerSchema>;

interface Factor {
  readonly id: string;
  readonly label: string;
  readonly points: number;
}
interface EngineResultLike {
  readonly verdict: Verdict;
  readonly risk_score: number;
  readonly confidence: number;
  readonly explanation: string;
  readonly factors: readonly Factor[];
  readonly sources: readonly { name: string; status: "ok" | "unavailable" | "skipped"; reason?: string | undefined }[];
  readonly created_at: string;
  readonly scam_type?: string;
  readonly url?: string;
  readonly phone_number?: string;
  readonly sub_lookups?: readonly { kind: string; value: string }[];
  readonly url_analysis?: { url?: string } | null;
  readonly signals?: { extracted_urls?: readonly string[]; extracted_phones?: readonly string[] };
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** The links and numbers of a result that a report can name, worst first as the engine listed them. */
function reportableOf(channel: PageAnswer["channel"], r: EngineResultLike): PageAnswer["reportable"] {
  const out: PageAnswer["reportable"] = [];
  const seen = new Set<string>();
  const add = (kind: "url" | "phone", value: string | undefined): void => {
    if (!value || value.length > 2048 || seen.has(`${kind}:${value}`) || out.length >= MAX_REPORTABLE) return;
    seen.add(`${kind}:${value}`);
    out.push({ kind, value });
  };
  if (channel === "url") add("url", r.url);
  if (channel === "phone") add("phone", r.phone_number);
  if (channel === "qr") add("url", r.url_analysis?.url);
  for (const s of r.sub_lookups ?? []) if (s.kind === "url" || s.kind === "phone") add(s.kind, s.value);
  for (const u of r.signals?.extracted_urls ?? []) add("url", u);
  for (const p of r.signals?.extracted_phones ?? []) add("phone", p);
  return out;
}

/** Reduces a channel's result to the page's answer. `subject` is the value checked for url, phone and address. */
export function toPageAnswer(
  channel: PageAnswer["channel"],
  readAs: ReadAs,
  result: object,
  subject: string | null,
): PageAnswer {
  const r = result as EngineResultLike;
  return {
    v: 1,
    channel,
    read_as: readAs,
    verdict: r.verdict,
    risk_score: Math.round(r.risk_score),
    confidence: r.confidence,
    scam_type: r.scam_type && r.scam_type !== "none" ? r.scam_type : null,
    factors: r.factors
      .slice(0, MAX_FACTORS)
      .map((f) => ({ id: clip(f.id, 80), label: clip(f.label, 600), points: Math.round(f.points * 10) / 10 })),
    sources: r.sources.slice(0, 40).map((s) => ({
      name: clip(s.name, 80),
      status: s.status,
      ...(s.reason !== undefined ? { reason: clip(s.reason, 300) } : {}),
    })),
    subject: subject === null ? null : clip(subject, 2100),
    reportable: reportableOf(channel, r),
    // The rules' own explanation repeats the findings; only a model's adds to them, so only it is carried.
    explanation: r.sources.some((x) => x.name === "ai_explainer" && x.status === "ok") ? clip(r.explanation, 4000) : "",
    created_at: r.created_at,
  };
}

/**
 * The state the page shows: the verdict, or "not sure" when a verdict below high risk stands on too little evidence
 * (the engine's `limited_evidence` finding, or low confidence). A high-risk or scam verdict is never softened.
 */
export function verdictState(a: Pick<PageAnswer, "verdict" | "confidence" | "factors">): VerdictState {
  const limited = a.factors.some((f) => f.id === "limited_evidence");
  if ((a.verdict === "safe" || a.verdict === "low_risk") && (limited || a.confidence < 0.6)) return "unsure";
  if (a.verdict === "medium_risk" && a.confidence < 0.45) return "unsure";
  return a.verdict;
}

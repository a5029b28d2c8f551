import type { Evidence, SignalSource } from "../ports/signal-source.js";
import type { ExplanationInput } from "../ports/explainer.js";
import { assess, type Assessment, type AssessOptions, type WeightedEvidence } from "../scoring/score.js";
import { explainDeterministically } from "../scoring/deterministic-explainer.js";
import { scoredChannel } from "../scoring/weights.js";
import type { Factor, SourceStatus, Verdict } from "../schemas/common.js";
import type { Kernel } from "./kernel.js";
import { aiInputText, type AiAnalyst, type AiAnswer, type AiInput } from "../ports/ai-analyst.js";
import { applyAiAnswer, carriesInjection, evidenceFloor, foreignContacts } from "../scoring/ai-bounds.js";
import {
  greetingNames,
  redactForModel,
  type Recipient,
  type RedactedText,
} from "../analyzers/injection/redact-for-model.js";
import { TEST_EPOCH, TEST_VERDICT_SCORES, deterministicId } from "./test-mode.js";

export interface Assembled {
  readonly assessment: Assessment;
  readonly explanation: string;
}

/** What the AI model may read beside the factors: the user's content and the sub-lookups (text, email, documents). */
export interface AiMaterial {
  readonly content?: string | null;
  readonly lookups?: readonly {
    readonly kind: "url" | "phone";
    readonly subject: string;
    readonly risk_score: number;
    readonly verdict: Verdict;
    readonly factors: readonly Factor[];
  }[];
  /** Whether the model may add its one bounded factor (text, email, documents); otherwise it only explains. */
  readonly mayAddFactor?: boolean;
  /**
   * The people the content was sent to (an email's To and Cc): their names and addresses, and with `greetings` the
   * names its salutations address, reach the model only as placeholders.
   */
  readonly recipients?: readonly Recipient[];
  readonly greetings?: boolean;
  /** Test mode: deterministic, no model is asked. */
  readonly skipModel?: boolean;
}

/** How long a lookup waits for the model before answering with the rules' explanation. */
export const AI_BUDGET_MS = 10_000;
const AI_SOURCE = "ai_explainer";

/**
 * Asks the configured model for its explanation (and, where allowed, one bounded factor), within AI_BUDGET_MS. The
 * rules' score, verdict and floors bound what it may change (scoring/ai-bounds.ts).
 */
async function askModel(
  k: Kernel,
  channel: string,
  subject: string,
  assessment: Assessment,
  items: readonly WeightedEvidence[],
  material: AiMaterial,
  ai: AiAnalyst,
): Promise<{ assessment: Assessment; explanation: string | null; status: SourceStatus }> {
  // The salutations' names are read from the content once and then kept out of every field, labels included.
  const recipients = [
    ...(material.recipients ?? []),
    ...(material.greetings === true && material.content != null
      ? greetingNames(material.content).map((recipientName) => ({ recipientName }))
      : []),
  ];
  const redact = (text: string): RedactedText =>
    redactForModel(text, recipients, { greetings: material.greetings === true });
  const input: AiInput = {
    channel: channel as AiInput["channel"],
    subject: redact(subject),
    riskScore: assessment.riskScore,
    verdict: assessment.verdict,
    confidence: assessment.confidence,
    // Cue labels quote the content ("card 4111 ... is blocked"), so they are redacted like the content itself.
    factors: assessment.factors.map((f) => ({ ...f, label: redact(f.label) })),
    lookups: (material.lookups ?? []).map((l) => ({
      kind: l.kind,
      subject: redact(l.subject),
      riskScore: l.risk_score,
      verdict: l.verdict,
      reasons: l.factors.slice(0, 3).map((f) => redact(f.label)),
    })),
    unavailableSources: assessment.unavailableSources,
    content: material.content == null ? null : redact(material.content),
  };
  const controller = new AbortController();
  const cancel = k.timers.schedule(AI_BUDGET_MS, () => controller.abort());
  let answer: AiAnswer | null;
  try {
    answer = await Promise.race([
      ai.analyze(input, { signal: controller.signal }).catch(() => null),
      new Promise<null>((resolve) => controller.signal.addEventListener("abort", () => resolve(null))),
    ]);
  } finally {
    cancel();
  }
  if (answer === null) {
    return { assessment, explanation: null, status: { name: AI_SOURCE, status: "unavailable", reason: "no answer" } };
  }
  const allowed =
    material.mayAddFactor === true ? answer : { verdict: answer.verdict, explanation: answer.explanation };
  const known = aiInputText(input);
  const applied = applyAiAnswer({ ...assessment, floor: evidenceFloor(items) }, allowed, known);
  const bounded = { ...assessment, riskScore: applied.riskScore, verdict: applied.verdict, factors: applied.factors };
  // A reading that disagrees with the bounded verdict by more than a band is never shown as the explanation on its
  // own (a message must not talk the model into calling a scam safe): the rules' verdict leads, the model's words
  // follow, labelled as a disagreeing reading. Prose naming contact details the input lacks, or written about content
  // that tried to steer the model, is dropped entirely.
  const note = answer.explanation.trim();
  const lead = bounded.factors[0] ? `: ${bounded.factors[0].label}` : "";
  const explanation =
    applied.explanation ??
    (note !== "" && foreignContacts(note, known).length === 0 && !carriesInjection(bounded.factors)
      ? `Rated ${bounded.verdict} (${bounded.riskScore}/100) by the rules${lead}. An AI model's reading, which disagrees with that rating and did not change it: "${note.slice(0, 600)}"`
      : null);
  return {
    assessment: bounded,
    explanation,
    status:
      explanation === null
        ? { name: AI_SOURCE, status: "unavailable", reason: "answer discarded" }
        : applied.explanation === null
          ? { name: AI_SOURCE, status: "ok", reason: "reading outweighed by the rules" }
          : { name: AI_SOURCE, status: "ok" },
  };
}

/**
 * Scores the evidence and writes the explanation: the AI model's when one is configured and answers within its
 * budget and bounds, otherwise the rules' (deterministic) one. `sources` says which wrote it (ai_explainer ok).
 */
export async function assemble(
  k: Kernel,
  channel: ExplanationInput["channel"],
  subject: string,
  items: readonly WeightedEvidence[],
  material: AiMaterial = {},
  options: AssessOptions = {},
): Promise<Assembled> {
  const scored = scoredChannel(channel);
  let assessment = assess(items, {
    ...(scored === undefined ? {} : { channel: scored }),
    ...options,
    ...(k.deps.scoring === undefined ? {} : { scoring: k.deps.scoring }),
  });
  // Without a model (or in test mode, or for a sub-lookup) the rules' explanation is written at once.
  const ai = k.deps.ai;
  const model =
    ai === undefined || material.skipModel === true
      ? null
      : await askModel(k, channel, subject, assessment, items, material, ai);
  if (model !== null) {
    assessment = { ...model.assessment, sources: [...assessment.sources, model.status] };
    if (model.explanation !== null) return { assessment, explanation: model.explanation };
  }
  const input: ExplanationInput = {
    subject,
    channel,
    riskScore: assessment.riskScore,
    verdict: assessment.verdict,
    confidence: assessment.confidence,
    factors: assessment.factors,
    unavailableSources: assessment.unavailableSources,
  };
  let explanation: string;
  try {
    explanation = await k.explainer.explain(input);
  } catch {
    explanation = explainDeterministically(input);
  }
  return { assessment, explanation };
}

/** Evidence standing in for a magic test input: one factor that places the score in the asked verdict. */
export function magicEvidence(verdict: Verdict): Evidence {
  const points = TEST_VERDICT_SCORES[verdict];
  return {
    source: "test_mode",
    status: "ok",
    signals: {},
    factors: [
      verdict === "safe"
        ? { id: "test_mode_safe", source: "test_mode", label: "Test input that always reads as safe", points: -40 }
        : {
            id: `test_mode_${verdict}`,
            source: "test_mode",
            label: `Test input that always reads as ${verdict}`,
            points,
          },
    ],
    floor: verdict === "safe" ? 0 : points,
  };
}

/** How much the offline analyzers weigh beside the network and feed sources (the eval scores with it too). */
export const OFFLINE_WEIGHT = 0.3;
const COMMUNITY_WEIGHT = 0.1;

/** Community reports as evidence: none says nothing; each doubling adds about 10 points, up to 60. */
export function communityEvidence(count: number, what: string): Evidence {
  const points = count === 0 ? 0 : Math.min(60, 15 + 10 * Math.log2(count));
  return {
    source: "community_reports",
    status: "ok",
    signals: { community_reports: count },
    factors:
      count === 0
        ? []
        : [
            {
              id: "community_reports",
              source: "community_reports",
              label: `${count} community report${count === 1 ? "" : "s"} about this ${what}`,
              points: Math.round(points),
            },
          ],
  };
}

/** The result fields every channel shares. */
export interface CommonResultFields {
  readonly id: string;
  readonly risk_score: number;
  readonly verdict: Verdict;
  readonly confidence: number;
  readonly explanation: string;
  readonly factors: Factor[];
  readonly sources_checked: string[];
  readonly sources: SourceStatus[];
  readonly created_at: string;
  readonly test_mode: boolean;
}

export interface ChannelAssessmentInput<T> {
  readonly channel: string;
  readonly input: T;
  /** What the explanation names, e.g. the host or the national number. */
  readonly subject: string;
  /** Stable identity of the input (test-mode ids derive from it). */
  readonly identity: string;
  readonly offline: readonly Evidence[];
  readonly magic: Verdict | null;
  readonly sources: readonly SignalSource<T>[];
  /** Community reports counted against this value (kind: a reportable channel id), or none. */
  readonly report: { readonly kind: string; readonly value: string; readonly what: string } | null;
  /** A sub-lookup inside another channel's analysis: the model explains the whole, not each part. */
  readonly skipModel?: boolean;
}

/**
 * Offline evidence (and a magic test verdict), then in live mode the channel's sources and community reports,
 * scored and explained. Returns the common fields and the merged signals.
 */
export async function assessWith<T>(
  k: Kernel,
  mode: "live" | "test",
  a: ChannelAssessmentInput<T>,
): Promise<{ common: CommonResultFields; signals: Record<string, unknown> }> {
  // A magic test input stands alone: it must give its verdict whatever the analyzers think of the number or URL.
  const items: WeightedEvidence[] =
    a.magic !== null
      ? [{ evidence: magicEvidence(a.magic), weight: 1 }]
      : a.offline.map((evidence) => ({ evidence, weight: OFFLINE_WEIGHT }));
  if (mode === "live") {
    const report = a.report;
    // The sources run while the reports are counted; a channel without sources has nothing to wait for.
    const gathering = a.sources.length === 0 ? null : k.gather(a.sources, a.input);
    const reports = report === null ? null : await k.deps.reports.count(report.kind, report.value);
    if (gathering !== null) items.push(...(await gathering));
    if (report !== null && reports !== null)
      items.push({ evidence: communityEvidence(reports, report.what), weight: COMMUNITY_WEIGHT });
  }
  // Test mode is deterministic, and a sub-lookup's explanation is not shown on its own: no model is asked.
  const { assessment, explanation } = await assemble(k, a.channel, a.subject, items, {
    skipModel: mode === "test" || a.skipModel === true,
  });
  return { signals: assessment.signals, common: commonFields(k, mode, a.identity, assessment, explanation) };
}

/** The fields every channel's result shares, from its scored assessment (test mode: a stable id and epoch). */
export function commonFields(
  k: Kernel,
  mode: "live" | "test",
  identity: string,
  assessment: Assessment,
  explanation: string,
): CommonResultFields {
  const test = mode === "test";
  return {
    id: test ? deterministicId(k.deps.hasher, identity) : k.deps.ids.uuid(),
    risk_score: assessment.riskScore,
    verdict: assessment.verdict,
    confidence: assessment.confidence,
    explanation,
    factors: assessment.factors,
    sources_checked: assessment.sourcesChecked,
    sources: assessment.sources,
    created_at: test ? TEST_EPOCH : k.now().toISOString(),
    test_mode: test,
  };
}

/** The channel's signals object: every documented field, filled from the merged signals where present. */
export function pickSignals<T extends object>(empty: T, merged: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...(empty as Record<string, unknown>) };
  for (const key of Object.keys(empty)) if (merged[key] !== undefined) out[key] = merged[key];
  return out as T;
}

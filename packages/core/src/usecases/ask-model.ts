// The AI model's part in a lookup: what it may read (the content and sub-lookups, redacted), its time budget, and
// its answer held within the rules' bounds (scoring/ai-bounds.ts) before it may explain or add its one factor.

import type { Assessment, WeightedEvidence } from "../scoring/score.js";
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
export async function askModel(
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
    channel,
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

import type { ExplanationInput, Explainer } from "../ports/explainer.js";
import { clause, confidenceWord, topFactors } from "./explanation-words.js";
import { explainPhone } from "./phone-explanation.js";

const VERDICT_WORDS: Record<ExplanationInput["verdict"], string> = {
  safe: "looks safe",
  low_risk: "shows low risk",
  medium_risk: "shows some warning signs",
  high_risk: "is likely dangerous",
  scam: "is almost certainly a scam",
};

/**
 * The words for a verdict the evidence behind it does not make sure (low confidence: an address read offline, little
 * checked): "almost certainly a scam (..., low confidence)" would say two things at once.
 */
const UNSURE_VERDICT_WORDS: Partial<Record<ExplanationInput["verdict"], string>> = {
  scam: "reads as a scam",
  high_risk: "may be dangerous",
};

function sentence(s: string): string {
  const t = s.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** Writes the explanation from the top factors; the same input always gives the same text. */
export function explainDeterministically(input: ExplanationInput): string {
  if (input.channel === "phone") return explainPhone(input);
  const sureness = confidenceWord(input.confidence);
  const words = (sureness === "low" ? UNSURE_VERDICT_WORDS[input.verdict] : undefined) ?? VERDICT_WORDS[input.verdict];
  const parts = [`${input.subject} ${words} (risk ${input.riskScore}/100, ${sureness} confidence).`];
  const { risks, trust } = topFactors(input);
  if (risks.length > 0) parts.push(`Main reasons: ${risks.map((f) => clause(f.label)).join("; ")}.`);
  if (trust.length > 0) parts.push(`In its favour: ${trust.map((f) => clause(f.label)).join("; ")}.`);
  if (risks.length === 0 && trust.length === 0) parts.push("No source reported anything against it.");
  if (input.factors.some((f) => f.id === "limited_evidence")) {
    parts.push("Too little is known about it to call it safe: treat it with ordinary caution.");
  }
  if (input.unavailableSources.length > 0) {
    parts.push(
      sentence(`Not available for this check: ${input.unavailableSources.join(", ")}, which lowers confidence`),
    );
  }
  return parts.join(" ");
}

export const deterministicExplainer: Explainer = {
  explain: (input) => Promise.resolve(explainDeterministically(input)),
};

// The pieces every deterministic explanation is written from: the confidence in a word, a label as a clause, and
// the factors worth naming.
import type { ExplanationInput } from "../ports/explainer.js";
import type { Factor } from "../schemas/common.js";

export function confidenceWord(c: number): string {
  return c >= 0.8 ? "high" : c >= 0.5 ? "moderate" : "low";
}

/** A label as a clause: without its closing full stop. */
export function clause(label: string): string {
  return label.endsWith(".") ? label.slice(0, -1) : label;
}

/** The three strongest findings against the subject (the low-evidence note aside) and the two strongest for it. */
export function topFactors(input: ExplanationInput): { readonly risks: Factor[]; readonly trust: Factor[] } {
  return {
    risks: input.factors.filter((f) => f.points > 0 && f.id !== "limited_evidence").slice(0, 3),
    trust: input.factors.filter((f) => f.points < 0).slice(0, 2),
  };
}

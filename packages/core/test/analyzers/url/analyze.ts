// The offline URL analyzers run the way the engine runs them, read as the rules that fired. Tests name rules, never a
// score: the weight of a rule is data fitted on corpora and moves when the weights are refitted.
import { analyzeUrl } from "../../../src/analyzers/url/analyze-url.js";
import type { BrandImpersonation } from "../../../src/analyzers/url/brand-impersonation.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";
import type { Factor } from "../../../src/schemas/common.js";
import type { Evidence } from "../../../src/ports/signal-source.js";

export interface Analyzed {
  readonly brand: BrandImpersonation;
  readonly evidence: Evidence[];
  /** Every rule that fired, in the analyzers' order. */
  readonly ids: string[];
  readonly factors: Factor[];
}

export function analyze(raw: string): Analyzed {
  const evidence = analyzeUrl(normalizeUrl(raw)._unsafeUnwrap());
  const factors = evidence.flatMap((e) => e.factors);
  return {
    brand: evidence[0]?.signals["brand_impersonation"] as BrandImpersonation,
    evidence,
    ids: factors.map((f) => f.id),
    factors,
  };
}

/**
 * A prior below this is a hint the detector itself calls weak (a sign-in word in a path, many hyphens): it reads
 * nothing alone. The rules at or above it are the ones a test of a legitimate input names when it says what fires.
 */
export const HINT_PRIOR = 20;

/** The rules that fired with a prior of their own worth naming (see HINT_PRIOR). */
export function riskRules(r: { readonly factors: readonly Factor[] }): string[] {
  return r.factors.filter((f) => f.points >= HINT_PRIOR).map((f) => f.id);
}

/**
 * The prior the detector states for a rule on this input (0 when it did not fire). Only for comparing two inputs on
 * the same rule: how strongly the detector reads one against the other is its own grading, whatever the weights.
 */
export function prior(r: { readonly factors: readonly Factor[] }, id: string): number {
  return r.factors.filter((f) => f.id === id).reduce((m, f) => Math.max(m, f.points), 0);
}

// Detection tests name the rules that fire on an input, never a score: a rule's weight is data fitted per channel and
// moves whenever the weights are refitted. These read what an analyzer reported.
import type { Factor } from "../../src/schemas/common.js";

interface Reported {
  readonly factors: readonly Factor[];
}

/**
 * A prior below this is a hint the detector itself calls weak (a sign-in word in a path, a request for money among
 * friends): it reads nothing alone. The rules at or above it are the ones a test of a legitimate input names when it
 * says what fires.
 */
export const HINT_PRIOR = 20;

/** The rules that fired with a prior of their own worth naming (see HINT_PRIOR). */
export function riskRules(r: Reported): string[] {
  return r.factors.filter((f) => f.points >= HINT_PRIOR).map((f) => f.id);
}

/**
 * The prior the detector states for a rule on this input (0 when it did not fire). Only for comparing two inputs on
 * the same rule: how strongly the detector reads one against the other is its own grading, whatever the weights.
 */
export function prior(r: Reported, id: string): number {
  return r.factors.filter((f) => f.id === id).reduce((m, f) => Math.max(m, f.points), 0);
}

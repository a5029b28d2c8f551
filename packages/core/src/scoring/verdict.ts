import type { Verdict } from "../schemas/common.js";

/** Lowest score of each verdict. Documented in docs/verdicts.md and the OpenAPI Verdict description. */
export const VERDICT_THRESHOLDS: ReadonlyArray<readonly [Verdict, number]> = [
  ["scam", 85],
  ["high_risk", 65],
  ["medium_risk", 40],
  ["low_risk", 20],
  ["safe", 0],
];

export function verdictFor(score: number): Verdict {
  for (const [verdict, min] of VERDICT_THRESHOLDS) if (score >= min) return verdict;
  return "safe";
}

import type { Factor, SourceStatus, Verdict } from "../schemas/common.js";

export interface ExplanationInput {
  readonly subject: string;
  /** The channel id of the registry. */
  readonly channel: string;
  readonly riskScore: number;
  readonly verdict: Verdict;
  readonly confidence: number;
  readonly factors: readonly Factor[];
  readonly unavailableSources: readonly string[];
  /** Every source with its status (ok, unavailable, skipped), when known: what was and was not checked. */
  readonly sources?: readonly SourceStatus[];
  /** The result's merged signals, when known (a number's type and region, its carrier and line type). */
  readonly signals?: Readonly<Record<string, unknown>>;
}

/** Writes the plain-English explanation. Must not throw; an AI explainer falls back to the deterministic one. */
export interface Explainer {
  explain(input: ExplanationInput): Promise<string>;
}

import type { Factor, Verdict } from "../schemas/common.js";

export interface ExplanationInput {
  readonly subject: string;
  /** The channel id of the registry. */
  readonly channel: string;
  readonly riskScore: number;
  readonly verdict: Verdict;
  readonly confidence: number;
  readonly factors: readonly Factor[];
  readonly unavailableSources: readonly string[];
}

/** Writes the plain-English explanation. Must not throw; an AI explainer falls back to the deterministic one. */
export interface Explainer {
  explain(input: ExplanationInput): Promise<string>;
}

import type { Evidence } from "../ports/signal-source.js";
import type { ExplanationInput } from "../ports/explainer.js";
import { assess, type Assessment, type WeightedEvidence } from "../scoring/score.js";
import { TEST_VERDICT_SCORES } from "./test-mode.js";
import type { Verdict } from "../schemas/common.js";
import type { Kernel } from "./kernel.js";

export interface Assembled {
  readonly assessment: Assessment;
  readonly explanation: string;
}

/** Scores the evidence and writes the explanation. */
export async function assemble(
  k: Kernel,
  channel: ExplanationInput["channel"],
  subject: string,
  items: readonly WeightedEvidence[],
): Promise<Assembled> {
  const assessment = assess(items);
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
    const { explainDeterministically } = await import("../scoring/deterministic-explainer.js");
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

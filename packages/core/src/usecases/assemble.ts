import type { ExplanationInput } from "../ports/explainer.js";
import { assess, type Assessment, type AssessOptions, type WeightedEvidence } from "../scoring/score.js";
import { explainDeterministically } from "../scoring/deterministic-explainer.js";
import { scoredChannel } from "../scoring/weights.js";
import type { Kernel } from "./kernel.js";
import { askModel, type AiMaterial } from "./ask-model.js";

export interface Assembled {
  readonly assessment: Assessment;
  readonly explanation: string;
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
  let assessment = assess(items, {
    channel: scoredChannel(channel),
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
    sources: assessment.sources,
    signals: assessment.signals,
  };
  let explanation: string;
  try {
    explanation = await k.explainer.explain(input);
  } catch {
    explanation = explainDeterministically(input);
  }
  return { assessment, explanation };
}

// The AI analyst for a configuration, without loading the OpenAI SDK: the analyst it returns loads the SDK
// (openai-ai-analyst.ts) on its first call. A process that never asks the model never loads the SDK or its JSON
// Schema helpers.
import type { AiAnalyst } from "@scamverify/core";
import {
  nonEmpty,
  notConfiguredAiAnalyst,
  type OpenAiAnalyst,
  type OpenAiAnalystConfig,
} from "./openai-analyst-config.js";

/**
 * The analyst for the given configuration, or notConfiguredAiAnalyst when it names neither a key nor a server. The
 * SDK is loaded by the first call (analyze, readImage or health), once.
 */
export function createOpenAiAnalyst(config: OpenAiAnalystConfig): OpenAiAnalyst {
  const apiKey = nonEmpty(config.apiKey);
  const baseURL = nonEmpty(config.baseURL);
  if (apiKey === undefined && baseURL === undefined) return notConfiguredAiAnalyst;
  let loaded: Promise<AiAnalyst> | undefined;
  const analyst = (): Promise<AiAnalyst> =>
    (loaded ??= import("./openai-ai-analyst.js").then((m) => m.openAiAnalyst(config, apiKey, baseURL)));
  return {
    configured: true,
    analyze: async (input, ctx) => (await analyst()).analyze(input, ctx),
    readImage: async (image, ctx) => (await analyst()).readImage(image, ctx),
    health: async () => (await analyst()).health(),
  };
}

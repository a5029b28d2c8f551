// The AI model's configuration and the analyst used when no model is set up, apart from the OpenAI SDK: the factory
// (create-openai-analyst.ts) hands these out without loading it.
import type { AiAnalyst, Clock } from "@scamverify/core";
import type { CircuitBreaker } from "../vendors/circuit-breaker.js";
import type { Sleep } from "../vendors/vendor-http.js";
import type { TokenLimitParam } from "./openai-messages.js";

export type AiLogLevel = "debug" | "info" | "warn" | "error";

/** Structurally the HTTP face's Logger: the composition root passes the same object. */
export interface AiLogger {
  log(level: AiLogLevel, msg: string, fields?: Record<string, unknown>): void;
}

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_AI_MODEL = "gpt-4o-mini";

export interface OpenAiAnalystConfig {
  /** OPENAI_API_KEY. Optional for a local server that needs none. */
  readonly apiKey?: string | undefined;
  /** OPENAI_BASE_URL, e.g. http://127.0.0.1:11434/v1 for Ollama; OpenAI's when absent. */
  readonly baseURL?: string | undefined;
  /** SCAMVERIFY_AI_MODEL; default gpt-4o-mini. */
  readonly model?: string | undefined;
  /** SCAMVERIFY_AI_VISION_MODEL; default the model. */
  readonly visionModel?: string | undefined;
  readonly clock: Clock;
  readonly logger?: AiLogger;
  /** The fetch the SDK uses (tests, proxies); the global fetch when absent. */
  readonly fetch?: typeof fetch;
  /** Whole budget of one analysis, queueing and retries included; default 8 s. */
  readonly timeoutMs?: number;
  /** Whole budget of one image reading; default 20 s. */
  readonly visionTimeoutMs?: number;
  /** Model calls in flight at once; default 4. */
  readonly maxConcurrency?: number;
  /** Retries after a 429, a 5xx or a refused connection; default 1. */
  readonly maxRetries?: number;
  /** Longest Retry-After honoured; a longer one ends the call. Default 2 s. */
  readonly maxRetryWaitMs?: number;
  readonly breaker?: CircuitBreaker;
  readonly sleep?: Sleep;
  /** How long a health answer is reused; default 60 s. */
  readonly healthTtlMs?: number;
  readonly healthTimeoutMs?: number;
  /** Longest content sent, in characters; default 12,000. */
  readonly maxContentChars?: number;
  readonly maxOutputTokens?: number;
  readonly visionMaxOutputTokens?: number;
  /** Largest image sent; default 10 MB. */
  readonly maxImageBytes?: number;
  /** max_completion_tokens for OpenAI (default without a base URL), max_tokens for other servers (default with one). */
  readonly tokenLimitParam?: TokenLimitParam;
  /** Fence boundary per call; random when absent. */
  readonly boundary?: () => string;
}

export interface OpenAiAnalyst extends AiAnalyst {
  readonly configured: boolean;
}

/** The analyst when no model is set up: no answer, health not_configured. */
export const notConfiguredAiAnalyst: OpenAiAnalyst = {
  configured: false,
  analyze: () => Promise.resolve(null),
  readImage: () => Promise.resolve(null),
  health: () => Promise.resolve("not_configured"),
};

export function nonEmpty(s: string | undefined): string | undefined {
  return s !== undefined && s.trim() !== "" ? s.trim() : undefined;
}

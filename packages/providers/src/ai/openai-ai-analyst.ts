// The AiAnalyst port on the `openai` SDK, pointed at OpenAI or any OpenAI-compatible server by base URL. The class only
// does the calls: a time budget per call, a small semaphore, the circuit breaker, bounded retries that honour
// Retry-After, token usage logged without content, and a cached health probe. Mapping lives in openai-messages.ts.

import { randomBytes } from "node:crypto";
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import {
  AI_IMAGE_MEDIA_TYPES,
  type AiAnswer,
  type AiContext,
  type AiHealth,
  type AiImage,
  type AiInput,
  type ImageReading,
} from "@scamverify/core";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { CircuitBreaker } from "../vendors/circuit-breaker.js";
import { parseRetryAfter, realSleep, type Sleep } from "../vendors/vendor-http.js";
import {
  fromAnalysisCompletion,
  fromImageCompletion,
  toAnalysisRequest,
  toImageRequest,
  usageOf,
  type Read,
  type RequestOptions,
  type TokenLimitParam,
} from "./openai-messages.js";
import { Semaphore } from "./semaphore.js";
import {
  DEFAULT_AI_MODEL,
  OPENAI_DEFAULT_BASE_URL,
  nonEmpty,
  type OpenAiAnalyst,
  type OpenAiAnalystConfig,
} from "./openai-analyst-config.js";

/** The least time a queued call must have left to be sent. */
const MIN_SEND_MS = 50;

export { DEFAULT_AI_MODEL, OPENAI_DEFAULT_BASE_URL, notConfiguredAiAnalyst } from "./openai-analyst-config.js";
export type { AiLogLevel, AiLogger, OpenAiAnalyst, OpenAiAnalystConfig } from "./openai-analyst-config.js";

type Outcome =
  | "ok"
  | "refusal"
  | "truncated"
  | "empty"
  | "malformed_json"
  | "invalid"
  | "timeout"
  | "circuit_open"
  | "http"
  | "network";

interface CallResult<T> {
  readonly value: T | null;
  readonly outcome: Outcome;
  readonly status?: number;
  readonly attempts: number;
}

/** The analyst over the SDK, for a configuration that names a key or a server (see createOpenAiAnalyst). */
export function openAiAnalyst(
  config: OpenAiAnalystConfig,
  apiKey: string | undefined,
  baseURL: string | undefined,
): OpenAiAnalyst {
  return new OpenAiAiAnalyst(config, apiKey, baseURL);
}

class OpenAiAiAnalyst implements OpenAiAnalyst {
  readonly configured = true;
  private readonly client: OpenAI;
  private readonly semaphore: Semaphore;
  private readonly breaker: CircuitBreaker;
  private readonly sleep: Sleep;
  private readonly model: string;
  private readonly visionModel: string;
  private readonly tokenLimitParam: TokenLimitParam;
  private healthCache: { value: AiHealth; at: number } | null = null;
  private probing: Promise<AiHealth> | null = null;

  constructor(
    private readonly config: OpenAiAnalystConfig,
    apiKey: string | undefined,
    baseURL: string | undefined,
  ) {
    // Every option the SDK would otherwise read from the environment is given, so nothing else (an organisation or
    // project id, a log level that prints bodies) reaches the wire or the logs by accident.
    this.client = new OpenAI({
      apiKey: apiKey ?? "unused",
      baseURL: baseURL ?? OPENAI_DEFAULT_BASE_URL,
      organization: null,
      project: null,
      webhookSecret: null,
      maxRetries: 0,
      logLevel: "off",
      ...(config.fetch !== undefined ? { fetch: config.fetch } : {}),
    });
    this.semaphore = new Semaphore(config.maxConcurrency ?? 4);
    this.breaker = config.breaker ?? new CircuitBreaker({ clock: config.clock });
    this.sleep = config.sleep ?? realSleep;
    this.model = nonEmpty(config.model) ?? DEFAULT_AI_MODEL;
    this.visionModel = nonEmpty(config.visionModel) ?? this.model;
    this.tokenLimitParam = config.tokenLimitParam ?? (baseURL === undefined ? "max_completion_tokens" : "max_tokens");
  }

  private options(model: string, maxOutputTokens: number): RequestOptions {
    return {
      model,
      boundary: this.config.boundary?.() ?? `sv-${randomBytes(12).toString("hex")}`,
      maxContentChars: this.config.maxContentChars ?? 12_000,
      maxOutputTokens,
      tokenLimitParam: this.tokenLimitParam,
    };
  }

  async analyze(input: AiInput, ctx: AiContext): Promise<AiAnswer | null> {
    const request = toAnalysisRequest(input, this.options(this.model, this.config.maxOutputTokens ?? 700));
    const result = await this.call("analyze", request, fromAnalysisCompletion, this.config.timeoutMs ?? 8_000, ctx);
    return result.value;
  }

  async readImage(image: AiImage, ctx: AiContext): Promise<ImageReading | null> {
    const tooLarge =
      image.bytes.byteLength === 0 || image.bytes.byteLength > (this.config.maxImageBytes ?? 10 * 1024 * 1024);
    if (tooLarge || !(AI_IMAGE_MEDIA_TYPES as readonly string[]).includes(image.mediaType)) return null;
    const request = toImageRequest(image, this.options(this.visionModel, this.config.visionMaxOutputTokens ?? 4_000));
    const result = await this.call(
      "read_image",
      request,
      fromImageCompletion,
      this.config.visionTimeoutMs ?? 20_000,
      ctx,
    );
    return result.value;
  }

  async health(): Promise<AiHealth> {
    if (this.breaker.state() === "open") return "degraded";
    const now = this.config.clock.now().getTime();
    const cached = this.healthCache;
    if (cached !== null && now - cached.at < (this.config.healthTtlMs ?? 60_000)) return cached.value;
    this.probing ??= this.probe().then((value) => {
      this.healthCache = { value, at: this.config.clock.now().getTime() };
      this.probing = null;
      return value;
    });
    return this.probing;
  }

  // Listing models costs no tokens and proves the server answers and accepts the key.
  private async probe(): Promise<AiHealth> {
    try {
      await this.client.models.list({ timeout: this.config.healthTimeoutMs ?? 3_000, maxRetries: 0 });
      return "operational";
    } catch {
      return "degraded";
    }
  }

  private async call<T>(
    operation: "analyze" | "read_image",
    request: ChatCompletionCreateParamsNonStreaming,
    read: (body: unknown) => Read<T>,
    timeoutMs: number,
    ctx: AiContext,
  ): Promise<CallResult<T>> {
    const clock = this.config.clock;
    const started = clock.now().getTime();
    const deadline = started + timeoutMs;
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(), timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timer.signal]);
    let result: CallResult<T> = { value: null, outcome: "timeout", attempts: 0 };
    let usage: ReturnType<typeof usageOf> = null;
    try {
      const queuedAt = performance.now();
      const release = await this.semaphore.acquire(signal);
      if (release === null) return result;
      try {
        // A call that waited for a slot goes out only with time left to be answered: one sent with a few milliseconds
        // to spare costs the server a completion nobody reads.
        if (timeoutMs - (performance.now() - queuedAt) < Math.max(MIN_SEND_MS, timeoutMs / 10)) return result;
        if (!this.breaker.tryAcquire()) {
          result = { value: null, outcome: "circuit_open", attempts: 0 };
          return result;
        }
        const maxRetries = this.config.maxRetries ?? 1;
        for (let attempt = 1; ; attempt++) {
          const remaining = deadline - clock.now().getTime();
          if (remaining <= 0 || signal.aborted) {
            this.breaker.recordFailure();
            result = { value: null, outcome: "timeout", attempts: attempt - 1 };
            return result;
          }
          try {
            const body: unknown = await this.client.chat.completions.create(request, {
              signal,
              timeout: remaining,
              maxRetries: 0,
            });
            this.breaker.recordSuccess();
            usage = usageOf(body);
            const answer = read(body);
            result = answer.ok
              ? { value: answer.value, outcome: "ok", attempts: attempt }
              : { value: null, outcome: answer.rejection, attempts: attempt };
            return result;
          } catch (err) {
            const failed = this.classify(err, signal, attempt);
            const wait = failed.retryable && attempt <= maxRetries ? this.retryWait(err, attempt) : null;
            if (wait === null || clock.now().getTime() + wait >= deadline) {
              this.breaker.recordFailure();
              result = failed.result as CallResult<T>;
              return result;
            }
            try {
              await this.sleep(wait, signal);
            } catch {
              // Aborted while waiting: the next turn of the loop records the timeout.
            }
          }
        }
      } finally {
        release();
      }
    } finally {
      clearTimeout(handle);
      this.logCall(operation, request.model, result, clock.now().getTime() - started, usage);
    }
  }

  private classify(
    err: unknown,
    signal: AbortSignal,
    attempt: number,
  ): { retryable: boolean; result: CallResult<never> } {
    if (signal.aborted || err instanceof APIUserAbortError) {
      return { retryable: false, result: { value: null, outcome: "timeout", attempts: attempt } };
    }
    if (err instanceof APIError && typeof err.status === "number") {
      return {
        retryable: err.status === 429 || err.status >= 500,
        result: { value: null, outcome: "http", status: err.status, attempts: attempt },
      };
    }
    const timedOut = err instanceof APIConnectionTimeoutError;
    return {
      retryable: !timedOut,
      result: { value: null, outcome: timedOut ? "timeout" : "network", attempts: attempt },
    };
  }

  /** The server's hint (retry-after-ms, then Retry-After) when it fits maxRetryWaitMs, else null; backoff without one. */
  private retryWait(err: unknown, attempt: number): number | null {
    const max = this.config.maxRetryWaitMs ?? 2_000;
    const headers = err instanceof APIError ? err.headers : undefined;
    const ms = headers?.get("retry-after-ms");
    const hinted =
      ms !== null && ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())
        ? Number(ms)
        : parseRetryAfter(headers?.get("retry-after") ?? undefined, this.config.clock.now());
    if (hinted !== null) return hinted <= max ? hinted : null;
    return Math.min(max, 250 * 2 ** (attempt - 1));
  }

  private logCall(
    operation: string,
    model: string,
    result: CallResult<unknown>,
    durationMs: number,
    usage: ReturnType<typeof usageOf>,
  ): void {
    this.config.logger?.log(result.outcome === "ok" ? "info" : "warn", "ai call", {
      operation,
      model,
      outcome: result.outcome,
      ...(result.status !== undefined ? { http_status: result.status } : {}),
      attempts: result.attempts,
      duration_ms: durationMs,
      ...(usage !== null ? usage : {}),
    });
  }
}

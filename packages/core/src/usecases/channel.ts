// One shape for every lookup channel, so URL, phone and later channels share the same mechanics: parse, test
// mode, cache, quota, compute. A channel only says how to parse its input and how to assess it.
import { err, ok, type Result } from "neverthrow";
import type { AppError } from "../errors.js";
import type { Channel } from "../schemas/common.js";
import type { Scope } from "../schemas/scopes.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { TEST_EPOCH } from "./test-mode.js";

export interface ChannelSpec<TInput, TResult extends object, C extends Channel = Channel> {
  readonly channel: C;
  readonly scope: Scope;
  /** Turns one raw item into the normalized input, or a validation_error naming `field`. */
  parse(raw: string, field: string): Result<TInput, AppError>;
  cacheKey(input: TInput): string;
  /** The assessment without cache fields. Test mode uses offline analysis and magic inputs only. */
  assess(k: Kernel, input: TInput, mode: "live" | "test"): Promise<TResult>;
}

export type WithCache<T> = T & { cached: boolean; cache_expires_at: string };

/** One item through the mechanics, after authentication, scope and rate limiting. */
export async function lookupOne<TInput, TResult extends object>(
  k: Kernel,
  p: Principal,
  spec: ChannelSpec<TInput, TResult>,
  raw: string,
  forceRefresh: boolean,
  field: string,
): Promise<Result<Outcome<WithCache<TResult>>, AppError>> {
  const parsed = spec.parse(raw, field);
  if (parsed.isErr()) return err(parsed.error);
  if (p.mode === "test") {
    const value = await spec.assess(k, parsed.value, "test");
    const quota = await k.quotaState(p.accountId, spec.channel);
    const expires = new Date(Date.parse(TEST_EPOCH) + k.config.cacheTtlMs).toISOString();
    return ok({ value: { ...value, cached: false, cache_expires_at: expires }, meta: quota ? { quota } : {} });
  }
  const input = parsed.value;
  return k.charged(p, spec.channel, spec.cacheKey(input), forceRefresh, async () =>
    ok(await spec.assess(k, input, "live")),
  );
}

/** Scope and rate limit for a single-item endpoint, then the item. */
export async function guardedLookup<TInput, TResult extends object>(
  k: Kernel,
  p: Principal,
  spec: ChannelSpec<TInput, TResult>,
  readInput: () => Result<{ raw: string; forceRefresh: boolean; field: string }, AppError>,
): Promise<Result<Outcome<WithCache<TResult>>, AppError>> {
  const limited = await k.admit(p, spec.scope, "api");
  if (limited.isErr()) return err(limited.error);
  const input = readInput();
  if (input.isErr()) return err(input.error);
  const out = await lookupOne(k, p, spec, input.value.raw, input.value.forceRefresh, input.value.field);
  return out.map((o) => ({ value: o.value, meta: { ...o.meta, rateLimit: limited.value } }));
}

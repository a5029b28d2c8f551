// The two verbs every channel shares: check one item, and check a batch of them. A channel only says how to parse
// its input and how to assess it (channels/<id>/); these run it through the mechanics: scope, rate limit, parse,
// test mode, cache, quota, compute.
import { err, ok, type Result } from "neverthrow";
import { issueAt, validationError, type AppError, type ValidationIssue } from "../errors.js";
import type { AnyChannel, CacheFields } from "../channels/define-channel.js";
import { BATCH_CONCURRENCY } from "../schemas/batch.js";
import type { Verdict } from "../schemas/common.js";
import type { QuotaKey } from "../ports/quota-ledger.js";
import type { RateLimitDecision } from "../ports/rate-limiter.js";
import { reportAnswered, type LookupEnd } from "../ports/telemetry.js";
import type { Principal } from "./deps.js";
import type { Kernel, Meta, Outcome } from "./kernel.js";
import { withCacheFields } from "./mechanics/charged-lookup.js";
import { parseBody } from "./parse-body.js";
import { TEST_EPOCH } from "./test-mode.js";

export interface BatchItemError {
  readonly input: string;
  readonly index: number;
  readonly error: { code: AppError["code"]; message: string; details?: Readonly<Record<string, unknown>> };
}

export interface BatchSummary {
  total: number;
  succeeded: number;
  failed: number;
  high_risk: number;
  medium_risk: number;
  low_risk: number;
}

export interface BatchResponse<T, C extends string = string> {
  readonly batch_id: string;
  readonly results: (T | BatchItemError)[];
  readonly summary: BatchSummary;
  readonly quota_used: Record<C, number>;
}

const BUCKET: Record<Verdict, "high_risk" | "medium_risk" | "low_risk"> = {
  scam: "high_risk",
  high_risk: "high_risk",
  medium_risk: "medium_risk",
  low_risk: "low_risk",
  safe: "low_risk",
};

/** The quota channel a channel's own analyses are charged to (null: free, or charged inside the assessment). */
export function quotaChannelOf(def: AnyChannel): string | null {
  return def.quota !== null && "id" in def.quota ? def.quota.id : null;
}

/** The channel whose counters a response's quota headers show. */
export function headerChannelOf(def: AnyChannel): string | null {
  if (def.quota === null) return null;
  return "id" in def.quota ? def.quota.id : def.quota.chargedBy;
}

/** How an item's answer (or its error) ended, for the telemetry: never its content. */
export function lookupEnd(answer: Result<{ readonly value: object }, AppError>): LookupEnd {
  if (answer.isErr()) return { error: answer.error.code };
  const { verdict, cached } = answer.value.value as { verdict?: Verdict; cached?: boolean };
  return { ...(verdict !== undefined ? { verdict } : {}), ...(cached !== undefined ? { cached } : {}) };
}

/** One validated request through the mechanics, after authentication, scope and rate limiting. */
export function checkOne(
  k: Kernel,
  p: Principal,
  def: AnyChannel,
  request: unknown,
  forceRefresh: boolean,
): Promise<Result<Outcome<object & CacheFields>, AppError>> {
  return k.telemetry.lookup(def.id, () => checkOneItem(k, p, def, request, forceRefresh), lookupEnd);
}

async function checkOneItem(
  k: Kernel,
  p: Principal,
  def: AnyChannel,
  request: unknown,
  forceRefresh: boolean,
): Promise<Result<Outcome<object & CacheFields>, AppError>> {
  const parsed = def.parse(request) as Result<unknown, AppError>;
  if (parsed.isErr()) return err(parsed.error);
  const input = parsed.value;
  const header = headerChannelOf(def);
  if (p.mode === "test") {
    const assessed = (await def.assess(
      { kernel: k, ports: k.ports, principal: p, mode: "test", forceRefresh },
      input,
    )) as Result<object, AppError>;
    if (assessed.isErr()) return err(assessed.error);
    const quota = header === null ? undefined : await k.quotaState(p.accountId, header);
    const expires = new Date(Date.parse(TEST_EPOCH) + k.config.cacheTtlMs).toISOString();
    const value = await k.views.view(p.accountId, def.id, withCacheFields(assessed.value, false, expires), true);
    return ok({ value, meta: quota ? { quota } : {} });
  }
  // Units taken by charged sub-lookups inside the assessment: given back when the answer fails after all, so a
  // unit is only ever charged for an answer the client receives.
  const charges: QuotaKey[] = [];
  const out = await k.charged(
    p,
    quotaChannelOf(def),
    def.cacheKey(input, k.deps),
    forceRefresh,
    () =>
      def.assess({ kernel: k, ports: k.ports, principal: p, mode: "live", forceRefresh, charges }, input) as Promise<
        Result<object, AppError>
      >,
  );
  if (out.isErr()) {
    await k.giveBack(p, charges);
    return out;
  }
  // The account's lists apply to the shared (cached) result here, per account, and its receipt is kept. An answer
  // computed for this call (not cached) carries an id no receipt has yet.
  const value = await k.views.view(p.accountId, def.id, out.value.value, false, !out.value.value.cached);
  answered(k, def, value);
  // A channel charged through its assessment (a QR code's URL) shows that quota's counters too.
  if (out.value.meta.quota === undefined && header !== null) {
    const quota = await k.quotaState(p.accountId, header);
    if (quota) return ok({ value, meta: { ...out.value.meta, quota } });
  }
  return ok({ value, meta: out.value.meta });
}

/** Counts a live answer's verdict for operators (a result without one, if a channel ever had it, is not counted). */
function answered(k: Kernel, def: AnyChannel, value: object): void {
  const verdict = (value as { verdict?: Verdict }).verdict;
  if (verdict !== undefined) k.telemetry.answered(def.id, verdict);
}

/** The validated request of a single-item body: the channel's shortcut for a plainly valid one, else its schema. */
function requestOf(def: AnyChannel, body: unknown): Result<unknown, AppError> {
  const quick: unknown = def.quickRequest?.(body);
  return quick !== undefined ? ok(quick) : parseBody(def.request, body);
}

/** A single-item endpoint: scope and rate limit, the body, then the item. */
export async function check(
  k: Kernel,
  def: AnyChannel,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<object & CacheFields>, AppError>> {
  const limited = await k.admit(p, def.scope, "api");
  if (limited.isErr()) return err(limited.error);
  const request = requestOf(def, body);
  if (request.isErr()) return err(await withCounters(k, def, p, request.error, limited.value));
  const out = await checkOne(k, p, def, request.value, def.forceRefresh(request.value));
  if (out.isErr()) return err(await withCounters(k, def, p, out.error, limited.value));
  // Copied then set, not spread and extended (which on Node 20 makes each meta a shape of its own).
  const meta: { -readonly [K in keyof Meta]: Meta[K] } = Object.assign({}, out.value.meta);
  meta.rateLimit = limited.value;
  return ok({ value: out.value.value, meta });
}

/**
 * What `check` answers, at once, when the answer is a cache hit this process can give from memory alone: a live key,
 * the account's state, the result (the cache's in-process layer), the quota counter for its headers and the account's
 * lists all held, its receipt already written, and a rate limiter counting in process memory. The rate limit is
 * counted last, once everything else is known to be held, so an undefined answer (anything not held, a body `check`
 * would refuse, a forced refresh, an identical lookup under way) has counted, charged and written nothing, and the
 * caller calls `check` instead. A refusal of the rate limit or the scope is answered as `check` answers it. A hit costs
 * no quota, as on `check`'s path.
 */
export function checkHeld(
  k: Kernel,
  def: AnyChannel,
  p: Principal,
  body: unknown,
): Result<Outcome<object & CacheFields>, AppError> | undefined {
  if (p.mode !== "live") return undefined;
  const channel = quotaChannelOf(def);
  // A channel charged through its assessment shows another channel's counters, which `check` reads.
  if (channel === null && headerChannelOf(def) !== null) return undefined;
  const now = k.now();
  const state = k.periods.held(p.accountId, now);
  if (state == null) return undefined;
  const request = requestOf(def, body);
  if (request.isErr() || def.forceRefresh(request.value)) return undefined;
  const input = def.parse(request.value) as Result<unknown, AppError>;
  if (input.isErr()) return undefined;
  const hit = k.lookups.held(p, channel, heldCacheKey(k, def, input.value), state, now);
  if (hit === undefined) return undefined;
  const value = k.views.heldView(p.accountId, hit.value, now);
  if (value === undefined) return undefined;
  const limited = k.admission.admitHeld(p, def.scope, "api", state, now);
  if (limited === undefined) return undefined;
  if (limited.isErr()) return err(limited.error);
  const quota = hit.meta.quota;
  const answer = ok({
    value,
    meta: quota === undefined ? { rateLimit: limited.value } : { quota, rateLimit: limited.value },
  });
  k.telemetry.cacheRead(true);
  const verdict = (value as { verdict?: Verdict }).verdict;
  if (verdict !== undefined) k.telemetry.answered(def.id, verdict);
  reportAnswered(k.telemetry, def.id, verdict === undefined ? { cached: true } : { verdict, cached: true });
  return answer;
}

/**
 * Cache keys of parsed inputs that are shared objects (a channel hands out one frozen input for a repeated one), with
 * the hasher they were made with (a key may be a digest).
 */
const cacheKeys = new WeakMap<AnyChannel, WeakMap<object, { readonly hasher: unknown; readonly key: string }>>();

/** The channel's cache key of an input, kept with a frozen input: its key is then the same string, its hash known. */
function heldCacheKey(k: Kernel, def: AnyChannel, input: unknown): string {
  if (typeof input !== "object" || input === null || !Object.isFrozen(input)) return def.cacheKey(input, k.deps);
  let keys = cacheKeys.get(def);
  if (keys === undefined) cacheKeys.set(def, (keys = new WeakMap()));
  const known = keys.get(input);
  if (known !== undefined && known.hasher === k.deps.hasher) return known.key;
  const key = def.cacheKey(input, k.deps);
  keys.set(input, { hasher: k.deps.hasher, key });
  return key;
}

/**
 * A refusal of an admitted request, with the counters its answer would have carried: the rate limit it took and the
 * channel's quota (nothing was charged for it). A quota refusal names its own counters.
 */
async function withCounters(
  k: Kernel,
  def: AnyChannel,
  p: Principal,
  e: AppError,
  rateLimit: RateLimitDecision,
): Promise<AppError> {
  const header = headerChannelOf(def);
  const quota = e.code === "quota_exhausted" || header === null ? undefined : await k.quotaState(p.accountId, header);
  return { ...e, counters: { rateLimit, ...(quota ? { quota } : {}) } };
}

/** The error object standing in the results in place of an item that failed. */
function itemError(input: string, index: number, e: AppError): BatchItemError {
  return { input, index, error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) } };
}

/** A validation error names the batch field (urls[3]), not the single request's field (url). */
function atField(e: AppError, field: string): AppError {
  if (e.code !== "validation_error") return e;
  const issues = (e.details?.["issues"] as ValidationIssue[] | undefined) ?? [];
  return validationError(issues.map((i) => issueAt(i, field)));
}

/**
 * Up to 100 items, 10 at a time, each through the same mechanics as a single lookup. An item that fails becomes an
 * error object in its place; once the quota runs out, every item not yet started fails the same way.
 */
export async function checkBatch(
  k: Kernel,
  def: AnyChannel,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<BatchResponse<object & CacheFields>>, AppError>> {
  const batch = def.batch;
  if (batch === undefined) throw new Error(`channel ${def.id} has no batch`);
  const limited = await k.admit(p, def.scope, "batch");
  if (limited.isErr()) return err(limited.error);
  const validated = parseBody(batch.request, body);
  if (validated.isErr()) return err(await withCounters(k, def, p, validated.error, limited.value));
  const items = batch.items(validated.value);
  const forceRefresh = batch.forceRefresh(validated.value);

  const results: ((object & CacheFields) | BatchItemError)[] = new Array(items.length);
  let charged = 0;
  let exhausted: AppError | null = null;
  let lastQuota: Outcome<unknown>["meta"]["quota"];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      if (exhausted !== null) {
        results[index] = itemError(item.input, index, exhausted);
        continue;
      }
      const request = requestOf(def, item.body);
      const out = request.isErr() ? err(request.error) : await checkOne(k, p, def, request.value, forceRefresh);
      if (out.isOk()) {
        results[index] = out.value.value;
        if (out.value.meta.quota) lastQuota = out.value.meta.quota;
        if (!out.value.value.cached && p.mode === "live") charged++;
      } else {
        if (out.error.code === "quota_exhausted") exhausted = out.error;
        results[index] = itemError(item.input, index, atField(out.error, item.field));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, items.length) }, worker));

  const summary: BatchSummary = {
    total: items.length,
    succeeded: 0,
    failed: 0,
    high_risk: 0,
    medium_risk: 0,
    low_risk: 0,
  };
  for (const r of results) {
    if ("error" in r) summary.failed++;
    else {
      summary.succeeded++;
      summary[BUCKET[(r as unknown as { verdict: Verdict }).verdict]]++;
    }
  }
  const header = headerChannelOf(def);
  const quota = lastQuota ?? (header === null ? undefined : await k.quotaState(p.accountId, header));
  return ok({
    value: {
      batch_id: k.deps.ids.uuid(),
      results,
      summary,
      quota_used: header === null ? {} : { [header]: charged },
    },
    meta: { rateLimit: limited.value, ...(quota ? { quota } : {}) },
  });
}

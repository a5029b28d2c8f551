// Batches: up to 100 items, 10 at a time, each through the same mechanics as a single lookup. An item that fails
// becomes an error object in its place; once the quota runs out, every item not yet started fails the same way.
import { err, ok, type Result } from "neverthrow";
import type { AppError } from "../errors.js";
import { BATCH_CONCURRENCY, BatchPhoneRequestSchema, BatchUrlRequestSchema } from "../schemas/batch.js";
import type { Verdict } from "../schemas/common.js";
import type { Channel } from "../schemas/common.js";
import { lookupOne, type ChannelSpec, type WithCache } from "./channel.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { parseBody } from "./parse-body.js";
import { URL_CHANNEL } from "./lookup-url.js";
import { PHONE_CHANNEL } from "./lookup-phone.js";
import type { UrlLookupResult } from "../schemas/url.js";
import type { PhoneLookupResult } from "../schemas/phone.js";

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

export interface BatchResponse<T, C extends Channel> {
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

/** The error object standing in the results in place of an item that failed. */
function itemError(input: string, index: number, e: AppError): BatchItemError {
  return { input, index, error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) } };
}

async function runBatch<TInput, TResult extends { verdict: Verdict }, C extends Channel>(
  k: Kernel,
  p: Principal,
  spec: ChannelSpec<TInput, TResult, C>,
  items: readonly string[],
  field: (i: number) => string,
  forceRefresh: boolean,
): Promise<Result<Outcome<BatchResponse<WithCache<TResult>, C>>, AppError>> {
  const limited = await k.admit(p, spec.scope, "batch");
  if (limited.isErr()) return err(limited.error);

  const results: (WithCache<TResult> | BatchItemError)[] = new Array(items.length);
  let charged = 0;
  let exhausted: AppError | null = null;
  let lastQuota: Outcome<unknown>["meta"]["quota"];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const input = items[index] ?? "";
      if (exhausted !== null) {
        results[index] = itemError(input, index, exhausted);
        continue;
      }
      const out = await lookupOne(k, p, spec, input, forceRefresh, field(index));
      if (out.isOk()) {
        results[index] = out.value.value;
        if (out.value.meta.quota) lastQuota = out.value.meta.quota;
        if (!out.value.value.cached && p.mode === "live") charged++;
      } else {
        if (out.error.code === "quota_exhausted") exhausted = out.error;
        results[index] = itemError(input, index, out.error);
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
      summary[BUCKET[r.verdict]]++;
    }
  }
  const quota = lastQuota ?? (await k.quotaState(p.accountId, spec.channel));
  return ok({
    value: {
      batch_id: k.deps.ids.uuid(),
      results,
      summary,
      quota_used: { [spec.channel]: charged } as Record<C, number>,
    },
    meta: { rateLimit: limited.value, ...(quota ? { quota } : {}) },
  });
}

export async function batchUrl(
  k: Kernel,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<BatchResponse<UrlLookupResult, "url">>, AppError>> {
  const input = parseBody(BatchUrlRequestSchema, body);
  if (input.isErr()) return err(input.error);
  const { urls, items, force_refresh } = input.value;
  const list = urls ?? (items ?? []).map((i) => i.url);
  const field = urls ? (i: number) => `urls.${i}` : (i: number) => `items.${i}.url`;
  return runBatch(k, p, URL_CHANNEL, list, field, force_refresh);
}

export async function batchPhone(
  k: Kernel,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<BatchResponse<PhoneLookupResult, "phone">>, AppError>> {
  const input = parseBody(BatchPhoneRequestSchema, body);
  if (input.isErr()) return err(input.error);
  const { phone_numbers, items, force_refresh } = input.value;
  const list = phone_numbers ?? (items ?? []).map((i) => i.phone_number);
  const field = phone_numbers ? (i: number) => `phone_numbers.${i}` : (i: number) => `items.${i}.phone_number`;
  return runBatch(k, p, PHONE_CHANNEL, list, field, force_refresh);
}

// The URL channel: POST /api/v1/url/lookup, its batch, check_url, `scamverify url`, and community reports of sites.
import { err, ok } from "neverthrow";
import { validationError } from "../../errors.js";
import { analyzeUrl, withDestination } from "../../analyzers/url/analyze-url.js";
import { normalizeUrl } from "../../analyzers/url/normalize-url.js";
import type { NormalizedUrl } from "../../analyzers/url/normalized-url.js";
import { BatchUrlRequestSchema, BatchUrlResponseSchema } from "../../schemas/batch.js";
import {
  MAX_URL_LENGTH,
  UrlLookupRequestSchema,
  UrlLookupResultSchema,
  type UrlLookupResult,
  type UrlSignals,
} from "../../schemas/url.js";
import { assessWith, pickSignals } from "../../usecases/channel-assessment.js";
import type { Kernel } from "../../usecases/kernel.js";
import { TEST_URL_HOST_PREFIX, magicUrlVerdict } from "../../usecases/test-mode.js";
import { BoundedMap } from "../../policies/bounded-map.js";
import { defineChannel, type QuotaChannelDefinition } from "../define-channel.js";
import { summarizeAssessment } from "../summary.js";

export const URL_QUOTA: QuotaChannelDefinition<"url"> = {
  id: "url",
  header: "Url",
  unit: "URL verifications",
  limits: { free: 50, starter: 1000, professional: 3000, business: 10000, scale: 25000, enterprise: 100000 },
};

const EMPTY_SIGNALS: UrlSignals = {
  domain_age_days: null,
  registrar: null,
  ssl_issuer: null,
  ssl_age_days: null,
  redirect_count: null,
  final_url: null,
  brand_impersonation: { detected: false, brand: null, confidence: 0, technique: null },
  vendor1_web_risk: null,
  vendor2_listed: null,
  vendor3_listed: null,
  vendor4_risk_score: null,
  phishing_feed_listed: null,
  community_reports: 0,
};

export type UrlAssessment = Omit<UrlLookupResult, "cached" | "cache_expires_at">;

/** Computes the assessment of one normalized URL (no cache, no quota). Live mode consults every source. */
export async function assessUrl(
  k: Kernel,
  url: NormalizedUrl,
  mode: "live" | "test",
  options: { readonly subLookup?: boolean } = {},
): Promise<UrlAssessment> {
  const { common, signals } = await assessWith(k, mode, {
    skipModel: options.subLookup === true,
    channel: "url",
    input: url,
    subject: url.hostUnicode,
    identity: url.href,
    offline: analyzeUrl(url),
    revise: (offline, gathered) => {
      const final = gathered.find((e) => typeof e.signals["final_url"] === "string")?.signals["final_url"];
      return typeof final === "string" ? withDestination(url, offline, final) : offline;
    },
    magic: mode === "test" ? magicUrlVerdict(url.host) : null,
    sources: k.ports.urlSources ?? [],
    report: { kind: "url", value: url.registrableDomain ?? url.host, what: "site" },
  });
  // One literal in the order the spread of `common` gave: adding fields to a spread copy costs a slow property
  // definition on every lookup, and the answer's field order is part of its serialised form.
  return {
    id: common.id,
    risk_score: common.risk_score,
    verdict: common.verdict,
    confidence: common.confidence,
    explanation: common.explanation,
    factors: common.factors,
    sources_checked: common.sources_checked,
    sources: common.sources,
    created_at: common.created_at,
    test_mode: common.test_mode,
    url: url.href,
    domain: url.hostUnicode,
    registrable_domain: url.registrableDomain,
    signals: pickSignals(EMPTY_SIGNALS, signals),
  };
}

/** Most URLs whose normal form is remembered, and the longest remembered. */
const NORMALIZED_MEMO_SIZE = 1_024;
const NORMALIZED_MEMO_MAX_LENGTH = 1_024;
/**
 * The normal form of the URLs parsed lately, frozen and shared: a URL asked about at volume is looked up again and
 * again, and normalizing it (WHATWG parsing, the public suffix list, Unicode host) costs more than the cache hit
 * that answers it. normalizeUrl is pure, so a remembered form is the one it would give again.
 */
const normalized = new BoundedMap<string, NormalizedUrl>(NORMALIZED_MEMO_SIZE);

function normalizeRemembered(raw: string): ReturnType<typeof normalizeUrl> {
  const known = normalized.get(raw);
  if (known !== undefined) return ok(known);
  const parsed = normalizeUrl(raw);
  if (parsed.isOk() && raw.length <= NORMALIZED_MEMO_MAX_LENGTH) {
    normalized.set(raw, Object.freeze(parsed.value));
  }
  return parsed;
}

export function parseUrl(raw: string, field: string) {
  const parsed = normalizeRemembered(raw);
  if (parsed.isErr()) return err(validationError(parsed.error.map((i) => ({ ...i, field }))));
  return ok(parsed.value);
}

/**
 * `UrlLookupRequestSchema`'s value for a plain object holding a string `url` of 1 to MAX_URL_LENGTH UTF-16 units and
 * at most a boolean (or undefined) `force_refresh`, read without running the schema: the body of nearly every
 * lookup. The schema counts a string's length in code points, never more than its UTF-16 units, so every body taken
 * here is one it accepts. undefined for anything else (another key, another type, a longer string, an object of
 * another prototype), which the schema validates and words.
 */
export function quickUrlRequest(body: unknown): { url: string; force_refresh: boolean } | undefined {
  if (typeof body !== "object" || body === null || Object.getPrototypeOf(body) !== Object.prototype) return undefined;
  let url: unknown;
  let forceRefresh: unknown;
  for (const key in body) {
    if (key === "url") url = (body as { url?: unknown }).url;
    else if (key === "force_refresh") forceRefresh = (body as { force_refresh?: unknown }).force_refresh;
    else return undefined;
  }
  if (typeof url !== "string" || url.length === 0 || url.length > MAX_URL_LENGTH) return undefined;
  if (forceRefresh !== undefined && typeof forceRefresh !== "boolean") return undefined;
  return { url, force_refresh: forceRefresh === true };
}

type BatchUrlBody = { urls?: string[] | undefined; items?: { url: string }[] | undefined; force_refresh?: boolean };

export const URL_CHANNEL = defineChannel({
  id: "url",
  verb: "lookupUrl",
  title: "Check a URL",
  description:
    "Assess how likely a URL or website is to be a scam, phishing or malware page: brand impersonation, domain " +
    "heuristics, threat feeds, network inspection and community reports. Scope url:lookup. Costs 1 url unit unless " +
    "served from cache.",
  scope: "url:lookup",
  quota: URL_QUOTA,
  statusComponent: "url_lookup",
  units: "URL lookups",
  http: { path: "/api/v1/url/lookup", body: "json" },
  request: UrlLookupRequestSchema,
  quickRequest: quickUrlRequest,
  result: UrlLookupResultSchema,
  parse: (req) => parseUrl(req.url, "url"),
  forceRefresh: (req) => req.force_refresh === true,
  // href leaves the fragment out; an address in it (a phishing kit's "#victim@example.com") weighs, so it keys too.
  cacheKey: (url) => `url:${url.href}${url.fragmentEmail === true ? "#email" : ""}`,
  assess: async (ctx, url) => ok(await assessUrl(ctx.kernel, url, ctx.mode)),
  magic: (["safe", "low_risk", "medium_risk", "high_risk", "scam"] as const).map((verdict) => ({
    input: `https://${TEST_URL_HOST_PREFIX}${verdict.replace("_", "-")}.example.com/`,
    verdict,
  })),
  samples: {
    magicBody: (m) => ({ url: m.input }),
    invalid: { url: "not a url" },
    fresh: (n, tag) => ({ url: `https://fault-${tag}-${n}.example.com/login?n=${n}` }),
  },
  batch: {
    verb: "batchUrl",
    path: "/api/v1/batch/url",
    title: "Check up to 100 URLs",
    description:
      "urls (array of strings) or items (array of {url}). 10 at a time; items that fail are error objects in place; " +
      "each successful non-cached item costs 1 url unit; 5 requests/min.",
    request: BatchUrlRequestSchema,
    response: BatchUrlResponseSchema,
    mcpTool: "check_urls_batch",
    itemName: "URLs",
    items: (body) => {
      const b = body as BatchUrlBody;
      return b.urls
        ? b.urls.map((url, i) => ({ body: { url }, input: url, field: `urls[${i}]` }))
        : (b.items ?? []).map((item, i) => ({ body: { url: item.url }, input: item.url, field: `items[${i}].url` }));
    },
    forceRefresh: (body) => (body as BatchUrlBody).force_refresh === true,
  },
  reportable: {
    what: "site",
    normalize: (value) => parseUrl(value, "value").map((u) => u.registrableDomain ?? u.host),
  },
  mcp: {
    tool: "check_url",
    summarize: (v) => summarizeAssessment(v.url, v),
    subject: (v) => v.url,
    prompt: {
      name: "investigate_url",
      title: "Investigate a link",
      argument: "url",
      describe: "The link as received",
      ask: (v) => `Is this link safe to open: ${v}? Check it with check_url.`,
    },
  },
  cli: {
    command: "url",
    argument: "urls",
    example:
      "scamverify url https://paypa1-login.example.com\n  scamverify url --file urls.txt --format csv > verdicts.csv",
    toRequest: (url) => ({ url }),
  },
});

import { err, ok, type Result } from "neverthrow";
import { validationError, type AppError } from "../errors.js";
import { analyzeUrl } from "../analyzers/url/analyze-url.js";
import { normalizeUrl } from "../analyzers/url/normalize-url.js";
import type { NormalizedUrl } from "../analyzers/url/normalized-url.js";
import { UrlLookupRequestSchema, type UrlLookupResult, type UrlSignals } from "../schemas/url.js";
import { assessWith, pickSignals } from "./assemble.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { guardedLookup, type ChannelSpec } from "./channel.js";
import { parseBody } from "./parse-body.js";
import { magicUrlVerdict } from "./test-mode.js";

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

type Computed = Omit<UrlLookupResult, "cached" | "cache_expires_at">;

/** Computes the assessment of one normalized URL (no cache, no quota). Live mode consults every source. */
export async function assessUrl(k: Kernel, url: NormalizedUrl, mode: "live" | "test"): Promise<Computed> {
  const { common, signals } = await assessWith(k, mode, {
    channel: "url",
    input: url,
    subject: url.hostUnicode,
    identity: url.href,
    offline: analyzeUrl(url),
    magic: mode === "test" ? magicUrlVerdict(url.host) : null,
    sources: k.deps.urlSources ?? [],
    report: { kind: "url", value: url.registrableDomain ?? url.host, what: "site" },
  });
  return {
    ...common,
    url: url.href,
    domain: url.hostUnicode,
    registrable_domain: url.registrableDomain,
    signals: pickSignals(EMPTY_SIGNALS, signals),
  };
}

export const URL_CHANNEL: ChannelSpec<NormalizedUrl, Computed, "url"> = {
  channel: "url",
  scope: "url:lookup",
  parse(raw, field) {
    const parsed = normalizeUrl(raw);
    if (parsed.isErr()) return err(validationError(parsed.error.map((i) => ({ ...i, field }))));
    return ok(parsed.value);
  },
  cacheKey: (url) => `url:${url.href}`,
  assess: assessUrl,
};

export function lookupUrl(k: Kernel, p: Principal, body: unknown): Promise<Result<Outcome<UrlLookupResult>, AppError>> {
  return guardedLookup(k, p, URL_CHANNEL, () =>
    parseBody(UrlLookupRequestSchema, body).map((b) => ({ raw: b.url, forceRefresh: b.force_refresh, field: "url" })),
  );
}

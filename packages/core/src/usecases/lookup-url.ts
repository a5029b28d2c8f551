import { err, ok, type Result } from "neverthrow";
import { validationError, type AppError } from "../errors.js";
import { analyzeUrl } from "../analyzers/url/analyze-url.js";
import { normalizeUrl } from "../analyzers/url/normalize-url.js";
import type { NormalizedUrl } from "../analyzers/url/normalized-url.js";
import type { Evidence } from "../ports/signal-source.js";
import { UrlLookupRequestSchema, type UrlLookupResult, type UrlSignals } from "../schemas/url.js";
import type { WeightedEvidence } from "../scoring/score.js";
import { assemble, magicEvidence } from "./assemble.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { guardedLookup, type ChannelSpec } from "./channel.js";
import { parseBody } from "./parse-body.js";
import { TEST_EPOCH, deterministicId, magicUrlVerdict } from "./test-mode.js";

const OFFLINE_WEIGHT = 0.3;
const COMMUNITY_WEIGHT = 0.1;

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

export function communityEvidence(count: number, what: string): Evidence {
  const points = count === 0 ? 0 : Math.min(60, 15 + 10 * Math.log2(count));
  return {
    source: "community_reports",
    status: "ok",
    signals: { community_reports: count },
    factors:
      count === 0
        ? []
        : [
            {
              id: "community_reports",
              source: "community_reports",
              label: `${count} community report${count === 1 ? "" : "s"} about this ${what}`,
              points: Math.round(points),
            },
          ],
  };
}

function pickSignals(merged: Record<string, unknown>): UrlSignals {
  const out: Record<string, unknown> = { ...EMPTY_SIGNALS };
  for (const key of Object.keys(EMPTY_SIGNALS)) if (merged[key] !== undefined) out[key] = merged[key];
  return out as UrlSignals;
}

/** Computes the assessment of one normalized URL (no cache, no quota). Live mode consults every source. */
export async function assessUrl(k: Kernel, url: NormalizedUrl, mode: "live" | "test"): Promise<Computed> {
  const items: WeightedEvidence[] = analyzeUrl(url).map((evidence) => ({ evidence, weight: OFFLINE_WEIGHT }));
  const magic = mode === "test" ? magicUrlVerdict(url.host) : null;
  if (magic !== null) items.push({ evidence: magicEvidence(magic), weight: 1 });
  if (mode === "live") {
    const reportKey = url.registrableDomain ?? url.host;
    const [sourced, reports] = await Promise.all([
      k.gather(k.deps.urlSources ?? [], url),
      k.deps.reports.count("url", reportKey),
    ]);
    items.push(...sourced, { evidence: communityEvidence(reports, "site"), weight: COMMUNITY_WEIGHT });
  }
  const { assessment, explanation } = await assemble(k, "url", url.hostUnicode, items);
  const test = mode === "test";
  return {
    id: test ? deterministicId(k.deps.hasher, url.href) : k.deps.ids.uuid(),
    url: url.href,
    domain: url.hostUnicode,
    registrable_domain: url.registrableDomain,
    risk_score: assessment.riskScore,
    verdict: assessment.verdict,
    confidence: assessment.confidence,
    explanation,
    signals: pickSignals(assessment.signals),
    factors: assessment.factors,
    sources_checked: assessment.sourcesChecked,
    sources: assessment.sources,
    created_at: test ? TEST_EPOCH : k.now().toISOString(),
    test_mode: test,
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

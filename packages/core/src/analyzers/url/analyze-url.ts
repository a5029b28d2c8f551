import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import { detectBrandImpersonation } from "./brand-impersonation.js";
import { shortenerOf } from "./brand-index.js";
import type { NormalizedUrl } from "./normalized-url.js";
import { normalizeUrl } from "./normalize-url.js";
import { analyzeUrlHeuristics, HEURISTICS_SOURCE, shortenerLabel } from "./url-heuristics.js";
import { URL_MODEL_SOURCE, urlModelEvidence } from "../../models/model-evidence.js";

export const REDIRECT_SOURCE = "url_redirect";

/** Query values scanned for a forwarding target, and the longest value read. */
const MAX_QUERY_CHARS = 2048;
const ABSOLUTE = /^https?:\/\//i;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll("+", " "));
  } catch {
    return value;
  }
}

/**
 * The site a link forwards to: a query value that is itself a whole link to another site ("google.com/url?q=
 * https://...", "/redirect?to=https%3A%2F%2F..."). Redirectors and open redirects on trusted names carry a lure's
 * address this way, so the trusted name is what a reader (or a filter) sees. null when there is none.
 */
function forwardTarget(url: NormalizedUrl): NormalizedUrl | null {
  if (url.query.length < 12) return null;
  const query = url.query.length > MAX_QUERY_CHARS ? url.query.slice(0, MAX_QUERY_CHARS) : url.query;
  for (const pair of query.replace(/^\?/, "").split("&")) {
    const at = pair.indexOf("=");
    if (at === -1) continue;
    const value = decoded(pair.slice(at + 1));
    if (!ABSOLUTE.test(value)) continue;
    const target = normalizeUrl(value);
    if (target.isErr()) continue;
    const t = target.value;
    if (t.host === url.host || (t.registrableDomain !== null && t.registrableDomain === url.registrableDomain)) {
      continue;
    }
    return t;
  }
  return null;
}

/**
 * The offline URL analyzers: brand impersonation (source "brand_impersonation") and structural heuristics
 * (source "url_heuristics"), always in that order; for a link that forwards to another site, a third piece of
 * evidence (source "url_redirect") with the warning signs of the site it forwards to. Then the forwarding host's
 * own standing (an official or popular name) no longer vouches for the link: it vouches for itself, not for where
 * it sends people. Last, the URL model's reading (source "url_model"). Pure and synchronous; never throws.
 */
export function analyzeUrl(url: NormalizedUrl): Evidence[] {
  const shortener = shortenerOf(url.host);
  return [...analyzeUrlRules(url), urlModelEvidence(url.href, shortener === null ? {} : { shortener })];
}

/** The warning signs of the site a link sends people to, as factors of source "url_redirect" (`how` heads each). */
function destinationSigns(target: NormalizedUrl, how: string): Factor[] {
  const signs: Factor[] = [];
  for (const evidence of [detectBrandImpersonation(target), analyzeUrlHeuristics(target)]) {
    for (const f of evidence.factors) {
      if (f.points <= 0) continue;
      signs.push({
        ...f,
        id: `redirect_${f.id}`,
        source: REDIRECT_SOURCE,
        label: `${how} ${target.hostUnicode}: ${f.label}`,
      });
    }
  }
  return signs;
}

function redirectEvidence(target: NormalizedUrl, signs: Factor[]): Evidence {
  return { source: REDIRECT_SOURCE, status: "ok", signals: { redirect_target: target.host }, factors: signs };
}

/** The URL rules alone: brand impersonation, heuristics and the forwarding target's signs (see analyzeUrl). */
function analyzeUrlRules(url: NormalizedUrl): Evidence[] {
  const own = [detectBrandImpersonation(url), analyzeUrlHeuristics(url)];
  const target = forwardTarget(url);
  if (target === null) return own;
  const signs = destinationSigns(target, "It forwards to");
  if (signs.length === 0) return own;
  const [brand, heuristics] = own as [Evidence, Evidence];
  return [
    { ...brand, factors: brand.factors.filter((f) => f.points > 0) },
    heuristics,
    redirectEvidence(target, signs),
  ];
}

/** Where following a link led (`finalHref`), when that is another site than the link's own; null otherwise. */
export function destinationOf(url: NormalizedUrl, finalHref: string): NormalizedUrl | null {
  const parsed = normalizeUrl(finalHref);
  if (parsed.isErr()) return null;
  const target = parsed.value;
  const sameSite =
    target.host === url.host ||
    (target.registrableDomain !== null && target.registrableDomain === url.registrableDomain);
  return sameSite ? null : target;
}

/**
 * The offline evidence of a link (analyzeUrl) read again with where following it led (`finalHref`, another site):
 * that site's warning signs join it (source "url_redirect", "It leads to ..."), and on a shortener's link the URL
 * model reads the destination instead of the shortener's own address, which says nothing of it. The link's own
 * rules stay: a redirect does not clean a lure's address. Unchanged when the destination is the link's own site or
 * cannot be read.
 */
export function withDestination(url: NormalizedUrl, offline: readonly Evidence[], finalHref: string): Evidence[] {
  const target = destinationOf(url, finalHref);
  if (target === null) return [...offline];
  const signs = destinationSigns(target, "It leads to");
  const shortener = shortenerOf(url.host);
  const out =
    shortener === null
      ? [...offline]
      : offline.filter((e) => e.source !== URL_MODEL_SOURCE).map((e) => followedShortener(e, shortener, target));
  if (signs.length > 0) out.push(redirectEvidence(target, signs));
  if (shortener !== null) out.push(urlModelEvidence(target.href, { leadsTo: target.hostUnicode }));
  return out;
}

/** The shortener's finding, once the link was followed: it names where it led instead of hiding it. */
function followedShortener(evidence: Evidence, shortener: string, target: NormalizedUrl): Evidence {
  if (evidence.source !== HEURISTICS_SOURCE) return evidence;
  const factors = evidence.factors.map((f) =>
    f.id === "shortener" ? { ...f, label: shortenerLabel(shortener, target.hostUnicode) } : f,
  );
  return { ...evidence, factors };
}

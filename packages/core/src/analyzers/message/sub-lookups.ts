// The links and numbers of a message are checked by the URL and phone channels; their verdicts come back here and
// weigh in the message's score. The worst one counts: a link listed as a scam makes the message at least high risk,
// while a safe official link does not make the rest of the message safe.

import type { Evidence } from "../../ports/signal-source.js";
import type { Factor, Verdict } from "../../schemas/common.js";
import { AI_FACTOR_SOURCE } from "../../scoring/ai-bounds.js";
import { URL_MODEL_SOURCE } from "../../models/model-evidence.js";
import { REDIRECT_SOURCE } from "../url/analyze-url.js";
import { BRAND_SOURCE } from "../url/brand-impersonation.js";
import { isShortenerHost } from "../url/brand-index.js";
import { HEURISTICS_SOURCE } from "../url/url-heuristics.js";

export const SUBLOOKUP_SOURCE = "sub_lookups";

/** One link or number of the message, as its channel assessed it. */
export interface SubLookupResult {
  readonly kind: "url" | "phone";
  /** The link (as normalized) or the E.164 number. */
  readonly value: string;
  readonly verdict: Verdict;
  readonly risk_score: number;
  /** Its channel's factors, largest first. */
  readonly factors: readonly Factor[];
  /** A link's destination on another site, where the network followed it there (its verdict is the destination's). */
  readonly leadsTo?: string;
}

/**
 * How the worst sub-result weighs (points, floor):
 *
 * | worst verdict | points                  | floor | effect                                              |
 * |---------------|-------------------------|-------|-----------------------------------------------------|
 * | scam          | 75                      | 65    | the message is at least high_risk                   |
 * | high_risk     | 55                      | 45    | the message is at least medium_risk                 |
 * | medium_risk   | 30                      | 0     | adds to the message's cues                          |
 * | low_risk      | (score - 15) / 2, 3..12 | 0     | a shortener or a young domain nudges                |
 * | safe (all)    | -10 when one is vouched | 0     | a little legitimacy; never enough alone to clear it |
 *
 * The floor holds only for a verdict that rests on near-conclusive evidence (see `nearConclusive`); a link's
 * verdict reached by weighing what the offline analyzers read (the URL model, a shortener, a young or free host)
 * is one weighted finding among the message's others, as the fit measured it: the sender's own short links in real
 * operator and bank texts read as scams to the URL channel as often as a phishing page's. Texts, mail and letters
 * alike: a genuine letter's own site that the URL model misreads is one finding its other marks can outweigh.
 */
const WEIGHTS: Readonly<Record<Verdict, { readonly points: number; readonly floor: number }>> = {
  scam: { points: 75, floor: 65 },
  high_risk: { points: 55, floor: 45 },
  medium_risk: { points: 30, floor: 0 },
  low_risk: { points: 0, floor: 0 },
  safe: { points: 0, floor: 0 },
};
const SAFE_POINTS = -10;
const VOUCHING = -20;

const WHAT: Readonly<Record<SubLookupResult["kind"], string>> = { url: "link", phone: "number" };

/** Where a link's offline reading comes from: what its verdict is weighed from, not found elsewhere. */
const WEIGHED_URL_SOURCES = new Set([HEURISTICS_SOURCE, BRAND_SOURCE, REDIRECT_SOURCE, URL_MODEL_SOURCE, "scoring"]);
/** A link that spells a brand's own domain with look-alike characters: the URL channel's own floor. */
const HOMOGLYPH = "brand_homoglyph";

/**
 * Whether a sub-result's verdict rests on evidence near-conclusive enough to floor the message: for a link, a
 * finding from outside its offline analyzers (a feed or blocklist listing, a reputation service, reports of it) or
 * a look-alike spelling of a brand's domain; a number's verdict (the phone channel's own area-code and range
 * findings) always.
 */
export function nearConclusive(sub: SubLookupResult): boolean {
  if (sub.kind !== "url") return true;
  return sub.factors.some(
    (f) =>
      f.points > 0 &&
      f.source !== AI_FACTOR_SOURCE &&
      (!WEIGHED_URL_SOURCES.has(f.source) || (f.source === BRAND_SOURCE && f.id === HOMOGLYPH)),
  );
}

function describe(sub: SubLookupResult): string {
  const top = sub.factors.find((f) => f.points > 0 && f.id !== "limited_evidence");
  const verdict = sub.verdict.replace("_", " ");
  return `The ${WHAT[sub.kind]} ${sub.value} reads as ${verdict} (${sub.risk_score})${top === undefined ? "" : `: ${top.label}`}`;
}

/** Ends the id of a link verdict reached by weighing on a link the message credits to its sender. */
export const OWN_LINK_SUFFIX = "_own_link";
/**
 * The prior of such a verdict, whatever it is: a statistical reading of a site the message credits to its sender is
 * a hint, under CORROBORATING_PRIOR, so it never lifts the message model's reading past the channel's ceiling alone.
 * The fit weighs it where the corpora hold enough of them (docs/detection.md, "a fourth round").
 */
const OWN_LINK_POINTS = 15;

/**
 * Ends the id of a link verdict reached by weighing on a shortened link: offline, the URL channel sees the
 * shortener's address, not where it leads, and operators, shops and banks shorten their own links as phishing does.
 */
export const SHORTENED_SUFFIX = "_shortened";

/** Whether a link's host is a link shortener's. */
function shortened(link: string): boolean {
  try {
    return isShortenerHost(new URL(link).host);
  } catch {
    return false;
  }
}

/**
 * Evidence from the sub-lookups of a message's links and numbers (source "sub_lookups"). `ownLinks` are the links (as
 * normalized) the message credits to its sender (its site, named as the text names its sender, or one on its
 * country's registry second level; see MessageAnalysis.ownLinks): a verdict on one of them reached by weighing (the
 * URL model, a shortener, a young host) is a rule of its own, `url_<verdict>_own_link`, which the fit weighs apart,
 * and counts only when no other link counts. A verdict on such a link that rests on near-conclusive evidence (a
 * listing, a look-alike spelling) weighs and floors as any other. A verdict reached by weighing on a shortened link
 * is `url_<verdict>_shortened`, weighed apart too: the shortener's address is all the channel saw (unless the
 * network followed it to another site: then the verdict is that site's, and weighs as one).
 */
export function subLookupEvidence(subs: readonly SubLookupResult[], ownLinks: readonly string[] = []): Evidence {
  const signals = {
    sub_lookups: subs.map((s) => ({ kind: s.kind, value: s.value, verdict: s.verdict, risk_score: s.risk_score })),
  };
  if (subs.length === 0)
    return { source: SUBLOOKUP_SOURCE, status: "skipped", reason: "no links or numbers", signals, factors: [] };
  const own = new Set(ownLinks);
  const weighedOwn = (s: SubLookupResult): boolean => s.kind === "url" && own.has(s.value) && !nearConclusive(s);
  const worstOf = (xs: readonly SubLookupResult[]): SubLookupResult | undefined => {
    let worst: SubLookupResult | undefined;
    for (const s of xs) if (worst === undefined || s.risk_score > worst.risk_score) worst = s;
    return worst;
  };
  const others = worstOf(subs.filter((s) => !weighedOwn(s)));
  const owned = worstOf(subs.filter(weighedOwn));
  // The sender's own link counts only when no other link or number does.
  const ownCounts =
    owned !== undefined &&
    WEIGHTS[owned.verdict].points > 0 &&
    (others === undefined || WEIGHTS[others.verdict].points === 0);
  const othersCount = others !== undefined && WEIGHTS[others.verdict].points > 0;
  // Otherwise the worst of all, as before: a nudge of a low-risk link, or every link checking out.
  const worst = ownCounts ? (owned as SubLookupResult) : othersCount ? others : (worstOf(subs) as SubLookupResult);
  const factors: Factor[] = [];
  let floor = 0;
  const w = WEIGHTS[worst.verdict];
  if (w.points > 0) {
    // Followed to where it leads (network inspection), a shortened link's verdict is its destination's.
    const short =
      !ownCounts &&
      worst.kind === "url" &&
      worst.leadsTo === undefined &&
      !nearConclusive(worst) &&
      shortened(worst.value);
    factors.push({
      id: `${worst.kind}_${worst.verdict}${ownCounts ? OWN_LINK_SUFFIX : short ? SHORTENED_SUFFIX : ""}`,
      source: SUBLOOKUP_SOURCE,
      label: describe(worst),
      points: ownCounts ? OWN_LINK_POINTS : w.points,
    });
    if (nearConclusive(worst)) floor = w.floor;
  } else if (worst.verdict === "low_risk" && worst.factors.some((f) => f.points > 0 && f.id !== "limited_evidence")) {
    const points = Math.max(3, Math.min(12, Math.round((worst.risk_score - 15) / 2)));
    factors.push({ id: `${worst.kind}_low_risk`, source: SUBLOOKUP_SOURCE, label: describe(worst), points });
  } else if (
    worst.verdict === "safe" &&
    subs.some((s) => s.factors.reduce((t, f) => t + Math.min(0, f.points), 0) <= VOUCHING)
  ) {
    factors.push({
      id: "links_check_out",
      source: SUBLOOKUP_SOURCE,
      label: "Every link and number in it checks out as safe",
      points: SAFE_POINTS,
    });
  }
  return { source: SUBLOOKUP_SOURCE, status: "ok", signals, factors, ...(floor > 0 ? { floor } : {}) };
}

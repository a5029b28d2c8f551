// Offline brand impersonation detection over a normalized URL: Unicode and ASCII lookalikes, typosquats,
// brand-plus-lure-word names, TLD swaps, and brand names in subdomains or paths of unrelated domains.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { NormalizedUrl } from "./normalized-url.js";
import {
  LONG_LABEL,
  OFFICIAL_DOMAINS,
  POPULAR,
  SPELLED_DOMAINS,
  DEVELOPER_PLATFORM_SET,
  hostingOf,
  isGovernmentRegistry,
  registrableLabel,
} from "./brand-index.js";
import { hasMixedScripts, unicodeSkeleton } from "./skeleton.js";
import { pathAsksFor } from "./url-heuristics.js";
import { isWidelyVisited } from "./widely-visited.js";
import { DETECTED_AT, LEGITIMACY_POINTS, MAX_PATH_CHARS, SPELLED_SPLIT, type Finding } from "./brand-finding.js";
import { hasLureSubdomain, registrableFindings, subdomainFindings } from "./brand-host-findings.js";
import { ASKING_PAGE_POINTS } from "./brand-keywords.js";
import { CORROBORATION_POINTS, lookalikeFindings } from "./brand-lookalikes.js";
import { asksForCredentials, hasCredentialWords, pathFindings } from "./brand-path-findings.js";

export const BRAND_SOURCE = "brand_impersonation";

export const BRAND_TECHNIQUES = [
  "homoglyph",
  "typosquat",
  "bitsquat",
  "hyphenation",
  "tld_swap",
  "combosquat",
  "brand_in_subdomain",
  "brand_in_path",
] as const;
export type BrandTechnique = (typeof BRAND_TECHNIQUES)[number];
/** Look-alike names of a brand's domain that a widely visited site's own name does not count as. */
const ESTABLISHED_NAME_TECHNIQUES: ReadonlySet<BrandTechnique> = new Set<BrandTechnique>([
  "typosquat",
  "bitsquat",
  "hyphenation",
  "tld_swap",
  "combosquat",
]);

export interface BrandImpersonation {
  readonly detected: boolean;
  readonly brand: string | null;
  readonly confidence: number;
  readonly technique: BrandTechnique | null;
}

function best(findings: readonly Finding[]): Finding | null {
  let top: Finding | null = null;
  for (const f of findings) {
    if (top === null || f.points > top.points || (f.points === top.points && f.confidence > top.confidence)) top = f;
  }
  return top;
}

const LABELS: Record<BrandTechnique, (brand: string, label: string) => string> = {
  homoglyph: (b, l) => `"${l}" is a lookalike of ${b}'s domain name`,
  typosquat: (b, l) => `"${l}" is a misspelling of ${b}'s domain name`,
  bitsquat: (b, l) => `"${l}" differs from ${b}'s domain name by one bit-flipped character`,
  hyphenation: (b, l) => `"${l}" is ${b}'s domain name split with hyphens`,
  tld_swap: (b, l) => `"${l}" is ${b}'s name under a domain ending ${b} does not use`,
  combosquat: (b, l) => `"${l}" combines ${b}'s name with other words on a domain ${b} does not own`,
  brand_in_subdomain: (b, l) => `${b}'s name appears in the subdomain "${l}" of an unrelated domain`,
  brand_in_path: (b, l) => `${b}'s name appears in the path ("${l}") of an unrelated domain`,
};

const RULE_LABELS: Readonly<Record<string, (brand: string, label: string) => string>> = {
  brand_lookalike_on_popular_site: (b, l) => `The subdomain "${l}" of a popular site copies ${b}'s domain name`,
  brand_user_content_sign_in: (b, l) =>
    `${b}'s name ("${l}") on a sign-in page in a shared document or form, which anyone can make`,
};

function notDetected(factors: Factor[]): Evidence {
  const signal: BrandImpersonation = { detected: false, brand: null, confidence: 0, technique: null };
  return { source: BRAND_SOURCE, status: "ok", signals: { brand_impersonation: signal }, factors };
}

/** Brand impersonation evidence for one URL. Pure; never throws. */
export function detectBrandImpersonation(url: NormalizedUrl): Evidence {
  if (url.isIp) {
    const findings: Finding[] = [];
    subdomainFindings(url, false, findings);
    pathFindings(url, findings);
    return toEvidence(best(findings));
  }
  const registrable = url.registrableDomain;
  const freeHosted = hostingOf(url) !== null;
  if (registrable !== null && !freeHosted) {
    const official = OFFICIAL_DOMAINS.get(registrable);
    if (official !== undefined) {
      return notDetected([
        {
          id: "official_brand_domain",
          source: BRAND_SOURCE,
          label: `${registrable} is an official domain of ${official.name}`,
          points: LEGITIMACY_POINTS,
        },
      ]);
    }
    if (isGovernmentRegistry(url)) {
      return notDetected([
        {
          id: "government_domain",
          source: BRAND_SOURCE,
          label: `${registrable} is in the ${url.publicSuffix ?? ""} registry, which only government bodies can register in`,
          points: LEGITIMACY_POINTS,
        },
      ]);
    }
    if (POPULAR.has(registrable)) {
      // A brand's name in a popular site's subdomain or path is a community, a wiki, a review, an article about it
      // (reddit.com/r/paypal, paypal.fandom.com): no impersonation. A subdomain that misspells a brand or spells its
      // domain out ("paypa1.fandom.com", "www.paypal.com.fandom.com") is no one's honest name for anything.
      const lookalike = lookalikeSubdomain(url);
      if (lookalike !== null) return toEvidence(lookalike);
      return notDetected([
        {
          id: "popular_domain",
          source: BRAND_SOURCE,
          label: `${registrable} is a widely used, established site`,
          points: LEGITIMACY_POINTS,
        },
      ]);
    }
  }

  const findings: Finding[] = [];
  // User content on a brand's or a popular site's own domain (sites.google.com) is not a lookalike name.
  const firstParty = registrable !== null && (OFFICIAL_DOMAINS.has(registrable) || POPULAR.has(registrable));
  const label = firstParty ? null : registrableLabel(url);
  if (label !== null) {
    registrableFindings(label, url, freeHosted, findings);
    // A name that many people visit is an established site of its own, not a look-alike registered for a campaign:
    // its name spelled near a brand's (another country's ending, a brand word joined to another, a letter apart) is
    // no finding. A brand's name spelled with look-alike characters still is.
    if (registrable !== null && isWidelyVisited(registrable)) {
      for (let i = findings.length - 1; i >= 0; i--) {
        if (ESTABLISHED_NAME_TECHNIQUES.has((findings[i] as Finding).technique)) findings.splice(i, 1);
      }
    }
    // A lure-word subdomain in front of a weak lookalike ("app.uniswsap.com", "co-jp.rakuteon.tokyo")
    // completes the picture of a sign-in page on the brand's domain.
    if (findings.length > 0 && hasLureSubdomain(url.subdomain)) {
      for (let i = 0; i < findings.length; i++) {
        const f = findings[i];
        if (f !== undefined && f.points < 65) {
          findings[i] = { ...f, points: f.points + 15, confidence: Math.max(f.confidence, 0.6) };
        }
      }
    }
    if (url.hostUnicode !== url.host) {
      const parts = url.hostUnicode.split(".");
      const suffixLabels = (url.publicSuffix ?? "").split(".").length;
      const unicodeLabel = parts[parts.length - suffixLabels - 1];
      if (unicodeLabel !== undefined) {
        const skeleton = unicodeSkeleton(unicodeLabel);
        const skeletonFindings: Finding[] = [];
        if (skeleton !== unicodeLabel) registrableFindings(skeleton, url, freeHosted, skeletonFindings);
        for (const f of skeletonFindings) {
          const exact = f.technique === "tld_swap" || f.technique === "homoglyph";
          findings.push({
            ...f,
            technique: "homoglyph",
            points: exact ? 95 : Math.max(f.points, 85),
            confidence: exact ? 0.97 : 0.9,
            floor: exact || hasMixedScripts(unicodeLabel) ? 85 : f.floor,
            label: unicodeLabel,
          });
        }
      }
    }
  }
  subdomainFindings(url, freeHosted, findings);
  const hostTop = askingPage(projectName(best(findings), url), url);
  const pathOut: Finding[] = [];
  pathFindings(url, pathOut);
  const pathTop = best(pathOut);
  return toEvidence(corroborate(hostTop, firstParty ? userContentPage(pathTop, url) : pathTop, url));
}

const LOOKALIKE_ON_POPULAR_POINTS = 45;
const USER_CONTENT_SIGN_IN_POINTS = 55;

/**
 * A subdomain of a popular site that copies a brand's domain: its name with lookalike characters ("paypa1",
 * "rnicrosoft"), a misspelling of a long name ("steamcommunitty"), or its official domain spelled out ("www.paypal.com"). Its name as it is ("paypal.fandom.com") or
 * beside words ("paypal-help") is not enough: on such sites that is what communities and wikis are called.
 */
function lookalikeSubdomain(url: NormalizedUrl): Finding | null {
  if (url.subdomain === "") return null;
  const copies: Finding[] = [];
  for (const token of url.subdomain.split(SPELLED_SPLIT)) {
    for (const [spelled, brand] of SPELLED_DOMAINS.get(token) ?? []) {
      const at = url.subdomain.indexOf(spelled);
      const before = url.subdomain[at - 1];
      if (at !== -1 && (before === undefined || before === "." || before === "-")) {
        copies.push({ brand, technique: "brand_in_subdomain", points: 0, confidence: 0.8, floor: 0, label: spelled });
      }
    }
  }
  for (const part of url.subdomain.split(/[.-]/)) {
    if (part === "www" || part.length < 5) continue;
    const found: Finding[] = [];
    lookalikeFindings(part, found);
    for (const f of found) {
      // A letter's neighbour on the keyboard turns short names into words ("spring", "loses"): only lookalike
      // characters, and slips in a name too long to be a word, copy a name here.
      const copy = f.technique === "homoglyph" || (f.technique === "typosquat" && part.length >= LONG_LABEL);
      if (copy && f.confidence >= DETECTED_AT) copies.push(f);
    }
  }
  const top = best(copies);
  if (top === null) return null;
  return {
    ...top,
    points: LOOKALIKE_ON_POPULAR_POINTS,
    confidence: Math.max(top.confidence, 0.6),
    floor: 0,
    rule: "brand_lookalike_on_popular_site",
  };
}

/**
 * A brand's name in the path of user content on a popular product (a Google form, a Dropbox file, a Microsoft form)
 * names what the document is about ("PayPal_Invoice.pdf"); the page impersonates the brand when it also asks for a
 * sign-in. On the product's other pages the path is the operator's own (support articles, app listings).
 */
function userContentPage(top: Finding | null, url: NormalizedUrl): Finding | null {
  if (top === null) return null;
  const hosting = hostingOf(url);
  if (hosting?.userContent !== true) return top;
  const lowerPath = url.path.slice(0, MAX_PATH_CHARS).toLowerCase();
  if (!asksForCredentials(url, lowerPath)) return null;
  return {
    ...top,
    points: Math.max(top.points, USER_CONTENT_SIGN_IN_POINTS),
    confidence: Math.max(top.confidence, 0.6),
    rule: "brand_user_content_sign_in",
  };
}

/**
 * A brand's name beside ordinary words ("parkmobile-zone.com") or under another ending ("justpark.net") is weak
 * alone: companies name side sites that way. When the page asks for what the brand handles (a payment, a sign-in, a
 * claim: "/pay", "/login") on a domain the brand does not own, the two corroborate each other: medium risk.
 */
function askingPage(top: Finding | null, url: NormalizedUrl): Finding | null {
  if (top === null || top.points >= ASKING_PAGE_POINTS) return top;
  if (top.technique !== "combosquat" && top.technique !== "tld_swap") return top;
  return pathAsksFor(url.path) === null
    ? top
    : { ...top, points: ASKING_PAGE_POINTS, confidence: Math.max(top.confidence, 0.7) };
}

/**
 * On a developer platform (code pages, app hosting, sandboxes) projects are named after what they are or work with:
 * "facebook.github.io" is Facebook's own project pages, "chai-slack.herokuapp.com" a Slack integration. There a
 * brand's bare name, or its name beside ordinary words, is no impersonation unless the page asks for a sign-in
 * or a lure word joins the name; the platform's own free-hosting factor still counts.
 */
function projectName(top: Finding | null, url: NormalizedUrl): Finding | null {
  if (top === null || top.points > 35 || (top.technique !== "tld_swap" && top.technique !== "combosquat")) return top;
  const hosting = hostingOf(url);
  if (hosting === null || !DEVELOPER_PLATFORM_SET.has(hosting.platform)) return top;
  return hasCredentialWords((url.path + " " + url.query).toLowerCase()) ? top : null;
}

/**
 * The host and the path naming the same brand corroborate each other ("mufg-jp.top/MUFG_card.html",
 * "dhlxyz.com/trackingdhlpack.html"): two weak findings become one medium one. A path naming another
 * brand than the host adds nothing.
 */
function corroborate(host: Finding | null, path: Finding | null, url: NormalizedUrl): Finding | null {
  if (path === null) return host;
  if (host === null) {
    // The brand's name inside the host, even where no host rule fires ("dhlgpi"), backs up the path.
    const hostName = url.isIp ? "" : url.host;
    const named = path.brand.keywords.some((k) => k.length >= 3 && hostName.includes(k));
    return named ? { ...path, points: Math.min(path.points + CORROBORATION_POINTS, 80) } : path;
  }
  if (host.brand !== path.brand) return host;
  const combined = Math.round(100 - ((100 - host.points) * (100 - path.points)) / 100);
  return { ...host, points: Math.max(host.points, Math.min(combined, 80)), confidence: Math.max(host.confidence, 0.6) };
}

function toEvidence(top: Finding | null): Evidence {
  if (top === null) return notDetected([]);
  const detected = top.confidence >= DETECTED_AT;
  const signal: BrandImpersonation = {
    detected,
    brand: detected ? top.brand.name : null,
    confidence: top.confidence,
    technique: detected ? top.technique : null,
  };
  const factor: Factor = {
    id: top.rule ?? `brand_${top.technique}`,
    source: BRAND_SOURCE,
    label: RULE_LABELS[top.rule ?? ""]?.(top.brand.name, top.label) ?? LABELS[top.technique](top.brand.name, top.label),
    points: top.points,
  };
  const evidence: Evidence = {
    source: BRAND_SOURCE,
    status: "ok",
    signals: { brand_impersonation: signal },
    factors: [factor],
  };
  return top.floor > 0 ? { ...evidence, floor: top.floor } : evidence;
}

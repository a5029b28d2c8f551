// Lookup structures over the brand list, built once at module load so a lookup allocates little:
// official domains, official labels (exact, ASCII-folded, one- and two-deletion variants for typosquats),
// a trigram index of keywords for finding a brand name inside a longer label, and the official domains as
// they are spelled inside phishing paths.

import type { NormalizedUrl } from "./normalized-url.js";
import { BRANDS, type Brand } from "./lists/brands.js";
import { POPULAR_DOMAINS } from "./lists/popular-domains.js";
import {
  ANONYMOUS_HOSTING,
  DEVELOPER_PLATFORMS,
  CREDENTIAL_WORDS,
  FREE_HOSTING,
  FREE_TLDS,
  LURE_WORDS,
  RISKY_TLDS,
  SHORTENERS,
  STRONG_LURE_WORDS,
  TRADE_WORDS,
  USER_CONTENT_PATHS,
} from "./lists/url-lists.js";
import { asciiFold } from "./skeleton.js";

export interface LabelRef {
  readonly brand: Brand;
  /** The official label, e.g. "paypal" for paypal.com. */
  readonly label: string;
}

export interface KeywordRef {
  readonly brand: Brand;
  readonly keyword: string;
  readonly tokenOnly: boolean;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function labelOf(domain: string): string {
  const dot = domain.indexOf(".");
  return dot === -1 ? domain : domain.slice(0, dot);
}

/** Registrable domain -> the brand that operates it. */
export const OFFICIAL_DOMAINS = new Map<string, Brand>();
/** Popular registrable domains, brands' official domains included. */
export const POPULAR = new Set<string>(POPULAR_DOMAINS);
/** Distinctive official label -> brands whose official domain starts with that label. */
export const OFFICIAL_LABELS = new Map<string, LabelRef[]>();
/** ASCII-folded official label -> brands. */
export const FOLDED_LABELS = new Map<string, LabelRef[]>();
/** Official label and each of its single-character deletions -> brands (symmetric-delete typo index). */
export const DELETION_INDEX = new Map<string, LabelRef[]>();
/** First three letters of a keyword -> keywords. */
export const KEYWORD_TRIGRAMS = new Map<string, KeywordRef[]>();
/** Whole-token keywords (any length) -> keywords. */
export const KEYWORD_TOKENS = new Map<string, KeywordRef[]>();
/** Keywords that contain a hyphen ("e-zpass"), matched against the whole label. */
export const HYPHENATED_KEYWORDS: KeywordRef[] = [];
/** Keywords that contain a digit ("o2", "ms365"): the letter tokenizer cannot see them, so they are searched. */
export const DIGIT_KEYWORDS: KeywordRef[] = [];
/**
 * Official labels of at least LONG_LABEL letters keyed by their first two letters, for the
 * Damerau-Levenshtein distance-2 comparison. Only long names take part, where two edits still leave the
 * name plainly recognisable ("steamcommumnitty"), and only candidates that keep the name's start.
 */
export const LONG_LABELS = new Map<string, LabelRef[]>();
/** Official registrable domains keyed by their first label, for spotting "online.asb.co.nz.html" in a path. */
export const PATH_DOMAINS = new Map<string, Array<readonly [string, Brand]>>();
/**
 * Official domains as they appear spelled out inside a lure host ("paypal.com", "paypal-com"), keyed by
 * their first label so a host is scanned token by token.
 */
export const SPELLED_DOMAINS = new Map<string, Array<readonly [string, Brand]>>();

export const LURES = new Set<string>(LURE_WORDS);
export const STRONG_LURES = new Set<string>(STRONG_LURE_WORDS);
export const MAX_LURE_LENGTH = Math.max(...LURE_WORDS.map((w) => w.length));
export const CREDENTIALS = new Set<string>(CREDENTIAL_WORDS);
export const TRADES = new Set<string>(TRADE_WORDS);
export const RISKY_TLD_SET = new Set<string>(RISKY_TLDS);
export const FREE_TLD_SET = new Set<string>(FREE_TLDS);
export const SHORTENER_SET = new Set<string>(SHORTENERS);
export const FREE_HOSTING_SET = new Set<string>([...FREE_HOSTING, ...DEVELOPER_PLATFORMS, ...ANONYMOUS_HOSTING]);
export const ANONYMOUS_HOSTING_SET = new Set<string>(ANONYMOUS_HOSTING);
export const DEVELOPER_PLATFORM_SET = new Set<string>(DEVELOPER_PLATFORMS);

/** Labels that are so generic that a typo of them says nothing ("mail", "login"). */
const MIN_TYPO_LENGTH = 5;
/**
 * From this length on a brand label is distinctive enough that any single edit, and two edits, read as
 * the brand: no common word sits one or two letters away from "myetherwallet" or "steamcommunity".
 */
export const LONG_LABEL = 10;
let longestLabel = 0;

function indexKeyword(ref: KeywordRef): void {
  push(KEYWORD_TOKENS, ref.keyword, ref);
  if (ref.keyword.includes("-")) {
    HYPHENATED_KEYWORDS.push(ref);
    return;
  }
  if (/[0-9]/.test(ref.keyword)) {
    DIGIT_KEYWORDS.push(ref);
    return;
  }
  if (ref.keyword.length >= 3) push(KEYWORD_TRIGRAMS, ref.keyword.slice(0, 3), ref);
}

for (const brand of BRANDS) {
  for (const domain of brand.officialDomains) {
    if (!OFFICIAL_DOMAINS.has(domain)) OFFICIAL_DOMAINS.set(domain, brand);
    POPULAR.add(domain);
    const label = labelOf(domain);
    const ref: LabelRef = { brand, label };
    // Only labels that are the brand's own distinctive keyword take part: a typo or TLD swap of "live"
    // (live.com) or "booking" says nothing about Microsoft or Booking.com.
    const distinctive = brand.keywords.includes(label);
    if (distinctive && !(OFFICIAL_LABELS.get(label) ?? []).some((r) => r.brand === brand)) {
      push(OFFICIAL_LABELS, label, ref);
      if (label.length >= 4) push(FOLDED_LABELS, asciiFold(label), ref);
      if (label.length >= MIN_TYPO_LENGTH) {
        push(DELETION_INDEX, label, ref);
        for (let i = 0; i < label.length; i++) push(DELETION_INDEX, label.slice(0, i) + label.slice(i + 1), ref);
      }
      if (label.length >= LONG_LABEL) {
        longestLabel = Math.max(longestLabel, label.length);
        push(LONG_LABELS, label.slice(0, 2), ref);
      }
    }
    if (distinctive && label.length >= 4) {
      push(SPELLED_DOMAINS, label, [domain, brand] as const);
      push(SPELLED_DOMAINS, label, [domain.replaceAll(".", "-"), brand] as const);
    }
    // In a path the dots stay, so even a short name ("asb.co.nz", "mail.ru") is specific enough.
    if (label.length >= 3 || domain.split(".").length >= 3) push(PATH_DOMAINS, label, [domain, brand] as const);
  }
  for (const keyword of brand.keywords) indexKeyword({ brand, keyword, tokenOnly: false });
  for (const keyword of brand.tokenKeywords) indexKeyword({ brand, keyword, tokenOnly: true });
}

/** Longest label in LONG_LABELS, so most candidates skip the comparison. */
export const LONG_LABEL_MAX = longestLabel;

/**
 * The first three letters of DELETION_INDEX's keys, by key length: a candidate's deletions past its third letter
 * keep its first three, so when no key of their length opens with them, none of them is in the index.
 */
export const DELETION_OPENINGS = new Map<number, Set<string>>();
for (const key of DELETION_INDEX.keys()) {
  let openings = DELETION_OPENINGS.get(key.length);
  if (openings === undefined) DELETION_OPENINGS.set(key.length, (openings = new Set()));
  openings.add(key.slice(0, 3));
}

/** Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n] ?? max + 1, max + 1);
}

/** true when s is one or more lure words glued together ("securelogin"). */
export function isLureComposite(s: string): boolean {
  return lureSplit(s, LURES);
}

/** true when s is made of lure words and at least one of them is a strong lure ("customerservice"). */
export function hasStrongLure(s: string): boolean {
  if (STRONG_LURES.has(s)) return true;
  if (!lureSplit(s, LURES)) return false;
  for (let i = 0; i < s.length; i++) {
    for (let j = i + 2; j <= Math.min(s.length, i + MAX_LURE_LENGTH); j++) {
      if (STRONG_LURES.has(s.slice(i, j))) return true;
    }
  }
  return false;
}

function lureSplit(s: string, words: ReadonlySet<string>): boolean {
  if (s.length === 0) return false;
  if (words.has(s)) return true;
  // reachable[i]: s.slice(0, i) splits into lure words
  const reachable = new Uint8Array(s.length + 1);
  reachable[0] = 1;
  for (let i = 0; i < s.length; i++) {
    if (reachable[i] !== 1) continue;
    const maxEnd = Math.min(s.length, i + MAX_LURE_LENGTH);
    for (let j = i + 2; j <= maxEnd; j++) {
      if (words.has(s.slice(i, j))) reachable[j] = 1;
    }
  }
  return reachable[s.length] === 1;
}

/** Finds the first host suffix of `host` (at a label boundary) that is in `set`. */
export function matchHostSuffix(host: string, set: ReadonlySet<string>): string | null {
  if (set.has(host)) return host;
  for (let i = host.indexOf("."); i !== -1; i = host.indexOf(".", i + 1)) {
    const suffix = host.slice(i + 1);
    if (set.has(suffix)) return suffix;
  }
  return null;
}

/** The registrable domain without its public suffix ("paypal" for paypal.co.uk); null when there is none (IP hosts). */
export function registrableLabel(url: NormalizedUrl): string | null {
  if (url.registrableDomain === null || url.publicSuffix === null) return null;
  return url.registrableDomain.slice(0, url.registrableDomain.length - url.publicSuffix.length - 1);
}

/** Host -> where user content lives on it and the product's name. */
const USER_CONTENT = new Map<string, Array<readonly [RegExp, string]>>();
for (const [host, path, product] of USER_CONTENT_PATHS) push(USER_CONTENT, host, [path, product] as const);

/** Content addresses of IPFS: a CIDv0 ("Qm" + 44 base58), a CIDv1 in base32 ("bafy..."), an IPNS key ("k51..."). */
const IPFS_PATH = /^\/(?:ipfs\/(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{50,})|ipns\/k[0-9a-z]{50,})/;
const IPFS_SUBDOMAIN = /^(?:b[a-z2-7]{50,}\.ipfs|k[0-9a-z]{50,}\.ipns)\./;
/** An Amazon S3 endpoint label: "s3", "s3-website-us-east-1", "s3-us-west-2", "s3-accesspoint". */
const S3_LABEL = /(?:^|\.)s3(?:-[a-z0-9-]+)?\./;

export interface Hosting {
  /** Where the page is published: a free hosting name ("weebly.com") or a product ("Google Docs", "IPFS"). */
  readonly platform: string;
  /** true for the user-content area of a first-party product rather than a free hosting name. */
  readonly userContent: boolean;
  /** true for a dynamic DNS name, a tunnel or an anonymous free web host (ANONYMOUS_HOSTING). */
  readonly anonymous: boolean;
}

/**
 * Whether a URL's registrable domain is in a registry only government bodies can register in: .gov and .mil, a
 * country's gov. or mil. (gov.uk, gov.br, mil.br), Canada's gc.ca. A scammer can copy a government's page, not its
 * domain: "gov" in a name elsewhere (ca-gov.info, gov.pay-toll.com) is not this. Government second levels under
 * other names (go.id, gob.xx, gouv.xx) are left out: compromised sites there host phishing kits often enough that
 * the registry vouches for nothing.
 */
export function isGovernmentRegistry(url: NormalizedUrl): boolean {
  const suffix = url.publicSuffix;
  if (url.isIp || suffix === null || url.registrableDomain === null) return false;
  return isGovernmentSuffix(suffix);
}

/** Whether a public suffix is one only government bodies register under: gov, mil, a country's gov. or mil., gc.ca. */
export function isGovernmentSuffix(suffix: string): boolean {
  return suffix === "gc.ca" || /(?:^|\.)(?:gov|mil)(?:\.[a-z]{2})?$/.test(suffix);
}

/** Blogger under a country's ending: "name.blogspot.kr", "name.blogspot.com.br". */
const BLOGGER_COUNTRY = /\.blogspot\.(?:com?\.)?[a-z]{2}$/;

/** The link's site sits under an ending scams favour (RISKY_TLDS), read on its last label or its public suffix. */
export function hasRiskyEnding(url: NormalizedUrl): boolean {
  if (url.isIp) return false;
  const tld = url.host.slice(url.host.lastIndexOf(".") + 1);
  return RISKY_TLD_SET.has(tld) || (url.publicSuffix !== null && RISKY_TLD_SET.has(url.publicSuffix));
}

/**
 * The free hosting, site builder or user-content area a URL is published on, or null. Anyone can publish
 * there in minutes, so neither a brand's name in the address nor the platform's own standing vouches for
 * the page: a form on docs.google.com is someone's form, not Google's.
 */
export function hostingOf(url: NormalizedUrl): Hosting | null {
  if (url.isIp) return null;
  const host = url.host;
  const free = matchHostSuffix(host, FREE_HOSTING_SET) ?? (BLOGGER_COUNTRY.test(host) ? "blogspot.com" : null);
  if (free !== null) return { platform: free, userContent: false, anonymous: ANONYMOUS_HOSTING_SET.has(free) };
  for (const [path, product] of USER_CONTENT.get(host) ?? []) {
    if (path.test(url.path)) return { platform: product, userContent: true, anonymous: false };
  }
  if (host.endsWith(".amazonaws.com") && S3_LABEL.test(host)) {
    return { platform: "Amazon S3", userContent: true, anonymous: false };
  }
  if (IPFS_SUBDOMAIN.test(host) || (url.path.startsWith("/ip") && IPFS_PATH.test(url.path))) {
    return { platform: "IPFS", userContent: true, anonymous: false };
  }
  return null;
}

/** The link shortener a host is (or is below), as the list names it ("bit.ly"); null for any other host. */
export function shortenerOf(host: string): string | null {
  return matchHostSuffix(host, SHORTENER_SET);
}

/** Whether a host is a link shortener's (or below one): the link says nothing of where it leads. */
export function isShortenerHost(host: string): boolean {
  return shortenerOf(host) !== null;
}

/** A shortener's link or a page on a platform where anyone publishes: whoever made it, not the site's owner. */
export function isAnyonesLink(url: NormalizedUrl): boolean {
  return isShortenerHost(url.host) || hostingOf(url) !== null;
}

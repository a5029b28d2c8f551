// Offline brand impersonation detection over a normalized URL: Unicode and ASCII lookalikes, typosquats,
// brand-plus-lure-word names, TLD swaps, and brand names in subdomains or paths of unrelated domains.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { Brand } from "./lists/brands.js";
import type { NormalizedUrl } from "./normalized-url.js";
import {
  CREDENTIALS,
  DELETION_INDEX,
  DIGIT_KEYWORDS,
  FOLDED_LABELS,
  HYPHENATED_KEYWORDS,
  KEYWORD_TOKENS,
  KEYWORD_TRIGRAMS,
  LONG_LABEL,
  LONG_LABELS,
  LONG_LABEL_MAX,
  LURES,
  MAX_LURE_LENGTH,
  OFFICIAL_DOMAINS,
  OFFICIAL_LABELS,
  PATH_DOMAINS,
  POPULAR,
  RISKY_TLD_SET,
  SPELLED_DOMAINS,
  STRONG_LURES,
  DEVELOPER_PLATFORM_SET,
  editDistance,
  hasStrongLure,
  hostingOf,
  isGovernmentRegistry,
  isLureComposite,
  registrableLabel,
  type KeywordRef,
  type LabelRef,
} from "./brand-index.js";
import { caseCredentialWord, caseNames, hasCaseBoundary } from "./case-words.js";
import { asciiFold, hasMixedScripts, unicodeSkeleton } from "./skeleton.js";
import { pathAsksFor } from "./url-heuristics.js";

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

export interface BrandImpersonation {
  readonly detected: boolean;
  readonly brand: string | null;
  readonly confidence: number;
  readonly technique: BrandTechnique | null;
}

interface Finding {
  readonly brand: Brand;
  readonly technique: BrandTechnique;
  readonly points: number;
  readonly confidence: number;
  readonly floor: number;
  readonly label: string;
  /** The rule's id when it is not the technique's own (`brand_<technique>`): the same technique in another setting. */
  readonly rule?: string;
}

const DETECTED_AT = 0.55;
const LEGITIMACY_POINTS = -30;
const TOKEN_SPLIT = /[^a-z]+/;
const PATH_SPLIT = /[^a-z0-9_-]+/;
const WORD_SEPARATORS = /[_-]+/;
const SPELLED_SPLIT = /[.-]/;
const REPEATS = /([a-z])\1+/g;
const MAX_PATH_CHARS = 256;

// QWERTY neighbours, for "replacement by an adjacent key". The rows are staggered: each sits half a key right of
// the one above, so a key touches the two keys above it at its own column and the next ("k": "i", "o") and the two
// below it at the previous column and its own ("k": "m", ","); "u" is not next to "k".
const KEYBOARD_ROWS = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"];
const ADJACENT = new Map<string, string>();
for (let r = 0; r < KEYBOARD_ROWS.length; r++) {
  const row = KEYBOARD_ROWS[r] ?? "";
  const above = KEYBOARD_ROWS[r - 1] ?? "";
  const below = KEYBOARD_ROWS[r + 1] ?? "";
  for (let c = 0; c < row.length; c++) {
    const near =
      (row[c - 1] ?? "") + (row[c + 1] ?? "") + (above[c] ?? "") + (above[c + 1] ?? "") + (below[c - 1] ?? "");
    ADJACENT.set(row[c] ?? "", near + (below[c] ?? ""));
  }
}

/** One edit; `at` is where it happens in the official label. */
type Edit =
  | { readonly kind: "omission" | "transposition"; readonly at: number }
  | { readonly kind: "insertion"; readonly at: number; readonly duplicate: boolean }
  | { readonly kind: "replacement"; readonly at: number; readonly from: string; readonly to: string };

/** The single edit turning `official` into `candidate`, or null when they differ by more than one edit. */
function singleEdit(candidate: string, official: string): Edit | null {
  const lc = candidate.length;
  const lo = official.length;
  let i = 0;
  while (i < lc && i < lo && candidate[i] === official[i]) i++;
  if (lc === lo) {
    if (i === lc) return null;
    if (candidate.slice(i + 1) === official.slice(i + 1)) {
      return { kind: "replacement", at: i, from: official[i] ?? "", to: candidate[i] ?? "" };
    }
    if (
      candidate[i] === official[i + 1] &&
      candidate[i + 1] === official[i] &&
      candidate.slice(i + 2) === official.slice(i + 2)
    ) {
      return { kind: "transposition", at: i };
    }
    return null;
  }
  if (lc === lo + 1 && candidate.slice(i + 1) === official.slice(i)) {
    const inserted = candidate[i];
    return { kind: "insertion", at: i, duplicate: inserted === candidate[i - 1] || inserted === candidate[i + 1] };
  }
  if (lc + 1 === lo && candidate.slice(i) === official.slice(i + 1)) return { kind: "omission", at: i };
  return null;
}

function isBitFlip(a: string, b: string): boolean {
  const x = a.charCodeAt(0) ^ b.charCodeAt(0);
  return x !== 0 && (x & (x - 1)) === 0;
}

function typoFinding(candidate: string, ref: LabelRef, edit: Edit): Finding | null {
  const long = ref.label.length >= 6;
  let technique: BrandTechnique = "typosquat";
  let strong = false;
  if (edit.kind === "replacement") {
    if (asciiFold(edit.from) === asciiFold(edit.to)) {
      technique = "homoglyph";
      strong = true;
    } else if (ADJACENT.get(edit.from)?.includes(edit.to) === true) {
      strong = true;
    } else if (isBitFlip(edit.from, edit.to)) {
      technique = "bitsquat";
    }
  } else if (edit.kind === "transposition") {
    strong = true;
  } else if (edit.kind === "insertion") {
    strong = edit.duplicate;
  }
  // Five-letter labels have many innocent one-edit neighbours ("apply" for "apple"): keep only the
  // edits that look deliberate.
  if (!long && !strong) return null;
  // An arbitrary change of the first letter makes another word rather than a misspelling ("efinity",
  // "nfinity", "finity" beside "xfinity"): readers and typists hold on to how a name starts.
  const atStart = edit.at === 0;
  if (!strong && atStart && ref.label.length < LONG_LABEL) return null;
  if (strong) {
    return {
      brand: ref.brand,
      technique,
      points: long ? 70 : 60,
      confidence: long ? 0.75 : 0.65,
      floor: 0,
      label: candidate,
    };
  }
  // An arbitrary one-letter change of a mid-length name is as often another real name ("metatask" for
  // "metamask") as a typosquat: alone it stays below the medium-risk line. In a name of ten or more
  // letters one edit leaves it plainly recognisable ("myetherwallt"), though a compound can still turn
  // into a real neighbour ("sterlingbank" for "starlingbank"): medium risk, not high.
  const longName = ref.label.length >= LONG_LABEL && !atStart;
  return {
    brand: ref.brand,
    technique,
    points: longName ? 55 : 35,
    confidence: longName ? 0.6 : 0.5,
    floor: 0,
    label: candidate,
  };
}

/** Typosquat and lookalike findings for one label (or one token of it). */
function lookalikeFindings(candidate: string, out: Finding[]): void {
  if (candidate.length < 4 || candidate.length > 40 || OFFICIAL_LABELS.has(candidate)) return;
  const folded = FOLDED_LABELS.get(asciiFold(candidate));
  if (folded !== undefined) {
    for (const ref of folded) {
      out.push({
        brand: ref.brand,
        technique: "homoglyph",
        points: 90,
        confidence: 0.95,
        floor: 85,
        label: candidate,
      });
    }
    return;
  }
  const start = out.length;
  const seen = new Set<LabelRef>();
  const consider = (refs: readonly LabelRef[] | undefined): void => {
    if (refs === undefined) return;
    for (const ref of refs) {
      if (seen.has(ref) || ref.label === candidate) continue;
      seen.add(ref);
      const edit = singleEdit(candidate, ref.label);
      if (edit === null) continue;
      const finding = typoFinding(candidate, ref, edit);
      if (finding !== null) out.push(finding);
    }
  };
  consider(DELETION_INDEX.get(candidate));
  for (let i = 0; i < candidate.length; i++)
    consider(DELETION_INDEX.get(candidate.slice(0, i) + candidate.slice(i + 1)));
  if (out.length === start) twoEditFindings(candidate, out);
  // Stuttered letters ("micrrrrosft", "steamcommumnitty") hide a one-edit typo behind repeats.
  const collapsed = candidate.replace(REPEATS, "$1");
  if (collapsed !== candidate && collapsed.length >= 5) {
    const before = out.length;
    if (OFFICIAL_LABELS.has(collapsed)) {
      for (const ref of OFFICIAL_LABELS.get(collapsed) ?? []) {
        out.push({
          brand: ref.brand,
          technique: "typosquat",
          points: 70,
          confidence: 0.75,
          floor: 0,
          label: candidate,
        });
      }
    } else {
      lookalikeFindings(collapsed, out);
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        // A typo behind stutter is two edits away: weak alone for a short name ("affinity" is not
        // "xfinity"), as telling as any two-edit variant for a long one.
        const cap = collapsed.length >= LONG_LABEL ? TWO_EDIT_POINTS : 35;
        if (f !== undefined)
          out[i] = { ...f, points: Math.min(f.points, cap), confidence: 0.5, floor: 0, label: candidate };
      }
    }
  }
}

const TWO_EDIT_POINTS = 50;
const CORROBORATION_POINTS = 15;

/** Damerau-Levenshtein distance-2 variants of the long official labels ("steamcommumnitty"). */
function twoEditFindings(candidate: string, out: Finding[]): void {
  if (candidate.length < LONG_LABEL - 2 || candidate.length > LONG_LABEL_MAX + 2) return;
  // Two edits at the very front make a different name out of a compound ("cointernet" is not
  // "btinternet", "aetherwallet" not "myetherwallet"); typists and squatters keep the start.
  for (const ref of LONG_LABELS.get(candidate.slice(0, 2)) ?? []) {
    // A cut-short or lengthened name is another word ("american" is not "americanas").
    if (ref.label.startsWith(candidate) || candidate.startsWith(ref.label)) continue;
    if (editDistance(candidate, ref.label, 2) !== 2) continue;
    out.push({
      brand: ref.brand,
      technique: "typosquat",
      points: TWO_EDIT_POINTS,
      confidence: 0.6,
      floor: 0,
      label: candidate,
    });
  }
}

/**
 * Lookalikes hidden behind a lure word glued to the front or back of the token ("mysnapschat",
 * "paypa1secure"): the remainder is compared as a label of its own.
 */
function gluedLookalikeFindings(token: string, out: Finding[]): void {
  if (token.length < 7 || token.includes("-")) return;
  const maxCut = Math.min(MAX_LURE_LENGTH, token.length - 5);
  for (let cut = 2; cut <= maxCut; cut++) {
    for (const [lure, rest] of [
      [token.slice(0, cut), token.slice(cut)],
      [token.slice(token.length - cut), token.slice(0, token.length - cut)],
    ] as const) {
      if (!LURES.has(lure) || OFFICIAL_LABELS.has(rest)) continue;
      const before = out.length;
      lookalikeFindings(rest, out);
      const strong = STRONG_LURES.has(lure);
      for (let i = out.length - 1; i >= before; i--) {
        const f = out[i];
        // The cut went through a word next to the brand's exact name ("googleb|log"): a combination
        // of the real name, which the keyword rules judge, not a misspelling.
        if (f !== undefined && f.brand.keywords.some((k) => token.includes(k))) out.splice(i, 1);
      }
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined) {
          out[i] = {
            ...f,
            points: strong ? Math.max(f.points, 75) : f.points,
            confidence: strong ? 0.8 : f.confidence,
            label: token,
          };
        }
      }
    }
  }
}

interface KeywordHit {
  readonly ref: KeywordRef;
  /** true when a strong lure word (login, payment, delivery ...) sits next to the keyword or in the label. */
  readonly withLure: boolean;
  /** true when that strong lure word is glued to the keyword in one token ("trackingdhlpack"). */
  readonly glued: boolean;
}

const ALNUM = /[a-z0-9]/;
const MAX_JOINED_TOKENS = 5;
const MAX_JOINED_LENGTH = 24;
/** Keywords this long are matched anywhere inside a token ("grupwhatsappyoutuber"). */
const ANYWHERE_FROM = 7;
/** A brand's name on a domain it does not own whose page asks for a payment or a sign-in. */
const ASKING_PAGE_POINTS = 50;
/**
 * On free hosting anyone picks the name, and a five-letter brand inside it ("xpaypalx", "chasemob") is no
 * longer likely to be an accident of spelling.
 */
const ANYWHERE_FROM_FREE_HOSTING = 5;

/** The run of letters and digits around position `at` of `s`, split into what precedes and follows it. */
function gluedParts(s: string, at: number, length: number): readonly [string, string] {
  let from = at;
  while (from > 0 && ALNUM.test(s[from - 1] ?? "")) from--;
  let to = at + length;
  while (to < s.length && ALNUM.test(s[to] ?? "")) to++;
  return [s.slice(from, at), s.slice(at + length, to)];
}

/**
 * What is glued around a keyword: null unless each side is empty or made of lure words, otherwise whether a
 * strong lure word is among them.
 */
function lureAround(prefix: string, suffix: string): boolean | null {
  if ((prefix !== "" && !isLureComposite(prefix)) || (suffix !== "" && !isLureComposite(suffix))) return null;
  return (prefix !== "" && hasStrongLure(prefix)) || (suffix !== "" && hasStrongLure(suffix));
}

/** Small words that join ordinary words into a phrase ("pay-by-phone", "text-to-pay"). */
const PHRASE_WORDS = new Set([
  "by",
  "of",
  "the",
  "and",
  "to",
  "for",
  "at",
  "in",
  "on",
  "with",
  "phone",
  "text",
  "call",
]);

/**
 * Multi-word brand names split into tokens ("bank-of-america-secure", "/wells_fargo/"). A brand named after a plain
 * phrase ("PayByPhone") is not found in that phrase written out as words ("/parking/pay-by-phone"): every word of it
 * ordinary, it describes a way to pay.
 */
function joinedKeywordHits(tokens: readonly string[], hits: KeywordHit[]): void {
  const ordinary = (t: string): boolean => LURES.has(t) || PHRASE_WORDS.has(t);
  for (let i = 0; i < tokens.length - 1; i++) {
    let joined = tokens[i] ?? "";
    if (joined === "") continue;
    let phrase = ordinary(joined);
    for (let j = i + 1; j < Math.min(tokens.length, i + MAX_JOINED_TOKENS); j++) {
      joined += tokens[j] ?? "";
      phrase &&= ordinary(tokens[j] ?? "");
      if (joined.length > MAX_JOINED_LENGTH) break;
      if (phrase) continue;
      for (const ref of KEYWORD_TOKENS.get(joined) ?? []) {
        if (ref.keyword.length < 6 || hits.some((h) => h.ref === ref)) continue;
        // Only the words around the name count as lures ("pay-pal" is not PayPal plus "pay").
        const withLure = tokens.some((t, k) => (k < i || k > j) && hasStrongLure(t));
        hits.push({ ref, withLure, glued: false });
      }
    }
  }
}

/** Keywords with digits ("o2", "ms365"), alone in their token or glued to lure words ("o2duebilling"). */
function digitKeywordHits(label: string, hits: KeywordHit[]): void {
  for (const ref of DIGIT_KEYWORDS) {
    for (let at = label.indexOf(ref.keyword); at !== -1; at = label.indexOf(ref.keyword, at + 1)) {
      const strong = lureAround(...gluedParts(label, at, ref.keyword.length));
      if (strong === null) continue;
      hits.push({ ref, withLure: strong, glued: strong });
      break;
    }
  }
}

/** Brand keywords inside one label, on token boundaries or next to lure words. */
/**
 * A name that is one letter and a common word ("tmobile": "t" + "mobile") found inside a longer word, right after
 * other letters ("mintmobile"): its distinctive letter belongs to the word before it, and what is left is the
 * common word.
 */
function letterOfAnotherWord(keyword: string, at: number): boolean {
  return at > 0 && LURES.has(keyword.slice(1));
}

function keywordHits(label: string, anywhereFrom = ANYWHERE_FROM): KeywordHit[] {
  const hits: KeywordHit[] = [];
  const tokens = label.split(TOKEN_SPLIT);
  for (const token of tokens) {
    if (token.length < 2) continue;
    const exact = KEYWORD_TOKENS.get(token);
    if (exact !== undefined) {
      for (const ref of exact) hits.push({ ref, withLure: false, glued: false });
      continue;
    }
    if (token.length < 4) continue;
    for (let i = 0; i + 3 <= token.length; i++) {
      const refs = KEYWORD_TRIGRAMS.get(token.slice(i, i + 3));
      if (refs === undefined) continue;
      for (const ref of refs) {
        const kw = ref.keyword;
        if (ref.tokenOnly || !token.startsWith(kw, i)) continue;
        const strong = lureAround(token.slice(0, i), token.slice(i + kw.length));
        if (strong !== null) hits.push({ ref, withLure: strong, glued: strong });
        else if (kw.length >= anywhereFrom && !letterOfAnotherWord(kw, i)) {
          hits.push({ ref, withLure: false, glued: false });
        }
      }
    }
  }
  for (const ref of HYPHENATED_KEYWORDS) {
    const at = label.indexOf(ref.keyword);
    if (at === -1) continue;
    const before = label[at - 1];
    const after = label[at + ref.keyword.length];
    if (
      (before === undefined || before === "-" || before === ".") &&
      (after === undefined || after === "-" || after === ".")
    ) {
      hits.push({ ref, withLure: false, glued: false });
    }
  }
  if (DIGIT_KEYWORDS.length > 0 && /[0-9]/.test(label)) digitKeywordHits(label, hits);
  const all =
    hits.length > 0 && tokens.some((t) => hasStrongLure(t))
      ? hits.map((h) => (h.withLure ? h : { ref: h.ref, withLure: tokens.length > 1, glued: false }))
      : hits;
  if (tokens.length > 1) joinedKeywordHits(tokens, all);
  return all;
}

function isCountryCode(suffix: string): boolean {
  const last = suffix.slice(suffix.lastIndexOf(".") + 1);
  return last.length === 2;
}

/** An official domain in its hyphenated spelling inside a registrable label, on hyphen boundaries. */
function spelledDomainInLabel(label: string): Brand | null {
  if (!label.includes("-")) return null;
  for (const token of label.split("-")) {
    for (const [spelled, brand] of SPELLED_DOMAINS.get(token) ?? []) {
      if (!spelled.includes("-")) continue;
      for (let at = label.indexOf(spelled); at !== -1; at = label.indexOf(spelled, at + 1)) {
        const before = label[at - 1];
        const after = label[at + spelled.length];
        if ((before === undefined || before === "-") && (after === undefined || after === "-")) return brand;
      }
    }
  }
  return null;
}

const WEAK_LURES_BESIDE_POINTS = 50;

/** true when the hyphenated name is the brand's keyword and two or more lure words, nothing else. */
function lureWordsBeside(label: string, keyword: string): boolean {
  if (!label.includes("-")) return false;
  let lures = 0;
  for (const token of label.split("-")) {
    if (token.includes(keyword)) continue;
    if (!LURES.has(token)) return false;
    lures++;
  }
  return lures >= 2;
}

function registrableFindings(label: string, url: NormalizedUrl, freeHosted: boolean, out: Finding[]): void {
  const suffix = url.publicSuffix ?? "";
  // The brand's exact name under a TLD it does not use.
  for (const ref of OFFICIAL_LABELS.get(label) ?? []) {
    if (isCountryCode(suffix)) {
      // Companies hold many country-code names (walmart.com.mx, airbnb.com.br); on its own this is weak.
      if (!ref.brand.global) {
        out.push({ brand: ref.brand, technique: "tld_swap", points: 30, confidence: 0.4, floor: 0, label });
      }
    } else {
      // Defensive registrations and unrelated projects sharing a word-like name ("kraken", "ledger") are
      // common on generic TLDs: weak alone, it combines with a risky TLD or a lure subdomain. A TLD that
      // itself reads as the lure ("binance.security") completes the phrase.
      const tld = suffix.slice(suffix.lastIndexOf(".") + 1);
      const lureTld = STRONG_LURES.has(tld);
      const risky = RISKY_TLD_SET.has(tld) || RISKY_TLD_SET.has(suffix);
      out.push({
        brand: ref.brand,
        technique: "tld_swap",
        points: lureTld ? 60 : 35,
        confidence: lureTld ? 0.7 : risky ? 0.6 : 0.5,
        floor: 0,
        label,
      });
    }
  }
  const before = out.length;
  lookalikeFindings(label, out);
  if (out.length === before && !OFFICIAL_LABELS.has(label)) gluedLookalikeFindings(label, out);
  if (label.includes("-")) {
    const joined = label.replaceAll("-", "");
    for (const ref of OFFICIAL_LABELS.get(joined) ?? []) {
      out.push({ brand: ref.brand, technique: "hyphenation", points: 75, confidence: 0.8, floor: 0, label });
    }
    // A digit brand name split at the digits ("ms-365") is the same trick on a keyword.
    if (/[0-9]/.test(joined)) {
      for (const ref of DIGIT_KEYWORDS) {
        if (joined === ref.keyword) {
          out.push({ brand: ref.brand, technique: "hyphenation", points: 65, confidence: 0.7, floor: 0, label });
        }
      }
    }
    const tokens = label.split("-");
    const hasLure = tokens.some((t) => hasStrongLure(t));
    for (const token of tokens) {
      if (token.length < 5 || OFFICIAL_LABELS.has(token)) continue;
      const before = out.length;
      lookalikeFindings(token, out);
      if (out.length === before) gluedLookalikeFindings(token, out);
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined && hasLure) out[i] = { ...f, points: Math.max(f.points, 80), confidence: 0.85 };
      }
    }
  }
  if (OFFICIAL_LABELS.has(label)) return;
  const spelled = spelledDomainInLabel(label);
  if (spelled !== null) {
    // The brand's own domain written out in the name ("www-paypal-com", "amazon-co-jp"): the address
    // is made to read like the real one.
    out.push({ brand: spelled, technique: "combosquat", points: 75, confidence: 0.85, floor: 0, label });
  }
  for (const hit of keywordHits(label, freeHosted ? ANYWHERE_FROM_FREE_HOSTING : ANYWHERE_FROM)) {
    // Brand plus a neutral word ("natwestgroup", "wellsfargoadvisors") is how companies name their own
    // side sites too; only brand plus a lure word is strong on its own. Brand plus two or more of the weaker
    // lure words and nothing else ("adobe-sign-document", "docusign-envelope-review") names no side site either.
    const weakOnly = !hit.withLure && lureWordsBeside(label, hit.ref.keyword);
    out.push({
      brand: hit.ref.brand,
      technique: "combosquat",
      points: hit.withLure ? 75 : weakOnly ? WEAK_LURES_BESIDE_POINTS : 35,
      // On free hosting the platform's own factor carries the rest; the brand is still the one named.
      confidence: hit.withLure ? 0.85 : freeHosted || weakOnly ? 0.6 : 0.5,
      floor: 0,
      label,
    });
  }
}

/** true when every subdomain label (but "www") is made of lure words: "login", "app", "secure-id", "co-jp". */
function hasLureSubdomain(subdomain: string): boolean {
  if (subdomain === "") return false;
  let any = false;
  for (const part of subdomain.split(".")) {
    if (part === "www") continue;
    for (const token of part.split("-")) if (!isLureComposite(token)) return false;
    any = true;
  }
  return any;
}

function subdomainFindings(url: NormalizedUrl, freeHosted: boolean, out: Finding[]): void {
  if (url.subdomain === "") return;
  const sub = url.subdomain;
  // An official domain spelled out in front of another domain: "www.paypal.com.secure-login.xyz".
  for (const token of sub.split(SPELLED_SPLIT)) {
    for (const [spelled, brand] of SPELLED_DOMAINS.get(token) ?? []) {
      const at = sub.indexOf(spelled);
      if (at === -1) continue;
      const before = sub[at - 1];
      if (before === undefined || before === "." || before === "-") {
        out.push({ brand, technique: "brand_in_subdomain", points: 80, confidence: 0.9, floor: 0, label: sub });
        return;
      }
    }
  }
  const label = registrableLabel(url);
  const labelTokens = label === null ? [] : label.split("-");
  const lureTokens = labelTokens.filter((t) => LURES.has(t) || isLureComposite(t)).length;
  const lureDomain = labelTokens.length > 0 && lureTokens * 2 >= labelTokens.length;
  for (const part of sub.split(".")) {
    if (part === "www" || part.length < 2) continue;
    for (const hit of keywordHits(part, freeHosted ? ANYWHERE_FROM_FREE_HOSTING : ANYWHERE_FROM)) {
      // A short name as a whole subdomain of an ordinary site ("citi.umich.edu", "ato.example.org") is more often
      // a department's or a service's initials than the brand: weak alone, it adds to a sign-in page.
      const initials = part === hit.ref.keyword && part.length < 5 && !lureDomain && !freeHosted && !hit.withLure;
      out.push({
        brand: hit.ref.brand,
        technique: "brand_in_subdomain",
        points: initials ? 30 : lureDomain ? 75 : freeHosted || hit.withLure ? 70 : 65,
        confidence: freeHosted || hit.withLure ? 0.8 : 0.7,
        floor: 0,
        label: part,
      });
    }
    if (part.length >= 5 && !OFFICIAL_LABELS.has(part)) {
      const before = out.length;
      lookalikeFindings(part, out);
      if (out.length === before) gluedLookalikeFindings(part, out);
      if (out.length === before && part.includes("-")) {
        for (const token of part.split("-")) {
          if (token.length >= 5 && !OFFICIAL_LABELS.has(token)) lookalikeFindings(token, out);
        }
      }
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined) out[i] = { ...f, points: Math.min(f.points, 65), floor: 0, confidence: 0.7 };
      }
    }
  }
}

function hasCredentialWords(text: string): boolean {
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (CREDENTIALS.has(word)) return true;
  }
  return false;
}

/** Credential words in the path or query, CamelCase words included ("SignIn", "VerifyAccount"). */
function asksForCredentials(url: NormalizedUrl, lowerPath: string): boolean {
  const query = url.query.slice(0, MAX_PATH_CHARS);
  if (hasCredentialWords(lowerPath + " " + query.toLowerCase())) return true;
  const text = url.path.slice(0, MAX_PATH_CHARS) + " " + query;
  return hasCaseBoundary(text) && caseCredentialWord(text) !== null;
}

/**
 * Brand names as words of a CamelCase name ("ChaseVerifyIdentity", "USPSParcelForm"), read the way hyphenated
 * names are. A name shorter than five letters counts only written in capitals, as the acronym it is
 * ("DHLExpress"): a capitalised "Visa" or "Ups" is as often the plain word ("WakeUpsNow"). Brand names that are
 * common words ("Booking", "Delta") never count inside a CamelCase name ("BookingConfirmation").
 */
function caseWordFindings(text: string, credentials: () => boolean, kit: () => boolean, out: Finding[]): void {
  for (const { name, words, capitals } of caseNames(text)) {
    for (let i = 0; i < words.length; i++) {
      let joined = "";
      for (let j = i; j < Math.min(words.length, i + MAX_JOINED_TOKENS); j++) {
        joined += words[j] ?? "";
        if (joined.length > MAX_JOINED_LENGTH) break;
        const refs = KEYWORD_TOKENS.get(joined);
        if (refs === undefined) continue;
        if (joined.length < 5 && !(i === j && capitals[i] === true && joined.length >= 3)) continue;
        // Glued: every other word of the name is a lure word and one of them a strong one ("PayPalSecureLogin").
        let lureOnly = true;
        let strong = false;
        for (let k = 0; k < words.length && lureOnly; k++) {
          if (k >= i && k <= j) continue;
          const w = words[k] ?? "";
          if (!isLureComposite(w)) lureOnly = false;
          else if (hasStrongLure(w)) strong = true;
        }
        const glued = lureOnly && strong;
        const asks = credentials();
        for (const ref of refs) {
          if (ref.tokenOnly) continue;
          out.push({
            brand: ref.brand,
            technique: "brand_in_path",
            // Beside ordinary words ("AppleWatchReview") the name is a page title; only a glued lure word
            // reads like a kit's folder, and only then do kit markers add to it.
            points: (asks ? 50 : 30) + (glued ? 10 + (kit() ? 10 : 0) : 0),
            confidence: glued || asks ? 0.55 : 0.35,
            floor: 0,
            label: name,
          });
        }
      }
    }
  }
}

// What an unpacked phishing kit leaves in a path: a random 32-hex directory per victim, a PHP script, the
// folders of the WordPress site it was dropped into.
const KIT_MARKERS =
  /(?:^|[^0-9a-f])[0-9a-f]{32}(?:$|[^0-9a-f])|\.php(?:$|[/?.])|\/wp-(?:content|includes|admin)\/|\/cgi-bin\//;
const PATH_DOMAIN_SPLIT = /[^a-z0-9.-]+/;
const FOLDABLE_PATH = /[0-9i]|rn|vv/;

/** An official domain spelled out inside a path segment ("/home/online.asb.co.nz.html"). */
function spelledDomainInPath(lower: string): readonly [string, Brand] | null {
  if (!lower.includes(".")) return null;
  for (const segment of lower.split(PATH_DOMAIN_SPLIT)) {
    if (!segment.includes(".")) continue;
    for (const token of segment.split(SPELLED_SPLIT)) {
      for (const entry of PATH_DOMAINS.get(token) ?? []) {
        const [domain] = entry;
        for (let at = segment.indexOf(domain); at !== -1; at = segment.indexOf(domain, at + 1)) {
          const before = segment[at - 1];
          const after = segment[at + domain.length];
          const boundary = (c: string | undefined): boolean => c === undefined || c === "." || c === "-";
          if (boundary(before) && boundary(after)) return entry;
        }
      }
    }
  }
  return null;
}

function pathFindings(url: NormalizedUrl, out: Finding[]): void {
  const text = url.path.length > MAX_PATH_CHARS ? url.path.slice(0, MAX_PATH_CHARS) : url.path;
  if (text.length <= 1) return;
  const lower = text.toLowerCase();
  let asks: boolean | null = null;
  let kitMarked: boolean | null = null;
  const credentials = (): boolean => (asks ??= asksForCredentials(url, lower));
  const kit = (): boolean => (kitMarked ??= KIT_MARKERS.test(lower));
  const spelled = spelledDomainInPath(lower);
  if (spelled !== null) {
    // A page or folder named after the brand's own domain is how kits make the address bar look right.
    out.push({
      brand: spelled[1],
      technique: "brand_in_path",
      points: credentials() ? 60 : 50,
      confidence: 0.6,
      floor: 0,
      label: spelled[0],
    });
  }
  for (const segment of lower.split(PATH_SPLIT)) {
    if (segment.length < 2) continue;
    if (segment.length >= 5 && FOLDABLE_PATH.test(segment)) {
      // The brand's name with lookalike characters as a folder ("/PayPaI/", "/micros0ft/").
      for (const ref of FOLDED_LABELS.get(asciiFold(segment)) ?? []) {
        if (ref.label === segment) continue;
        out.push({
          brand: ref.brand,
          technique: "brand_in_path",
          points: credentials() ? 60 : 40,
          confidence: 0.55,
          floor: 0,
          label: segment,
        });
      }
    }
    for (const hit of keywordHits(segment)) {
      // A directory named after the brand ("/chase/", "/hsbc") is how phishing kits are unpacked; a
      // brand glued to a lure word in one name ("trackingdhlpack") is not how editors name pages.
      // "MUFG_card.html" names a file after the brand too; a hyphenated slug ("netflix-series") is an
      // editor's page title.
      // A brand whose name is a common word ("booking", "delta", "progressive") names a folder of its own
      // meaning just as often ("/booking", "/delta/"), so only a credential request, a lure or a kit lifts it.
      const directory =
        !hit.ref.tokenOnly &&
        (segment.split(WORD_SEPARATORS).join("") === hit.ref.keyword || segment.split("_")[0] === hit.ref.keyword);
      const bonus = (directory || hit.glued ? 10 : 0) + (kit() ? 10 : 0);
      const asking = credentials();
      out.push({
        brand: hit.ref.brand,
        technique: "brand_in_path",
        points: (asking ? 50 : 30) + bonus,
        confidence: directory || asking || hit.glued ? 0.55 : 0.35,
        floor: 0,
        label: segment,
      });
    }
  }
  if (hasCaseBoundary(text)) caseWordFindings(text, credentials, kit, out);
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

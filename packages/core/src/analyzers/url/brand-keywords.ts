// Brand keywords inside a label: on token boundaries, glued to lure words, with digits, joined across tokens.

import type { Brand } from "./lists/brands.js";
import {
  DIGIT_KEYWORDS,
  HYPHENATED_KEYWORDS,
  KEYWORD_TOKENS,
  KEYWORD_TRIGRAMS,
  LURES,
  SPELLED_DOMAINS,
  hasStrongLure,
  isLureComposite,
  type KeywordRef,
} from "./brand-index.js";
import { TOKEN_SPLIT } from "./brand-finding.js";

interface KeywordHit {
  readonly ref: KeywordRef;
  /** true when a strong lure word (login, payment, delivery ...) sits next to the keyword or in the label. */
  readonly withLure: boolean;
  /** true when that strong lure word is glued to the keyword in one token ("trackingdhlpack"). */
  readonly glued: boolean;
}

const ALNUM = /[a-z0-9]/;
export const MAX_JOINED_TOKENS = 5;
export const MAX_JOINED_LENGTH = 24;
/** Keywords this long are matched anywhere inside a token ("grupwhatsappyoutuber"). */
export const ANYWHERE_FROM = 7;
/** A brand's name on a domain it does not own whose page asks for a payment or a sign-in. */
export const ASKING_PAGE_POINTS = 50;
/**
 * On free hosting anyone picks the name, and a five-letter brand inside it ("xpaypalx", "chasemob") is no
 * longer likely to be an accident of spelling.
 */
export const ANYWHERE_FROM_FREE_HOSTING = 5;

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

/** A word of a plain phrase: a lure word or one of PHRASE_WORDS. */
function ordinary(t: string): boolean {
  return LURES.has(t) || PHRASE_WORDS.has(t);
}

/**
 * Multi-word brand names split into tokens ("bank-of-america-secure", "/wells_fargo/"). A brand named after a plain
 * phrase ("PayByPhone") is not found in that phrase written out as words ("/parking/pay-by-phone"): every word of it
 * ordinary, it describes a way to pay.
 */
function joinedKeywordHits(tokens: readonly string[], hits: KeywordHit[]): void {
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

export function keywordHits(label: string, anywhereFrom = ANYWHERE_FROM): KeywordHit[] {
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

export function isCountryCode(suffix: string): boolean {
  const last = suffix.slice(suffix.lastIndexOf(".") + 1);
  return last.length === 2;
}

/** An official domain in its hyphenated spelling inside a registrable label, on hyphen boundaries. */
export function spelledDomainInLabel(label: string): Brand | null {
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

export const WEAK_LURES_BESIDE_POINTS = 50;

/** true when the hyphenated name is the brand's keyword and two or more lure words, nothing else. */
export function lureWordsBeside(label: string, keyword: string): boolean {
  if (!label.includes("-")) return false;
  let lures = 0;
  for (const token of label.split("-")) {
    if (token.includes(keyword)) continue;
    if (!LURES.has(token)) return false;
    lures++;
  }
  return lures >= 2;
}

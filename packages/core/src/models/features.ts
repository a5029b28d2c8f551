// What the statistical models read: a URL or a message turned into feature strings, each namespaced by a short
// prefix ("h:" a piece of the host, "b:" two words in a row ...). The strings are hashed into the model's weight
// table, so the trainer and the reader must call exactly these functions; the golden tests pin their output.
// Both functions do bounded work on any input: they read a fixed-size opening of it.
import { parse as parseDomain } from "tldts";
import TLDS from "tlds" with { type: "json" };

/** Feature set ids written into a model's header: a model is read only with the features it was trained on. */
export const URL_FEATURE_SET = 1;
export const TEXT_FEATURE_SET = 2;
export type FeatureSetId = typeof URL_FEATURE_SET | typeof TEXT_FEATURE_SET;

/** The most of a URL read: longer URLs are judged by their opening (and their length, which is counted whole). */
export const MAX_URL_CHARS = 2_048;
/** The most of a URL's path and query cut into character n-grams and tokens. */
const MAX_PATH_CHARS = 300;
/** The most of a text read (after which a letter or a newsletter adds words, not a different story). */
export const MAX_TEXT_CHARS = 3_000;
/** The most words read from a text, and the longest word cut into character n-grams. */
const MAX_WORDS = 600;
const MAX_GRAM_WORD = 24;

/** A count as a coarse bucket: 0, 1, 2, 3, then powers of two (4 stands for 4-7, 8 for 8-15 ...). */
export function bucket(n: number): number {
  if (n < 4) return n;
  // A whole count under 2^31 (every count read here) has its power of two from its leading zero bits, without the
  // floating-point logarithm and power the general case takes.
  if (n < 0x80000000 && Number.isInteger(n)) return 1 << (31 - Math.clz32(n));
  return 2 ** Math.floor(Math.log2(n));
}

/** Character n-grams of `s`, from `min` to `max` code units long, each prefixed. */
function pushGrams(out: string[], prefix: string, s: string, min: number, max: number): void {
  for (let i = 0; i < s.length; i++) {
    for (let n = min; n <= max && i + n <= s.length; n++) out.push(prefix + s.slice(i, i + n));
  }
}

/** How many characters of `s` have a code from `from` to `to` (a digit: 0x30-0x39; a dot: 0x2e, 0x2e). */
function countCodes(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= from && c <= to) n++;
  }
  return n;
}

function count(s: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(s) !== null) n++;
  return n;
}

const SCHEME = /^([a-z][a-z0-9+.-]{0,15}):\/\//;
const PORT = /:(\d{1,5})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const TOKEN = /[\p{L}\p{N}]+/gu;
const EXTENSION = /\.([a-z0-9]{1,6})$/;

/**
 * Where a URL's features go, in order: whole feature strings, and the character n-grams of a piece of the URL (each
 * `prefix` + a `min`- to `max`-code-unit slice of `s`, from each position in turn, shorter first). urlFeatures
 * writes them out as strings; the URL model's reader (models/index.ts) hashes the n-grams without building them.
 * No whole feature begins with an n-gram prefix, so the two never name the same feature.
 */
export interface UrlFeatureSink {
  feature(feature: string): void;
  grams(prefix: "h:" | "p:", s: string, min: number, max: number): void;
}

/**
 * A URL's features: its scheme; character 3-5-grams of the host (with ^ and $ at its ends) and, apart, of the path
 * and query; the host's words, its top-level domain, public suffix and registrable name; the path's words and file
 * extension; and bucketed counts (length, digits, dots, hyphens, subdomain depth). Lower-cased; reads at most the
 * first MAX_URL_CHARS characters. Each feature once, at its first place.
 */
export function urlFeatures(url: string): string[] {
  const out: string[] = [];
  visitUrlFeatures(url, {
    feature: (f) => out.push(f),
    grams: (prefix, s, min, max) => pushGrams(out, prefix, s, min, max),
  });
  return dedupe(out);
}

/**
 * urlFeatures as they come, before repeats are dropped (a character n-gram or a word may come more than once). The
 * features of the authority (the host, with any user info and port) go through `authority`, visitAuthorityFeatures
 * unless given: none of them is ever named like a feature of the rest of the URL (their prefixes differ), so a reader
 * may count a host's features once and reuse them (models/index.ts).
 */
export function visitUrlFeatures(
  url: string,
  sink: UrlFeatureSink,
  authority: (raw: string) => void = (raw) => visitAuthorityFeatures(raw, sink),
): void {
  let s = url.slice(0, MAX_URL_CHARS).trim().toLowerCase();
  sink.feature(`len:${bucket(url.length)}`);
  const scheme = SCHEME.exec(s);
  sink.feature(`sch:${scheme?.[1] ?? "none"}`);
  if (scheme) s = s.slice(scheme[0].length);
  let end = s.search(/[/?#\\]/);
  if (end === -1) end = s.length;
  const rest = s.slice(end, end + MAX_PATH_CHARS);
  authority(s.slice(0, end));

  sink.feature(`plen:${bucket(rest.length)}`);
  sink.feature(`pdig:${bucket(countCodes(rest, 0x30, 0x39))}`);
  if (rest.length > 1) {
    const query = rest.indexOf("?");
    const path = query === -1 ? rest : rest.slice(0, query);
    const ext = EXTENSION.exec(path);
    if (ext) sink.feature(`ext:${ext[1]}`);
    sink.feature(`pdepth:${bucket(countCodes(path, 0x2f, 0x2f))}`);
    if (query !== -1) sink.feature("query");
    let words = 0;
    for (const t of rest.match(TOKEN) ?? []) {
      if (++words > 40) break;
      sink.feature(`pt:${t.slice(0, 30)}`);
    }
    sink.grams("p:", rest, 3, 5);
  }
}

/**
 * The features of a URL's authority as visitUrlFeatures reads it (lower case, after the scheme, up to the path): user
 * info and port as flags, then the host's top-level domain, public suffix, registrable name and depth, bucketed
 * counts, words and character n-grams. They depend on `raw` alone.
 */
export function visitAuthorityFeatures(raw: string, sink: UrlFeatureSink): void {
  let host = raw;
  const at = host.lastIndexOf("@");
  if (at !== -1) {
    sink.feature("userinfo");
    host = host.slice(at + 1);
  }
  const port = PORT.exec(host);
  if (port) {
    sink.feature(`port:${port[1]}`);
    host = host.slice(0, port.index);
  }
  if (host.endsWith(".")) host = host.slice(0, -1);
  host = host.slice(0, 253);

  if (IPV4.test(host) || host.startsWith("[")) {
    sink.feature("ip");
  } else {
    const labels = host.split(".");
    sink.feature(`tld:${labels[labels.length - 1] ?? ""}`);
    const info = parseDomain(host, { allowPrivateDomains: true, extractHostname: false, validateHostname: false });
    if (info.publicSuffix !== null && info.publicSuffix.includes(".")) sink.feature(`ps:${info.publicSuffix}`);
    if (info.domainWithoutSuffix) sink.feature(`dom:${info.domainWithoutSuffix}`);
    const depth = info.subdomain ? info.subdomain.split(".").length : 0;
    sink.feature(`sub:${bucket(depth)}`);
  }
  sink.feature(`hlen:${bucket(host.length)}`);
  sink.feature(`hdig:${bucket(countCodes(host, 0x30, 0x39))}`);
  sink.feature(`dots:${bucket(countCodes(host, 0x2e, 0x2e))}`);
  sink.feature(`hyph:${bucket(countCodes(host, 0x2d, 0x2d))}`);
  for (const t of host.match(TOKEN) ?? []) sink.feature(`ht:${t}`);
  sink.grams("h:", `^${host}$`, 3, 5);
}

/**
 * Whether a feature is a character n-gram ("c:" of a word, "h:" of a host, "p:" of a path): a model may count these
 * at a weight of their own (LinearModel.gramWeight), since a word's dozen n-grams would otherwise outweigh the word.
 */
export function isCharGram(feature: string): boolean {
  if (feature.charCodeAt(1) !== 58 /* : */) return false;
  const c = feature.charCodeAt(0);
  return c === 99 /* c */ || c === 104 /* h */ || c === 112; /* p */
}

function dedupe(features: string[]): string[] {
  return [...new Set(features)];
}

// ---- Text ----------------------------------------------------------------------------------------------------------

const KNOWN_TLDS = new Set<string>(TLDS);

/** Scripts written without spaces between words: read a character at a time. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
const UNSPACED_CHAR = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/gu;

const CURRENCY_SIGN = "[$£€¥₹₦₱₩₽₺฿₴₫₪]";
const CURRENCY_WORD =
  "(?:usd|eur|gbp|inr|ngn|cad|aud|btc|usdt|eth|dollars?|pounds?|euros?|naira|rupees?|pesos?|reais|rand|yuan|元|円|块|万元|ドル|บาท)";
/** An amount: 1,000,000.00 or 1000.5; bounded, so no run of digits is tried from every place in it. */
const NUMBER = String.raw`\d{1,3}(?:[,.' ]\d{3}){1,4}(?:[.,]\d{1,2})?|\d{1,9}(?:[.,]\d{1,2})?`;

/**
 * The shapes a message's particulars are replaced by before words are read, so a model learns "call <phone>" and not
 * one number. Tried in this order at each place in the text: an email address, a link, an amount of money, a date, a
 * phone number (8 or more digits, or 7 with separators or a leading +), a code (a Latin word mixing letters and
 * digits, or 4 to 7 digits), a number. Every pattern starts only where a word starts and its repeats are bounded
 * or cannot overlap, so a long run of letters, digits or dots costs linear time.
 */
const SHAPES = new RegExp(
  [
    String.raw`(?<email>(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)`,
    String.raw`(?<url>(?:https?://|www\.)[^\s<>"'()]+|(?<![\p{L}\p{N}._@-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?<tld>[a-z]{2,24})(?![\p{L}\p{N}-])(?:/[^\s<>"'()]*)?)`,
    String.raw`(?<money>${CURRENCY_SIGN}\s?(?:${NUMBER})|(?<!\d[,.]?)(?:${NUMBER})\s?(?:${CURRENCY_SIGN}|${CURRENCY_WORD}(?!\p{L}))|(?<!\p{L})(?:usd|eur|gbp|inr|rs\.?|r\$|ngn)\s?(?:${NUMBER}))`,
    String.raw`(?<date>(?<!\d)\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}(?!\d))`,
    String.raw`(?<phone>\+?\(?\d[\d\s().-]{5,20}\d)`,
    String.raw`(?<code>(?<![a-z0-9])(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{4,}(?![a-z0-9])|(?<!\d)\d{4,7}(?!\d))`,
    String.raw`(?<num>\d+(?:[.,]\d+)?)`,
  ].join("|"),
  "giu",
);

function shapeOf(match: string, groups: Record<string, string | undefined>): string {
  if (groups.url !== undefined) {
    // A bare "word.word" is a link only when it ends in a real top-level domain.
    if (!/^(?:https?:|www\.)/i.test(match) && !KNOWN_TLDS.has((groups.tld ?? "").toLowerCase())) return match;
    return " <url> ";
  }
  if (groups.email !== undefined) return " <email> ";
  if (groups.money !== undefined) return " <money> ";
  if (groups.date !== undefined) return " <date> ";
  if (groups.phone !== undefined) {
    const digits = match.replace(/\D/g, "").length;
    const separated = /[\s().+-]/.test(match);
    if (digits >= 8 || (digits === 7 && separated)) return " <phone> ";
    // Not a phone number: its pieces are read as numbers and codes.
    return match.replace(/\d+/g, (d) => (d.length >= 4 && d.length <= 7 ? " <code> " : d.length > 2 ? " <num> " : d));
  }
  if (groups.code !== undefined) return " <code> ";
  return match.length <= 2 ? match : " <num> ";
}

const WORD = /<(?:url|email|money|date|phone|code|num)>|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;
const UPPER = /\p{Lu}/gu;
const LETTER = /\p{L}/gu;

/**
 * A message's features: word unigrams ("w:") and bigrams ("b:"), character 3-5-grams within words ("c:", with _ at
 * the word's ends), where links, email addresses, amounts, dates, phone numbers, codes and numbers stand as <url>,
 * <email>, <money>, <date>, <phone>, <code> and <num>; characters of scripts written without spaces (Chinese,
 * Japanese, Thai ...) are words of their own, and their runs give character trigrams. Also bucketed length,
 * exclamation marks and the share of capital letters. NFKC-normalised and lower-cased; reads at most the first
 * MAX_TEXT_CHARS characters and MAX_WORDS words.
 */
export function textFeatures(text: string): string[] {
  const raw = text.slice(0, MAX_TEXT_CHARS);
  const out: string[] = [`len:${bucket(text.length)}`, `excl:${bucket(countCodes(raw, 0x21, 0x21))}`];
  const letters = count(raw, LETTER);
  if (letters >= 8) out.push(`caps:${Math.round((count(raw, UPPER) / letters) * 5)}`);

  const shaped = raw
    .normalize("NFKC")
    .replace(SHAPES, (m: string, ...args: unknown[]) => shapeOf(m, args[args.length - 1] as Record<string, string>))
    .toLowerCase();

  const words: string[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(shaped); m !== null && words.length < MAX_WORDS; m = WORD.exec(shaped)) {
    const w = m[0];
    if (w.charCodeAt(0) === 60 /* < */) {
      words.push(w);
      continue;
    }
    if (UNSPACED.test(w)) {
      const chars = (w.match(UNSPACED_CHAR) ?? []).slice(0, MAX_WORDS - words.length);
      for (const c of chars) words.push(c);
      const run = chars.join("").slice(0, 2 * MAX_GRAM_WORD);
      for (let i = 0; i + 3 <= run.length; i++) out.push(`c:${run.slice(i, i + 3)}`);
      // Latin letters or digits inside the run are read as a word of their own.
      const rest = w.replace(UNSPACED_CHAR, " ").trim();
      if (rest !== "") words.push(...rest.split(/\s+/));
      continue;
    }
    words.push(w);
    if (w.length >= 3) pushGrams(out, "c:", `_${w.slice(0, MAX_GRAM_WORD)}_`, 3, 5);
  }
  for (let i = 0; i < words.length; i++) {
    out.push(`w:${words[i]}`);
    if (i > 0) out.push(`b:${words[i - 1]} ${words[i]}`);
  }
  return dedupe(out);
}

// ---- Explanations --------------------------------------------------------------------------------------------------

const SHAPE_WORDS: Record<string, string> = {
  "<url>": "[link]",
  "<email>": "[email address]",
  "<money>": "[amount]",
  "<date>": "[date]",
  "<phone>": "[phone number]",
  "<code>": "[code]",
  "<num>": "[number]",
};

function plainWords(s: string): string {
  return s.replace(/<(?:url|email|money|date|phone|code|num)>/g, (m) => SHAPE_WORDS[m] ?? m);
}

function range(bucketValue: string, unit: string): string {
  const n = Number(bucketValue);
  // One of a unit is singular ("1 hyphen"); every unit here is a plural in -s.
  if (n === 1) return `1 ${unit.slice(0, -1)}`;
  if (!Number.isFinite(n) || n < 4) return `${bucketValue} ${unit}`;
  return `${n}-${2 * n - 1} ${unit}`;
}

/**
 * A feature string in words a person can read: `b:call <phone>` is "call [phone number]", `c:_cla` is "words
 * starting “cla”", `tld:xyz` is "the ending .xyz".
 */
export function describeFeature(feature: string): string {
  const colon = feature.indexOf(":");
  const kind = colon === -1 ? feature : feature.slice(0, colon);
  const value = colon === -1 ? "" : feature.slice(colon + 1);
  switch (kind) {
    case "w":
    case "b":
      return `“${plainWords(value)}”`;
    case "c": {
      const core = value.replace(/^_|_$/g, "");
      if (value.startsWith("_") && value.endsWith("_")) return `the word “${core}”`;
      if (value.startsWith("_")) return `words starting “${core}”`;
      if (value.endsWith("_")) return `words ending “${core}”`;
      return `“…${core}…” within words`;
    }
    case "h":
      return `“${value.replace(/^\^|\$$/g, "")}” in the site name`;
    case "ht":
      return `“${value}” in the site name`;
    case "dom":
      return `the site name “${value}”`;
    case "tld":
      return `the ending .${value}`;
    case "ps":
      return `a site on ${value}`;
    case "sub":
      return `${range(value, "subdomain levels")}`;
    case "p":
      return `“${value}” in the path`;
    case "pt":
      return `“${value}” in the path`;
    case "ext":
      return `a .${value} page`;
    case "sch":
      return value === "none" ? "no scheme" : `the ${value} scheme`;
    case "port":
      return `port ${value}`;
    case "ip":
      return "a numeric IP address for a site name";
    case "userinfo":
      return "a user name before the site name";
    case "query":
      return "a query string";
    case "len":
      return `a length of ${range(value, "characters")}`;
    case "hlen":
      return `a site name of ${range(value, "characters")}`;
    case "plen":
      return `a path of ${range(value, "characters")}`;
    case "hdig":
      return `${range(value, "digits")} in the site name`;
    case "pdig":
      return `${range(value, "digits")} in the path`;
    case "dots":
      return `${range(value, "dots")} in the site name`;
    case "hyph":
      return `${range(value, "hyphens")} in the site name`;
    case "pdepth":
      return `${range(value, "folder levels")}`;
    case "excl":
      return `${range(value, "exclamation marks")}`;
    case "caps":
      return `about ${Number(value) * 20}% capital letters`;
    default:
      return feature;
  }
}

// Where a message's numbers are likely from when it writes them without a country code: the sender's own number,
// the country codes written elsewhere in it, its currency and its language, strongest first.

import type { CountryCode } from "libphonenumber-js/max";
import { readPhoneNumber, type PhoneReading } from "./read-phone-number.js";

export interface CountryHintSources {
  /** The message as written. */
  readonly text: string;
  /** The number the message came from, as given (an E.164 number, digits, or a national number). */
  readonly senderNumber?: string;
  /** Countries of the numbers the message writes with their country code, in order. */
  readonly writtenCountries?: readonly string[];
  /** Countries the message's setting names apart from its words: a letter printed with a U.S. postal address. */
  readonly settingCountries?: readonly string[];
}

/** A currency names the country only where one country uses it. */
const CURRENCIES: readonly (readonly [RegExp, CountryCode])[] = [
  [/£|\bGBP\b/, "GB"],
  [/₹|\bINR\b|\bRs\.?\s?\d/, "IN"],
  [/\bA\$|\bAUD\b/, "AU"],
];

/**
 * Frequent short words of the languages whose country numbers are read (see NATIONAL_FORMAT_COUNTRIES). English
 * names no one country, so its words only stop a few foreign words in an English message from counting.
 */
const LANGUAGES: readonly (readonly [CountryCode | null, ReadonlySet<string>])[] = [
  [null, new Set(["the", "you", "your", "to", "and", "of", "for", "this", "please", "is", "we", "will", "on"])],
  ["ES", new Set(["el", "la", "que", "su", "tu", "por", "para", "usted", "con", "del", "los", "las", "una", "es"])],
  ["FR", new Set(["le", "les", "vous", "votre", "est", "pour", "avec", "une", "des", "du", "sur", "au", "et"])],
  ["DE", new Set(["der", "die", "das", "und", "ist", "sie", "ihr", "ihre", "nicht", "mit", "bitte", "auf", "eine"])],
  ["IT", new Set(["il", "di", "che", "per", "sono", "della", "suo", "tuo", "gli", "non", "questo", "hai", "alla"])],
  ["NL", new Set(["het", "een", "van", "uw", "je", "niet", "voor", "met", "op", "zijn", "bent", "wij", "naar"])],
];
/** Marker words a language needs, and more than any other language has, before it hints at a country. */
const MIN_MARKERS = 3;
/** Words read for the language guess. */
const MAX_WORDS = 400;

function languageCountry(text: string): CountryCode | null {
  const counts = LANGUAGES.map(() => 0);
  for (const word of text
    .slice(0, MAX_WORDS * 12)
    .toLowerCase()
    .split(/[^\p{L}]+/u, MAX_WORDS)) {
    LANGUAGES.forEach(([, words], i) => {
      if (words.has(word)) counts[i] = (counts[i] ?? 0) + 1;
    });
  }
  const ranked = counts.map((count, i) => ({ count, i })).sort((a, b) => b.count - a.count);
  const [top, next] = ranked;
  if (top === undefined || top.count < MIN_MARKERS || top.count <= (next?.count ?? 0)) return null;
  return LANGUAGES[top.i]?.[0] ?? null;
}

/** The one country whose currency the text names (£, ₹, A$), or null. */
export function currencyCountry(text: string): CountryCode | null {
  for (const [pattern, country] of CURRENCIES) if (pattern.test(text)) return country;
  return null;
}

/**
 * The number a message came from, read when it carries its country: E.164, a 00 prefix, or international digits
 * ("447912345678"). A national number ("0912345678", "4155552671") could be any of several countries' and places
 * nothing; null for it, for short codes, names and addresses.
 */
export function readSenderNumber(sender: string | undefined): PhoneReading | null {
  if (sender === undefined || /[@a-z]/i.test(sender)) return null;
  const trimmed = sender.trim().replace(/^00/, "+");
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  if (trimmed.startsWith("+")) return readPhoneNumber(`+${digits}`);
  // A trunk prefix (0) starts a national number; international digits start with a country code.
  return digits.length >= 11 && !digits.startsWith("0") ? readPhoneNumber(`+${digits}`) : null;
}

/**
 * What names a country in a message besides its numbers: its script, a currency only that country uses, and words
 * of a language spoken mainly there. Wider than the hints numbers are read by (see countryHints): these decide
 * whether a number written as one run is the ordinary number of the country the message is about, not whether it
 * is placed.
 */
const COUNTRY_CUES: readonly (readonly [RegExp, CountryCode])[] = [
  // Currency: pounds and prices in pence ("150p", "10ppm", "1.50p/min").
  [/£|\bGBP\b|<UKP>|\d\s?p(?:pm|\/min|\/msg)?\b|\bpence\b/i, "GB"],
  [/₹|\bINR\b|\bRs\.?\s?\d/, "IN"],
  [/\bA\$|\bAUD\b/, "AU"],
  [/฿|\bTHB\b|\p{Script=Thai}/u, "TH"],
  [/₦|\bNGN\b|\bnaira\b|\bN\d{2,}(?:,\d{3})*(?:\.\d\d)?\b/i, "NG"],
  [/₫|\bVND\b|[ăằắẳẵặơờớởỡợưừứửữựđ]/i, "VN"],
  [/₱|\bPHP\s?\d/, "PH"],
  // Persian: its currency, or the letters its alphabet adds to the Arabic one (پ چ ژ گ) and its own ی and ک.
  [/\bIRR\b|ریال|تومان|[پچژگیک]/, "IR"],
  [/\bRp\.?\s?\d/, "ID"],
];

/** Frequent words of languages often written without their marks (Vietnamese) or in Latin script (Indonesian). */
const CUE_LANGUAGES: readonly (readonly [CountryCode, ReadonlySet<string>])[] = [
  ["VN", new Set(["quy", "khach", "cua", "va", "khong", "duoc", "ngay", "thue", "bao", "hoc", "trieu", "dang", "ky"])],
  ["ID", new Set(["anda", "kami", "untuk", "dengan", "segera", "yang", "dan", "dari", "ini", "ke", "di", "bisa"])],
];

/** The language of CUE_LANGUAGES with at least MIN_MARKERS distinct words in the text and more than any other. */
function cueLanguage(text: string): CountryCode | null {
  const words = new Set(
    text
      .slice(0, MAX_WORDS * 12)
      .toLowerCase()
      .split(/[^\p{L}]+/u, MAX_WORDS),
  );
  const counts = CUE_LANGUAGES.map(([, marks]) => [...marks].filter((w) => words.has(w)).length);
  const best = Math.max(...counts);
  const at = counts.indexOf(best);
  if (best < MIN_MARKERS || counts.filter((c) => c === best).length > 1) return null;
  return CUE_LANGUAGES[at]?.[0] ?? null;
}

/**
 * The countries a message names by its script, currency or language (see COUNTRY_CUES and the languages of
 * countryHints), in cue order, each once.
 */
export function countryCues(text: string): CountryCode[] {
  const out: CountryCode[] = [];
  for (const [pattern, country] of COUNTRY_CUES) if (pattern.test(text) && !out.includes(country)) out.push(country);
  for (const language of [languageCountry(text), cueLanguage(text)]) {
    if (language !== null && !out.includes(language)) out.push(language);
  }
  return out;
}

/** Countries the message's numbers are likely from, strongest hint first, each once. */
export function countryHints(sources: CountryHintSources): CountryCode[] {
  const out: CountryCode[] = [];
  const add = (c: string | null | undefined): void => {
    if (c !== null && c !== undefined && !out.includes(c as CountryCode)) out.push(c as CountryCode);
  };
  add(readSenderNumber(sources.senderNumber)?.country);
  for (const c of sources.settingCountries ?? []) add(c);
  for (const c of sources.writtenCountries ?? []) add(c);
  add(currencyCountry(sources.text));
  add(languageCountry(sources.text));
  return out;
}

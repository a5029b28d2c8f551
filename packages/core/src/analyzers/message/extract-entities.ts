// Links, phone numbers, email addresses, money amounts and deadlines in a message, found after undoing what
// scammers do to slip past filters: defanged and spaced-out links, look-alike Unicode, invisible characters,
// vanity numbers and numbers broken across lines. Pure and linear in the text (scanned up to MAX_SCANNED_CHARS).

import LinkifyIt from "linkify-it";
import { findPhoneNumbersInText, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { countryHints } from "../phone/country-hints.js";
import {
  NATIONAL_FORMAT_COUNTRIES,
  compareNationalReadings,
  readNationalNumber,
  type NationalReading,
} from "../phone/national-number.js";
import { NANP_CALLING_CODE, readPhoneNumber, writtenWithNanpOne } from "../phone/read-phone-number.js";
import { findDeadlines } from "./cue-matcher.js";
import { DEFANGED, OBFUSCATED, TLD_SET, foldText, refangText, type MappedText } from "./mapped-text.js";

/** Distinct links kept per message; more are counted in `urlsFound` but not returned. */
export const MAX_EXTRACTED_URLS = 20;
/** Distinct phone numbers kept per message; more are counted in `phonesFound`. */
export const MAX_EXTRACTED_PHONES = 10;
export const MAX_EXTRACTED_EMAILS = 10;
export const MAX_EXTRACTED_AMOUNTS = 10;
export const MAX_EXTRACTED_DEADLINES = 5;
/** Characters of a message that are read; the rest is ignored and `truncated` is set. */
export const MAX_SCANNED_CHARS = 128 * 1024;
/** Links a channel checks through URL sub-lookups; it reports how many more were found. */
export const SUBLOOKUP_MAX_URLS = 10;
/** Phone numbers a channel checks through phone sub-lookups. */
export const SUBLOOKUP_MAX_PHONES = 5;

export interface ExtractedUrl {
  /** The link as written in the message. */
  readonly raw: string;
  /** What to hand to normalizeUrl (refanged, folded to plain characters). */
  readonly candidate: string;
  /** Written defanged or spaced out (hxxp, [.], "dot com", "example . com"). */
  readonly defanged: boolean;
  /** Hidden with look-alike characters (fullwidth letters, odd dots) or invisible ones; implied by defanged. */
  readonly obfuscated: boolean;
}

export interface ExtractedPhone {
  /** The number as written. */
  readonly raw: string;
  /**
   * E.164 when the number's country is known: written with its country code (+44, 0044), or written the way a
   * country the message points to writes its own (the sender's country, a currency or language of one country).
   * null when nothing places it: "0389048463" or "415-555-2671" alone could be any of several countries' numbers.
   * A NANP one (+1...) is what to hand to normalizePhone, any one what readPhoneNumber reads.
   */
  readonly e164: string | null;
  /**
   * The likeliest reading in E.164 (the same as `e164` when the number is placed): what the digits would be in the
   * country whose national format fits them best. An unplaced number's is an assumption: it may match a published
   * number, but no finding that depends on the number's country rests on it.
   */
  readonly likely: string;
  /** ISO 3166-1 alpha-2 region of a placed number ("US", "CA", "GB"); null for a non-geographic code or unplaced. */
  readonly country: string | null;
  /** Written with keypad letters (1-800-FLOWERS). */
  readonly vanity: boolean;
}

export interface MoneyAmount {
  readonly raw: string;
  readonly value: number;
  readonly currency: "USD" | "EUR";
}

export interface MessageEntities {
  /** Distinct links in order of appearance, at most `limits.maxUrls`. */
  readonly urls: readonly ExtractedUrl[];
  /**
   * Distinct phone numbers in order of appearance, at most `limits.maxPhones`: NANP numbers, numbers written with
   * their country code (+44, 0044), and national numbers of NATIONAL_FORMAT_COUNTRIES read as hints suggest.
   */
  readonly phones: readonly ExtractedPhone[];
  /** Distinct email addresses, lower case. */
  readonly emails: readonly string[];
  readonly amounts: readonly MoneyAmount[];
  /** Deadline phrases ("within 24 hours", "by 11/30", "hoy"), lower case. */
  readonly deadlines: readonly string[];
  /** Distinct links found, including any beyond the cap. */
  readonly urlsFound: number;
  /** Distinct numbers found, including any beyond the cap. */
  readonly phonesFound: number;
  /** true when the message was longer than MAX_SCANNED_CHARS and only its start was read. */
  readonly truncated: boolean;
}

export interface ExtractionLimits {
  readonly maxUrls?: number;
  readonly maxPhones?: number;
  /** The number the message came from: its country is the strongest hint for numbers written without a code. */
  readonly senderNumber?: string;
  /** Countries the message's setting places it in (a letter printed with a U.S. postal address): the next hint. */
  readonly settingCountries?: readonly string[];
}

/** Half-open span of the cleaned text. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly kind: "url" | "phone" | "email";
}

/** Everything the analyzer needs beyond the entities: the cleaned text and where the entities sit in it. */
export interface ScannedMessage {
  readonly entities: MessageEntities;
  readonly cleaned: string;
  readonly spans: readonly Span[];
  /** What the cue tables read: `prepareForCues(cleaned, spans)`. */
  readonly prepared: string;
}

// Built once: the full IANA list makes fuzzy links precise ("hello.world" is a link, "file.txt" is not).
export const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false }).tlds([...TLD_SET], false);

/**
 * An IPv4 address written without a scheme but with a path or a port ("185.243.112.7/track", "45.77.10.2:8080"): a
 * link to a bare address, which linkify's fuzzy matching leaves out (it would take versions and dotted numbers for
 * hosts). A bare address alone ("unlock at 142.93.11.4") stays prose.
 */
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const BARE_ADDRESS_LINK = new RegExp(
  `(?<![\\w.\\/@:-])${OCTET}(?:\\.${OCTET}){3}(?:(?::\\d{2,5})?\\/[^\\s<>"]*|:\\d{2,5}(?![\\d.]))`,
  "g",
);

/** A link or address linkify found, at offsets of the whole text. */
export interface LinkMatch {
  readonly schema: string;
  readonly index: number;
  readonly lastIndex: number;
  readonly raw: string;
}

/**
 * linkify's separators that no link or address can contain: white space (Unicode Z) and control characters (Cc).
 * Its patterns treat one of these next to a match exactly as the start or end of the text.
 */
function isLinkBreak(c: number): boolean {
  return (
    c <= 0x20 ||
    (c >= 0x7f && c <= 0xa0) ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Where `ch` next occurs at or after `from`, or the text's length. */
function nextIndex(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at === -1 ? text.length : at;
}

/**
 * linkify's matches in the text, the same as `linkify.match(text)` gives, found word by word: a match never spans a
 * separator, so linkify reads only the words that can hold one. A link without a scheme needs a dot with something
 * after it, an address an "@", and a link with a scheme "//" (http://, //host) or "@" (mailto:). Its fuzzy-link
 * pattern tried at every character of a long text cost more than everything else the analyzer does.
 */
export function findLinks(text: string): LinkMatch[] {
  const out: LinkMatch[] = [];
  const n = text.length;
  let dot = nextIndex(text, ".", 0);
  let at = nextIndex(text, "@", 0);
  let slash = nextIndex(text, "/", 0);
  let from = 0;
  while (from < n) {
    if (dot < from) dot = nextIndex(text, ".", from);
    if (at < from) at = nextIndex(text, "@", from);
    if (slash < from) slash = nextIndex(text, "/", from);
    const marker = Math.min(dot, at, slash);
    if (marker >= n) break;
    let start = marker;
    while (start > from && !isLinkBreak(text.charCodeAt(start - 1))) start--;
    let end = marker + 1;
    while (end < n && !isLinkBreak(text.charCodeAt(end))) end++;
    const word = text.slice(start, end);
    const firstDot = word.indexOf(".");
    if ((firstDot !== -1 && firstDot < word.length - 1) || word.includes("@") || word.includes("//")) {
      for (const m of linkify.match(word) ?? []) {
        out.push({ schema: m.schema, index: start + m.index, lastIndex: start + m.lastIndex, raw: m.raw });
      }
    }
    from = end;
  }
  return out;
}

const KEYPAD = "22233344455566677778889999";
// An area code, then seven keypad characters with at least three letters (1-800-FLOWERS, (888) NEW-CARS).
// Keypad letters are written in capitals; lower-case words after a number are prose ("4412 is ready").
const VANITY = /(?<![\w-])((?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?)((?:[A-Z0-9][.-]?){6,9}[A-Z0-9])(?![\w])/g;
// A number broken over lines: the line ends inside it ("1-800-\n356-9377").
const NUMBER_LINE_BREAK = /([\d(+][\d()+ .-]{0,14})[ \t]*\r?\n[ \t]*(?=[\d(])/g;
const MONEY =
  /(?:US\s?\$|\$|USD\s?)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:[.,](\d{2}))?(?!\d)|(?<![\d.,])(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,](\d{2}))?\s?(USD|dollars?|d[oó]lares|euros?|EUR|€)(?![a-z])/gi;

// A payment address: a name or a mobile number, "@" and a handle of letters with no dot in it ("9876543210@ybl",
// "shop@okicici", "rahul.k@paytm", a full stop may end the sentence); an e-mail address has a dot inside its domain
// and is read as one before this.
const PAYMENT_HANDLE = /(?<![\w.-])[\w.-]{1,64}@[A-Za-z][A-Za-z0-9]{1,24}(?![\w@-]|\.[A-Za-z0-9])/g;

/** What follows a payment address's name: "@" and a handle of letters with no dot. */
const HANDLE_AFTER = /^@[A-Za-z][A-Za-z0-9]{1,24}(?![\w@-]|\.[A-Za-z0-9])/;
const DATE_WITH_YEAR =
  /(?<![\d+])(?:(?:0?[1-9]|[12]\d|3[01])[-/.](?:0?[1-9]|1[0-2])[-/.](?:19|20)\d\d|(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))(?![\d])/g;

// A run of digits right after these words is a reference, not a phone number ("Order #4155552671", "package
// 9200190231", "routing 021000089", a wallet's "TID: 12345678901").
const REFERENCE_BEFORE =
  /(?:#|(?<![a-z])(?:no\.?|nº|order|ref(?:erence)?|tracking|confirmation|account|acct|case|ticket|tid|trxid|txnid|refno|utr|rrn|invoice|claim|package|parcel|shipment|item|waybill|awb|routing|aba|iban|sort code|member(?:ship)?|policy|serial|id|pedido|orden|cuenta|referencia|guia|rastreo|factura|paquete|env[ií]o))[\s:#.-]*$/i;

function vanityDigits(block: string): string {
  let kept = 0;
  let out = "";
  for (const ch of block) {
    if (/[A-Za-z0-9]/.test(ch)) {
      kept++;
      const digit = /[A-Za-z]/.test(ch) ? (KEYPAD[ch.toUpperCase().charCodeAt(0) - 65] ?? ch) : ch;
      out += kept <= 7 ? digit : " ";
    } else out += kept >= 7 ? " " : ch;
  }
  return out;
}

// Stretches of digits and phone punctuation. The phone matcher runs on each (with a character of context either
// side) instead of the whole text, and only on stretches holding one or two numbers' worth of digits: it is costly
// on long runs of digits (every failed reading builds an error), so the work stays bounded per stretch and in all.
const PHONE_RUN = 64;
/** Spanish numbers have nine digits and no trunk prefix; every other national format read has more. */
const MIN_PHONE_DIGITS = 9;
/** Two numbers written side by side with their country codes. */
const MAX_RUN_DIGITS = 26;
/** Stretches read per message; a text with more is a list or a dump, not a message to call back from. */
const MAX_PHONE_RUNS = 200;
const PHONE_CANDIDATE = new RegExp(`\\+?\\(?\\d[\\d \\t().\\-/]{6,${PHONE_RUN}}\\d`, "g");
// International dialling prefixes before a country code: 00 (most of the world) and 011 (from the NANP, written
// apart from the code so that a British 0113 number is not taken for one), never the cents of an amount ("5.00").
// Rewritten as a plus, keeping the length.
const DIAL_OUT = /(?<![\d+.,])(?:00[ .-]?(?=[1-9])|011[ .-](?=[1-9]))/g;

interface FoundPhone {
  readonly e164: string;
  readonly country: string | null;
  readonly startsAt: number;
  readonly endsAt: number;
  /** Written with its country code, or read in the format of a hinted country. */
  readonly placed: boolean;
}

interface PhoneCandidate extends FoundPhone {
  /** Written with its country code; else read in a national format. */
  readonly national: NationalReading | null;
}

interface PhoneReadContext {
  /** Where a plus stands for a dialling prefix ("0044"): the prefix's start, so the raw text includes it. */
  readonly dialOut: ReadonlyMap<number, number>;
  readonly isVanity: (start: number, end: number) => boolean;
  readonly senderNumber?: string;
  readonly settingCountries?: readonly string[];
}

/** The numbers one stretch holds when read in `country`'s national format, and those written with their code. */
function readRun(
  text: string,
  run: { readonly from: number; readonly region: string },
  country: CountryCode,
  hinted: boolean,
  ctx: PhoneReadContext,
  out: PhoneCandidate[],
): void {
  for (const f of findPhoneNumbersInText(run.region, { defaultCountry: country })) {
    const startsAt = run.from + f.startsAt;
    const endsAt = run.from + f.endsAt;
    const written = text.slice(startsAt, endsAt);
    if (written.includes("+")) {
      const reading = readPhoneNumber(f.number.number);
      if (reading === null) continue;
      const plus = text.indexOf("+", startsAt);
      out.push({
        e164: reading.e164,
        country: reading.country,
        startsAt: ctx.dialOut.get(plus) ?? startsAt,
        endsAt,
        national: null,
        placed: true,
      });
      continue;
    }
    const national = readNationalNumber(written, country, { hinted, vanity: ctx.isVanity(startsAt, endsAt) });
    if (national === null) continue;
    // A plain run of digits after "Order #" is a reference; any other country's grouping is checked the same way.
    const nanp = national.reading.callingCode === NANP_CALLING_CODE;
    if ((!nanp || /^\d+$/.test(written)) && REFERENCE_BEFORE.test(text.slice(Math.max(0, startsAt - 24), startsAt))) {
      continue;
    }
    // "1-800-555-0100", "1 (415) 766-2093": the NANP's 1 set apart before the area code is dialled only there, so
    // the number is placed as if written with its +1 (and places the message's other North American numbers).
    if (nanp && writtenWithNanpOne(written)) {
      out.push({
        e164: national.reading.e164,
        country: national.reading.country,
        startsAt,
        endsAt,
        national: null,
        placed: true,
      });
      continue;
    }
    // Placed only in a hinted country's format; any other reading is a guess (see ExtractedPhone.e164).
    out.push({
      e164: national.reading.e164,
      country: national.reading.country,
      startsAt,
      endsAt,
      national,
      placed: hinted,
    });
  }
}

/**
 * The phone numbers in the text, in order, none overlapping. Numbers written with their country code are read as
 * written; the rest in the NANP's format first, then (when the NANP reads none there or hints point elsewhere) in
 * the formats of the hinted and the usual countries, the likeliest reading of each span kept. A national reading is
 * placed only in a hinted country (the NANP's too): with no hint the number's country stays unknown.
 */
function findPhones(text: string, ctx: PhoneReadContext): FoundPhone[] {
  const runs: { from: number; region: string }[] = [];
  PHONE_CANDIDATE.lastIndex = 0;
  for (let m = PHONE_CANDIDATE.exec(text); m !== null && runs.length < MAX_PHONE_RUNS; m = PHONE_CANDIDATE.exec(text)) {
    let digits = 0;
    for (const ch of m[0]) if (ch >= "0" && ch <= "9") digits++;
    if (digits < MIN_PHONE_DIGITS || digits > MAX_RUN_DIGITS) continue;
    const from = Math.max(0, m.index - 1);
    runs.push({ from, region: text.slice(from, m.index + m[0].length + 1) });
  }
  if (runs.length === 0) return [];

  const candidates: PhoneCandidate[] = [];
  const nanpCandidates: PhoneCandidate[] = [];
  const readByNanp = runs.map((run) => {
    const before = nanpCandidates.length;
    readRun(text, run, "US", false, ctx, nanpCandidates);
    return nanpCandidates.length > before;
  });
  const hints = countryHints({
    text,
    ...(ctx.senderNumber !== undefined ? { senderNumber: ctx.senderNumber } : {}),
    ...(ctx.settingCountries !== undefined ? { settingCountries: ctx.settingCountries } : {}),
    writtenCountries: nanpCandidates.flatMap((c) => (c.national === null && c.country !== null ? [c.country] : [])),
  });
  // A NANP reading is placed when a hint names a NANP country (a +1 sender, a +1 number written elsewhere).
  const nanpHinted = hints.some((h) => getCountryCallingCode(h) === NANP_CALLING_CODE);
  for (const c of nanpCandidates) candidates.push(c.national === null || !nanpHinted ? c : { ...c, placed: true });
  const abroad = hints.some((h) => getCountryCallingCode(h) !== NANP_CALLING_CODE);
  const countries = [...new Set([...hints, ...NATIONAL_FORMAT_COUNTRIES])].filter(
    (c) => getCountryCallingCode(c) !== NANP_CALLING_CODE,
  );
  runs.forEach((run, i) => {
    // A stretch the NANP reads is read no further unless a hint points abroad: U.S. texts cost no more than before.
    if (readByNanp[i] === true && !abroad) return;
    for (const country of countries) readRun(text, run, country, hints.includes(country), ctx, candidates);
  });

  const rank = (a: PhoneCandidate, b: PhoneCandidate): number => {
    if (a.national === null || b.national === null)
      return (a.national === null ? 0 : 1) - (b.national === null ? 0 : 1);
    return compareNationalReadings(a.national, b.national, hints);
  };
  const kept: PhoneCandidate[] = [];
  for (const c of candidates.sort(rank)) {
    if (kept.some((k) => c.startsAt < k.endsAt && k.startsAt < c.endsAt)) continue;
    kept.push(c);
  }
  return kept.sort((a, b) => a.startsAt - b.startsAt);
}

/** The text with every character inside a span turned into a space (spans may overlap). */
export function blankSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = "";
  let last = 0;
  for (const s of sorted) {
    const from = Math.max(s.start, last);
    const to = Math.min(s.end, text.length);
    if (to <= from) continue;
    out += text.slice(last, from) + " ".repeat(to - from);
    last = to;
  }
  return out + text.slice(last);
}

function rawOf(m: MappedText, raw: string, start: number, end: number): string {
  if (end <= start) return "";
  return raw.slice(m.start[start] ?? 0, m.end[end - 1] ?? 0);
}

function flagged(m: MappedText, start: number, end: number, flag: number): boolean {
  for (let i = start; i < end; i++) if (((m.flags[i] ?? 0) & flag) !== 0) return true;
  return false;
}

/** "paypal.com@evil.top" is a link to evil.top dressed as paypal.com, not an email address. */
function isDomainLikeLocalPart(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf("@"));
  const dot = local.lastIndexOf(".");
  return dot > 0 && TLD_SET.has(local.slice(dot + 1).toLowerCase());
}

function parseAmount(whole: string, cents: string | undefined): number {
  const digits = whole.replace(/[.,]/g, "");
  return Number(digits) + (cents === undefined ? 0 : Number(cents.padEnd(2, "0")) / 100);
}

/**
 * Two sentences run together without a space ("grace till 0.To see your bonus", "has expired.In case", "keep the fire
 * burning.LOVE U", "Avl Bal Rs. 1,248.78.To dispute"): the word after the dot starts a sentence, capitalised as one or
 * shouted, and happens to be a domain ending (.to, .in, .me, .it, .no, .love, .click). One dot (or an amount with its
 * decimals before it), no scheme, no path, nothing capitalised before the dot and the ending written as a capitalised
 * word, or in capitals of three letters or more that are not one of the endings people write links with (.COM, .NET,
 * .ORG...): not a link. A name written in capitals ("Paypal-Secure.Com", "Www.Usps.Com", "secure-login.COM") is
 * still one.
 */
const SENTENCE_RUN_ON =
  /^(?:[^./\p{Lu}]+|\d+\.\d+)\.(?:\p{Lu}\p{Ll}+|(?!(?:COM|NET|ORG|INFO|BIZ|GOV|EDU)$)\p{Lu}{3,})$/u;

/** Reads the message once; `extractEntities` and `analyzeMessage` share it. */
export function scanMessage(text: string, limits: ExtractionLimits = {}): ScannedMessage {
  const maxUrls = limits.maxUrls ?? MAX_EXTRACTED_URLS;
  const maxPhones = limits.maxPhones ?? MAX_EXTRACTED_PHONES;
  const truncated = text.length > MAX_SCANNED_CHARS;
  const raw = truncated ? text.slice(0, MAX_SCANNED_CHARS) : text;
  const folded = foldText(raw);
  const mapped = refangText(folded);
  const cleaned = mapped.text;
  const spans: Span[] = [];

  const urls: ExtractedUrl[] = [];
  const emails: string[] = [];
  const seenUrls = new Set<string>();
  for (const m of findLinks(cleaned)) {
    let end = m.lastIndex;
    let candidate = m.raw;
    // The name of a payment address ("priya.in@okicici", "refund.help@okaxis") is no site, though it ends like one.
    if (m.schema === "" && !m.raw.includes("/") && HANDLE_AFTER.test(cleaned.slice(end, end + 32))) continue;
    if (m.schema === "mailto:" || (m.schema === "" && m.raw.includes("@") && !m.raw.includes("/"))) {
      const address = m.raw.replace(/^mailto:/i, "");
      if (!isDomainLikeLocalPart(address)) {
        const lower = address.toLowerCase();
        if (!emails.includes(lower) && emails.length < MAX_EXTRACTED_EMAILS) emails.push(lower);
        spans.push({ start: m.index, end, kind: "email" });
        continue;
      }
      // The path that linkify left after the "email" belongs to the link.
      const tail = /^\/[^\s<>"]*/.exec(cleaned.slice(end, end + 2048));
      if (tail !== null) end += tail[0].length;
      candidate = `http://${address}${tail?.[0] ?? ""}`;
    } else if (m.schema !== "" && m.schema !== "http:" && m.schema !== "https:" && m.schema !== "//") {
      continue;
    } else if (m.schema === "" && SENTENCE_RUN_ON.test(m.raw)) {
      continue;
    }
    spans.push({ start: m.index, end, kind: "url" });
    const key = candidate.toLowerCase();
    if (seenUrls.has(key)) continue;
    seenUrls.add(key);
    if (urls.length >= maxUrls) continue;
    const defanged = flagged(mapped, m.index, end, DEFANGED);
    urls.push({
      raw: rawOf(mapped, raw, m.index, end),
      candidate,
      defanged,
      obfuscated:
        defanged ||
        flagged(mapped, m.index, end, OBFUSCATED) ||
        (m.index > 0 && flagged(mapped, m.index - 1, m.index, OBFUSCATED)),
    });
  }

  BARE_ADDRESS_LINK.lastIndex = 0;
  for (let m = BARE_ADDRESS_LINK.exec(cleaned); m !== null; m = BARE_ADDRESS_LINK.exec(cleaned)) {
    const start = m.index;
    const end = start + m[0].replace(/[.,;:!?)\]]+$/, "").length;
    // A network written with its prefix length ("10.0.0.0/24") is no link.
    if (/^[\d.]+\/\d{1,2}$/.test(cleaned.slice(start, end))) continue;
    if (spans.some((s) => s.start < end && start < s.end)) continue;
    spans.push({ start, end, kind: "url" });
    const candidate = `http://${cleaned.slice(start, end)}`;
    const key = candidate.toLowerCase();
    if (seenUrls.has(key)) continue;
    seenUrls.add(key);
    if (urls.length >= maxUrls) continue;
    urls.push({
      raw: rawOf(mapped, raw, start, end),
      candidate,
      defanged: false,
      obfuscated: flagged(mapped, start, end, OBFUSCATED),
    });
  }

  // Phones are read from the cleaned text with links blanked (digits in a path are no phone number), keypad letters
  // turned into digits and line breaks inside numbers joined; every step keeps the length, so offsets still map.
  let phoneText = blankSpans(cleaned, spans);
  // A payment address (India's UPI "9876543210@ybl", "name@okaxis") names an account, even when a mobile number is its
  // name: no number to call.
  phoneText = phoneText.replace(PAYMENT_HANDLE, (whole: string) => " ".repeat(whole.length));
  // A date with its year ("05-12-2022 03:15 PM", "2022-09-27"): a transaction's stamp, which the run beside it must
  // not join into a number.
  phoneText = phoneText.replace(DATE_WITH_YEAR, (whole: string) => " ".repeat(whole.length));
  const vanityAt = new Set<number>();
  phoneText = phoneText.replace(VANITY, (whole: string, head: string, block: string, offset: number) => {
    if ((block.match(/[A-Z]/g)?.length ?? 0) < 3) return whole;
    // Digits masked with X ("0722XXX567", "98XXXXXX21"): a bank or wallet naming a number it hides, not keypad letters.
    if (/^[\dX.-]+$/.test(block)) return whole;
    vanityAt.add(offset);
    return head + vanityDigits(block);
  });
  phoneText = phoneText.replace(NUMBER_LINE_BREAK, (whole: string) =>
    whole.replace(/\r?\n/, (nl) => " ".repeat(nl.length)),
  );
  const dialOut = new Map<number, number>();
  phoneText = phoneText.replace(DIAL_OUT, (prefix: string, offset: number) => {
    dialOut.set(offset + prefix.length - 1, offset);
    return `${" ".repeat(prefix.length - 1)}+`;
  });

  const phones: ExtractedPhone[] = [];
  const seenPhones = new Set<string>();
  const found = findPhones(phoneText, {
    dialOut,
    // Keypad letters are grouped as the words fall ("(800) 2-MAXTOR"); digits alone must look like a number.
    isVanity: (start, end) => [...vanityAt].some((at) => at >= start - 3 && at < end),
    ...(limits.senderNumber !== undefined ? { senderNumber: limits.senderNumber } : {}),
    ...(limits.settingCountries !== undefined ? { settingCountries: limits.settingCountries } : {}),
  });
  for (const f of found) {
    spans.push({ start: f.startsAt, end: f.endsAt, kind: "phone" });
    if (seenPhones.has(f.e164)) continue;
    seenPhones.add(f.e164);
    if (phones.length >= maxPhones) continue;
    phones.push({
      raw: rawOf(mapped, raw, f.startsAt, f.endsAt),
      e164: f.placed ? f.e164 : null,
      likely: f.e164,
      country: f.placed ? f.country : null,
      vanity: [...vanityAt].some((at) => at >= f.startsAt - 3 && at < f.endsAt),
    });
  }

  const amounts: MoneyAmount[] = [];
  MONEY.lastIndex = 0;
  for (let m = MONEY.exec(cleaned); m !== null && amounts.length < MAX_EXTRACTED_AMOUNTS; m = MONEY.exec(cleaned)) {
    if (spans.some((s) => s.kind === "url" && m !== null && m.index >= s.start && m.index < s.end)) continue;
    const euro = /eur|€/i.test(m[5] ?? "");
    const value = m[1] !== undefined ? parseAmount(m[1], m[2]) : parseAmount(m[3] ?? "0", m[4]);
    amounts.push({ raw: m[0].trim(), value, currency: euro ? "EUR" : "USD" });
  }

  spans.sort((a, b) => a.start - b.start);
  const prepared = prepareForCues(cleaned, spans);
  return {
    cleaned,
    spans,
    prepared,
    entities: {
      urls,
      phones,
      emails,
      amounts,
      deadlines: findDeadlines(prepared, MAX_EXTRACTED_DEADLINES),
      urlsFound: seenUrls.size,
      phonesFound: seenPhones.size,
      truncated,
    },
  };
}

// eslint-disable-next-line no-control-regex -- the test is for any character outside ASCII
const NON_ASCII = /[^\x00-\x7f]/;
const PLACEHOLDER: Readonly<Record<Span["kind"], string>> = { url: " <url> ", phone: " <phone> ", email: " <email> " };

/**
 * The accented letters of English and Spanish, read as their plain letters. Any other accented letter stays itself
 * ("thẻ liền", "liên hệ"): a word of another language never turns into an English or Spanish cue word ("the lien",
 * "lien") by losing its accents, and the cue matcher reads such letters as part of a word, so no cue matches inside
 * one either. The French, German, Portuguese and Italian tables read their own letters with or without their accents
 * (see cue-spelling.ts).
 */
const CUE_LETTERS: Readonly<Record<string, string>> = { á: "a", é: "e", í: "i", ó: "o", ú: "u", ü: "u", ñ: "n" };
const CUE_ACCENTED = /[áéíóúüñ]/g;

/**
 * The text the cue tables read: entities replaced by placeholders, lower case, the cue languages' accents removed,
 * curly quotes straightened, whitespace collapsed.
 */
export function prepareForCues(cleaned: string, spans: readonly Span[]): string {
  let out = "";
  let last = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < last) continue;
    out += cleaned.slice(last, s.start) + PLACEHOLDER[s.kind];
    last = s.end;
  }
  out += cleaned.slice(last);
  const lower = out.toLowerCase();
  // Plain ASCII has no accents to remove and no curly quotes or inverted marks: only the backtick is left to fold.
  const folded = NON_ASCII.test(lower)
    ? lower
        .normalize("NFC")
        .replace(CUE_ACCENTED, (c) => CUE_LETTERS[c] ?? c)
        .replace(/[\u2018\u2019\u02bc`´]/g, "'")
        .replace(/[\u201c\u201d«»]/g, '"')
        .replace(/[¿¡]/g, " ")
    : lower.replace(/`/g, "'");
  return (
    folded
      // A decimal point is no sentence end: "send 0.1 BTC" stays one phrase for the cue windows.
      .replace(/(\d)\.(?=\d)/g, "$1,")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The E.164 forms of the numbers the message places, in order (see ExtractedPhone.e164). */
export function placedPhones(entities: MessageEntities): string[] {
  return entities.phones.flatMap((p) => (p.e164 === null ? [] : [p.e164]));
}

/** The numbers nothing places, as written (digits only), in order. */
export function unplacedPhones(entities: MessageEntities): string[] {
  return entities.phones.flatMap((p) => (p.e164 === null ? [p.raw.replace(/\D/g, "")] : []));
}

/**
 * Links, phone numbers, email addresses, money amounts and deadlines in a message. Each link carries the string to
 * hand to normalizeUrl and whether it was disguised; each number its E.164 form and country when the message places
 * it, else its likeliest reading only. Never throws.
 */
export function extractEntities(text: string, limits?: ExtractionLimits): MessageEntities {
  return scanMessage(text, limits).entities;
}

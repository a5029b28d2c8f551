// Numbers written without their country code ("07912 345678", "98765 43210", "06 12 34 56 78") are read in the
// national formats of the countries messages most often come from, and only as a country writes its own numbers:
// with its trunk prefix where it dials one, grouped as it groups them. Which country, when several fit, is decided
// by hints (the sender's country, codes written elsewhere in the message, currency, language), never by guessing +1.

import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { NANP_CALLING_CODE, readPhoneNumber, type PhoneReading } from "./read-phone-number.js";

/**
 * Countries whose national formats are tried, in the order that breaks a tie nothing else decides: the North
 * American Numbering Plan first (Canada and the Caribbean are read through the U.S. metadata by area code).
 */
export const NATIONAL_FORMAT_COUNTRIES: readonly CountryCode[] = ["US", "GB", "IN", "AU", "FR", "DE", "ES", "IT", "NL"];

/** Countries where a number is written at home with or without its trunk prefix (1 in the NANP, 0 in India). */
const TRUNK_OPTIONAL = new Set<string>([NANP_CALLING_CODE, "91"]);

export interface NationalReading {
  readonly reading: PhoneReading;
  /** The country whose national format it was read in (a NANP number reads as "US" whatever its area code). */
  readonly format: CountryCode;
  /**
   * How the written grouping fits the country's own: "exact" (the same groups), "plain" (one run of digits) or
   * "loose" (another grouping people use: finer groups, area code then subscriber, pairs or triples).
   */
  readonly fit: "exact" | "plain" | "loose";
  /**
   * How far the written groups agree with the country's own: places the text splits the digits where the country
   * does, less places where only one of them does. Breaks ties between loose readings ("08 99 12 34 56" is French).
   */
  readonly agreement: number;
}

export interface NationalReadOptions {
  /** The country was hinted: a plain run of digits without a trunk prefix is then enough. */
  readonly hinted?: boolean;
  /** Written with keypad letters ("1-800-FLOWERS"): grouped as the words fall, so the grouping says nothing. */
  readonly vanity?: boolean;
}

const groupsOf = (written: string): string[] => written.match(/\d+/g) ?? [];

/** Where the digit string is split: the cumulative lengths of every group but the last. */
function boundaries(groups: readonly string[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const g of groups.slice(0, -1)) {
    at += g.length;
    out.push(at);
  }
  return out;
}

/**
 * Ten digits (eleven with the leading 1) in one run, or grouped 3-3-4 or 3-7 after an optional 1: how North American
 * numbers are written. Account, card and reference numbers are grouped otherwise ("9497 3064 40").
 */
function nanpFit(groups: readonly string[]): NationalReading["fit"] | null {
  const lengths = groups.map((g) => g.length);
  if (lengths[0] === 1 && lengths.length > 1) lengths.shift();
  const layout = lengths.join("-");
  if (layout === "10" || layout === "11") return "plain";
  if (layout === "3-3-4") return "exact";
  if (layout === "3-7") return "loose";
  return null;
}

function agreement(written: readonly number[], formatted: readonly number[]): number {
  const shared = written.filter((b) => formatted.includes(b)).length;
  return shared - (written.length - shared) - (formatted.length - shared);
}

/** Whether a number is grouped the way North American numbers are written (see nanpFit). */
export function hasNanpLayout(written: string): boolean {
  return nanpFit(groupsOf(written)) !== null;
}

function otherFit(
  groups: readonly string[],
  formatted: readonly number[],
  leadingZero: boolean,
  plainAllowed: boolean,
): NationalReading["fit"] | null {
  const written = boundaries(groups);
  if (written.length === 0) return plainAllowed ? "plain" : null;
  if (written.length === formatted.length && written.every((b, i) => b === formatted[i])) return "exact";
  const lengths = groups.map((g) => g.length);
  // A lone leading digit is a trunk prefix set apart ("0 800 12 34 56"); otherwise no group is a single digit.
  const fine = lengths.every((n, i) => n >= 2 || (i === 0 && leadingZero));
  if (fine && formatted.every((b) => written.includes(b))) return "loose";
  // Pairs or triples that split the digits in at least one place the country does ("612 345 678" and "91 123 45 67"
  // for "612 34 56 78" and "911 23 45 67"); a grouping that shares none ("9497 3064 40") is an account number's.
  if (lengths.length >= 3 && lengths.every((n) => n >= 2 && n <= 5) && written.some((b) => formatted.includes(b))) {
    return "loose";
  }
  // Area code then subscriber ("0151 23456789", "030 1234567"): how German and many other numbers are written.
  const [first = 0] = lengths;
  if (leadingZero && lengths.length === 2 && first >= 3 && first <= 6) return "loose";
  return null;
}

/**
 * `written` (a number's digits and punctuation, without a plus) read as a national number of `country`; null unless
 * it is a valid number there written as that country writes its numbers at home.
 */
export function readNationalNumber(
  written: string,
  country: CountryCode,
  options: NationalReadOptions = {},
): NationalReading | null {
  if (written.includes("+")) return null;
  const parsed = parsePhoneNumberFromString(written, country);
  if (parsed === undefined || !parsed.isValid()) return null;
  const reading = readPhoneNumber(parsed.number);
  if (reading === null) return null;
  const groups = groupsOf(written);
  const digits = groups.join("");
  const nsn = String(parsed.nationalNumber);
  const formattedGroups = groupsOf(parsed.formatNational());
  const formattedDigits = formattedGroups.join("");
  const trunk = formattedDigits.endsWith(nsn) ? formattedDigits.slice(0, -nsn.length) : "";
  const optional = TRUNK_OPTIONAL.has(reading.callingCode);
  let formatted: number[];
  if (digits === formattedDigits) formatted = boundaries(formattedGroups);
  else if (optional && digits === nsn) {
    formatted = boundaries(formattedGroups)
      .map((b) => b - trunk.length)
      .filter((b) => b > 0);
  } else if (reading.callingCode === NANP_CALLING_CODE && digits === `1${nsn}`) {
    formatted = [1, ...boundaries(formattedGroups).map((b) => b + 1)];
  } else return null;

  let fit: NationalReading["fit"] | null;
  if (options.vanity === true) fit = "loose";
  else if (reading.callingCode === NANP_CALLING_CODE) fit = nanpFit(groups);
  else {
    // Grouped as North American numbers are ("555-212-3300") and starting as they may, digits the NANP does not
    // have are a U.S. number mistyped or made up, not another country's, unless a hint points there.
    const leadingZero = digits.startsWith("0");
    const nanpLike = nanpFit(groups);
    if ((nanpLike === "exact" || nanpLike === "loose") && !leadingZero && options.hinted !== true) return null;
    // A bare run of digits is a reference as often as a number: read without a trunk prefix or a hint only as the
    // mobile number of a country that writes its mobiles so ("9876543210").
    const plainAllowed = leadingZero || options.hinted === true || (optional && reading.lineType === "mobile");
    fit = otherFit(groups, formatted, leadingZero, plainAllowed);
  }
  if (fit === null) return null;
  return {
    reading,
    format: reading.callingCode === NANP_CALLING_CODE ? "US" : country,
    fit,
    agreement: fit === "plain" ? 0 : agreement(boundaries(groups), formatted),
  };
}

const FIT_ORDER: Readonly<Record<NationalReading["fit"], number>> = { exact: 0, plain: 1, loose: 2 };

/**
 * Orders readings of one written number from most to least likely: a hinted country first (in hint order), then the
 * NANP (the service's home), then the reading whose grouping fits best, then NATIONAL_FORMAT_COUNTRIES order.
 */
export function compareNationalReadings(a: NationalReading, b: NationalReading, hints: readonly string[]): number {
  const hintRank = (r: NationalReading): number => {
    const i = hints.findIndex((h) => h === r.format || h === r.reading.country);
    return i === -1 ? hints.length : i;
  };
  const nanp = (r: NationalReading): number => (r.reading.callingCode === NANP_CALLING_CODE ? 0 : 1);
  const order = (r: NationalReading): number => {
    const i = NATIONAL_FORMAT_COUNTRIES.indexOf(r.format);
    return i === -1 ? NATIONAL_FORMAT_COUNTRIES.length : i;
  };
  return (
    hintRank(a) - hintRank(b) ||
    nanp(a) - nanp(b) ||
    FIT_ORDER[a.fit] - FIT_ORDER[b.fit] ||
    b.agreement - a.agreement ||
    order(a) - order(b)
  );
}

/**
 * Every country's reading of a number written without its country code (E.164, each once): what an entry the reader
 * listed may be, whichever country it is from.
 */
export function everyNationalReading(written: string): string[] {
  const out = new Set<string>();
  for (const country of NATIONAL_FORMAT_COUNTRIES) {
    const r = readNationalNumber(written, country, { hinted: true });
    if (r !== null) out.add(r.reading.e164);
  }
  return [...out];
}

/** The likeliest reading of a number written without its country code, across the hinted and the usual countries. */
export function readWrittenNumber(
  written: string,
  hints: readonly CountryCode[] = [],
  options: Omit<NationalReadOptions, "hinted"> = {},
): NationalReading | null {
  const seen = new Set<string>();
  const readings: NationalReading[] = [];
  for (const country of [...hints, ...NATIONAL_FORMAT_COUNTRIES]) {
    if (seen.has(country)) continue;
    seen.add(country);
    const r = readNationalNumber(written, country, { ...options, hinted: hints.includes(country) });
    if (r !== null) readings.push(r);
  }
  readings.sort((a, b) => compareNationalReadings(a, b, hints));
  return readings[0] ?? null;
}

/**
 * National plans numbers are often written in as one run of digits behind a trunk 0: the usual countries, and those
 * where texts come from in numbers (Southeast Asia, Nigeria, Iran, South Asia, East Africa).
 */
export const WIDELY_WRITTEN_COUNTRIES: readonly CountryCode[] = [
  ...NATIONAL_FORMAT_COUNTRIES,
  ...(["TH", "VN", "NG", "PH", "ID", "MY", "IR", "PK", "BD", "KE", "ZA", "EG"] as const),
];

const ORDINARY_LINES = new Set<PhoneReading["lineType"]>(["mobile", "fixed_line", "fixed_line_or_mobile"]);

/**
 * The countries among `countries` where a number written without its country code is an ordinary line (a mobile or
 * a landline) written as that country writes its own, other than `besides` (the country of the reading at hand).
 */
export function ordinaryLineCountries(
  written: string,
  countries: readonly CountryCode[],
  besides: string | null,
): CountryCode[] {
  return countries.filter((country) => {
    if (country === besides) return false;
    const r = readNationalNumber(written, country, { hinted: true });
    return r !== null && r.reading.country === country && ORDINARY_LINES.has(r.reading.lineType);
  });
}

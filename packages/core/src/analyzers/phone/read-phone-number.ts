// A number of any country read offline from libphonenumber's full metadata: where it is and what kind of line it
// is (mobile, freephone, premium rate). The U.S. lookup reads NANP numbers through normalizePhone; this reads the
// numbers a message gives, whatever their country, so that a foreign one is judged as foreign.

import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type PhoneNumberType,
} from "libphonenumber-js/max";

/** Kinds of line, as libphonenumber's metadata assigns number ranges. */
export type PhoneLineType =
  | "mobile"
  | "fixed_line"
  | "fixed_line_or_mobile"
  | "toll_free"
  | "premium_rate"
  | "shared_cost"
  | "voip"
  | "personal"
  | "pager"
  | "uan"
  | "voicemail"
  | "unknown";

export interface PhoneReading {
  /** E.164, "+447912345678". */
  readonly e164: string;
  /** Country calling code without the plus: "1" for the whole North American Numbering Plan, "44", "91". */
  readonly callingCode: string;
  /** ISO 3166-1 alpha-2 region of the number ("GB", "CA"), null for a non-geographic code (+800, +882). */
  readonly country: string | null;
  readonly lineType: PhoneLineType;
  /** "+44 7912 345678": how the number reads to someone outside its country. */
  readonly international: string;
}

const LINE_TYPES: Readonly<Record<PhoneNumberType, PhoneLineType>> = {
  MOBILE: "mobile",
  FIXED_LINE: "fixed_line",
  FIXED_LINE_OR_MOBILE: "fixed_line_or_mobile",
  TOLL_FREE: "toll_free",
  PREMIUM_RATE: "premium_rate",
  SHARED_COST: "shared_cost",
  VOIP: "voip",
  PERSONAL_NUMBER: "personal",
  PAGER: "pager",
  UAN: "uan",
  VOICEMAIL: "voicemail",
};

/** The calling code of the North American Numbering Plan (U.S., Canada, the Caribbean). */
export const NANP_CALLING_CODE = "1";

/**
 * Whether a number as written starts with the NANP's 1 set apart from its area code ("1-800-555-0100",
 * "1 (415) 766-2093", "1.800.555.0100"): dialled so only there. Eleven digits in one run are not (China writes its
 * mobiles so), nor is a 1 before ten digits with no grouping ("1 8005550100").
 */
export function writtenWithNanpOne(written: string): boolean {
  return /^\(?1[ .-]?\(|^\(?1[ .-]\d{3}[ .)-]/.test(written);
}

/** Whether an E.164 number is in the North American Numbering Plan, the numbers the phone lookup reads. */
export function isNanp(e164: string): boolean {
  return e164.startsWith(`+${NANP_CALLING_CODE}`);
}

/** The calling code of an ISO 3166-1 region ("GB" -> "44"), or null for a region with no numbering plan of its own. */
export function callingCodeOf(country: string): string | null {
  return isSupportedCountry(country) ? getCountryCallingCode(country) : null;
}

/** A valid number given in E.164 (or any international spelling with a plus), read; null when it is not valid. */
export function readPhoneNumber(international: string): PhoneReading | null {
  const parsed = parsePhoneNumberFromString(international);
  if (parsed === undefined || !parsed.isValid()) return null;
  const type = parsed.getType();
  return {
    e164: parsed.number,
    callingCode: parsed.countryCallingCode,
    country: parsed.country ?? null,
    lineType: type === undefined ? "unknown" : LINE_TYPES[type],
    international: parsed.formatInternational(),
  };
}

const LINE_WORDS: Readonly<Record<PhoneLineType, string>> = {
  mobile: "a mobile number",
  fixed_line: "a landline",
  fixed_line_or_mobile: "a landline or mobile number",
  toll_free: "a freephone number",
  premium_rate: "a premium-rate number",
  shared_cost: "a shared-cost number",
  voip: "an internet (VoIP) number",
  personal: "a personal (follow-me) number",
  pager: "a pager number",
  uan: "a company-wide (UAN) number",
  voicemail: "a voicemail access number",
  unknown: "a number",
};

let regionNames: Intl.DisplayNames | null | undefined;

/** "the United Kingdom"-style name of a region code, or the code itself where the runtime has no region names. */
export function regionName(country: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  return regionNames?.of(country) ?? country;
}

/** Names read with "the" before them: "the United Kingdom", "the Netherlands", "the Cayman Islands". */
const WITH_ARTICLE = /^(?:United |Netherlands$|Philippines$|Bahamas$|Gambia$|Maldives$)|(?:Islands|Republic)$/;

/** "the United Kingdom", "India": a region's name as it reads after "in". */
export function placeName(country: string): string {
  const name = regionName(country);
  return WITH_ARTICLE.test(name) ? `the ${name}` : name;
}

/** "a mobile number in the United Kingdom (+44 7912 345678)", for labels people read. */
export function describePhone(p: PhoneReading): string {
  const where = p.country === null ? "with no country (an international service code)" : `in ${placeName(p.country)}`;
  return `${LINE_WORDS[p.lineType]} ${where} (${p.international})`;
}

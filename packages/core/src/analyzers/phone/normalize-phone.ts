import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { err, ok, type Result } from "neverthrow";
import type { ValidationIssue } from "../../errors.js";
import { hasNanpLayout, readWrittenNumber } from "./national-number.js";
import type { NormalizedPhone } from "./normalized-phone.js";
import { NANP_CALLING_CODE, describePhone, readPhoneNumber } from "./read-phone-number.js";

// Acceptance rule: any number of the North American Numbering Plan (+1) is accepted, including area codes outside the
// U.S. (Canada, the Caribbean) and area codes not in service. A caller ID that shows a Jamaican or an unassigned area
// code is exactly what a user needs judged, so those become strong findings of analyzePhoneNumber instead of a
// refusal. Numbers of other country codes, and strings that cannot be a NANP number at all, are rejected; a number
// written the way another country writes its own ("07912 345678", "98765 43210") is refused as that country's.

const FIELD = "phone_number";
const MAX_INPUT = 64;

const KEYPAD: Readonly<Record<string, string>> = {
  A: "2",
  B: "2",
  C: "2",
  D: "3",
  E: "3",
  F: "3",
  G: "4",
  H: "4",
  I: "4",
  J: "5",
  K: "5",
  L: "5",
  M: "6",
  N: "6",
  O: "6",
  P: "7",
  Q: "7",
  R: "7",
  S: "7",
  T: "8",
  U: "8",
  V: "8",
  W: "9",
  X: "9",
  Y: "9",
  Z: "9",
};

const N11_SERVICES: Readonly<Record<string, string>> = {
  "211": "community services",
  "311": "city services",
  "411": "directory assistance",
  "511": "traffic information",
  "611": "carrier repair service",
  "711": "telecommunications relay service",
  "811": "call-before-you-dig",
  "911": "emergency services",
  "988": "the suicide and crisis lifeline",
};

const issue = (message: string): Result<NormalizedPhone, ValidationIssue[]> => err([{ field: FIELD, message }]);

/** Splits a trailing extension off ("ext. 12", "x12", "#12", ";ext=12") before the number is read. */
function splitExtension(s: string): { body: string; extension: string | null } {
  const m = /(?:[,;]?\s*(?:ext(?:ension)?\.?|x|#|;ext=)\s*:?\s*(\d{1,7}))\s*$/i.exec(s);
  if (!m || m.index === 0) return { body: s, extension: null };
  return { body: s.slice(0, m.index), extension: m[1] ?? null };
}

/** "1-800-FLOWERS": keypad letters become digits, but only in a string that is otherwise a dialled number. */
function decodeVanity(body: string): string | null {
  if (!/[A-Za-z]/.test(body)) return body;
  if (!/^[+\d\s().\-/A-Za-z]+$/.test(body)) return null;
  const digitsBefore = body.replace(/[^\dA-Za-z]/g, "");
  // A vanity number starts with its area code in digits; free text with a few digits in it is not one.
  if (!/^1?\d{3}/.test(digitsBefore)) return null;
  return body.replace(/[A-Za-z]/g, (c) => KEYPAD[c.toUpperCase()] ?? c);
}

/**
 * Reads a U.S. phone number as people type or paste it and returns its parts, or the issues that make it unusable.
 * Pure; libphonenumber's full ("max") metadata names the country of a +1 area code.
 */
export function normalizePhone(raw: string): Result<NormalizedPhone, ValidationIssue[]> {
  if (typeof raw !== "string") return issue("must be a string");
  // NFKC turns full-width digits, plus signs and parentheses into ASCII.
  let s = raw
    .normalize("NFKC")
    .replace(/[\u200B-\u200F\u2060\uFEFF]/g, "")
    .trim();
  if (s.length === 0) return issue("is empty; give a U.S. phone number such as +14155552671 or (415) 555-2671");
  if (s.length > MAX_INPUT) return issue(`is longer than ${MAX_INPUT} characters`);
  s = s.replace(/[\u2010-\u2015\u2212]/g, "-");
  if (/^tel:/i.test(s)) {
    s = s.slice(4);
    const ext = /;ext=(\d{1,7})/i.exec(s);
    s = s.replace(/;.*$/, "") + (ext ? ` ext ${ext[1]}` : "");
  }
  if (s.startsWith("00")) s = `+${s.slice(2)}`;
  if (s.startsWith("011")) s = `+${s.slice(3)}`;

  const { body, extension } = splitExtension(s);
  const dialled = decodeVanity(body.trim());
  if (dialled === null) return issue("is not a phone number");
  if (/[^+\d\s().\-/]/.test(dialled)) return issue("contains characters that are not part of a phone number");
  if ((dialled.match(/\+/g) ?? []).length > 1 || (dialled.includes("+") && !dialled.startsWith("+"))) {
    return issue("has a misplaced plus sign");
  }
  const digits = dialled.replace(/\D/g, "");
  if (digits.length === 0) return issue("contains no digits");
  const service = N11_SERVICES[digits];
  if (service !== undefined) return issue(`${digits} is the N11 code for ${service}, not a 10-digit phone number`);

  const international = dialled.startsWith("+");
  if (international && !digits.startsWith("1")) {
    const reading = readPhoneNumber(dialled);
    if (reading !== null) return issue(`is not a U.S. number: it is ${describePhone(reading)}`);
    const parsed = parsePhoneNumberFromString(dialled);
    const where = parsed?.country ? ` (${parsed.country})` : "";
    return issue(`is not a U.S. number: country code +${parsed?.countryCallingCode ?? digits.slice(0, 3)}${where}`);
  }
  if (!international && !hasNanpLayout(dialled)) {
    const abroad = readWrittenNumber(dialled)?.reading;
    if (abroad !== undefined && abroad.callingCode !== NANP_CALLING_CODE) {
      return issue(`is not a U.S. number: it reads as ${describePhone(abroad)}`);
    }
  }
  let national: string;
  if (digits.length === 11 && digits.startsWith("1")) national = digits.slice(1);
  else if (digits.length === 10 && !international) national = digits;
  else if (digits.length < 10) return issue(`has ${digits.length} digits; a U.S. number has 10 (area code + 7)`);
  else return issue(`has ${digits.length} digits; a U.S. number has 10, or 11 starting with 1`);

  const npa = national.slice(0, 3);
  const nxx = national.slice(3, 6);
  const line = national.slice(6);
  if (npa[0] === "0" || npa[0] === "1") return issue(`area code ${npa} cannot exist: area codes start with 2-9`);
  if (nxx[0] === "0" || nxx[0] === "1") return issue(`exchange ${nxx} cannot exist: exchanges start with 2-9`);

  const e164 = `+1${national}`;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed || parsed.countryCallingCode !== "1") return issue("is not a valid North American number");
  return ok({
    e164,
    national: `(${npa}) ${nxx}-${line}`,
    extension: extension ?? (parsed.ext ? String(parsed.ext) : null),
    npa,
    nxx,
    line,
  });
}

// ISO 13616 IBAN check: two letters of country, two check digits, up to 30 letters and digits of account number.

const SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

// Lengths of the SEPA countries' IBANs (the scheme an EPC code pays into); other countries get the shape check.
const SEPA_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** The IBAN without spaces, in capitals: the form it is checked and shown in. */
export function compactIban(raw: string): string {
  return raw.replace(/[\s-]+/g, "").toUpperCase();
}

/** True when the IBAN has a valid shape, its country's length (for SEPA countries) and mod-97 remainder 1. */
export function isValidIban(raw: string): boolean {
  const iban = compactIban(raw);
  if (!SHAPE.test(iban)) return false;
  const expected = SEPA_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  // Move the first four characters to the end, read letters as 10..35, and take the remainder digit by digit so
  // the 30-odd digit number never needs a bigint.
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    rem = value >= 10 ? (rem * 100 + value) % 97 : (rem * 10 + value) % 97;
  }
  return rem === 1;
}

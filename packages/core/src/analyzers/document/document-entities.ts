// What a letter, notice or invoice says about money and contact: who to call, where to go, how much, by when,
// how to pay, and the references and addresses it quotes. Extracted from OCR-repaired text; each entity keeps the
// text as printed so the explanation can quote it.
import LinkifyIt from "linkify-it";
import TLDS from "tlds" with { type: "json" };
import { z } from "zod";
import { getCountryCallingCode } from "libphonenumber-js/max";
import { countryHints } from "../phone/country-hints.js";
import { normalizePhone } from "../phone/normalize-phone.js";
import { NANP_CALLING_CODE, writtenWithNanpOne } from "../phone/read-phone-number.js";

export const PAYMENT_METHODS = [
  "gift_card",
  "wire_transfer",
  "crypto",
  "zelle",
  "venmo",
  "cash_app",
  "money_transfer_service",
  "prepaid_card",
  "card",
  "bank_account",
  "autopay",
  "check_by_mail",
  "cash",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const PhoneEntity = z.object({
  raw: z.string().describe("As printed"),
  e164: z
    .string()
    .nullable()
    .describe(
      "E.164 form, e.g. +18005550142, when the document places its numbers in North America (one of them printed with its leading 1 or +1, a U.S. postal address, a currency or language of a North American country); null when nothing says which country it is from",
    ),
});
const UrlEntity = z.object({
  raw: z.string().describe("As printed (after OCR repair)"),
  url: z.string().describe("With a scheme added when the document left it out"),
  host: z.string(),
});
const AmountEntity = z.object({
  raw: z.string(),
  value: z.number().describe("Amount in the currency's main unit"),
  currency: z.string().describe("ISO 4217 code"),
});
const ReferenceEntity = z.object({
  kind: z.enum(["invoice", "case", "notice", "account", "reference", "customer", "prescription", "other"]),
  label: z.string().describe("The label printed before it, e.g. 'Invoice number'"),
  value: z.string(),
});
const PaymentMethodEntity = z.object({
  method: z.enum(PAYMENT_METHODS),
  raw: z.string().describe("The words that named it"),
  demanded: z
    .boolean()
    .describe("False when the sentence warns against it ('we will never ask for gift cards') instead of asking for it"),
});

export const DocumentEntitiesSchema = z
  .object({
    phones: z.array(PhoneEntity),
    urls: z.array(UrlEntity),
    emails: z.array(z.string()),
    amounts: z.array(AmountEntity),
    due_dates: z.array(z.string()).describe("Deadlines as printed: dates after 'due'/'by', or 'within 48 hours'"),
    references: z.array(ReferenceEntity),
    ibans: z.array(z.string()).describe("IBANs whose check digits are valid, without spaces"),
    postal_addresses: z.array(z.string()),
    payment_methods: z.array(PaymentMethodEntity),
  })
  .meta({
    id: "DocumentEntities",
    description:
      "What the document asks of its reader: numbers to call, links, amounts, deadlines, references, addresses and payment methods, read from its text (OCR-repaired when the page was a picture)",
  });
export type DocumentEntities = z.infer<typeof DocumentEntitiesSchema>;

/**
 * Whether the letter places its numbers in North America (a U.S. postal address, a number printed with its 1): what
 * places them for its listed entities places them for the checks of its text too.
 */
export function placesInNorthAmerica(entities: DocumentEntities): boolean {
  return entities.postal_addresses.length > 0 || entities.phones.some((p) => p.e164 !== null);
}

const linkify = new LinkifyIt().tlds(TLDS as string[]);

const NANP = /(?<![\d-])(?:\+?\s?1[\s.-]?)?\(?([2-9]\d{2})\)?[\s.-]{0,2}([2-9]\d{2})[\s.-]{0,3}(\d{4})(?!\d)/g;
const AMOUNT = /(?:(US)?\$|USD\s?|€|EUR\s?|£|GBP\s?)\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})?(?!\d)/g;
const CURRENCY: Readonly<Record<string, string>> = {
  $: "USD",
  usd: "USD",
  "€": "EUR",
  eur: "EUR",
  "£": "GBP",
  gbp: "GBP",
};
const MONTH =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|Jun(?:e)?|Jul(?:y)?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
const DATE = `(?:${MONTH}\\.? \\d{1,2},? \\d{4}|\\d{1,2}/\\d{1,2}/\\d{2,4}|\\d{4}-\\d{2}-\\d{2})`;
const DUE = new RegExp(
  `(?:due(?: date)?|pay(?:ment)? by|settled by|no later than|before|deadline)[:\\s]+(${DATE})|(within \\d{1,3} (?:hours|days))|\\b(today|immediately)\\b`,
  "gi",
);
const REFERENCE = new RegExp(
  String.raw`\b(invoice (?:number|no\.?|#)|inv(?:oice)? ?#|case (?:number|no\.?|#)|notice (?:number|no\.?|#)|account(?: number| no\.?| #)?|reference(?: number| no\.?| #)?|ref\.?(?: no\.?)?|customer id|juror id|rx(?: #| no\.?)?|citation (?:number|no\.?))[:\s#]*([A-Z0-9][A-Z0-9-]{3,}(?: [0-9]{2,6}){0,2})`,
  "gi",
);
const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/g;
const STREET =
  /\b\d{1,6} [A-Z][a-z]+(?: [A-Z][a-z]+)? (?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl)\b\.?(?:,? (?:Apt|Suite|Ste|Unit) \w+)?/;
const CITY_LINE = /\b[A-Z][a-zA-Z .]+, [A-Z]{2} \d{5}(?:-\d{4})?\b/g;
const PO_BOX = /\bP\.? ?O\.? Box \d+(?:, [A-Z][a-zA-Z .]+, [A-Z]{2} \d{5}(?:-\d{4})?)?/gi;

const PAYMENT_WORDS: readonly (readonly [PaymentMethod, RegExp])[] = [
  [
    "gift_card",
    /\b(?:(?:apple|itunes|google play|target|amazon|steam|ebay|walmart|visa|vanilla|razer gold)(?: or \w+)?\s+)?gift ?cards?\b/gi,
  ],
  [
    "wire_transfer",
    /\bwire(?:d)? transfers?\b|\bbank wire\b|\bwire the\b|\bwired? to (?:our|the|an?|my) (?:escrow|agent|account|attorney|officer|lawyer)\b/gi,
  ],
  ["crypto", /\b(?:bitcoin|btc|ethereum|usdt|tether|crypto(?:currency)?|bitcoin atm)\b/gi],
  ["zelle", /\bzelle\b/gi],
  ["venmo", /\bvenmo\b/gi],
  ["cash_app", /\bcash ?app\b/gi],
  ["money_transfer_service", /\b(?:western union|moneygram|ria money)\b/gi],
  ["prepaid_card", /\b(?:prepaid (?:debit )?cards?|green ?dot|moneypak|reloadit)\b/gi],
  ["card", /\b(?:credit|debit) card\b|\bcard on file\b/gi],
  ["bank_account", /\b(?:routing number|bank account)\b/gi],
  ["autopay", /\bauto ?pay\b|\bautomatic (?:payment|replenishment)s?\b/gi],
  ["check_by_mail", /\b(?:by mail|check or money order|payment stub|stub below)\b/gi],
  ["cash", /\bcash\b(?! ?app)/gi],
];
/** A sentence that warns against a payment method does not ask for it. */
const NEGATION = /\b(?:never|not|no one|don't|do not|won't|will not|nobody)\b/i;

function sentences(text: string): string[] {
  return text
    .replace(/\n(?=[a-z(])/g, " ")
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s !== "");
}

function ibanValid(iban: string): boolean {
  const s = iban.replace(/ /g, "");
  if (s.length < 15 || s.length > 34) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem === 1;
}

function uniqueBy<T>(xs: readonly T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = key(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function referenceKind(label: string): z.infer<typeof ReferenceEntity>["kind"] {
  const l = label.toLowerCase();
  if (l.startsWith("inv")) return "invoice";
  if (l.startsWith("case") || l.startsWith("citation")) return "case";
  if (l.startsWith("notice")) return "notice";
  if (l.startsWith("account")) return "account";
  if (l.startsWith("ref")) return "reference";
  if (l.startsWith("customer") || l.startsWith("juror")) return "customer";
  if (l.startsWith("rx")) return "prescription";
  return "other";
}

/** Extracts the entities of a document's (already OCR-repaired) text. Pure and deterministic. */
export function extractDocumentEntities(text: string): DocumentEntities {
  const urls: z.infer<typeof UrlEntity>[] = [];
  const emails: string[] = [];
  for (const m of linkify.match(text) ?? []) {
    if (m.schema === "mailto:") {
      emails.push(m.url.replace(/^mailto:/i, "").toLowerCase());
      continue;
    }
    let host: string;
    try {
      host = new URL(m.url).hostname.toLowerCase();
    } catch {
      continue;
    }
    urls.push({ raw: m.raw, url: m.url, host });
  }

  const amounts: z.infer<typeof AmountEntity>[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const symbol = m[0]
      .replace(/[\d.,\s]/g, "")
      .replace(/^US/i, "")
      .toLowerCase();
    const value = Number(`${(m[2] ?? "").replace(/,/g, "")}${m[3] ?? ""}`);
    if (Number.isFinite(value)) amounts.push({ raw: m[0].trim(), value, currency: CURRENCY[symbol] ?? "USD" });
  }

  const dueDates: string[] = [];
  for (const m of text.matchAll(DUE)) dueDates.push((m[1] ?? m[2] ?? m[3] ?? "").trim());

  const references: z.infer<typeof ReferenceEntity>[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    const label = (m[1] ?? "").trim();
    const value = (m[2] ?? "").trim();
    // A value needs a digit: "Account Statement" is a heading, not a reference.
    if (/\d/.test(value)) references.push({ kind: referenceKind(label), label, value });
  }

  const ibans: string[] = [];
  for (const m of text.matchAll(IBAN)) {
    const compact = (m[1] ?? "").replace(/ /g, "");
    if (ibanValid(compact)) ibans.push(compact);
  }

  const addresses: string[] = [];
  const lines = text.split("\n").map((l) => l.trim());
  lines.forEach((line, i) => {
    const street = STREET.exec(line);
    if (!street) return;
    const next = lines.slice(i, i + 3).join(" ");
    const city = new RegExp(CITY_LINE.source).exec(next.slice(next.indexOf(street[0]) + street[0].length));
    if (city) addresses.push(`${street[0]}, ${city[0]}`);
  });
  for (const m of text.matchAll(PO_BOX)) addresses.push(m[0].trim());

  // Numbers grouped as North American ones are, placed there only by what the document says: one of them printed
  // with its 1 or +1, a U.S. postal address, or a hint of a NANP country (see countryHints); else of unknown country.
  const found: { raw: string; e164: string }[] = [];
  for (const m of text.matchAll(NANP)) {
    const n = normalizePhone(m[0]);
    if (n.isOk()) found.push({ raw: m[0].trim(), e164: n.value.e164 });
  }
  const northAmerican =
    addresses.length > 0 ||
    found.some((p) => /^\+\s?1(?!\d)/.test(p.raw) || writtenWithNanpOne(p.raw)) ||
    countryHints({ text }).some((c) => getCountryCallingCode(c) === NANP_CALLING_CODE);
  const phones = found.map((p) => ({ raw: p.raw, e164: northAmerican ? p.e164 : null }));

  const paymentMethods: z.infer<typeof PaymentMethodEntity>[] = [];
  for (const sentence of sentences(text)) {
    const demanded = !NEGATION.test(sentence);
    for (const [method, pattern] of PAYMENT_WORDS) {
      for (const m of sentence.matchAll(pattern)) paymentMethods.push({ method, raw: m[0], demanded });
    }
  }

  return {
    phones: uniqueBy(phones, (p) => p.e164 ?? p.raw.replace(/\D/g, "")),
    urls: uniqueBy(urls, (u) => u.url.toLowerCase()),
    emails: uniqueBy(emails, (e) => e),
    amounts: uniqueBy(amounts, (a) => `${a.currency}${a.value}`),
    due_dates: uniqueBy(dueDates, (d) => d.toLowerCase()),
    references: uniqueBy(references, (r) => r.value),
    ibans: uniqueBy(ibans, (x) => x),
    postal_addresses: uniqueBy(addresses, (a) => a.toLowerCase()),
    payment_methods: uniqueBy(paymentMethods, (p) => `${p.method}:${p.demanded}`),
  };
}

import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { findUrls, isSingleUrl } from "./find-urls.js";
import { compactIban, isValidIban } from "./iban.js";
import type { QrContent } from "./qr-code-schema.js";

// Reads a decoded QR payload the way phone scanners do: by its prefix (a URI scheme or one of the de facto
// formats: WIFI:, MECARD:, MATMSG:, SMSTO:, BEGIN:VCARD, the EPC "BCD" block), falling back to text.

/** What a masked password reads as: fixed, so the length of the real one is not revealed either. */
export const MASKED = "********";

type Of<T extends QrContent["content_type"]> = Extract<QrContent, { content_type: T }>;

/** Percent-decodes; "+" means a space only in query values (a tel: number keeps its "+"). */
function decode(s: string, plusIsSpace = false): string {
  try {
    return decodeURIComponent(plusIsSpace ? s.replace(/\+/g, "%20") : s);
  } catch {
    return s;
  }
}

function query(q: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of q.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const key = decode(eq < 0 ? pair : pair.slice(0, eq), true).toLowerCase();
    if (!out.has(key)) out.set(key, decode(eq < 0 ? "" : pair.slice(eq + 1), true));
  }
  return out;
}

const orNull = (s: string | undefined): string | null => (s === undefined || s.trim() === "" ? null : s.trim());

function phoneFields(raw: string): { number: string; e164: string | null; country: string | null } {
  const number = raw.trim();
  // A number without a country code is read as a U.S. number, the service's home numbering plan.
  const parsed = parsePhoneNumberFromString(number, "US");
  const valid = parsed?.isValid() === true;
  return { number, e164: valid ? (parsed?.number ?? null) : null, country: valid ? (parsed?.country ?? null) : null };
}

/**
 * Splits "K:v;K:v;;" fields of the WIFI: and MECARD: formats. A backslash escapes the next character (\; \, \: \\),
 * so a password may hold a semicolon.
 */
function splitFields(body: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  let key: string | null = null;
  let current = "";
  const flush = (): void => {
    if (key !== null && key !== "") fields.push([key.toUpperCase(), current]);
    key = null;
    current = "";
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] ?? "";
    if (ch === "\\" && i + 1 < body.length) {
      current += body[i + 1] ?? "";
      i++;
    } else if (ch === ";") flush();
    else if (ch === ":" && key === null) {
      key = current;
      current = "";
    } else current += ch;
  }
  flush();
  return fields;
}

function parseWifi(body: string): Of<"wifi"> {
  const f = new Map(splitFields(body));
  const password = f.get("P") ?? "";
  const security = orNull(f.get("T")) ?? "nopass";
  return {
    content_type: "wifi",
    details: {
      ssid: f.get("S") ?? "",
      security,
      hidden: /^true$/i.test(f.get("H") ?? ""),
      has_password: password !== "",
      password: password === "" ? null : MASKED,
    },
  };
}

/** The payload with a Wi-Fi password replaced by MASKED, so it can be returned and stored. */
export function maskWifiPassword(payload: string): string {
  const start = payload.search(/WIFI:/i);
  if (start < 0 || payload.slice(0, start).trim() !== "") return payload;
  let out = payload.slice(0, start + 5);
  let fieldStart = true;
  let inPassword = false;
  let masked = false;
  for (let i = start + 5; i < payload.length; i++) {
    const ch = payload[i] ?? "";
    if (fieldStart && /^P:/i.test(payload.slice(i, i + 2))) {
      out += payload.slice(i, i + 2);
      i++;
      inPassword = true;
      masked = false;
      fieldStart = false;
      continue;
    }
    fieldStart = false;
    if (ch === "\\" && i + 1 < payload.length) {
      if (!inPassword) out += ch + (payload[i + 1] ?? "");
      else if (!masked) {
        out += MASKED;
        masked = true;
      }
      i++;
      continue;
    }
    if (ch === ";") {
      inPassword = false;
      fieldStart = true;
      out += ch;
      continue;
    }
    if (!inPassword) out += ch;
    else if (!masked) {
      out += MASKED;
      masked = true;
    }
  }
  return out;
}

function pushUnique(list: string[], value: string | null): void {
  if (value !== null && value !== "" && !list.includes(value)) list.push(value);
}

function parseMecard(body: string): Of<"vcard"> {
  const phones: string[] = [];
  const emails: string[] = [];
  const urls: string[] = [];
  let name: string | null = null;
  let organization: string | null = null;
  for (const [key, value] of splitFields(body)) {
    if (key === "N") name = orNull(value.split(",").reverse().join(" "));
    else if (key === "TEL" || key === "TEL-AV") pushUnique(phones, orNull(value));
    else if (key === "EMAIL") pushUnique(emails, orNull(value));
    else if (key === "URL") pushUnique(urls, orNull(value));
    else if (key === "ORG") organization = orNull(value);
    else if (key === "NOTE") for (const u of findUrls(value)) pushUnique(urls, u);
  }
  return { content_type: "vcard", details: { name, organization, phones, emails, urls } };
}

function vcardValue(v: string): string {
  return v.replace(/\\n/gi, " ").replace(/\\([,;\\])/g, "$1");
}

function parseVcard(payload: string): Of<"vcard"> {
  // Unfold continuation lines (RFC 6350 3.2) before reading properties.
  const lines = payload.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const phones: string[] = [];
  const emails: string[] = [];
  const urls: string[] = [];
  let fn: string | null = null;
  let n: string | null = null;
  let organization: string | null = null;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    // "item1.TEL;TYPE=cell" -> "TEL": drop the group prefix and the parameters.
    const prop = (line.slice(0, colon).split(";")[0] ?? "").split(".").pop()?.toUpperCase() ?? "";
    const value = line.slice(colon + 1);
    if (prop === "FN") fn = orNull(vcardValue(value));
    else if (prop === "N") n = orNull(value.split(";").slice(0, 2).reverse().map(vcardValue).join(" "));
    else if (prop === "ORG") organization = orNull(vcardValue(value.split(";")[0] ?? ""));
    else if (prop === "TEL") pushUnique(phones, orNull(value.replace(/^tel:/i, "")));
    else if (prop === "EMAIL") pushUnique(emails, orNull(value.replace(/^mailto:/i, "")));
    else if (prop === "URL") pushUnique(urls, orNull(vcardValue(value)));
    else if (prop === "NOTE") for (const u of findUrls(vcardValue(value))) pushUnique(urls, u);
  }
  return { content_type: "vcard", details: { name: fn ?? n, organization, phones, emails, urls } };
}

function parseEpc(payload: string): Of<"epc"> | null {
  const l = payload.split(/\r?\n/);
  if (l[0]?.trim() !== "BCD" || l.length < 7) return null;
  const iban = compactIban(l[6] ?? "");
  const amountMatch = /^([A-Z]{3})(\d{1,9}(?:\.\d{1,2})?)$/.exec((l[7] ?? "").trim());
  return {
    content_type: "epc",
    details: {
      version: (l[1] ?? "").trim(),
      beneficiary: (l[5] ?? "").trim(),
      iban,
      iban_valid: isValidIban(iban),
      bic: orNull(l[4]),
      amount: amountMatch ? Number(amountMatch[2]) : null,
      currency: amountMatch ? (amountMatch[1] ?? null) : null,
      purpose: orNull(l[8]),
      remittance: orNull(l[9]) ?? orNull(l[10]),
    },
  };
}

// URI schemes of cryptocurrency payment requests (BIP 21 and its per-chain descendants, EIP-681, ...).
const CRYPTO_SCHEMES: Readonly<Record<string, string>> = {
  bitcoin: "bitcoin",
  bitcoincash: "bitcoincash",
  litecoin: "litecoin",
  dogecoin: "dogecoin",
  ethereum: "ethereum",
  monero: "monero",
  zcash: "zcash",
  dash: "dash",
  ripple: "ripple",
  xrp: "ripple",
  xrpl: "ripple",
  solana: "solana",
  tron: "tron",
  cardano: "cardano",
  "web+stellar": "stellar",
  stellar: "stellar",
  tezos: "tezos",
  polkadot: "polkadot",
  cosmos: "cosmos",
  algorand: "algorand",
  ton: "ton",
  bnb: "bnb",
  usdt: "tether",
};

// Bare addresses a wallet app scans as a payment destination.
const BARE_ADDRESSES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:bc1|tb1)[02-9ac-hj-np-z]{11,71}$/i, "bitcoin"],
  [/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/, "bitcoin"],
  [/^0x[0-9a-fA-F]{40}$/, "ethereum"],
  [/^T[1-9A-HJ-NP-Za-km-z]{33}$/, "tron"],
  [/^4[0-9AB][1-9A-HJ-NP-Za-km-z]{93}$/, "monero"],
];

function parseCrypto(payload: string): Of<"crypto"> | null {
  const t = payload.trim();
  for (const [re, currency] of BARE_ADDRESSES) {
    if (re.test(t)) {
      return { content_type: "crypto", details: { currency, address: t, amount: null, label: null, message: null } };
    }
  }
  const m = /^([a-z][a-z0-9+.-]*):(?:\/\/)?([^?]*)(?:\?(.*))?$/is.exec(t);
  const currency = m ? CRYPTO_SCHEMES[(m[1] ?? "").toLowerCase()] : undefined;
  if (!m || currency === undefined) return null;
  // EIP-681: ethereum:[pay-]<address>[@chain][/function]
  const address =
    decode(m[2] ?? "")
      .replace(/^pay-/i, "")
      .split(/[@/]/)[0] ?? "";
  const q = query(m[3] ?? "");
  const amount = q.get("amount") ?? q.get("tx_amount") ?? q.get("value") ?? q.get("uint256") ?? null;
  return {
    content_type: "crypto",
    details: {
      currency,
      address,
      amount: orNull(amount ?? undefined),
      label: orNull(q.get("label") ?? q.get("recipient_name")),
      message: orNull(q.get("message") ?? q.get("tx_description") ?? q.get("memo")),
    },
  };
}

function parseSms(payload: string): Of<"sms"> {
  let number: string;
  let body: string | null;
  const smsto = /^(?:sms|mms)to:([^:]*)(?::([\s\S]*))?$/i.exec(payload);
  if (smsto) {
    number = smsto[1] ?? "";
    body = orNull(smsto[2]);
  } else {
    // sms:<number>[;...][?body=...] (RFC 5724), and the common "sms:<number>:<body>" variant.
    const rest = payload.replace(/^(?:sms|mms):/i, "");
    const qi = rest.indexOf("?");
    const head = qi < 0 ? rest : rest.slice(0, qi);
    const colon = head.indexOf(":");
    number = decode((colon < 0 ? head : head.slice(0, colon)).split(";")[0] ?? "");
    body = orNull(
      colon >= 0 ? head.slice(colon + 1) : (query(qi < 0 ? "" : rest.slice(qi + 1)).get("body") ?? undefined),
    );
  }
  return { content_type: "sms", details: { ...phoneFields(number), body, urls: body ? findUrls(body) : [] } };
}

function parseMailto(payload: string): Of<"mailto"> {
  let address: string;
  let subject: string | null;
  let body: string | null;
  if (/^MATMSG:/i.test(payload)) {
    const f = new Map(splitFields(payload.slice(7)));
    address = f.get("TO") ?? "";
    subject = orNull(f.get("SUB"));
    body = orNull(f.get("BODY"));
  } else if (/^SMTP:/i.test(payload)) {
    const [, to, sub, ...rest] = payload.split(":");
    address = to ?? "";
    subject = orNull(sub);
    body = orNull(rest.join(":"));
  } else {
    const rest = payload.replace(/^mailto:/i, "");
    const qi = rest.indexOf("?");
    const q = query(qi < 0 ? "" : rest.slice(qi + 1));
    address = decode(qi < 0 ? rest : rest.slice(0, qi));
    subject = orNull(q.get("subject"));
    body = orNull(q.get("body"));
  }
  return {
    content_type: "mailto",
    details: { address: address.trim(), subject, body, urls: body ? findUrls(body) : [] },
  };
}

/** Classifies and parses one decoded payload. Total: anything unrecognised is text (with the links it holds). */
export function parseQrPayload(payload: string): QrContent {
  const t = payload.trim();
  if (/^https?:\/\//i.test(t)) return { content_type: "url", details: { url: t } };
  if (/^URLTO:/i.test(t)) return { content_type: "url", details: { url: t.slice(6).trim() } };
  if (/^tel:/i.test(t)) {
    return { content_type: "tel", details: phoneFields(decode(t.slice(4).split(/[;?]/)[0] ?? "")) };
  }
  if (/^(?:sms|mms)(?:to)?:/i.test(t)) return parseSms(t);
  if (/^(?:mailto|MATMSG|SMTP):/i.test(t)) return parseMailto(t);
  if (/^WIFI:/i.test(t)) return parseWifi(t.slice(5));
  if (/^MECARD:/i.test(t)) return parseMecard(t.slice(7));
  if (/^BEGIN:VCARD/i.test(t)) return parseVcard(t);
  const epc = parseEpc(payload.replace(/^\uFEFF/, ""));
  if (epc) return epc;
  const crypto = parseCrypto(t);
  if (crypto) return crypto;
  if (isSingleUrl(t)) return { content_type: "url", details: { url: t } };
  return { content_type: "text", details: { urls: findUrls(payload) } };
}

/**
 * The web links a payload asks its reader to open, for the URL pipeline: the link of a url code, and the links
 * inside the text of text, sms, mailto and contact-card codes.
 */
export function urlsOf(content: QrContent): string[] {
  switch (content.content_type) {
    case "url":
      return [content.details.url];
    case "text":
    case "sms":
    case "mailto":
    case "vcard":
      return content.details.urls;
    default:
      return [];
  }
}

// Who a text says it is from: its sender tag and the proper names in it as site names, and the part of the text
// that makes a claim (payment means, marks and the shop an order comes from taken out).

import { getPublicSuffix } from "tldts";
import type { OrganisationDirectory } from "../organisations/organisation.js";
import { withoutMeansAndMarks } from "../organisations/means-and-marks.js";
import type { NormalizedUrl } from "../url/normalized-url.js";
import { hostingOf, isAnyonesLink, OFFICIAL_DOMAINS } from "../url/brand-index.js";
import { isWidelyVisited } from "../url/widely-visited.js";
import { blankSpans, type ScannedMessage } from "./extract-entities.js";
import type { MessageKind } from "./analyze-message.js";

// A sender tag opening a text: "Mint Mobile: ...", "[Geico] ...".
const SENDER_TAG = /^\s*[[(]?([\p{L}\p{N}][\p{L}\p{N}&'\u2019. -]{0,38}?)[\])]?\s*:/u;
// A proper name in the text: capitalised words, joined by "of", "by", "and", "&", "de" ("Massage Envy", "Metro by
// T-Mobile", "The New York Times").
const PROPER_NAME =
  /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'\u2019+-]*(?:[ .](?:\p{Lu}[\p{L}\p{N}'\u2019+-]*|of|by|and|&|de|del)(?![\p{L}\p{N}])){0,5}/gu;
/** Words of a name that count. */
const MAX_NAME_WORDS = 6;
/** Names read per message: a text names its sender in its first few. */
const MAX_NAMES = 24;
/** Endings a look-alike cannot buy cheaply: a name's .com, .org, .net, .edu or .gov is normally its owner's. */
const ESTABLISHED_SUFFIXES = new Set(["com", "org", "net", "edu", "gov"]);
/**
 * A country registry's own second level ("co.uk", "com.vn", "co.th", "or.id"): the category words countries put
 * under their code, most of which ask for a company or a resident of the country. A private suffix that hands out
 * names to anyone ("github.io", "blogspot.com") has none of these words first.
 */
const COUNTRY_CATEGORY = /^(?:co|com|org|net|or|ne|ac|edu|go|gov|gob|gouv|mil|nic)\.[a-z]{2}$/;
/** A site name shorter than this is too generic to stand for a sender. */
const MIN_NAME_LABEL = 4;
/**
 * Words that name no one: a site made of them alone ("Secure Billing Center": securebillingcenter.com) is anybody's
 * to register, so it earns no credit however the text spells its sender.
 */
const GENERIC_WORDS = new Set(
  `account accounts alert alerts billing bill bills center centre customer customers service services support help
  helpdesk secure security verify verification update updates confirm login sign online portal payment payments pay
  refund refunds delivery deliveries shipping package parcel tracking track notice notices dept department team
  your my our the you official info information member members membership rewards reward claim prize gift free
  toll tolls fee fees fine fines office desk care mail inbox message messages app mobile web net link now today
  hi hello dear reminder final urgent action required important cuenta pago pagos factura ayuda soporte servicio
  servicios aviso entrega paquete seguridad cliente clientes`.split(/\s+/),
);

/**
 * The site names a sender called `name` would have, lower case: its words run together with hyphens inside words
 * kept or dropped ("Metro by T-Mobile": metrobyt-mobile, metrobytmobile), its leading words alone ("Crunch Fitness":
 * crunch) and its initials before its last word ("New York Times": nytimes). Each is a whole site name: a look-alike
 * needs extra words, another ending or other letters, none of which match.
 */
function siteNamesOf(name: string, out: Set<string>, stems?: Set<string>): void {
  const words = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .map((w) => w.replace(/^-+|-+$/g, ""))
    .filter((w) => w !== "");
  // "Your Crunch Fitness membership": the words before the name are not part of it.
  while (words.length > 1 && GENERIC_WORDS.has(words[0] ?? "")) words.shift();
  // A name is a few words; a longer run of capitals is a heading or shouting, read by its first words only.
  words.length = Math.min(words.length, MAX_NAME_WORDS);
  // A name's first word of three letters ("SBI" of "SBI Card"): too short to stand for a sender alone, but what a
  // widely visited site's name may begin with (see popularSiteOfSender).
  const first = words[0] ?? "";
  if (stems !== undefined && /^[a-z0-9]{3}$/.test(first) && !GENERIC_WORDS.has(first)) stems.add(first);
  const add = (label: string, from: readonly string[]): void => {
    if (from.every((w) => GENERIC_WORDS.has(w))) return;
    if (label.replace(/-/g, "").length >= MIN_NAME_LABEL) {
      out.add(label);
      out.add(label.replace(/-/g, ""));
    }
  };
  for (let k = 1; k <= words.length; k++) add(words.slice(0, k).join(""), words.slice(0, k));
  if (words.length >= 2) {
    add(
      words
        .slice(0, -1)
        .map((w) => w.charAt(0))
        .join("") + (words[words.length - 1] ?? ""),
      words,
    );
  }
}

/**
 * The site names of the sender a text names: the tag it opens with ("Mint Mobile: ...") and the proper names in it
 * ("your Massage Envy membership"), read with its links and addresses blanked out (a link written in capitals names
 * no one); for a letter, the name in its letterhead (`opening`, where a letter says who it is from). Empty for
 * emails, whose sender is checked by other means. A text's names' three-letter first words go to `stems`.
 */
export function ownSiteNames(
  scan: ScannedMessage,
  kind: MessageKind,
  opening?: string,
  stems?: Set<string>,
): Set<string> {
  const out = new Set<string>();
  if (kind === "document" && opening !== undefined) {
    letterheadNames(opening, out);
    return out;
  }
  if (kind !== "text") return out;
  const text = namesText(scan);
  tagNames(text, out, stems);
  PROPER_NAME.lastIndex = 0;
  let n = 0;
  for (let m = PROPER_NAME.exec(text); m !== null && n < MAX_NAMES; m = PROPER_NAME.exec(text), n++) {
    siteNamesOf(m[0], out, stems);
  }
  return out;
}

/** Whether the link's ending is a country registry's own second level, as the registry runs it (not a resold one). */
export function countrySecondLevel(url: NormalizedUrl): boolean {
  const suffix = url.publicSuffix;
  if (suffix === null || !COUNTRY_CATEGORY.test(suffix)) return false;
  // "com.de" and the like are names a company resells under a country code: the public suffix list's private part.
  return getPublicSuffix(url.host, { allowPrivateDomains: false }) === suffix;
}

/** A letter's letterhead: the first line of its opening with any words, trimmed. */
export function letterhead(opening: string): string | undefined {
  return opening
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "");
}

/**
 * A letter names its sender in its letterhead, the first line of its opening ("Riverside Water Utility", "Harbor
 * Point Mortgage Services"): that name's site names. The names further down a letter are its addressee, its
 * references and the third parties it mentions (a credit bureau, a regulator), none of them its sender.
 */
function letterheadNames(opening: string, out: Set<string>): void {
  const first = letterhead(opening);
  if (first === undefined) return;
  PROPER_NAME.lastIndex = 0;
  const name = PROPER_NAME.exec(first);
  if (name !== null) siteNamesOf(name[0], out);
}

/** The text a sender's names are read in: its links and addresses blanked, its numbers kept (a tag may be one). */
function namesText(scan: ScannedMessage): string {
  return blankSpans(
    scan.cleaned,
    scan.spans.filter((s) => s.kind !== "phone"),
  );
}

/** The site names of the tag the text opens with, added to `out`. */
function tagNames(text: string, out: Set<string>, stems?: Set<string>): void {
  const tag = SENDER_TAG.exec(text);
  if (tag !== null) siteNamesOf(tag[1] ?? "", out, stems);
}

/** Where a site directly under a country code ("airtel.in") is credited as the sender's own: a text about that country. */
export interface CountrySiteClaim {
  /** ISO 3166-1 codes of the countries the text is about. */
  readonly countries: readonly string[];
}

/** A country's code as its internet ending: the same two letters, but "uk" for Britain. */
const countryEnding = (country: string): string => (country === "GB" ? "uk" : country.toLowerCase());

/**
 * Whether the link's site is a name the text gives its sender, on an established ending: geico.com for "Geico:",
 * vnpt.com.vn for "VNPT". A name directly under a country code counts only under the code of a country the text is
 * otherwise about (`country`): airtel.in for Airtel in a text priced in rupees, viettel.vn for "My Viettel" in a
 * Vietnamese text, not paytm.me (Montenegro's ending, sold as a generic one) in an Indian one (the brand directory
 * lists it as Paytm's: brandSiteOfSender).
 */
export function namedLikeSender(url: NormalizedUrl, names: ReadonlySet<string>, country?: CountrySiteClaim): boolean {
  if (names.size === 0 || url.registrableDomain === null || url.publicSuffix === null) return false;
  const label = url.registrableDomain.slice(0, -(url.publicSuffix.length + 1));
  if (!names.has(label)) return false;
  // A page published on a platform under the name (a form on docs.google.com) is its author's, not the sender's.
  if (hostingOf(url) !== null) return false;
  if (ESTABLISHED_SUFFIXES.has(url.publicSuffix) || countrySecondLevel(url)) return true;
  return (
    country !== undefined &&
    /^[a-z]{2}$/.test(url.publicSuffix) &&
    getPublicSuffix(url.host, { allowPrivateDomains: false }) === url.publicSuffix &&
    aboutCountryOf(url, country)
  );
}

/** Whether the link's ending ends in the code of a country the text is about (".vn" and ".com.vn" for Vietnam). */
export function aboutCountryOf(url: NormalizedUrl, country: CountrySiteClaim): boolean {
  const suffix = url.publicSuffix;
  if (suffix === null) return false;
  return country.countries.some((c) => suffix === countryEnding(c) || suffix.endsWith(`.${countryEnding(c)}`));
}

/** The link's registrable name without its public suffix ("ptsb-review" of ptsb-review.com); null for an address. */
export function siteLabel(url: NormalizedUrl): string | null {
  if (url.registrableDomain === null || url.publicSuffix === null) return null;
  return url.registrableDomain.slice(0, -(url.publicSuffix.length + 1));
}

/**
 * Whether the link's site bears one of the names, whole or beside other letters ("mintmobile.com" for "Mint",
 * "hdfcbk.io" for HDFC Bank): what an organisation's own unlisted sites look like, and many look-alikes too, so it
 * clears a link of nothing but a finding that rests on the site not being the sender's.
 */
export function siteBearsName(url: NormalizedUrl, names: Iterable<string>): boolean {
  const label = plainSiteLabel(url);
  if (label === null) return false;
  for (const name of names) if (label.includes(name.replace(/-/g, ""))) return true;
  return false;
}

/** The link's registrable name in letters and digits alone ("sbicard" of sbi-card.com); null for an address. */
function plainSiteLabel(url: NormalizedUrl): string | null {
  return siteLabel(url)?.replace(/[^a-z0-9]/g, "") ?? null;
}

/**
 * Whether the link is on a widely visited site (a public top-sites list; no shortener, free host or platform where
 * anyone publishes) whose name bears a name the text gives its sender, or begins with a three-letter one: sbicard.com
 * for "SBI Credit Card", mintmobile.com for "Mint Mobile". Look-alikes bear names too, but one that very many people
 * visit is the organisation's own site; a hijacked page on another popular site does not bear the sender's name.
 */
export function popularSiteOfSender(
  url: NormalizedUrl,
  names: ReadonlySet<string>,
  stems: ReadonlySet<string>,
): boolean {
  if (url.isIp || url.registrableDomain === null || !isWidelyVisited(url.registrableDomain)) return false;
  if (isAnyonesLink(url)) return false;
  if (siteBearsName(url, names)) return true;
  const label = plainSiteLabel(url) ?? "";
  for (const stem of stems) if (label.startsWith(stem)) return true;
  return false;
}

/**
 * Whether the link is on a domain the brand directory (url/lists/brands.ts) lists as a brand's own, and the text
 * gives that brand's name: phon.pe in a text from "PhonePe", hdfcbk.io in one from "HDFC Bank". A page published on
 * a platform there (a form on docs.google.com) or a shortener's link (lnkd.in goes anywhere) is not the brand's.
 */
export function brandSiteOfSender(url: NormalizedUrl, names: ReadonlySet<string>): boolean {
  if (names.size === 0 || url.isIp || url.registrableDomain === null) return false;
  const brand = OFFICIAL_DOMAINS.get(url.registrableDomain);
  if (brand === undefined) return false;
  if (isAnyonesLink(url)) return false;
  if (names.has(brand.name.toLowerCase().replace(/[^a-z0-9]/g, ""))) return true;
  return brand.keywords.some((k) => k.length >= MIN_NAME_LABEL && names.has(k));
}

/**
 * The name the text gives its sender when the link's site joins it to other words with hyphens (ptsb-review.com for
 * "PTSB", uk-royalmail.com for "Royal Mail", www-digid.nl for "DigiD"): how look-alike sites of a name are made,
 * where the owner's own site is the name alone. Null when no part, nor run of parts, is a name the text gives, or
 * when the site is on a country registry's own second level.
 */
export function senderNameJoined(url: NormalizedUrl, names: ReadonlySet<string>): string | null {
  const label = siteLabel(url);
  if (names.size === 0 || label === null) return null;
  // A country registry's own second level (maybank-ke.co.th) asks for a company of the country, as for the sender's
  // own site in namedLikeSender: its names are not bought cheaply.
  if (countrySecondLevel(url)) return null;
  // A name spelt with its own hyphen ("t-mobile") is the name, not a name joined to words.
  if (names.has(label) || names.has(label.replace(/-/g, ""))) return null;
  const parts = label.split("-").filter((p) => p !== "");
  if (parts.length < 2) return null;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j <= parts.length; j++) {
      if (i === 0 && j === parts.length) continue;
      const run = parts.slice(i, j).join("");
      if (names.has(run)) return run;
    }
  }
  return null;
}

// Where an order or a parcel comes from ("your package from Amazon"): the shop, not the courier that writes.
const MERCHANT_MENTION =
  /(?<![\p{L}\p{N}])(?:order|package|parcel|shipment|delivery|item|purchase|pedido|paquete|env[ií]o|compra)s?\s+(?:from|de|del)\s+(?:the\s+)?\p{Lu}[\p{L}\p{N}'\u2019&.+-]*(?:\s+\p{Lu}[\p{L}\p{N}'\u2019&.+-]*){0,3}/gu;

// A card or an account used somewhere ("was used for $45.00 at AMAZON.COM", "debited ... towards NETFLIX"): what
// follows names the merchant of the transaction, not the sender of the alert.
const TRANSACTION_VERB =
  /(?<![\p{L}\p{N}])(?:used|spent|debited|charged|purchase[ds]?|payment|paid|txn|transaction|withdrawn|withdrawal|transferred|compra|cargo|pago)(?![\p{L}\p{N}])/giu;
/** Characters between the transaction's verb and the place it names ("for USD 1,250.00 on 12/03 at"). */
const PLACE_REACH = 60;
// The place: "at", "to", "towards" or "@", then the merchant's name up to the first word in lower case, a comma or
// a sentence's end ("at WALMART on 12/03", "at Target Store #1042.").
const TRANSACTION_PLACE =
  /^[^!?\n]*?(?:\s|^)(?:at|AT|At|to|TO|towards|TOWARDS|@|en|EN)\s+((?:[\p{Lu}\p{N}*#][^\s,;!?]*)(?:\s+[\p{Lu}\p{N}*#&][^\s,;!?]*){0,3})/u;

/** The text with the merchants its transactions name blanked out (same length). */
export function withoutTransactionPlaces(text: string): string {
  let out = text;
  TRANSACTION_VERB.lastIndex = 0;
  for (let m = TRANSACTION_VERB.exec(text); m !== null; m = TRANSACTION_VERB.exec(text)) {
    const from = m.index + m[0].length;
    const window = text.slice(from, from + PLACE_REACH);
    // The sentence ends at a full stop followed by a space or the end, not at the dot of "AMAZON.COM".
    const end = window.search(/[.](?:\s|$)/);
    const place = TRANSACTION_PLACE.exec(end === -1 ? window : window.slice(0, end + 1));
    const name = place?.[1];
    if (place === undefined || place === null || name === undefined) continue;
    const at = from + place[0].length - name.length;
    out = out.slice(0, at) + " ".repeat(name.length) + out.slice(at + name.length);
  }
  return out;
}

/**
 * The part of a text that says who sends it. A payment network or an insurer named as a means or a mark is no claim
 * (see withoutMeansAndMarks: "Visa and Mastercard accepted", "Member FDIC", and "pay me by Zelle" when the text has no
 * link); the shop an order comes from is no claim when the text opens with a sender of its own that the directory
 * does not list ("Intelcom: your parcel from Amazon ..."); the merchant where a card or an account was used ("used
 * for $45.00 at AMAZON.COM") is no claim either. All are taken out; everything else stays a claim.
 */
export function textClaim(scan: ScannedMessage, directory: OrganisationDirectory): string {
  let text = withoutTransactionPlaces(
    withoutMeansAndMarks(scan.cleaned, { instruments: !scan.spans.some((s) => s.kind === "url") }),
  );
  const tag = SENDER_TAG.exec(text)?.[1];
  if (tag !== undefined && directory.find(tag).length === 0) {
    const names = new Set<string>();
    siteNamesOf(tag, names);
    if (names.size > 0) text = text.replace(MERCHANT_MENTION, (m) => " ".repeat(m.length));
  }
  return text;
}

export function isEmailSender(sender: string | undefined): boolean {
  return sender !== undefined && /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(sender.trim());
}

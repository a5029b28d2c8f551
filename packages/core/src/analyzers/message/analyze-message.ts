// The message analyzer shared by the text, email and document channels: entities, scam-language cues weighed
// together, and the organisation the message claims to be checked against its official channels. Pure; offline.

import { currencyCountry, readSenderNumber } from "../phone/country-hints.js";
import { normalizePhone } from "../phone/normalize-phone.js";
import {
  NANP_CALLING_CODE,
  callingCodeOf,
  describePhone,
  readPhoneNumber,
  placeName,
  type PhoneReading,
} from "../phone/read-phone-number.js";
import type { OrganisationCategory, OrganisationDirectory } from "../organisations/organisation.js";
import { withoutMeansAndMarks } from "../organisations/means-and-marks.js";
import { isGovernmentRegistry } from "../url/brand-index.js";
import { normalizeUrl } from "../url/normalize-url.js";
import type { NormalizedUrl } from "../url/normalized-url.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { Factor } from "../../schemas/common.js";
import { combineScore } from "../../scoring/score.js";
import { checkClaimedIssuer, type ClaimedIssuer } from "./claimed-issuer.js";
import { CUES, type CueId } from "./cue-table.js";
import { guessLanguage, readCues, type CueHit } from "./cue-matcher.js";
import { blankSpans, scanMessage, type MessageEntities, type ScannedMessage } from "./extract-entities.js";
import { SCAM_TYPES, type ScamType, type ScamTypeOrNone } from "./scam-types.js";

export const CONTENT_SOURCE = "message_content";

export type MessageKind = "text" | "email" | "document";

export interface AnalyzeMessageOptions {
  readonly directory: OrganisationDirectory;
  readonly kind: MessageKind;
  /**
   * The number (or address) a text came from, as given; an email's sender address. A public body's initials in the
   * message are its claim when the address is on the body's own or a government-only domain.
   */
  readonly senderNumber?: string;
  /**
   * Where the message says who it is from (an email's sender name and subject and its opening lines, a letter's
   * letterhead); default the whole text. Naming an organisation further down (a newsletter discussing Microsoft) is
   * a mention, not a claim, so its links elsewhere are no mismatch.
   */
  readonly claimText?: string;
  /** The text was read from a picture by OCR (a photographed letter): see ContactChannels.readByOcr. */
  readonly readByOcr?: boolean;
}

export interface MessageAnalysis {
  readonly entities: MessageEntities;
  /** Content cues (source "message_content") and the claimed issuer check (source "claimed_issuer"). */
  readonly evidence: Evidence[];
  /** The story the message tells when its own content reads as a scam, else "none". */
  readonly scamType: ScamTypeOrNone;
  /** The story it resembles most, even when the content alone is not alarming (used once sub-lookups weigh in). */
  readonly likelyType: ScamType;
  /** Plain-language warnings for people, strongest first. */
  readonly redFlags: string[];
  readonly claimedIssuer: ClaimedIssuer | null;
  /** BCP 47 code of the message's language ("en", "es"), "und" when unknown. */
  readonly language: string;
}

// Points of the findings beyond single cues (the Factor contract: percent risk the finding alone implies).
const POINTS = {
  /** A story, pressure and a request for money or details together: the shape nearly every scam text has. */
  scamScript: 30,
  /** A story and a request without pressure. */
  storyAndAsk: 15,
  /** "New number" followed by a request: the family emergency opening. */
  familyEmergency: 35,
  /** A wrong-number opener that moves on to another app, romance or investing. */
  wrongNumberFollowUp: 25,
  /** Affection together with money, investing or a move to another app: romance and "pig butchering" scams. */
  romanceMoney: 30,
  /** A "wrong number" opener that then tries to make friends: how romance and investment scams start. */
  strangerOpener: 35,
  /**
   * A story and a request to act through a link on a site no organisation of the directory runs, from a message that
   * names no organisation: legitimate business texts say who they are (carriers require it), phishing texts do not.
   */
  unbrandedLinkLure: 30,
  /** An offer of money (a prize, profits, a job) that moves the conversation to WhatsApp or Telegram. */
  offerToChatApp: 25,
  /** Money "sent by mistake" and a request to send it back: the accidental-payment scam. */
  returnTheMoney: 20,
  /** A charge or renewal with a number to call to cancel it that the named organisation does not publish. */
  chargeCallback: 20,
  /** Link written defanged or spaced out: legitimate senders never do that. */
  defangedLink: 45,
  /** Link hidden with look-alike or invisible characters. */
  obfuscatedLink: 35,
  /** A text sent from an email address (iMessage), as bulk scam senders do. */
  emailSender: 20,
  /** A one-time code delivered with the warning not to share it: the normal 2FA text. */
  codeDelivery: -25,
  /**
   * A premium-rate number (a 900 number, UK 09, French 08 9x, Australian 1900...) to call or text: the call itself
   * is the payment, billed by the minute or the message to the sender.
   */
  premiumRateContact: 40,
  /**
   * A number in another numbering plan than the sender's (or, with no sender, than the one the message's currency
   * or North America implies): scams hand out foreign mobiles and lines, but so do travel and family messages.
   */
  foreignNumber: 10,
  /**
   * A warning against what scammers ask ("we will never ask you to pay in gift cards", "never share this code") in a
   * message that itself asks for nothing and reaches you through no channel but the sender's own. Scammers copy such
   * lines, so the credit is small and never given when anything is asked.
   */
  warnsAgainstScams: -10,
  /** An account alert that asks only for a YES/NO reply, with no link and no number to call. */
  yesNoAlert: -15,
  /**
   * A text that opens with its sender's name ("Geico: ...") and links only to that very name's site (geico.com): the
   * organisation is not in the directory, but a look-alike would need extra words or another ending.
   */
  linksMatchSender: -25,
  /**
   * A notice that sends you only to the sender's own app, settings, store or front desk, with no link, number or
   * address in it and no way to pay anyone: there is nothing in it for a scammer to reach you through.
   */
  ownAppOnly: -15,
};
/** Weight of a cue revealed by two or more separate phrases. */
const REPEAT_FACTOR = 1.4;
/** Content that scores below this tells no scam story on its own (scamType "none"). */
const STORY_THRESHOLD = 40;

const CHAT_APP_HOSTS = new Set(["wa.me", "t.me", "telegram.me", "chat.whatsapp.com", "api.whatsapp.com"]);

/** Chat openers: stories a stranger and a friend alike begin with, so a date in them ("tomorrow") is no pressure. */
const OPENERS: ReadonlySet<CueId> = new Set(["wrong_number", "befriend", "family_address"]);
/** Asks that a link carries out: sign in, verify, give details, pay. */
const LINK_ASKS: readonly CueId[] = [
  "link_action",
  "verify_action",
  "personal_info_request",
  "password_request",
  "pay_demand",
  "fee_payment",
];
/** Stories that offer money: a prize, a refund, profits, well-paid work. */
const MONEY_OFFERS: readonly CueId[] = [
  "prize",
  "refund",
  "investment",
  "return_promise",
  "job_offer",
  "high_pay",
  "task_scam",
  "loan_offer",
];
/** Ways to send money. */
const MONEY_SENDS: readonly CueId[] = ["money_request", "p2p_payment", "wire_transfer", "gift_card", "crypto_payment"];
/** What a refund lure asks in exchange for the money it promises: a payment, card or bank details, a sign-in, a link. */
const LURE_ASKS: readonly CueId[] = [
  ...MONEY_SENDS,
  "personal_info_request",
  "password_request",
  "code_request",
  "verify_action",
  "link_action",
  "pay_demand",
  "fee_payment",
  "deposit_to_unlock",
  "call_to_dispute",
  "platform_move",
];
/** Cues of a government story: an agency's business (taxes, benefits, a court) or its threats (arrest, a lawsuit). */
const AGENCY_TOPICS: ReadonlySet<CueId> = new Set(["government", "legal_threat"]);
/** Stories of something held back until a fee is paid: a prize, a refund, a loan or pay, a parcel. */
const RELEASE_STORIES: readonly CueId[] = [...MONEY_OFFERS, "parcel", "overpayment", "deposit_to_unlock"];
/** Money offered as a loan, a grant or funds to be released, which no cue names alone. */
const LOAN_OR_RELEASE =
  /(?<![a-z])(?:loans?|grants?|funds|winnings|inheritance|payout|release[ds]?|unlock|prestamo|subsidio|fondos|liberar)(?![a-z])/;

const ISSUER_STORIES: Readonly<Partial<Record<OrganisationCategory, ScamType>>> = {
  federal: "government_impersonation",
  state_dmv: "government_impersonation",
  state_agency: "government_impersonation",
  court: "government_impersonation",
  toll: "toll_fee",
  postal: "parcel_delivery",
  parcel: "parcel_delivery",
  bank: "bank_alert",
  payment: "bank_alert",
};
const ISSUER_STORY_POINTS = 20;

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
function siteNamesOf(name: string, out: Set<string>): void {
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
 * no one). Empty for emails and letters, whose sender is checked by other means.
 */
function ownSiteNames(scan: ScannedMessage, kind: MessageKind): Set<string> {
  const out = new Set<string>();
  if (kind !== "text") return out;
  const text = blankSpans(
    scan.cleaned,
    scan.spans.filter((s) => s.kind !== "phone"),
  );
  const tag = SENDER_TAG.exec(text);
  if (tag !== null) siteNamesOf(tag[1] ?? "", out);
  PROPER_NAME.lastIndex = 0;
  let n = 0;
  for (let m = PROPER_NAME.exec(text); m !== null && n < MAX_NAMES; m = PROPER_NAME.exec(text), n++) {
    siteNamesOf(m[0], out);
  }
  return out;
}

/** Whether the link's site is a name the text gives its sender, on an established ending (geico.com for "Geico:"). */
function namedLikeSender(url: NormalizedUrl, names: ReadonlySet<string>): boolean {
  if (names.size === 0 || url.registrableDomain === null || url.publicSuffix === null) return false;
  if (!ESTABLISHED_SUFFIXES.has(url.publicSuffix)) return false;
  return names.has(url.registrableDomain.slice(0, -(url.publicSuffix.length + 1)));
}

/** Whether every phrase of `inner` shares words with a phrase of `outer`. */
function overlapsOnly(inner: CueHit, outer: CueHit): boolean {
  return inner.spans.every(([start, end]) => outer.spans.some(([s, e]) => s < end && start < e));
}

/** Whether every phrase of `inner` lies within a phrase of `outer`. */
function within(inner: CueHit, outer: CueHit): boolean {
  return inner.spans.every(([start, end]) => outer.spans.some(([s, e]) => s <= start && end <= e));
}

/**
 * Cues that read one phrase several ways: a request to act on an account (give details, update or verify it, do it
 * through a link), and a suspension (a threat, and a story of a locked account).
 */
const READINGS_OF_ONE: readonly ReadonlySet<CueId>[] = [
  new Set(["link_action", "verify_action", "personal_info_request", "password_request"]),
  new Set(["threat", "account_locked"]),
];

/**
 * Cues whose every phrase lies within the phrase of a stronger cue of the same kind: "update your payment info at
 * <url>" reads as a request for details, a request to update an account and a request to act through a link at once,
 * "your service will be suspended" as a threat and a locked account, yet each is one thing said once, so it counts
 * once, at its strongest reading. The absorbed cues still complete combinations.
 */
function absorbedCues(hits: readonly CueHit[]): Set<CueId> {
  const out = new Set<CueId>();
  for (const kind of READINGS_OF_ONE) {
    const kept: (readonly [number, number])[] = [];
    const ranked = hits.filter((h) => kind.has(h.id)).sort((a, b) => CUES[b.id].points - CUES[a.id].points);
    for (const h of ranked) {
      const within = h.spans.every(([start, end]) => kept.some(([s, e]) => start < e && s < end));
      if (within && kept.length > 0) out.add(h.id);
      else kept.push(...h.spans);
    }
  }
  return out;
}

// Where an order or a parcel comes from ("your package from Amazon"): the shop, not the courier that writes.
const MERCHANT_MENTION =
  /(?<![\p{L}\p{N}])(?:order|package|parcel|shipment|delivery|item|purchase|pedido|paquete|env[ií]o|compra)s?\s+(?:from|de|del)\s+(?:the\s+)?\p{Lu}[\p{L}\p{N}'\u2019&.+-]*(?:\s+\p{Lu}[\p{L}\p{N}'\u2019&.+-]*){0,3}/gu;

/**
 * The part of a text that says who sends it. A payment network or an insurer named as a means or a mark is no claim
 * (see withoutMeansAndMarks: "Visa and Mastercard accepted", "Member FDIC", and "pay me by Zelle" when the text has no
 * link); the shop an order comes from is no claim when the text opens with a sender of its own that the directory
 * does not list ("Intelcom: your parcel from Amazon ..."). Both are taken out; everything else stays a claim.
 */
function textClaim(scan: ScannedMessage, directory: OrganisationDirectory): string {
  let text = withoutMeansAndMarks(scan.cleaned, { instruments: !scan.spans.some((s) => s.kind === "url") });
  const tag = SENDER_TAG.exec(text)?.[1];
  if (tag !== undefined && directory.find(tag).length === 0) {
    const names = new Set<string>();
    siteNamesOf(tag, names);
    if (names.size > 0) text = text.replace(MERCHANT_MENTION, (m) => " ".repeat(m.length));
  }
  return text;
}

function isEmailSender(sender: string | undefined): boolean {
  return sender !== undefined && /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(sender.trim());
}

function parseUrls(entities: MessageEntities): NormalizedUrl[] {
  const out: NormalizedUrl[] = [];
  for (const u of entities.urls) {
    const r = normalizeUrl(u.candidate);
    if (r.isOk()) out.push(r.value);
  }
  return out;
}

/** The message's numbers, read: a NANP one in its U.S. national form, any other in its international form. */
function parsePhones(entities: MessageEntities): { e164: string; national: string; reading: PhoneReading }[] {
  const out: { e164: string; national: string; reading: PhoneReading }[] = [];
  for (const p of entities.phones) {
    const reading = readPhoneNumber(p.e164);
    if (reading === null) continue;
    const nanp = reading.callingCode === NANP_CALLING_CODE ? normalizePhone(p.e164) : null;
    if (nanp?.isErr() === true) continue;
    out.push({
      e164: reading.e164,
      national: nanp?.isOk() === true ? nanp.value.national : reading.international,
      reading,
    });
  }
  return out;
}

/** The calling code a number must share not to be foreign, and the place it stands for in labels. */
function homePlan(text: string, sender: string | undefined): { callingCode: string; name: string } {
  const own = readSenderNumber(sender);
  if (own !== null) {
    const where = own.country === null ? `+${own.callingCode}` : placeName(own.country);
    return { callingCode: own.callingCode, name: `the sender's country (${where})` };
  }
  const currency = currencyCountry(text);
  const priced = currency === null ? null : callingCodeOf(currency);
  if (currency !== null && priced !== null) return { callingCode: priced, name: placeName(currency) };
  return { callingCode: NANP_CALLING_CODE, name: "North America" };
}

/**
 * Reads a message: extracts its entities, finds the scam-language cues and weighs them together, and checks the
 * organisation it claims to be against that organisation's official domains and numbers. Pure; never throws.
 */
export function analyzeMessage(text: string, options: AnalyzeMessageOptions): MessageAnalysis {
  const sender = options.senderNumber?.trim() ?? "";
  const scan = scanMessage(text, sender !== "" ? { senderNumber: sender } : {});
  const { entities } = scan;
  const { prepared } = scan;
  const urls = parseUrls(entities);
  const phones = parsePhones(entities);

  const hits = new Map<CueId, string>();
  const repeated = new Set<CueId>();
  const { hits: found, warnedAgainst } = readCues(prepared);
  for (const h of found) {
    hits.set(h.id, h.text);
    if (h.count > 1) repeated.add(h.id);
  }
  const absorbed = absorbedCues(found);
  const has = (id: CueId): boolean => hits.has(id);
  // A claim, prize, reference, promo or booking code is quoted or redeemed, not entered at a sign-in: a code given
  // or asked for that is one of these ("your claim code 7834", "send us your prize code") is no one-time passcode.
  const reference = found.find((h) => h.id === "reference_code");
  if (reference !== undefined) {
    for (const code of found) {
      if ((code.id === "code_given" || code.id === "code_request") && overlapsOnly(code, reference)) {
        hits.delete(code.id);
      }
    }
  }
  // A safety recall offers its remedy (a repair, a replacement, a refund) at no cost and asks for nothing in return:
  // its refund is no lure. One that wants a payment, card details, a sign-in or a link to claim it still is.
  if (has("safety_recall") && has("free_remedy") && !LURE_ASKS.some(has)) hits.delete("refund");
  // A card surcharge ("a 3% card processing fee applies", "no processing fee for ACH") is disclosed, not demanded:
  // it is an advance fee only when something is held back until it is paid (a prize, a refund, a loan, a parcel).
  const fee = found.find((h) => h.id === "fee_payment");
  const surcharge = found.find((h) => h.id === "surcharge");
  if (
    fee !== undefined &&
    surcharge !== undefined &&
    within(fee, surcharge) &&
    !RELEASE_STORIES.some(has) &&
    !LOAN_OR_RELEASE.test(prepared)
  ) {
    hits.delete("fee_payment");
  }
  if (urls.some((u) => CHAT_APP_HOSTS.has(u.host))) hits.set("platform_move", "chat app link");

  // A letter names networks as ways to pay whatever links it prints; an email or a text with a link keeps "by Zelle"
  // as a claim ("your payment via Zelle is on hold: <link>").
  const instruments = options.kind === "document" || urls.length === 0;
  const claimText =
    options.claimText !== undefined
      ? withoutMeansAndMarks(options.claimText, { instruments })
      : options.kind === "text"
        ? textClaim(scan, options.directory)
        : withoutMeansAndMarks(scan.cleaned, { instruments });
  const senderHost = isEmailSender(sender) ? sender.slice(sender.lastIndexOf("@") + 1).toLowerCase() : undefined;
  const issuer = checkClaimedIssuer(
    options.directory,
    claimText,
    {
      urls,
      phones,
      emails: options.kind === "text" ? entities.emails : [],
      ...(options.readByOcr === true ? { readByOcr: true } : {}),
    },
    {
      text: scan.cleaned,
      ...(senderHost !== undefined ? { senderHost } : {}),
      agencyTopics: found.flatMap((h) =>
        AGENCY_TOPICS.has(h.id) ? h.spans.map(([start, end]) => prepared.slice(start, end)) : [],
      ),
    },
  );
  const mismatch = issuer.claimedIssuer?.channels_match === false;
  // Who the text says it is from, as site names. A toll or government story is told by the agencies the directory
  // lists; a sender that tells one under a name of its own earns no credit for a site of that name.
  const names = has("toll") || has("government") ? new Set<string>() : ownSiteNames(scan, options.kind);
  const ownLinksOnly =
    issuer.claimedIssuer === null &&
    urls.length > 0 &&
    phones.length === 0 &&
    entities.emails.length === 0 &&
    // A government body's own site (.gov, gov.uk) is the channel a government or toll story should send you to.
    urls.every((u) => namedLikeSender(u, names) || isGovernmentRegistry(u));
  /** Every link and number in it is the sender's own: what it asks is done on the sender's own site or line. */
  const ownChannelsOnly = issuer.claimedIssuer?.channels_match === true || ownLinksOnly;
  const ownAppOnly =
    has("own_app") &&
    urls.length === 0 &&
    phones.length === 0 &&
    entities.emails.length === 0 &&
    !MONEY_SENDS.some(has) &&
    !has("code_request") &&
    !has("platform_move") &&
    !has("reply_reopen");

  const roles = { pressure: false, ask: false, story: false };
  let plotted = false;
  for (const id of hits.keys()) {
    const role = CUES[id].role;
    if (role !== "legit" && role !== "context") roles[role] = true;
    if (role === "story" && !OPENERS.has(id)) plotted = true;
  }
  // A deadline is pressure once the message asks for something or tells a story ("pay by 11/30").
  if (entities.deadlines.length > 0 && !has("urgency") && (roles.ask || plotted || has("threat"))) {
    hits.set("urgency", entities.deadlines[0] ?? "deadline");
    roles.pressure = true;
  }

  const factors: Factor[] = [];
  const flags: { text: string; points: number }[] = [];
  const add = (id: string, label: string, points: number, flag: string | null = null): void => {
    factors.push({ id, source: CONTENT_SOURCE, label, points });
    if (flag !== null) flags.push({ text: flag, points });
  };

  // The normal one-time-code text: it gives a code and warns not to share it, and asks for nothing back.
  const codeDelivery =
    has("code_given") &&
    (has("share_warning") || urls.length === 0) &&
    !has("code_request") &&
    !has("password_request") &&
    !has("call_to_dispute") &&
    !has("reply_reopen") &&
    !mismatch;
  if (codeDelivery) {
    for (const id of ["urgency", "account_alert", "tech_support", "verify_action", "government"] as const)
      hits.delete(id);
  }

  for (const [id, found] of hits) {
    const meaning = CUES[id];
    if (meaning.points <= 0 || absorbed.has(id)) continue;
    // A cue said twice in different words ("is this David? ... I got your number from ...") is surer than once.
    const points = repeated.has(id) ? Math.round(meaning.points * REPEAT_FACTOR) : meaning.points;
    add(id, `${meaning.label} ("${found.length > 60 ? `${found.slice(0, 57)}...` : found}")`, points, meaning.redFlag);
  }

  // A dunning notice that sends you to the sender's own site tells a story, presses and asks like a scam script,
  // but what it asks is done where the sender is: it weighs as a story and a request. One that sends you only to
  // the sender's app asks nothing the message itself could carry out.
  if (roles.story && roles.ask && roles.pressure && !codeDelivery && !ownAppOnly && !ownChannelsOnly) {
    add(
      "scam_script",
      "Tells a story, adds pressure and asks for money or details: the pattern of scam texts",
      POINTS.scamScript,
    );
  } else if (roles.story && roles.ask && !codeDelivery && !ownAppOnly) {
    add("story_and_request", "Tells a story and asks you to act on it", POINTS.storyAndAsk);
  }
  if (
    has("new_number") &&
    (has("money_request") ||
      has("family_trouble") ||
      has("platform_move") ||
      has("p2p_payment") ||
      has("wire_transfer") ||
      has("gift_card") ||
      has("secrecy") ||
      has("family_address"))
  ) {
    add(
      "family_emergency",
      "A 'new number' message from a supposed relative that asks for help, money or another app",
      POINTS.familyEmergency,
      "Someone claiming to be family on a new number",
    );
  }
  if (has("wrong_number") && (has("platform_move") || has("romance") || has("investment"))) {
    add(
      "wrong_number_follow_up",
      "A 'wrong number' text that steers toward another app, romance or investing",
      POINTS.wrongNumberFollowUp,
    );
  }
  if (
    has("romance") &&
    (has("money_request") ||
      has("wire_transfer") ||
      has("gift_card") ||
      has("crypto_payment") ||
      has("investment") ||
      has("platform_move") ||
      has("fee_payment"))
  ) {
    add(
      "romance_money",
      "Affectionate words paired with money, investing or a move to another app",
      POINTS.romanceMoney,
      "Mixes affection with requests for money or investing",
    );
  }
  if (has("wrong_number") && has("befriend")) {
    add(
      "stranger_opener",
      "A 'wrong number' text from a stranger who then tries to make friends",
      POINTS.strangerOpener,
      "A stranger's 'wrong number' text that tries to start a friendship",
    );
  }
  // A link into a government-only registry (.gov, gov.uk) is a government body's, listed or not.
  const unknownLink = urls.find(
    (u) =>
      options.directory.byDomain(u.registrableDomain ?? u.host) === undefined &&
      !namedLikeSender(u, names) &&
      !isGovernmentRegistry(u),
  );
  if (
    issuer.claimedIssuer === null &&
    unknownLink !== undefined &&
    plotted &&
    (has("link_action") || LINK_ASKS.some(has))
  ) {
    add(
      "unbranded_link_lure",
      `Asks you to act through a link to ${unknownLink.registrableDomain ?? unknownLink.host} without saying who is asking`,
      POINTS.unbrandedLinkLure,
      "Does not say who sent it, yet asks you to act through its link",
    );
  }
  if (has("platform_move") && MONEY_OFFERS.some(has)) {
    add(
      "offer_to_chat_app",
      "Offers money (a prize, profits, a job) and moves the talk to WhatsApp or Telegram",
      POINTS.offerToChatApp,
      "Offers money, then moves the conversation to a chat app",
    );
  }
  if (has("overpayment") && MONEY_SENDS.some(has)) {
    add(
      "return_the_money",
      "Says money was sent to you by mistake and asks you to send it back",
      POINTS.returnTheMoney,
      "Asks you to return money 'sent by mistake'",
    );
  }
  if (has("charge_notice") && has("call_to_dispute") && issuer.claimedIssuer?.channels_match !== true) {
    add(
      "charge_callback",
      "Reports a charge or renewal and gives a number to call to cancel it that is not a published one",
      POINTS.chargeCallback,
    );
  }
  const defanged = entities.urls.find((u) => u.defanged);
  const obfuscated = entities.urls.find((u) => u.obfuscated && !u.defanged);
  if (defanged !== undefined) {
    add(
      "disguised_link",
      `A link is written in disguise ("${defanged.raw}") to slip past filters`,
      POINTS.defangedLink,
      "Disguises its link to get past filters",
    );
  } else if (obfuscated !== undefined) {
    add(
      "obfuscated_link",
      "A link hides behind look-alike or invisible characters",
      POINTS.obfuscatedLink,
      "Disguises its link with look-alike characters",
    );
  }
  if (options.kind === "text" && isEmailSender(options.senderNumber)) {
    add("email_sender", "The text came from an email address, as bulk scam texts do", POINTS.emailSender);
  }
  const premium = phones.find((p) => p.reading.lineType === "premium_rate");
  if (premium !== undefined) {
    add(
      "premium_rate_contact",
      `Gives ${describePhone(premium.reading)} to call or text: the call itself is billed at premium rates`,
      POINTS.premiumRateContact,
      "Gives a premium-rate number to call or text",
    );
  }
  const home = homePlan(scan.cleaned, options.senderNumber);
  const foreign = phones.find((p) => p.reading.callingCode !== home.callingCode);
  if (foreign !== undefined) {
    add("foreign_number", `Gives ${describePhone(foreign.reading)}, outside ${home.name}`, POINTS.foreignNumber);
  }
  if (codeDelivery) {
    add(
      "code_delivery",
      "Delivers a one-time code and warns not to share it, as real sign-in texts do",
      POINTS.codeDelivery,
    );
  }
  // A merchant written in capitals ("NIKE.COM", "AMAZON.COM") is where a card was used, not a link to follow.
  const followable = entities.urls.filter((u) => !/^[A-Z0-9.-]+$/.test(u.raw));
  // An offer of money (a job, a prize) that asks for a YES is a lure, not an account alert.
  if (
    has("reply_yes_no") &&
    followable.length === 0 &&
    !has("call_to_dispute") &&
    !mismatch &&
    !has("code_request") &&
    !MONEY_OFFERS.some(has)
  ) {
    add("yes_no_alert", "Asks only for a YES or NO reply, with no link to follow", POINTS.yesNoAlert);
  }
  if (
    warnedAgainst.length > 0 &&
    !roles.ask &&
    !codeDelivery &&
    (ownChannelsOnly || (urls.length === 0 && phones.length === 0 && entities.emails.length === 0))
  ) {
    const against = warnedAgainst[0];
    add(
      "warns_against_scams",
      `Warns against what scammers ask${against === undefined ? "" : ` ("${against.text}")`} and asks for nothing itself`,
      POINTS.warnsAgainstScams,
    );
  }
  if (ownAppOnly) {
    add(
      "own_app_only",
      "Sends you only to the sender's own app, settings or store: no link, number or address to act through",
      POINTS.ownAppOnly,
    );
  }
  if (issuer.claimedIssuer === null && urls.length > 0 && urls.every((u) => namedLikeSender(u, names))) {
    const site = urls[0]?.registrableDomain ?? "";
    add(
      "links_match_sender",
      `Every link goes to ${site}, the site of the sender the text opens with`,
      POINTS.linksMatchSender,
    );
  }

  // The story: cue points per scam type, plus the kind of organisation the message claims to be.
  const storyPoints = new Map<ScamType, number>();
  const credit = (type: ScamType, points: number): void => {
    storyPoints.set(type, (storyPoints.get(type) ?? 0) + points);
  };
  for (const id of hits.keys()) {
    const story = CUES[id].story;
    if (story !== null) credit(story, CUES[id].points);
  }
  if (factors.some((f) => f.id === "family_emergency")) credit("family_emergency", POINTS.familyEmergency);
  if (factors.some((f) => f.id === "romance_money")) credit("romance", POINTS.romanceMoney);
  const category = issuer.claimedIssuer?.category;
  const issuerStory = category === undefined ? undefined : ISSUER_STORIES[category];
  if (issuerStory !== undefined) credit(issuerStory, ISSUER_STORY_POINTS);
  // A bank or payment app that says the account is locked, or asks to call about a charge, tells the bank story.
  if (issuerStory === "bank_alert") {
    credit("bank_alert", (storyPoints.get("account_suspension") ?? 0) + (storyPoints.get("invoice_callback") ?? 0));
  }
  let likelyType: ScamType = urls.length > 0 ? "phishing_link" : "other";
  let best = 0;
  for (const type of SCAM_TYPES) {
    const p = storyPoints.get(type) ?? 0;
    if (p > best) {
      best = p;
      likelyType = type;
    }
  }

  const content: Evidence = {
    source: CONTENT_SOURCE,
    status: "ok",
    signals: { language: guessLanguage(prepared) },
    factors,
  };
  const contentScore = combineScore([...factors, ...issuer.evidence.factors], 0);
  const scamType: ScamTypeOrNone = contentScore >= STORY_THRESHOLD ? likelyType : "none";
  flags.sort((a, b) => b.points - a.points);
  const redFlags = [...new Set([...issuer.redFlags, ...flags.map((f) => f.text)])];

  return {
    entities,
    evidence: [content, issuer.evidence],
    scamType,
    likelyType,
    redFlags,
    claimedIssuer: issuer.claimedIssuer,
    language: content.signals["language"] as string,
  };
}

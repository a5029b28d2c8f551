// The message analyzer shared by the text, email and document channels: entities, scam-language cues weighed
// together, and the organisation the message claims to be checked against its official channels. Pure; offline.

import { describePhone, placeName } from "../phone/read-phone-number.js";
import { countryCues, readSenderNumber } from "../phone/country-hints.js";
import { ordinaryLineCountries, WIDELY_WRITTEN_COUNTRIES } from "../phone/national-number.js";
import type { OrganisationDirectory } from "../organisations/organisation.js";
import { withoutMeansAndMarks } from "../organisations/means-and-marks.js";
import { hasRiskyEnding, isAnyonesLink, isGovernmentRegistry } from "../url/brand-index.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { Factor } from "../../schemas/common.js";
import { combineScore } from "../../scoring/score.js";
import { checkClaimedIssuer, type ClaimedIssuer } from "./claimed-issuer.js";
import { CUES, type CueId } from "./cue-table.js";
import { guessLanguage, readCues } from "./cue-matcher.js";
import { scanMessage, type MessageEntities } from "./extract-entities.js";
import { SCAM_TYPES, type ScamType, type ScamTypeOrNone } from "./scam-types.js";
import { absorbedCues, overlapsOnly, within } from "./absorbed-cues.js";
import { NAMES_GIFT_CARDS } from "./cues-en.js";
import { endearmentOnly } from "./endearment.js";
import { homePlan, parsePhones, parseUrls } from "./message-contacts.js";
import {
  ACT_THEN_LINK,
  AGENCY_TOPICS,
  CHAT_APP_HOSTS,
  CUTOFF,
  CUTOFF_ASK,
  CUTOFF_SOON,
  DISAVOW_THEN_LINK,
  GOVERNMENT_SERVICE_CUES,
  ISSUER_LURES,
  ISSUER_STORIES,
  ISSUER_STORY_POINTS,
  LINK_ASKS,
  LOAN_OR_RELEASE,
  LURE_ASKS,
  MONEY_OFFERS,
  MONEY_SENDS,
  OPENERS,
  OWN_CHANNEL_SHARE,
  POINTS,
  RELEASE_STORIES,
  REPEAT_FACTOR,
  SERVICING_CUES,
  STORY_THRESHOLD,
} from "./message-cue-groups.js";
import {
  isEmailSender,
  namedLikeSender,
  ownSiteNames,
  popularSiteOfSender,
  brandSiteOfSender,
  type CountrySiteClaim,
  senderNameJoined,
  siteBearsName,
  siteLabel,
  textClaim,
  aboutCountryOf,
  countrySecondLevel,
} from "./sender-claim.js";
import {
  IN_RECEIPT_SUFFIX,
  PERSONAL_LINES,
  RECEIPT_CUES,
  RECEIPT_NEVER_ASKS,
  isTransactionReceipt,
  keywordLines,
  receiptServiceLines,
  namesOwnAccount,
} from "./transaction-receipt.js";

export const CONTENT_SOURCE = "message_content";
/** Ends the id of a servicing cue asked through the sender's own channels (see SERVICING_CUES). */
export const OWN_CHANNEL_SUFFIX = "_own_channel";
/**
 * Policy, not fitted: the least a message scores when it asks for gift cards' codes or for a debt, fee or bail paid in
 * gift cards (`gift_card_payment`). No business or public body takes gift cards as payment and only a scammer asks
 * for their codes, so it is near-conclusive, as a link on a feed is: high risk whatever the wording reads like (a
 * "boss" asking a favour writes like a colleague, and the message model reads colleagues as ordinary texts).
 */
export const GIFT_CARD_PAYMENT_FLOOR = 65;

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
  /** Countries the message's setting places it in, for its numbers (see ExtractionLimits.settingCountries). */
  readonly settingCountries?: readonly string[];
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
  /** BCP 47 code of the message's language ("en", "es", "fr", "de", "pt", "it", "id", "nl"), "und" when unknown. */
  readonly language: string;
  /**
   * The links (as normalized) whose verdict is weighed apart (see subLookupEvidence): the sender's own site, named as
   * the text names its sender (see namedLikeSender), and in a text a site on its country's registry second level.
   */
  readonly ownLinks: readonly string[];
}

/** A code wanted over the phone or in a reply: "our agent who will call you", "reply with the code". */
const CODE_BY_CALL_OR_REPLY =
  /\b(?:who|that) (?:will|'ll|would) (?:call|phone|ring|contact) you\b|\b(?:over|on) the (?:phone|call)\b|\breply (?:with|back)\b|\b(?:text|send) (?:it |the (?:code|otp) )?(?:back )?to (?:us|this number|me)\b/;

/**
 * Reads a message: extracts its entities, finds the scam-language cues and weighs them together, and checks the
 * organisation it claims to be against that organisation's official domains and numbers. Pure; never throws.
 */
export function analyzeMessage(text: string, options: AnalyzeMessageOptions): MessageAnalysis {
  const sender = options.senderNumber?.trim() ?? "";
  const scan = scanMessage(text, {
    ...(sender !== "" ? { senderNumber: sender } : {}),
    ...(options.settingCountries !== undefined ? { settingCountries: options.settingCountries } : {}),
  });
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
  // A code the reader shows or gives the courier at the door ("share OTP 4412 only at delivery") is handed over face
  // to face against the parcel, not passed to a caller: asked for only so, it is no request for a code. A request
  // that also wants it over the phone or in a reply still is one.
  const handover = found.find((h) => h.id === "handover_code");
  if (handover !== undefined && !CODE_BY_CALL_OR_REPLY.test(prepared)) {
    for (const code of found) if (code.id === "code_request" && overlapsOnly(code, handover)) hits.delete(code.id);
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
  // Codes or the backs of cards asked for are gift cards' only in a message that names gift cards ("send me photos of
  // the backs" after "I need 4 Apple gift cards"; not "a photo of the back garden"): the near-conclusive reading needs one.
  if (has("gift_card_payment") && !NAMES_GIFT_CARDS.test(prepared)) hits.delete("gift_card_payment");
  if (urls.some((u) => CHAT_APP_HOSTS.has(u.host))) hits.set("platform_move", "chat app link");
  // "My dear", "beloved" in a text that brings no stranger and asks for nothing is how people who know each other
  // write: no romance story (endearment.ts).
  const romance = found.find((h) => h.id === "romance");
  const spans = romance?.spans.map(([s, e]) => prepared.slice(s, e)) ?? [];
  if (romance !== undefined && endearmentOnly(spans, prepared, has, keywordLines(scan.cleaned).length > 0)) {
    hits.delete("romance");
  }

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
      // Texts only: mail and letters name organisations they discuss, and are weighed by rules of their own.
      ...(options.kind === "text" && ISSUER_LURES.some(has) ? { lure: true } : {}),
    },
  );
  const mismatch = issuer.claimedIssuer?.channels_match === false;
  // Who the text says it is from, as site names. A toll or government story is told by the agencies the directory
  // lists; a sender that tells one under a name of its own earns no credit for a site of that name.
  const givenStems = new Set<string>();
  const givenNames = ownSiteNames(scan, options.kind, options.kind === "document" ? claimText : undefined, givenStems);
  const told = !(has("toll") || has("government"));
  const names = told ? givenNames : new Set<string>();
  // A site directly under a country code counts only in a text about that country.
  const senderCountry = readSenderNumber(options.senderNumber)?.country ?? null;
  // The countries the text names by its script, currency and language: read once, for its sites and its numbers.
  const cues = countryCues(scan.cleaned);
  const countrySite: CountrySiteClaim = {
    countries: [...cues, ...(senderCountry === null ? [] : [senderCountry])],
  };
  // The links named as the text names its sender, on a widely visited site bearing its name, or on a domain the brand
  // directory lists for the brand it names: read once, for every rule below that asks.
  const senderSites = new Set(
    urls.filter(
      (u) =>
        namedLikeSender(u, names, countrySite) ||
        (told && (popularSiteOfSender(u, givenNames, givenStems) || brandSiteOfSender(u, givenNames))),
    ),
  );
  // The links whose URL-channel verdict is weighed apart (see subLookupEvidence): the sender's own site, named as the
  // text names its sender, and, in a text, a site on the second level a country's registry runs for its companies
  // and bodies (co.th, com.vn, ac.th) of a country the text is about. Neither is a site a scammer registers on a
  // whim, and the URL model reads many such sites' links (an operator's short paths, a bank's campaign pages) as it
  // reads phishing links.
  const ownLinks = urls
    .filter(
      (u) => senderSites.has(u) || (options.kind === "text" && countrySecondLevel(u) && aboutCountryOf(u, countrySite)),
    )
    .map((u) => u.href);
  // Every link is the sender's own or a government body's (.gov, gov.uk).
  const linksOwnOrGovernment = urls.every((u) => senderSites.has(u) || isGovernmentRegistry(u));
  const ownLinksOnly =
    issuer.claimedIssuer === null &&
    urls.length > 0 &&
    phones.length === 0 &&
    entities.emails.length === 0 &&
    // A government body's own site (.gov, gov.uk) is the channel a government or toll story should send you to.
    linksOwnOrGovernment;
  /** Every link and number in it is the sender's own: what it asks is done on the sender's own site or line. */
  const ownChannelsOnly = issuer.claimedIssuer?.channels_match === true || ownLinksOnly;
  // A letter whose every way to act is a government-only site (no number, no address, no other link): what it asks is
  // done at the government's own service.
  const governmentServiceOnly =
    options.kind === "document" &&
    urls.length > 0 &&
    phones.length === 0 &&
    entities.emails.length === 0 &&
    urls.every((u) => isGovernmentRegistry(u));
  const ownAppOnly =
    has("own_app") &&
    urls.length === 0 &&
    phones.length === 0 &&
    entities.emails.length === 0 &&
    !MONEY_SENDS.some(has) &&
    !has("code_request") &&
    !has("platform_move") &&
    !has("reply_reopen");

  // A receipt or statement of the reader's own account, whose links (if any) are its sender's own and ask nothing,
  // and whose numbers are no person's line (a mobile-range number to text a keyword to is a service's): its "not
  // you? call us" is the issuer's fraud line, and what it reports is no story (see RECEIPT_CUES). An issuer's
  // one-time code for a payment on the reader's own card ("OTP 482913 for txn of INR 2,499 on card ending 1234. Do
  // not share it. Not you? Call 1800...") is read the same way: it gives a code, warns not to share it, and names
  // the card by its last digits.
  const serviceLines = receiptServiceLines(scan.cleaned);
  const ownAccountCode = has("code_given") && has("share_warning") && namesOwnAccount(prepared);
  const receipt =
    !ownChannelsOnly &&
    linksOwnOrGovernment &&
    (urls.length === 0 || !LINK_ASKS.some(has)) &&
    (isTransactionReceipt(prepared) || ownAccountCode) &&
    phones.every(
      (p) =>
        !PERSONAL_LINES.has(p.reading.lineType) ||
        serviceLines.some((digits) => digits.length >= 5 && p.e164.endsWith(digits.replace(/^0+/, ""))),
    ) &&
    !RECEIPT_NEVER_ASKS.some(has);

  const roles = { pressure: false, ask: false, story: false };
  let plotted = false;
  for (const id of hits.keys()) {
    if (receipt && RECEIPT_CUES.has(id)) continue;
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
    const quoted = `${meaning.label} ("${found.length > 60 ? `${found.slice(0, 57)}...` : found}")`;
    if (
      ((ownChannelsOnly || ownAppOnly) && SERVICING_CUES.has(id)) ||
      (governmentServiceOnly && GOVERNMENT_SERVICE_CUES.has(id))
    ) {
      // Asked through the sender's own site, number or app: a servicing notice's words, weighed apart.
      add(
        `${id}${OWN_CHANNEL_SUFFIX}`,
        `${quoted}, through the sender's own channels`,
        Math.round(points * OWN_CHANNEL_SHARE),
      );
    } else if (receipt && RECEIPT_CUES.has(id)) {
      add(
        `${id}${IN_RECEIPT_SUFFIX}`,
        `${quoted}, in a receipt of a transaction on your own account`,
        Math.round(points * OWN_CHANNEL_SHARE),
      );
    } else add(id, quoted, points, meaning.redFlag);
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
      !senderSites.has(u) &&
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
  // A link the text gives to disown a sign-in or a payment, on a site that is neither a listed organisation's nor one
  // bearing a name the text gives (a sender's own unlisted sites carry its name). Texts only: mail is weighed by its
  // links' own findings and its sender's authentication.
  const disownedAt =
    options.kind !== "text" || ownChannelsOnly
      ? undefined
      : urls.find(
          (u) =>
            options.directory.byDomain(u.registrableDomain ?? u.host) === undefined &&
            !isGovernmentRegistry(u) &&
            !siteBearsName(u, givenNames),
        );
  if (disownedAt !== undefined && DISAVOW_THEN_LINK.test(prepared)) {
    add(
      "disavow_link",
      `Asks you to follow a link to ${disownedAt.registrableDomain ?? disownedAt.host} if it was not you, a site that is not the sender's`,
      POINTS.disavowLink,
      "Sends you to a link 'if this wasn't you' instead of the sender's own site or app",
    );
  }
  // An ask carried out through a link to a bare address or to a site under an ending scams favour, that no listed
  // organisation runs. A shortener or a hosting platform on such an ending is not the sender's choice of name, and is
  // read by the URL channel. Texts only: mail carries such links in newsletters and is weighed by its sender too.
  const riskyAt =
    options.kind !== "text"
      ? undefined
      : urls.find(
          (u) =>
            // a name of one or two letters before the ending is two words run together ("keep it up o.help me"), no site
            (u.isIp || (hasRiskyEnding(u) && (siteLabel(u)?.length ?? 0) >= 3)) &&
            !isAnyonesLink(u) &&
            options.directory.byDomain(u.registrableDomain ?? u.host) === undefined,
        );
  if (riskyAt !== undefined && (LINK_ASKS.some(has) || ACT_THEN_LINK.test(prepared))) {
    add(
      "risky_link_ask",
      `Asks you to act through a link to ${riskyAt.isIp ? `the bare address ${riskyAt.host}` : (riskyAt.registrableDomain ?? riskyAt.host)}, a kind of site organisations do not send their customers to`,
      POINTS.riskyLinkAsk,
      "Asks you to act through a link to a cheap or bare address",
    );
  }
  // A service cut off within hours unless the reader calls a number or updates documents. A cut-off notice asked
  // through the sender's own channels, a receipt's "blocked as per your request", a code text, and one that gives a
  // toll-free line (an issuer's published kind) are not this script.
  if (
    options.kind === "text" &&
    !ownChannelsOnly &&
    !receipt &&
    !codeDelivery &&
    phones.every((p) => p.reading.lineType !== "toll_free") &&
    CUTOFF.test(prepared) &&
    CUTOFF_SOON.test(prepared) &&
    CUTOFF_ASK.test(prepared)
  ) {
    add(
      "cutoff_callback",
      "Says your SIM, account, card or power will be cut off within hours unless you call a number or update your documents",
      POINTS.cutoffCallback,
      "Threatens to cut off your service unless you call or update your documents at once",
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
  // In a receipt of the reader's own account the charge and the line to call are the issuer's (see RECEIPT_CUES).
  if (has("charge_notice") && has("call_to_dispute") && issuer.claimedIssuer?.channels_match !== true && !receipt) {
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
  // Only a number the message places is premium-rate or foreign: the same digits are an ordinary line elsewhere
  // ("0900..." is premium-rate in Britain, a mobile in the Philippines). An unplaced number that is premium-rate in
  // the country whose format fits it best is a weaker finding of its own, and never foreign.
  const premium = phones.find((p) => p.placed && p.reading.lineType === "premium_rate");
  const unplacedPremium = phones.find((p) => !p.placed && p.reading.lineType === "premium_rate");
  if (premium !== undefined) {
    add(
      "premium_rate_contact",
      `Gives ${describePhone(premium.reading)} to call or text: the call itself is billed at premium rates`,
      POINTS.premiumRateContact,
      "Gives a premium-rate number to call or text",
    );
  } else if (unplacedPremium !== undefined) {
    const reading = unplacedPremium.reading;
    const where = reading.country === null ? "" : ` in ${placeName(reading.country)}`;
    // The same run of digits is often an ordinary mobile or landline of another plan ("0816122345": premium-rate
    // in France, a Thai mobile). The message's script, currency and language say which country it is about: a
    // number that is an ordinary line there is that country's own; one they place nowhere weighs less.
    const premiumNamed = reading.country !== null && cues.includes(reading.country as (typeof cues)[number]);
    const ownLine = premiumNamed ? [] : ordinaryLineCountries(unplacedPremium.national, cues, reading.country);
    const elsewhere = premiumNamed
      ? []
      : ordinaryLineCountries(unplacedPremium.national, WIDELY_WRITTEN_COUNTRIES, reading.country);
    if (ownLine.length > 0) {
      // An ordinary number of the country the message is about: no finding.
    } else if (elsewhere.length > 0) {
      add(
        "premium_rate_ambiguous",
        `Gives ${unplacedPremium.national}, a premium-rate number if it is one${where}, but an ordinary line in ${placeName(elsewhere[0] ?? "")} (nothing in the message says which country it is from)`,
        POINTS.premiumRateAmbiguous,
        "Gives a number that may be billed at premium rates",
      );
    } else {
      add(
        "premium_rate_unplaced",
        `Gives ${unplacedPremium.national}, a premium-rate number if it is one${where} (nothing in the message says which country it is from)`,
        POINTS.premiumRateUnplaced,
        "Gives a number that may be billed at premium rates",
      );
    }
  }
  const home = homePlan(scan.cleaned, options.senderNumber);
  const foreign =
    home === null ? undefined : phones.find((p) => p.placed && p.reading.callingCode !== home.callingCode);
  if (foreign !== undefined && home !== null) {
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
  if (issuer.claimedIssuer === null && urls.length > 0 && urls.every((u) => senderSites.has(u))) {
    const site = urls[0]?.registrableDomain ?? "";
    add(
      "links_match_sender",
      `Every link goes to ${site}, the site of the sender the text opens with`,
      POINTS.linksMatchSender,
    );
  }
  // A site the directory does not know that joins a name the text gives to other words: what a look-alike is made of.
  for (const u of urls) {
    if (options.directory.byDomain(u.registrableDomain ?? u.host) !== undefined || isGovernmentRegistry(u)) continue;
    const name = senderNameJoined(u, givenNames);
    if (name === null) continue;
    add(
      "sender_name_lookalike_link",
      `Links to ${u.registrableDomain ?? u.host}, the name "${name}" it gives joined to other words, as look-alike sites are made`,
      POINTS.senderNameLookalikeLink,
      "Links to a look-alike of the name it gives",
    );
    break;
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
    ...(factors.some((f) => f.id === "gift_card_payment") ? { floor: GIFT_CARD_PAYMENT_FLOOR } : {}),
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
    ownLinks,
  };
}

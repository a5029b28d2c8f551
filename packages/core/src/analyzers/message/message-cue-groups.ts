// The points of the findings beyond single cues, and the groups of cues the message analyzer reads together
// (asks a link carries out, money offered, money sent, stories of an issuer).

import type { OrganisationCategory } from "../organisations/organisation.js";
import { type CueId } from "./cue-table.js";
import { type ScamType } from "./scam-types.js";

// Points of the findings beyond single cues (the Factor contract: percent risk the finding alone implies).
export const POINTS = {
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
  /**
   * "If this wasn't you, visit <link>" to a site that is not the sender's: a real bank or service sends you to its
   * own site, app or number to disown a sign-in or a payment; account-takeover texts send you to their own page.
   */
  disavowLink: 35,
  /**
   * An ask (pay, verify, update, sign in, claim, track a parcel) carried out through a link to a bare IP address or to a
   * site under an ending scams favour (.top, .xyz, .icu, .vip...): an organisation that asks its customers to act sends
   * them to the site they know it by, not to a cheap name registered for the occasion.
   */
  riskyLinkAsk: 35,
  /**
   * The reader's SIM, account, card, wallet or power is to be cut off (blocked, suspended, disconnected, its KYC or
   * documents expired) within hours unless they call a number or update their documents: the KYC, SIM and electricity
   * scripts. An operator or a bank that cuts a service off says so in a notice and sends you to its branch, app or
   * published line.
   */
  cutoffCallback: 35,
  /** An offer of money (a prize, profits, a job) that moves the conversation to WhatsApp or Telegram. */
  offerToChatApp: 25,
  /** Money "sent by mistake" and a request to send it back: the accidental-payment scam. */
  returnTheMoney: 20,
  /** A charge or renewal with a number to call to cancel it that the named organisation does not publish. */
  chargeCallback: 20,
  /**
   * A link whose site joins a name the text gives its sender to other words with hyphens (ptsb-review.com for "PTSB"):
   * the sender's own site is its name alone; a name the directory does not list, so weaker than its look-alike rule.
   */
  senderNameLookalikeLink: 35,
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
   * A number that is premium-rate in the country whose national format fits it best, in a message that does not say
   * which country it is from: the same digits may be an ordinary line elsewhere, so it weighs less.
   */
  premiumRateUnplaced: 25,
  /**
   * Such a number that is also an ordinary mobile or landline of another widely used plan, in a message whose script,
   * currency and language name neither country: as likely someone's line as a premium-rate one.
   */
  premiumRateAmbiguous: 20,
  /**
   * A number the message places in another numbering plan than the sender's (or, with no sender, than the one the
   * message's currency implies; with neither, nothing is foreign): scams hand out foreign mobiles and lines, but so
   * do travel and family messages.
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
export const REPEAT_FACTOR = 1.4;
/** Content that scores below this tells no scam story on its own (scamType "none"). */
export const STORY_THRESHOLD = 40;

export const CHAT_APP_HOSTS = new Set(["wa.me", "t.me", "telegram.me", "chat.whatsapp.com", "api.whatsapp.com"]);

/**
 * "If this wasn't you", "if you did not make this purchase", "not you?", "was this you?", "si no fue usted", then a
 * link in the same breath (read on the cue text, links as <url>); also as copied and lemmatised scripts write it ("if
 * this be not you").
 */
export const DISAVOW_THEN_LINK =
  /(?:if (?:this|it|that) (?:was|is|be|wasn't|wasnt|was not|isn't|is not)(?: not| n't)? (?:you|yourself|done by you|do by you|authori[sz]ed by you)|(?:was|be) (?:this|it) (?:not )?you(?![a-z])|if (?:you )?(?:did not|didn't|didnt|did n't|do not|don't|dont) (?:make|request|authori[sz]e|recogni[sz]e|attempt|initiate|place|perform|do|sign|log|change|send)|(?:wasn't|wasnt|was not|not) you ?\?|if not (?:you|done by you)|si no (?:fue (?:usted|tu|you)|fuiste tu|fuiste|lo reconoce|reconoce|reconoces|realizo|realizaste|autorizo|autorizaste|solicito|solicitaste))[^!?<]{0,60}<url>/;

/**
 * An action to take through the link that follows in the same clause, beyond the asks the cues read: track or
 * reschedule a parcel, pay, claim or collect something, settle a matter (read on the cue text, links as <url>).
 */
export const ACT_THEN_LINK =
  /(?<![a-z])(?:track|reschedule|re-schedule|pay|claim|collect|redeem|confirm|update|verify|validate|activate|reactivate|unlock|restore|avoid|resolve|settle|tap|click|log ?in|sign ?in|login)(?![a-z])[^.!?<]{0,50}<url>/;
/**
 * A service of the reader's about to be cut off: a SIM, an account, a card, a wallet, a connection or the power
 * blocked, suspended, disconnected or deactivated, or its KYC or documents expired or pending (the cut-off and the
 * cause in one clause; plain and broken English alike: "will be block", "have be suspend", "KYC have expire").
 */
export const CUTOFF =
  /(?<![a-z])(?:(?:sim|sim card|kyc|e-?kyc|pan|pan card|account|a\/c|card|atm card|wallet|service|services|connection|electricity|power)(?![a-z])[^.!?<]{0,40}?(?<![a-z])(?:block|blocked|suspend|suspended|deactivate|deactivated|disconnect|disconnected|terminate|terminated|barred|frozen|cut off)|(?:sim|kyc|e-?kyc|pan|pan card|documents?|ducoments?|docouments?)(?![a-z])[^.!?<]{0,25}?(?<![a-z])(?:expire|expired|pending|suspend|suspended))(?![a-z])/;
/** The cut-off is near: within hours, today, tonight, immediately. */
export const CUTOFF_SOON =
  /(?<![a-z])(?:within \d{1,2} ?(?:hours?|hrs?)|within xx ?(?:hours?|hrs?)|\d{1,2} ?(?:hours?|hrs?)|today|tonight|immediately|immediatly|urgent|urgently|now)(?![a-z])/;
/**
 * What the cut-off script asks: call or contact a number, customer care or an office, or update the KYC, PAN or
 * documents; or it gives the number of its "office", "helpline" or "customer care" to call ("Paytm office PH
 * XXXXXXXXXX immediately").
 */
export const CUTOFF_ASK =
  /(?<![a-z])(?:(?:call|contact|dial|ring)(?![a-z])[^.!?]{0,40}(?:<phone>|customer ?care|customer service|helpline|help line|office|officer|executive|x{6,})|(?:update|complete|submit|verify)(?![a-z])[^.!?]{0,20}(?:kyc|e-?kyc|pan|pan card|documents?|aadhaa?r)|(?:office|helpline|help line|customer ?care|customer service)(?: (?:ph|phone|no|number|contact))?[ .:-]*(?:<phone>|x{6,}))/;
/** Chat openers: stories a stranger and a friend alike begin with, so a date in them ("tomorrow") is no pressure. */
export const OPENERS: ReadonlySet<CueId> = new Set(["wrong_number", "befriend", "family_address"]);
/** Asks that a link carries out: sign in, verify, give details, pay. */
export const LINK_ASKS: readonly CueId[] = [
  "link_action",
  "verify_action",
  "personal_info_request",
  "password_request",
  "pay_demand",
  "fee_payment",
];
/** Stories that offer money: a prize, a refund, a windfall, profits, well-paid work. */
export const MONEY_OFFERS: readonly CueId[] = [
  "prize",
  "refund",
  "windfall",
  "investment",
  "return_promise",
  "job_offer",
  "high_pay",
  "task_scam",
  "loan_offer",
];
/**
 * What a text in an organisation's name tells of the reader's account, money or parcel, or asks of them through a
 * link: sign in, verify, give details, pay a fee. Told about a site that is not the organisation's, it is a lure. A
 * bill to pay is not one alone: utilities and insurers take payments on a payment service's site.
 */
export const ISSUER_LURES: readonly CueId[] = [
  "account_alert",
  "account_locked",
  "account_problem",
  "parcel",
  "refund",
  "prize",
  "toll",
  "overpayment",
  "verify_action",
  "personal_info_request",
  "password_request",
  "fee_payment",
  "deposit_to_unlock",
];
/** Ways to send money. */
export const MONEY_SENDS: readonly CueId[] = [
  "money_request",
  "p2p_payment",
  "wire_transfer",
  "gift_card",
  "gift_card_payment",
  "crypto_payment",
];
/** What a refund lure asks in exchange for the money it promises: a payment, card or bank details, a sign-in, a link. */
export const LURE_ASKS: readonly CueId[] = [
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
/**
 * What an account, a bill or a parcel asks of its holder: pay, update details, sign in, call about a charge, collect
 * a parcel, or else lose the service. Where every link and number is the sender's own (or it points only to its
 * app), the same words are a servicing notice's, and each is a rule of its own (`<cue>_own_channel`, prior: a
 * quarter of the cue's) that the corpora weigh apart. Asks no genuine sender makes (gift cards, codes, a password,
 * a transfer, a fee to release something) are never renamed.
 */
export const SERVICING_CUES: ReadonlySet<CueId> = new Set([
  "urgency",
  "threat",
  "personal_info_request",
  "verify_action",
  "pay_demand",
  "link_action",
  "account_alert",
  "account_problem",
  "account_locked",
  "call_to_dispute",
  "charge_notice",
  "parcel",
]);
/**
 * What a government body's letter asks or warns of when the only way it gives to act is a government-only site (a
 * letter cannot be answered by reply): an identifier to enter at its own service ("provide your personal code"), the
 * prosecution the law provides for. Weighed as servicing cues there (`<cue>_own_channel`); anywhere else, and with a
 * number or an address to answer through, they keep their full weight.
 */
export const GOVERNMENT_SERVICE_CUES: ReadonlySet<CueId> = new Set(["code_request", "legal_threat"]);
/** A servicing cue's prior where it asks through the sender's own channels. */
export const OWN_CHANNEL_SHARE = 0.25;
/** Cues of a government story: an agency's business (taxes, benefits, a court) or its threats (arrest, a lawsuit). */
export const AGENCY_TOPICS: ReadonlySet<CueId> = new Set(["government", "legal_threat"]);
/** Stories of something held back until a fee is paid: a prize, a refund, a loan or pay, a parcel. */
export const RELEASE_STORIES: readonly CueId[] = [...MONEY_OFFERS, "parcel", "overpayment", "deposit_to_unlock"];
/** Money offered as a loan, a grant or funds to be released, which no cue names alone. */
export const LOAN_OR_RELEASE =
  /(?<![a-z])(?:loans?|grants?|funds|winnings|inheritance|payout|release[ds]?|unlock|prestamo|subsidio|fondos|liberar)(?![a-z])/;

export const ISSUER_STORIES: Readonly<Partial<Record<OrganisationCategory, ScamType>>> = {
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
export const ISSUER_STORY_POINTS = 20;

// What a cue means, once for every language: its points, its plain-English label and red flag, and the scam story
// it belongs to. The phrases that reveal a cue live in one table per language (cues-en.ts, cues-es.ts), so another
// language is one more table.

import type { ScamType } from "./scam-types.js";

export const CUE_IDS = [
  "urgency",
  "threat",
  "legal_threat",
  "gift_card",
  "gift_card_payment",
  "crypto_payment",
  "wire_transfer",
  "p2p_payment",
  "code_request",
  "password_request",
  "personal_info_request",
  "verify_action",
  "fee_payment",
  "deposit_to_unlock",
  "pay_demand",
  "call_request",
  "link_action",
  "money_request",
  "secrecy",
  "prize",
  "refund",
  "windfall",
  "overpayment",
  "job_offer",
  "high_pay",
  "task_scam",
  "loan_offer",
  "investment",
  "return_promise",
  "platform_move",
  "reply_reopen",
  "new_number",
  "family_address",
  "family_trouble",
  "wrong_number",
  "befriend",
  "romance",
  "toll",
  "parcel",
  "account_alert",
  "account_locked",
  "account_problem",
  "government",
  "tech_support",
  "charge_notice",
  "call_to_dispute",
  "callback_promise",
  "bank_details_change",
  "code_given",
  "reference_code",
  "handover_code",
  "share_warning",
  "opt_out",
  "reply_yes_no",
  "own_app",
  "safety_recall",
  "free_remedy",
  "surcharge",
  "premium_billing",
] as const;
export type CueId = (typeof CUE_IDS)[number];

/** What a cue says about a message. A cue with no points only feeds the combination rules. */
export interface CueMeaning {
  /** Risk points of the cue alone (the Factor contract: percent risk this finding alone implies). */
  readonly points: number;
  readonly label: string;
  /** Short warning for people, or null when the cue is no warning on its own. */
  readonly redFlag: string | null;
  /** The scam story the cue belongs to, or null for cues every story shares (pressure, payment methods). */
  readonly story: ScamType | null;
  /** Cues whose phrases are cancelled by a negation just before them ("do not share this code"). */
  readonly negatable: boolean;
  /**
   * What the cue is: pressure, an ask, a story, context (names a story but is everyday on its own: a bill or an
   * order confirmation, so it never completes a combination), or a sign of an ordinary notice.
   */
  readonly role: "pressure" | "ask" | "story" | "context" | "legit";
}

const cue = (
  role: CueMeaning["role"],
  points: number,
  label: string,
  redFlag: string | null,
  story: ScamType | null = null,
  negatable = false,
): CueMeaning => ({ role, points, label, redFlag, story, negatable });

/**
 * Points of each cue alone. Single cues stay low on purpose: bank alerts, delivery notices and friends asking for
 * money carry them too. What makes a scam is how they combine (see analyze-message.ts).
 */
export const CUES: Readonly<Record<CueId, CueMeaning>> = {
  urgency: cue("pressure", 15, "Pushes you to act right away", "Pressures you to act right away", null, true),
  threat: cue(
    "pressure",
    20,
    "Threatens a penalty: suspension, late fees or a cut-off",
    "Threatens penalties or suspension",
  ),
  legal_threat: cue("pressure", 35, "Threatens legal action, arrest or the police", "Threatens arrest or legal action"),
  gift_card: cue(
    "ask",
    55,
    "Asks you to pay with or buy gift cards",
    "Asks you to pay with or buy gift cards",
    null,
    true,
  ),
  // The gift card's codes asked for, or a debt, fee or bail to be paid in gift cards: no business or public body takes
  // them as payment, so this is near-conclusive (a floor, analyze-message.ts); a gift card offered or named is not.
  gift_card_payment: cue(
    "ask",
    60,
    "Asks for gift cards' codes, or for a debt or fee paid in gift cards",
    "Asks you to pay with gift cards or send their codes",
    null,
    true,
  ),
  crypto_payment: cue("ask", 40, "Asks for payment in cryptocurrency", "Asks you to pay in cryptocurrency", null, true),
  wire_transfer: cue("ask", 25, "Asks for a wire transfer", "Asks you to wire money", null, true),
  p2p_payment: cue(
    "ask",
    15,
    "Asks for payment through Zelle, Venmo or Cash App",
    "Asks you to pay by Zelle, Venmo or Cash App",
    null,
    true,
  ),
  code_request: cue(
    "ask",
    65,
    "Asks you to pass on a verification code",
    "Asks for a verification code: no real company or friend needs yours",
    "verification_code",
    true,
  ),
  password_request: cue(
    "ask",
    45,
    "Asks for a password or sign-in details",
    "Asks for your password or sign-in details",
    null,
    true,
  ),
  personal_info_request: cue(
    "ask",
    30,
    "Asks for personal, card or bank details",
    "Asks for personal or card details",
    null,
    true,
  ),
  verify_action: cue(
    "ask",
    20,
    "Asks you to verify or update an account or address",
    "Asks you to verify your account or details",
    null,
    true,
  ),
  fee_payment: cue(
    "ask",
    25,
    "Asks for a small fee to release something",
    "Asks for a small fee to release a delivery or payment",
  ),
  deposit_to_unlock: cue(
    "ask",
    35,
    "Asks for a deposit, tax or fee before you can withdraw or unlock money",
    "Asks you to pay before you can get your money",
    "task_scam",
  ),
  pay_demand: cue("ask", 10, "Asks you to pay", null),
  call_request: cue("ask", 5, "Asks you to call or text a number", null),
  link_action: cue(
    "ask",
    25,
    "Asks you to sign in, verify or claim something through a link",
    "Asks you to sign in or verify through a link",
  ),
  money_request: cue("ask", 15, "Asks you to send or lend money", "Asks you to send money", null, true),
  secrecy: cue("pressure", 25, "Asks you to keep it secret", "Asks you to keep it secret"),
  prize: cue(
    "story",
    30,
    "Says you won a prize or a reward",
    "Says you won a prize you never entered for",
    "prize_lottery",
  ),
  refund: cue(
    "story",
    15,
    "Promises a refund or money owed to you",
    "Promises an unexpected refund",
    "refund_overpayment",
  ),
  // The advance-fee letter's opening: a dead client's fund, an inheritance under the reader's surname, a share of
  // millions to move, offered to a stranger who is to write back.
  windfall: cue(
    "story",
    30,
    "Offers a stranger an inheritance, an unclaimed fund or a share of millions",
    "Offers you an inheritance or a fortune out of the blue",
    "prize_lottery",
  ),
  overpayment: cue(
    "story",
    35,
    "Says you were overpaid and must send the difference back",
    "Says you were overpaid and must send money back",
    "refund_overpayment",
  ),
  job_offer: cue("story", 25, "Offers a job you did not apply for", "Offers a job you did not apply for", "job_offer"),
  high_pay: cue("story", 30, "Promises high pay for little work", "Promises high pay for little work", "job_offer"),
  task_scam: cue(
    "story",
    40,
    "Pays for online tasks (likes, ratings, orders)",
    "Pays you for likes, ratings or 'tasks'",
    "task_scam",
  ),
  loan_offer: cue(
    "story",
    25,
    "Offers a loan or credit approved in advance, whatever your credit",
    "Offers a guaranteed loan",
    "other",
  ),
  investment: cue(
    "story",
    30,
    "Promises investment or trading profits",
    "Promises easy investment profits",
    "investment_crypto",
  ),
  return_promise: cue(
    "story",
    40,
    "Promises guaranteed or impossibly high returns (a percentage a day or a week, doubled money)",
    "Promises returns no real investment can guarantee",
    "investment_crypto",
  ),
  platform_move: cue(
    "ask",
    25,
    "Asks to move the chat to WhatsApp or Telegram",
    "Asks to continue on WhatsApp or Telegram",
  ),
  reply_reopen: cue(
    "ask",
    55,
    "Asks you to reply so that a blocked link becomes clickable",
    "Asks you to reply and reopen the message so the link works",
  ),
  new_number: cue(
    "story",
    35,
    "Says this is someone's new number",
    "Says a relative or friend has a new number",
    "family_emergency",
  ),
  family_address: cue("story", 5, "Addresses you as a parent or grandparent", null, "family_emergency"),
  family_trouble: cue(
    "story",
    25,
    "Describes a relative in trouble who needs help",
    "Says a relative is in trouble and needs money",
    "family_emergency",
  ),
  wrong_number: cue(
    "story",
    35,
    "Opens like a text sent to the wrong number",
    "Starts a chat with a 'wrong number' text",
    "wrong_number",
  ),
  befriend: cue(
    "story",
    15,
    "Tries to strike up a friendship, as a stranger would ('nice to meet you', 'where are you from?')",
    null,
    "wrong_number",
  ),
  romance: cue("story", 20, "Affectionate words from someone who may be a stranger", null, "romance"),
  toll: cue("story", 20, "Says you owe unpaid tolls", "Says you owe unpaid tolls", "toll_fee"),
  parcel: cue(
    "story",
    25,
    "Describes a delivery problem or redelivery",
    "Says a delivery failed or is on hold",
    "parcel_delivery",
  ),
  account_alert: cue("story", 10, "Alerts you about account or card activity", null, "bank_alert"),
  account_locked: cue(
    "story",
    25,
    "Says your account or card is locked, suspended or restricted",
    "Says your account is locked or suspended",
    "account_suspension",
  ),
  account_problem: cue(
    "story",
    15,
    "Says something is wrong with an account, a password, a mailbox or a payment method",
    "Says there is a problem with your account or password",
    "phishing_link",
  ),
  government: cue("story", 10, "Speaks for a government agency", null, "government_impersonation"),
  tech_support: cue(
    "story",
    35,
    "Warns about a virus, hacking or a tech support problem",
    "Warns of a virus or hacking",
    "tech_support",
  ),
  charge_notice: cue("context", 10, "Reports a charge, order or renewal", null, "invoice_callback"),
  call_to_dispute: cue(
    "ask",
    40,
    "Asks you to call a number to cancel or dispute a charge",
    "Asks you to call to cancel a charge you never made",
    "invoice_callback",
  ),
  callback_promise: cue(
    "ask",
    25,
    "Says an agent will call you: the set-up of a call in which impostors ask for codes or transfers",
    "Says someone will call you about it",
    null,
    true,
  ),
  bank_details_change: cue(
    "story",
    40,
    "Says payment or bank details have changed",
    "Says the bank details for payments have changed",
    "payment_redirection",
  ),
  code_given: cue("legit", 0, "Gives you a one-time code", null),
  reference_code: cue(
    "context",
    0,
    "Names a claim, prize, reference, promo, booking or tracking code: a code to quote, not a one-time passcode",
    null,
  ),
  handover_code: cue(
    "context",
    0,
    "Gives a code to show or hand the courier at delivery: a code given at the door, not to a caller",
    null,
  ),
  share_warning: cue("legit", 0, "Warns you not to share the code", null),
  opt_out: cue("legit", 0, "Offers the standard opt-out (reply STOP)", null),
  reply_yes_no: cue("legit", 0, "Asks for a YES or NO reply", null),
  own_app: cue("legit", 0, "Points to the sender's own app, settings, store or front desk", null),
  safety_recall: cue("legit", 0, "Announces a product or vehicle safety recall", null),
  free_remedy: cue("legit", 0, "Offers a repair, replacement or refund at no cost to you", null),
  // Texting a keyword to a short code at "150p/msg" or "£1.50/wk": the price is billed to the phone bill, per message
  // received, and the subscription is the product (premium SMS, the UK's ringtone, quiz and chat services).
  premium_billing: cue(
    "ask",
    30,
    "Names a price per message, minute, day or week billed to your phone: a premium-rate text service",
    "Bills you per message or per week through your phone",
  ),
  surcharge: cue(
    "legit",
    0,
    "Discloses a fee added to card payments (a surcharge), not a fee to release anything",
    null,
  ),
};

/** The phrases of one language. */
export interface CueTable {
  /** BCP 47 language code. */
  readonly language: string;
  /** Frequent short words of the language, for guessing the message's language. */
  readonly markers: readonly string[];
  /**
   * Regular expression sources matched on the message in lower case, without accents, whitespace collapsed, with
   * "<url>", "<phone>" and "<email>" in place of every extracted link, number and address. Each is anchored on word
   * boundaries when compiled.
   */
  readonly cues: Readonly<Partial<Record<CueId, readonly string[]>>>;
  /** Deadline phrases ("within 24 hours", "hoy"). */
  readonly deadlines: readonly string[];
  /** Words that cancel a negatable cue when they come shortly before it ("never", "nunca"). */
  readonly negations: readonly string[];
  /**
   * Phrases that, after a penalty or a threat in the same sentence, say it will not happen ("a late fee may not be
   * imposed", "will be waived"): the pressure cue is denied, not made. A threat made on a condition ("if you do not
   * pay, your account will be suspended") has no denial after it and stays a threat.
   */
  readonly denials: readonly string[];
  /** Words right before a penalty that say there is none ("no late fee", "without penalty", "sin recargo"). */
  readonly absent: readonly string[];
  /**
   * A penalty's verb denied before it ("we will not charge you a late fee", "you won't be charged any penalty", "no se
   * le cobrará ningún recargo"): phrases that end where the penalty begins, an article or "additional" between.
   */
  readonly deniedBefore: readonly string[];
  /**
   * Phrases in which the sender asks for nothing: nothing is owed or to be done ("no payment is due", "you do not
   * need to pay", "no action is required"), or the reader is told how to stop its marketing ("to stop all marketing",
   * "to opt out", "to limit marketing offers"). An ask cue read across one ("call ... to stop all marketing" as a
   * call to cancel, "no payment is due" as a payment asked) is no demand.
   */
  readonly noAsks: readonly string[];
  /**
   * Phrases that open a warning ("we will never ask", "beware of", "scammers may", "nunca le pediremos"): the ask
   * and payment cues in the rest of its sentence say what not to do, not what to do. The sentence ends at . ! ? ;
   * or at a turn; commas do not end it ("never ask you to pay in gift cards, wire money or send crypto").
   */
  readonly warnings: readonly string[];
  /**
   * Prohibitions ("never share", "do not pay", "no comparta"): like warnings, but they govern their own clause only,
   * up to a comma ("don't tell mom, send me the money" still asks for money).
   */
  readonly prohibitions: readonly string[];
  /** Words that turn a sentence away from its warning ("but", "please", "pero"): the warning's reach ends there. */
  readonly turns: readonly string[];
}

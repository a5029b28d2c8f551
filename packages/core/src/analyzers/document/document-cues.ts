// Findings particular to letters and notices, beyond the scam language a text message shows: a court that wants
// money over the phone, a toll bill that sends the reader to a link, an invoice whose only purpose is a callback
// number, a letter that threatens arrest, a fee to release a prize or a parcel, a check to deposit and send back,
// a payment app for a bill, a threat to expose the reader. Each cue needs two things together (a kind of document
// and a demand), so a real jury summons or utility bill that merely mentions courts or gift cards does not fire it.
// Genuine mail has its own marks, which count against a scam reading only when the letter demands nothing a scam
// would: "this is not a bill", an account statement's balances, a warning that the sender never asks for payment
// or codes that way, a way to check the letter through the sender's own channels, and an opt-out from offers.
import { getPublicSuffix } from "tldts";
import type { Factor } from "../../schemas/common.js";
import { isGovernmentSuffix } from "../url/brand-index.js";
import type { DocumentEntities } from "./document-entities.js";

export const DOCUMENT_RULES_SOURCE = "document_rules";

export const DOCUMENT_CUE_IDS = [
  "court_payment_demand",
  "arrest_threat",
  "toll_payment_link",
  "invoice_callback",
  "untraceable_payment",
  "deadline_pressure",
  "secrecy_demand",
  "fee_to_release",
  "deposit_and_send_back",
  "payment_app_demand",
  "payment_ultimatum",
  "exposure_threat",
  "government_payment_offsite",
  "personal_payee",
  "warns_against_payment_scams",
  "government_site",
  "not_a_bill",
  "account_statement",
  "verify_through_sender",
  "marketing_opt_out",
  "rights_notice",
] as const;
export type DocumentCueId = (typeof DOCUMENT_CUE_IDS)[number];

export interface DocumentCue extends Factor {
  readonly id: DocumentCueId;
  /** The words of the document that triggered it. */
  readonly evidence: string;
}

const COURT = /\b(?:court|jury|juror|bench warrant|sheriff|marshal|clerk of (?:the )?court|judge|summons|subpoena)\b/i;
const ARREST =
  /\b(?:arrest(?:ed)?|warrant for your arrest|bench warrant|taken into custody|jail|prosecut(?:ed|ion)|law enforcement will)\b/i;
const PAY = /\b(?:pay|payment|bond|fine|fee|settle|balance|owe|amount due|remit)\b/i;
/**
 * Money asked of the reader, not a penalty the law provides for: "you may face prosecution and a fine" states a
 * consequence, "pay the bond or be arrested" makes a demand.
 */
const PAY_ASKED = /\b(?:pay|payment|bond|settle|owe|amount due|remit)\b/i;
const TOLL = /\b(?:toll|e-?z ?pass|sunpass|fastrak|txtag|peach pass|ipass|good to go|turnpike)\b/i;
const TOLL_DEMAND = /\b(?:unpaid|outstanding|overdue|final notice|late fee|past due|suspension)\b/i;
const INVOICE = /\b(?:invoice|receipt|order (?:confirmation|number)|renewal|subscription|charged|purchase)\b/i;
const CALLBACK = /\b(?:cancel(?:l?ation)?|refund|did not authori[sz]e|not authori[sz]ed|dispute|unauthori[sz]ed)\b/i;
const URGENT =
  /\b(?:within (?:24|48|72) hours|today|immediately|final notice|last notice|avoid (?:a |the )?(?:late fee|suspension|arrest))\b/i;
const SECRECY = /\b(?:do not (?:discuss|tell|share)|keep this (?:confidential|private)|don't tell)\b/i;
const WARNS =
  /\b(?:never|will not|won't|does not|do not|doesn't) (?:call|ask|email|text|contact|demand|request|require)[^.]{0,80}\b(?:gift cards?|payments?|money|prepaid|wire|pin|passwords?|(?:one-time|verification|security) (?:code|passcode)s?)\b/i;
/** A fee the reader must pay before receiving something: a prize, a parcel, a loan, an inheritance. */
const FEE =
  /\b(?:processing|release|redelivery|re-delivery|customs|clearance|insurance|transfer|activation|registration|documentation|legal|closing|escrow|administrative|admin|filing|certificate|tax(?:es)?) (?:fee|charge)s?\b/i;
const TO_RECEIVE =
  /\b(?:prize|winnings?|won|winner|sweepstakes|lottery|jackpot|award(?:ed)?|grant|inheritance|beneficiary|next of kin|unclaimed|parcel|package|shipment|redeliver(?:y|ed)?|loan|released?|buyer|sale proceeds|payout)\b/i;
/**
 * A fee added to card payments, disclosed rather than demanded ("a 3% card processing fee applies", "no processing
 * fee for ACH"): no advance fee unless the same sentence holds something back until it is paid.
 */
const SURCHARGE =
  /\b\d+(?:\.\d+)? ?%[ \w]{0,30}\b(?:fee|charge|surcharge)\b|\b(?:credit card|debit card|card|convenience|transaction) (?:processing )?(?:fee|charge|surcharge)s?\b|\b(?:processing|convenience|service|transaction) (?:fee|charge|surcharge)s? (?:of [\d.]+ ?% )?(?:applies|apply|will apply|may apply|is added|are added|will be added)\b|\bno (?:card |credit card |convenience |processing |service |transaction )+(?:fee|charge|surcharge)s?\b/i;
/** A safety recall, and its remedy offered at no cost: the refund it promises is no bait. */
const RECALL = /\b(?:recall(?:ed|ing|s)?|recall notice)\b/i;
const FREE_REMEDY =
  /\bfree (?:of charge|(?:recall )?(?:repairs?|remedy|replacements?|fix|inspection|refund|service))\b|\b(?:at )?no (?:cost|charge) to you\b|\b(?:at|for) no (?:cost|charge)\b/i;

/** The overpayment play: deposit our check, keep your share, send the rest on. */
const DEPOSIT =
  /\bdeposit (?:the|this|our|your|a|the enclosed) (?:enclosed )?(?:cashier'?s )?(?:check|cheque|money order)\b/i;
const SEND_BACK =
  /\b(?:send|wire|transfer|return|forward)\b[^.]{0,40}\b(?:remaining|remainder|balance|difference|rest|excess|overpayment)\b|\bkeep \$?[\d,.]+[^.]{0,60}\b(?:send|wire|transfer)\b/i;
/** A payment app named as the way to pay, not as a line of a statement ("Zelle payment to ..."). */
const APP_DEMAND =
  /\b(?:pay|paid|send|sent|transfer|payment (?:must|should|can) be made|payable|settle|remit)\b[^.]{0,60}\b(?:by|via|with|through|using|on) (?:zelle|venmo|cash ?app|paypal friends)\b|\b(?:zelle|venmo|cash ?app)\b[^.]{0,30}\bto (?:our|the|your) (?:agent|coordinator|officer|department|collections?|representative|settlement)/i;
/** Money sent to a person's own account: a free-mail address or a $cashtag. */
const PERSONAL_PAYEE =
  /\b[\w.+-]+@(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|live|aol|icloud|me|proton(?:mail)?|gmx|mail)\.[a-z.]{2,6}\b|(?<![\w$])\$[A-Za-z][A-Za-z0-9_-]{2,19}\b/i;
const SEND_MONEY = /\b(?:pay|payment|payable|donat(?:e|ion)|remit|wire|zelle|venmo|cash ?app|paypal)\b/i;

/** A short fuse: hours, today, or a handful of days. */
const SHORT_FUSE =
  /\b(?:within (?:24|48|72) hours|within (?:one|two|three|four|five|1|2|3|4|5) (?:business )?days?|today|immediately|right away|by (?:the )?end of (?:the )?day)\b/i;
/** What happens if the reader does not pay: taken from them or done to them. */
const CONSEQUENCE =
  /\b(?:disconnect(?:ed|ion)?|shut ?off|cut off|suspend(?:ed)?|suspension|tow(?:ed)?|boot(?:ed)?|garnish(?:ed|ment)?|lawsuit|sued|judgment|levy|seiz(?:e|ed|ure)|repossess(?:ed|ion)?|evict(?:ed|ion)?|warrant|arrest(?:ed)?|forfeit(?:ed)?|returned to (?:the )?sender|alternate winner|collection agency|hold on your)\b/i;
const DEMAND_VERB = /\b(?:pay|paid|payment|settle|call|send|remit|must)\b/i;
/** Threatens to show the reader's private images or secrets to others. */
const EXPOSURE =
  /\b(?:video|recording|photos?|pictures?|footage|images?)\b[^.]{0,80}\b(?:of you|you(?:r)? (?:were|was)|recorded you)\b|\brecorded you\b/i;
const SPREAD =
  /\b(?:sen[dt]|share[ds]?|release[ds]?|publish(?:ed)?|post(?:ed)?|leak(?:ed)?|goes out|go out)\b[^.]{0,80}\b(?:family|friends|contacts|neighbou?rs|employer|colleagues|co-?workers|everyone|social media)\b/i;
/** A letter that speaks for a government body (not a toll road: toll agencies often pay through .com sites). */
const GOVERNMENT =
  /\b(?:city of|county of|state of|town of|village of|(?:department|dept\.?) of (?:motor vehicles|revenue|taxation|transportation|the treasury|justice|labor|public works|finance)|municipal|police|sheriff|dmv|motor vehicles?|internal revenue|social security|medicare|treasury|superior court|district court|county court|parking enforcement|(?:county|city|state) (?:tax|treasurer|assessor|clerk|collector)|tax (?:office|collector|assessor))\b/i;
/** Hosts of U.S. government bodies: .gov, .mil, and state and local .us names. */
const GOVERNMENT_HOST = /\.(?:gov|mil|us)$/i;
/**
 * Whether only government bodies can register the host (.us names are open to anyone): its public suffix is .gov,
 * .mil, a country's gov. or mil. (www.gov.uk, ato.gov.au, and gov.uk itself, which letters print bare) or gc.ca.
 */
const governmentOnlyHost = (host: string): boolean =>
  isGovernmentSuffix(getPublicSuffix(host.toLowerCase(), { allowPrivateDomains: false }) ?? "");
/** The letter tells the reader to pay (a solicitation dressed as an invoice says "this is not a bill" and this). */
const PAY_DIRECTIVE =
  /\b(?:pay (?:online|now|here|today|at)|remit (?:payment|to)|make (?:your )?payment (?:online|at|to)|(?:fee|amount|total) due)\b/i;
const NOT_A_BILL =
  /\b(?:this is not a bill|not a bill|no payment is (?:due|needed|required|necessary)|nothing (?:to pay|is due)|no amount is due|(?:there is )?no (?:cost|charge) to you|at no (?:cost|charge) to you|free of charge)\b/i;
const STATEMENT = /\b(?:beginning|opening|previous|ending|closing|new) balance\b/i;
const VERIFY =
  /\b(?:to (?:make sure|confirm|verify|check) (?:that )?(?:this|the) (?:notice|letter|statement|bill|call|message) is (?:really |genuinely )?(?:from|genuine|legitimate|real)|look up your (?:balance|account)|(?:number|phone number) (?:on|printed on) the back of your (?:card|statement)|contact us (?:directly )?(?:through|using|at) the (?:number|address|website) (?:on|printed on) your)\b/i;
const OPT_OUT = /\b(?:to stop receiving|opt out|opt-out|unsubscribe|remove your name from our (?:mailing )?list)\b/i;

/** The reader's own rights stated: to dispute, to a copy of a report, to limit marketing. */
const RIGHTS =
  /\b(?:you (?:also )?have (?:a|the) rights? (?:to|under)|gives you the rights? to|your rights? (?:to|under)|you are entitled to)\b/i;
/** The law that grants them, by name ("the Fair Credit Reporting Act", "Companies Act 2006") or as federal or state law. */
const LAW = /\b(?:[A-Z][A-Za-z]+ ){1,6}Act\b|\b(?:[Ff]ederal|[Ss]tate) law\b|\bRegulation [A-Z]{1,2}\b/;

/** A sentence that says what will not happen or is not wanted ("nothing to pay today"). */
const NEGATED = /\b(?:no|not|nothing|never|don't|won't)\b/i;

const UNTRACEABLE = new Set(["gift_card", "crypto", "wire_transfer", "money_transfer_service", "prepaid_card"]);

function find(text: string, pattern: RegExp): string | undefined {
  return pattern.exec(text)?.[0];
}

/** "first ... second" when the text holds both, the evidence of a cue that needs the two together. */
function bothFound(text: string, first: RegExp, second: RegExp): string | undefined {
  const a = find(text, first);
  const b = a === undefined ? undefined : find(text, second);
  return b === undefined ? undefined : `${a} ... ${b}`;
}

function cue(id: DocumentCueId, points: number, label: string, evidence: string): DocumentCue {
  return { id, source: DOCUMENT_RULES_SOURCE, label, points, evidence };
}

/** Document cues of a text and its entities, strongest first. Pure and deterministic. */
export function detectDocumentCues(text: string, entities: DocumentEntities): DocumentCue[] {
  const flat = text.replace(/\s+/g, " ");
  const cues: DocumentCue[] = [];
  const demanded = entities.payment_methods.filter((p) => p.demanded);
  const untraceable = demanded.filter((p) => UNTRACEABLE.has(p.method));
  const court = find(flat, COURT);
  const arrest = find(flat, ARREST);
  const pay = find(flat, PAY);
  const hasPhone = entities.phones.length > 0;

  if (court && pay && (untraceable.length > 0 || (hasPhone && /\bcall\b/i.test(flat) && arrest))) {
    const how = untraceable[0]?.raw ?? entities.phones[0]?.raw ?? "";
    cues.push(
      cue(
        "court_payment_demand",
        45,
        "A court notice demanding payment by phone or by gift card, crypto or wire: courts never collect that way",
        `${court} ... ${how}`,
      ),
    );
  }
  const arrestThreat = arrest !== undefined && (PAY_ASKED.test(flat) || demanded.length > 0);
  if (arrestThreat) {
    cues.push(cue("arrest_threat", 30, "The letter threatens arrest unless a payment is made", arrest));
  }
  const toll = find(flat, TOLL);
  const tollDemand = find(flat, TOLL_DEMAND);
  if (toll && tollDemand && entities.urls.length > 0) {
    cues.push(
      cue(
        "toll_payment_link",
        30,
        "An unpaid-toll notice that sends the reader to a payment link",
        `${tollDemand} ... ${entities.urls[0]?.raw ?? ""}`,
      ),
    );
  }
  const invoice = find(flat, INVOICE);
  const sentences = flat.split(/(?<=[.!?])\s+/);
  const demanding = (line: string): boolean => !NEGATED.test(line);
  const asksPayment = demanded.length > 0 || sentences.some((x) => PAY_DIRECTIVE.test(x) && demanding(x));
  // A recall's free refund is its remedy: a number to call about it is no refund callback.
  const recallRemedy = RECALL.test(flat) && FREE_REMEDY.test(flat) && !asksPayment;
  const callback = find(recallRemedy ? flat.replace(/\brefunds?\b/gi, "") : flat, CALLBACK);
  if (invoice && callback && hasPhone) {
    cues.push(
      cue(
        "invoice_callback",
        35,
        "An invoice that asks the reader to call a number to cancel or get a refund: the usual refund-scam bait",
        `${callback} ... ${entities.phones[0]?.raw ?? ""}`,
      ),
    );
  }
  if (untraceable.length > 0) {
    cues.push(
      cue(
        "untraceable_payment",
        35,
        `Payment asked for by ${untraceable.map((p) => p.raw.toLowerCase()).join(", ")}: money that cannot be recovered`,
        untraceable[0]?.raw ?? "",
      ),
    );
  }
  const urgent = sentences.find((x) => URGENT.test(x) && PAY.test(x) && demanding(x));
  if (urgent) cues.push(cue("deadline_pressure", 10, "A short deadline to pay", find(urgent, URGENT) ?? ""));

  const fee = sentences.find(
    (x) =>
      FEE.test(x) &&
      demanding(x) &&
      /\b(?:pa(?:y|id)|must|required?)\b/i.test(x) &&
      !(SURCHARGE.test(x) && !TO_RECEIVE.test(x)),
  );
  const receive = find(flat, TO_RECEIVE);
  if (fee && receive) {
    cues.push(
      cue(
        "fee_to_release",
        30,
        "A fee to pay before a prize, parcel or payment is released: the advance-fee pattern",
        `${find(fee, FEE) ?? ""} ... ${receive}`,
      ),
    );
  }
  const depositAndSend = bothFound(flat, DEPOSIT, SEND_BACK);
  if (depositAndSend) {
    cues.push(
      cue(
        "deposit_and_send_back",
        45,
        "Asks the reader to deposit a check and send part of the money on: the check will bounce, the transfer will not",
        depositAndSend,
      ),
    );
  }
  const app = sentences.map((x) => find(x, APP_DEMAND)).find((x) => x !== undefined);
  if (app && untraceable.length === 0) {
    cues.push(
      cue(
        "payment_app_demand",
        25,
        "A letter that wants payment through a person-to-person payment app: billers, courts and agencies do not collect that way",
        app,
      ),
    );
  }
  const ultimatum = sentences.find(
    (x) => SHORT_FUSE.test(x) && CONSEQUENCE.test(x) && DEMAND_VERB.test(x) && demanding(x),
  );
  if (ultimatum && pay) {
    cues.push(
      cue(
        "payment_ultimatum",
        20,
        "Pay or call within hours or days, or lose service, property or freedom: a deadline meant to stop the reader checking",
        `${find(ultimatum, SHORT_FUSE) ?? ""} ... ${find(ultimatum, CONSEQUENCE) ?? ""}`,
      ),
    );
  }
  const government = find(flat.slice(0, 600), GOVERNMENT);
  const hosts = entities.urls.map((u) => u.host);
  if (government && pay && hosts.length > 0 && !hosts.some((h) => GOVERNMENT_HOST.test(h))) {
    // The payment sentence names the link, or points to a code or a button whose link the page does not print.
    const payLine = sentences.find(
      (x) => PAY.test(x) && (entities.urls.some((u) => x.includes(u.raw)) || /\b(?:scan|click|tap)\b/i.test(x)),
    );
    if (payLine !== undefined)
      cues.push(
        cue(
          "government_payment_offsite",
          25,
          "Speaks for a government body but sends the reader to pay on a site that is not a government one",
          `${government} ... ${hosts[0] ?? ""}`,
        ),
      );
  }
  const payee = sentences.find((x) => SEND_MONEY.test(x) && PERSONAL_PAYEE.test(x) && demanding(x));
  if (payee) {
    cues.push(
      cue(
        "personal_payee",
        20,
        "Money is to go to a personal account (a free e-mail address or a $cashtag), not to an organisation's own",
        find(payee, PERSONAL_PAYEE) ?? "",
      ),
    );
  }
  const exposure = bothFound(flat, EXPOSURE, SPREAD);
  if (exposure) {
    cues.push(
      cue(
        "exposure_threat",
        40,
        "Threatens to send private images or secrets to the reader's family or contacts: extortion",
        exposure,
      ),
    );
  }
  const secrecy = find(flat, SECRECY);
  if (secrecy) cues.push(cue("secrecy_demand", 20, "The reader is told to keep the matter secret", secrecy));
  // The marks of genuine mail count only when the letter asks nothing a scam would.
  const scammy = untraceable.length > 0 || arrestThreat || cues.some((c) => c.points >= 20);
  const warns = find(flat, WARNS);
  if (warns && !scammy) {
    cues.push(
      cue(
        "warns_against_payment_scams",
        -10,
        "The document warns that its sender never asks for payment or codes this way",
        warns,
      ),
    );
  }
  if (!scammy) {
    const notABill = find(flat, NOT_A_BILL);
    if (notABill && !sentences.some((x) => PAY_DIRECTIVE.test(x) && demanding(x)))
      cues.push(cue("not_a_bill", -15, "The document says it asks for no payment", notABill));
    const statement = find(flat, STATEMENT);
    if (statement && !callback)
      cues.push(cue("account_statement", -10, "An account statement: balances and activity, not a demand", statement));
    const verify = find(flat, VERIFY);
    if (verify)
      cues.push(
        cue(
          "verify_through_sender",
          -15,
          "Tells the reader how to check it through the sender's own account, card or website",
          verify,
        ),
      );
    // A body the agency words do not name (a registrar, a tribunal, another country's agency) still speaks for the
    // government when every link is a government site and it gives no number of its own to call instead.
    if ((government || !hasPhone) && hosts.length > 0 && hosts.every(governmentOnlyHost))
      cues.push(
        cue(
          "government_site",
          -20,
          "A government notice whose every link is on a government-only site (.gov, .mil, gov.uk), which only government bodies can register",
          hosts[0] ?? "",
        ),
      );
    // A notice the law makes a lender or an agency send says what the reader may do under that law: adverse-action
    // and credit-denial notices, error resolution, marketing choices.
    const rights = find(flat, RIGHTS);
    const law = rights === undefined ? undefined : find(flat, LAW);
    if (rights !== undefined && law !== undefined)
      cues.push(
        cue(
          "rights_notice",
          -10,
          "Tells the reader their rights under a law it names (to dispute, to a free copy of a report, to limit marketing): the wording regulated notices carry",
          `${rights} ... ${law}`,
        ),
      );
    const optOut = find(flat, OPT_OUT);
    if (optOut) cues.push(cue("marketing_opt_out", -5, "An offer that says how to stop receiving offers", optOut));
  }
  return cues.sort((a, b) => b.points - a.points);
}

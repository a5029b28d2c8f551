// A bank's, card issuer's or wallet's receipt of a transaction on the reader's own account ("Rs.450 debited from
// A/c XX1234 ... Avl Bal Rs.2,340. Not you? Call 1800..."), or its statement or instalment notice. It names the
// account by its last digits (the holder knows them; a mass sender does not) and states a balance, a limit, the
// transaction's reference or the amount due, and its "if not you, call us" line is the issuer's own fraud line.
// Read on the cue text (lower case, contacts replaced).

import type { CueId } from "./cue-table.js";
import { LURE_ASKS } from "./message-cue-groups.js";

/**
 * The account or card named by its last digits: "a/c xx1234", "ac x1234", "card ending 4455", "acct:012****789",
 * "a/c *6100", "acct ...1234"; masked in its middle, as Nigerian and Vietnamese banks print it ("acct 30xxxxxx89",
 * "01**89", "9704...1278"); written in full after "your account", as a Nigerian bank's alert names the holder's own
 * ("your acct 3041207489 has been debited"), or after "TK" (tai khoan) in a Vietnamese one ("SD TK 1033311702"); in
 * Thai, "X-2172" after the account or card, or "ลงท้าย 4067" (ending in); in French, German, Portuguese and Italian,
 * "se terminant par 1234", "endend auf 1234", "cartão final 1234", "che termina con 1234".
 */
const MASKED_ACCOUNT =
  /(?:(?:x{2,}|\*{2,}|#{2,})\d{3,6}(?![\d])|(?<![\d])\d{2,6}(?:x{2,}|\*{2,}|#{2,}|\.{3,}|…)\d{2,6}(?![\d])|(?:ending|ending in|ending with|ends in|ends with|last 4 digits|last four digits|se terminant par|terminant par|finissant par|endend (?:auf|mit)|endet (?:auf|mit)|cart[ãa]o (?:de cr[ée]dito |de d[ée]bito )?(?:com )?final|terminante (?:in|con)|che termina (?:con|in))[: ]+\d{4}(?!\d)|(?<![a-z])(?:a\/?c|acct|account|card)(?: no\.?| number)?[: .-]*(?:x+|\*+|\.{2,}|…)?\d{3,6}(?!\d)|your (?:a\/?c|acct|account)(?: no\.?| number)?[: .-]*\d{8,18}(?!\d)|(?<![a-z])(?:tk|tai khoan|tài khoản)(?: [a-z]+)?[: ]+\d{6,18}(?!\d)|(?<![a-z])x+-\d{3,6}(?!\d)|บช ?x?\d{3,8}x?(?!\d)|บัตร ?[a-z]{0,6}[ -]?x*-?\d{4}(?!\d)|ลงท้าย ?\d{4}(?!\d))/;
/** Currency codes and abbreviations alerts write before an amount ("Bal INR", "balance is TZS", "Avl Bal LKR"). */
const CURRENCY =
  "(?:rs|inr|ngn|ksh|kes|php|pkr|bdt|rwf|usd|vnd|npr|lkr|tzs|tsh|ugx|etb|birr|ghs|zar|aed|sar|qar|omr|kwd|bhd|egp|myr|thb|gbp|eur)";
/**
 * What only the account's own issuer states: the balance, limit or amount outstanding after a transaction ("Avl Bal",
 * "Avl Lmt", "updated balance", "solde disponible", "Kontostand", "saldo disponível"), the transaction's reference, a
 * statement's or instalment's amount and date due, that an instalment will be taken from the account ("keep sufficient
 * balance"), or that it did what the holder asked ("blocked as requested"), a ticket number, or the transaction's date
 * as a bank stamps it ("on 05mar22", "on 2022-09-27", "dated 15-jan-23", "on jul 13, 2024"), or stamped to the minute
 * without an "on" ("21-03-2026 05:49:40 pm", "22/05/2026 23:36"), and a payment rail's reference ("imps/500200000290",
 * "upi/dr/4249410090"). Written as Nigerian banks do ("Bal:=N2,081.57 CR", "Amt: NGN5,000.00 Dr"), as Vietnamese ones
 * do ("So du 5.372 VND", "SD 290,000VND") and as Thai ones do ("ยอดคงเหลือ 305.47", balance remaining; "วงเงินคงเหลือ
 * ใช้ได้", credit left). A balance in any of the currencies alerts of South Asia, Africa and the Gulf name by code.
 */
const RECEIPT_DETAIL = new RegExp(
  String.raw`(?:solde (?:disponible|restant|actuel|du compte)|kontostand|verfugbarer betrag|saldo (?:dispon[ií]vel|disponibile|contabile|atual|attuale)|(?:avl|avbl|avail|available|new|current|closing|ledger|clear|updated|remaining|a\/c|acct|account|total|credit|card|m-pesa|wallet)\.? ?(?:bal(?:ance)?|limit|lmt|outstanding)|(?<![a-z])bal(?:ance)?(?: is)? ?[:.=-]* ?(?:${CURRENCY}|\$|₹|₦|n(?=\d))|(?:amt|amount)[: ]+(?:ngn|n|₦|rs|inr|ksh|kes)? ?[\d,.]+ ?(?:dr|cr)(?:desc|\b)|(?<![a-z])(?:so du|số dư|sd)[: ]+[\d][\d.,]* ?(?:vnd|đ)|(?<![a-z])sd tk[^.!?]{0,40}?\d[\d.,]* ?(?:vnd|đ)|(?:คงเหลือ(?:ใช้ได้)?|ยอดเงินที่ใช้ได้) ?[\d]|bal ?[:=]+ ?(?:n|₦|ngn)? ?\d|(?:ref(?:erence)?|txn|transaction|trans|utr|rrn|approval|auth|ticket)\.?(?: no\.?| number| id| code| #)?[:.#]? ?(?:<phone>|[a-z]{0,4}\d{6,})|(?:total|min(?:imum)?|minimum)\.? (?:amt|amount) due|(?:emi|instal?ments?|amt|amount|bill|payment) (?:of [^.!?]{1,40})?(?:is )?due (?:on|by|date)|(?:payment )?due date|as requested|(?:as per|at|on) your request|(?:(?<![a-z])on|dated|date)[: ]+(?:\d{4}-\d{2}-\d{2}|\d{1,2}[-/](?:\d{1,2}|[a-z]{3})[-/]\d{2,4}|\d{1,2}[a-z]{3}\d{2,4}|[a-z]{3} \d{1,2},? \d{4})(?![\d])|(?<![\d])(?:\d{4}-\d{2}-\d{2}|\d{1,2}[-/.](?:\d{1,2}|[a-z]{3})[-/.]\d{2,4}),? \d{1,2}:\d{2}(?![\d])|(?<![a-z])(?:imps|neft|rtgs|upi|ach)(?:\/[a-z]{2,3})?\/\d{6,}|(?:maintain|keep) (?:a )?(?:sufficient|adequate|enough|minimum) (?:funds|balance))`,
);
/**
 * That something was done or falls due: money moved, a card was used, a statement or an instalment is due, a request
 * was carried out. Also a Nigerian alert's side of the ledger ("Credit Alert", "NGN5,000.00 Dr"), a Vietnamese one's
 * "GD" (giao dich, transaction) or signed amount ("-10,000VND"), and the Thai words for a withdrawal, a transfer, money
 * in or out, money received, a card used, a payment and a date due. A balance that has fallen below the holder's
 * threshold, and a card blocked, are reported too. A debit or credit written as the side of the ledger before its amount
 * ("Dr INR 29,000.00", "UPI debit:Rs.599.00", "Auth Pmt LKR 2,100.00").
 */
const COMPLETED = new RegExp(
  String.raw`(?:paiement|achat|retrait|virement|pr[ée]l[èe]vement|umsatz|zahlung|abbuchung|lastschrift|uberweisung|pagamento|compra|saque|acquisto|prelievo|bonifico|addebit|bloqu[ée]e|gesperrt|bloccat|bloquead|(?<![a-z])(?:gd|giao dich|giao dịch)(?![a-z])|[+-] ?\d[\d.,]* ?vnd|ถอนเงิน|โอนเงิน|เงินเข้า|เงินออก|ใช้บัตร|su dung tai|sử dụng tại|(?<![a-z])prch|ได้รับ|ชำระ|ครบกำหนด|(?:debit|credit) alert|(?<![a-z])(?:debit|credit|dr|cr|pmt)[: .-]{0,2}(?:${CURRENCY}|₹|\$)(?![a-z])|\d ?(?:dr|cr)(?:desc|\b)|(?:fallen|fell|gone|dropped) below|(?:is|has been|was) (?:blocked|hotlisted|hot-listed)|transfer|deposit|withdraw|wdl|debited|credited|withdrawn|withdrawal|spent|sent|paid|received|transferred|deposited|purchase|payment|transaction|txn|used (?:for|at)|charged|statement|emi|instal?ment|due|request)`,
);

/** Whether a message names an account or a card by its last digits, as only its holder's issuer can. */
export function namesOwnAccount(prepared: string): boolean {
  return MASKED_ACCOUNT.test(prepared);
}

/** Whether a message reads as a receipt, a statement or an instalment notice of the reader's own account. */
export function isTransactionReceipt(prepared: string): boolean {
  return MASKED_ACCOUNT.test(prepared) && RECEIPT_DETAIL.test(prepared) && COMPLETED.test(prepared);
}

/**
 * Cues that a receipt or a statement says as a matter of course: the account it names ("card ending 1234"), the
 * debit it reports, the card it blocks on request, the amount due and the late fee, and the issuer's line to call
 * if the holder did not make it. In one with no link, each is a rule of its own (`<cue>_in_receipt`, prior: a
 * quarter of the cue's) that the corpora weigh apart, and none completes a scam script. Asks no issuer makes (a
 * code, a password, card details, a transfer) keep their rules.
 */
export const RECEIPT_CUES: ReadonlySet<CueId> = new Set([
  "call_to_dispute",
  "call_request",
  "account_alert",
  "account_locked",
  "charge_notice",
  "pay_demand",
  "threat",
]);

/** Ends the id of a receipt cue read in a transaction receipt (see RECEIPT_CUES). */
export const IN_RECEIPT_SUFFIX = "_in_receipt";

/** Asks no issuer makes in a receipt (a code, a password, card details, a transfer): with one, it is read as it is. */
export const RECEIPT_NEVER_ASKS: readonly CueId[] = LURE_ASKS.filter((id) => !RECEIPT_CUES.has(id));

/** Lines that reach a person rather than an organisation's desk: a receipt's callback on one is no issuer's line. */
export const PERSONAL_LINES: ReadonlySet<string> = new Set(["mobile", "personal", "voip"]);

/**
 * A number the message asks you to text a keyword to ("SMS BLOCK 4455 to 9223008333", "SMS BLOCK CC 1234 to ..."): a
 * service's line, whatever its numbering plan calls it, for people do not take keyword commands.
 */
const KEYWORD_LINE =
  /(?<![A-Za-z])(?:sms|text|send|type)\s+["']?[A-Z]{2,12}["']?(?:\s+[\w*#-]{1,20}){0,2}\s+to\s+\+?(\d[\d -]{3,16}\d)/gi;
/** "Forward this SMS to 9223008333", "fwd this SMS to ...": the issuer's line that takes its own alert back as a report. */
const FORWARD_LINE =
  /(?<![A-Za-z])(?:forward|fwd)\s+(?:this|the)\s+(?:sms|message|alert)\s+to\s+\+?(\d[\d -]{3,16}\d)/gi;

/** The digits of the numbers the message asks you to text a keyword to. */
export function keywordLines(cleaned: string): string[] {
  const out: string[] = [];
  for (const m of cleaned.matchAll(KEYWORD_LINE)) {
    // The keyword is written in capitals; the flag that lets "SMS" be "sms" must not let "money" be a keyword.
    const keyword = /\s["']?([A-Za-z]{2,12})/.exec(m[0])?.[1] ?? "";
    if (keyword === keyword.toUpperCase()) out.push((m[1] ?? "").replace(/\D/g, ""));
  }
  return out;
}

/** The issuer's service lines in a receipt: numbers to text a keyword to, and a number to forward the alert to. */
export function receiptServiceLines(cleaned: string): string[] {
  const out = keywordLines(cleaned);
  for (const m of cleaned.matchAll(FORWARD_LINE)) out.push((m[1] ?? "").replace(/\D/g, ""));
  return out;
}

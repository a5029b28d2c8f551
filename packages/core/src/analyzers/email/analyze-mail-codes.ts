// An email's files: when its pictures and PDFs are searched for QR codes and when its PDFs are read as part of its
// message, and what its codes say. QR codes in an email (a picture in its body, an attached image or PDF) are the
// "quishing" mail that sends its reader to a sign-in page by a code instead of a link, because a code is read on a
// phone, out of reach of the link checks of the mail filter and of the company's managed computer; an attached PDF
// that holds the whole message is how callback-phishing "invoices" arrive.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { ParsedMail } from "../../ports/mail-reader.js";
import { parseQrPayload, urlsOf } from "../qr/parse-qr-payload.js";
import { hostOf, registrable } from "./analyze-html-links.js";

export const MAIL_CODES_SOURCE = "email_qr_codes";

/** A code whose link leaves the sender's own domain: the mark of QR phishing by mail. */
const OFFSITE_POINTS = 25;
/**
 * The same code in a mail that asks its reader to sign in, verify an account or renew a password or second factor:
 * the whole of the QR phishing script. Genuine mail that asks for a sign-in links to the sender's own site, and an
 * authenticator is enrolled by a code on the sign-in page itself, never by one sent in a mail.
 */
const SIGN_IN_POINTS = 55;
const ASKS_TO_SIGN_IN =
  /\b(?:sign(?:ing)?[ -]?in|log(?:ging)?[ -]?in|login|credentials?|passwords?|pass ?codes?|mfa|2fa|multi[ -]?factor|two[ -]?factor|authenticat(?:or|ion)|sso|re-?(?:register|validate|verify|authenticate|activate)|verify (?:your )?(?:account|identity|details|email|mailbox))\b/i;

/** Words that ask the reader to scan something, in the subject or the text. */
const ASKS_TO_SCAN = /\b(?:scan(?:ning|ned)?|qr|camera)\b/i;
/** Fewer letters than this: the mail says what it says in a picture. */
const FEW_LETTERS = 80;

/** Whether `text` has fewer than `n` letters, counted only as far as the n-th (a long mail is not counted through). */
function fewerLetters(text: string, n: number): boolean {
  const letter = /\p{L}/gu;
  for (let seen = 0; seen < n; seen++) if (letter.exec(text) === null) return true;
  return false;
}

/**
 * Whether an email's pictures and PDFs are worth searching for codes: it asks to scan one, or its words are in a
 * picture (a text part of almost no letters). Other mail (newsletters full of pictures, invoices) is not searched.
 */
export function mayCarryCodes(mail: Pick<ParsedMail, "subject" | "text" | "scannable">): boolean {
  if ((mail.scannable ?? []).length === 0) return false;
  const words = `${mail.subject ?? ""}\n${mail.text}`;
  return ASKS_TO_SCAN.test(words) || fewerLetters(mail.text, FEW_LETTERS);
}

/** Words that point the reader to an attached letter: an invoice, a receipt, an order, a statement, a notice. */
const POINTS_TO_ATTACHMENT =
  /\b(?:attach(?:ed|ment)|enclosed|invoice|receipt|order (?:confirmation|details|summary)|statement|renewal|subscription|notice|pdf)\b/i;
/** Fewer letters than this in the text: the message is in its attachment. */
const SHORT_BODY_LETTERS = 250;

/**
 * Whether an email's PDFs are read as part of its message: it has one, and its text is short (the message is in the
 * attachment, as callback-phishing "invoices" send it) or points to an attached invoice, receipt, order, statement
 * or notice. Other mail with a PDF is answered without opening it.
 */
export function mayCarryLetter(mail: Pick<ParsedMail, "subject" | "text" | "scannable">): boolean {
  if (!(mail.scannable ?? []).some((f) => f.kind === "pdf")) return false;
  const short = fewerLetters(mail.text, SHORT_BODY_LETTERS);
  return short || POINTS_TO_ATTACHMENT.test(`${mail.subject ?? ""}\n${mail.text}`);
}

/** The links the codes of an email open (URL payloads, and links inside other payloads), each once. */
export function codeLinks(payloads: readonly string[]): string[] {
  return [...new Set(payloads.flatMap((p) => urlsOf(parseQrPayload(p))))];
}

/**
 * The codes' links weighed against the sender and what the mail asks (`text`: its subject and body, as the message
 * analyzer reads them; source email_qr_codes). Never throws.
 */
export function analyzeMailCodes(mail: Pick<ParsedMail, "from">, payloads: readonly string[], text: string): Evidence {
  const factors: Factor[] = [];
  const domain = mail.from?.domain?.toLowerCase() ?? "";
  // The sender's site: its registrable domain, or the whole domain where no public suffix is known.
  const sender = domain === "" ? null : (registrable(domain) ?? domain);
  const offsite = codeLinks(payloads)
    .map((link) => hostOf(link))
    .filter((host): host is string => host !== null)
    .filter((host) => sender === null || (host !== sender && !host.endsWith(`.${sender}`)));
  const host = offsite[0];
  if (host !== undefined) {
    const where = sender === null ? host : `${host}, not a ${sender} address`;
    const signIn = ASKS_TO_SIGN_IN.test(text);
    factors.push({
      id: "qr_code_link",
      source: MAIL_CODES_SOURCE,
      label: signIn
        ? `A QR code in the email opens ${where}, and the email asks you to sign in or verify an account through it: sign-in pages are reached by a code to get them onto a phone, past the mail filter`
        : `A QR code in the email opens ${where}: a code is read on a phone, past the mail filter's link checks`,
      points: signIn ? SIGN_IN_POINTS : OFFSITE_POINTS,
    });
  }
  return { source: MAIL_CODES_SOURCE, status: "ok", signals: { codes: payloads.length }, factors };
}

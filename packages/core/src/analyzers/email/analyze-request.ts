// What an email asks its recipient to do, judged together with who sent it and what it carries: requests that are
// ordinary between colleagues of one company and are the whole of a business email compromise when they come from a
// free mailbox, and the "enable editing" that a macro attachment needs to run. Pure.

import { parse as parseDomain } from "tldts";
import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { ParsedMail } from "../../ports/mail-reader.js";
import { FREE_MAIL_DOMAINS } from "./free-mail.js";
import type { MailContext } from "./mail-context.js";

export const REQUEST_SOURCE = "email_request";

/** How far into the body a request counts: a business email compromise asks in its first lines. */
const OPENING = 600;

// Moving money the way business email compromise does: wires, gift cards, a payment handled for the sender today,
// new bank details. Settling a known invoice ("process the payment for invoice 881") is ordinary and not listed.
const MONEY_ASK =
  /\b(?:wire (?:transfer|payment)|(?:make|handle|process|send|arrange|complete) (?:a |an )?(?:quick |urgent |wire |bank )?(?:payment|transfer|wire) (?:for me|today|right away|asap|now)|(?:quick|urgent|confidential) (?:payment|wire|transfer)|(?:buy|purchase|get|pick up) (?:some |a few )?(?:gift ?cards?|itunes cards?|google play cards?)|gift ?cards? for|(?:changed|change|update|updating|new) (?:of )?(?:my |our |the )?(?:bank(?:ing)?|payroll|direct deposit|remittance|account) (?:details|information|info|account)|(?:my|the) direct deposit)\b/i;
// The opening moves of the same script, before any money is named.
const APPROACH =
  /\b(?:are you (?:available|at your desk|in the office|around)|(?:do|can) (?:you|me) (?:a )?(?:quick )?favou?r|i need (?:you|your help) to (?:handle|do|take care of|complete)|(?:send|text) me your (?:cell|mobile|phone|whatsapp|personal)(?: phone)?(?: number)?|i(?:'m| am) (?:in|going into|stuck in) (?:a )?(?:meeting|conference)|can'?t (?:talk|take calls) (?:now|right now))\b/i;
const ENABLE_CONTENT = /\benable (?:editing|content|macros?)\b/i;

function registrableOf(domain: string | null): string | null {
  if (domain === null || domain === "") return null;
  return parseDomain(domain).domain ?? domain;
}

/** Requests in the subject and opening of an email, weighed by the sender (source email_request). Never throws. */
export function analyzeRequest(mail: ParsedMail, context: MailContext, text: string): Evidence {
  const factors: Factor[] = [];
  const opening = `${mail.subject ?? ""}\n${text.slice(0, OPENING)}`;
  const replyFree = mail.replyTo.some((r) => {
    const reg = registrableOf(r.domain);
    return reg !== null && FREE_MAIL_DOMAINS.has(reg) && reg !== registrableOf(mail.from?.domain ?? null);
  });
  // A work address is one at a domain that is no free mailbox provider.
  const toWork = context.recipientDomains.some((d) => !FREE_MAIL_DOMAINS.has(d));
  if ((context.freeMailSender || replyFree) && toWork && context.bulk.length === 0 && mail.kind !== "pasted_text") {
    const money = MONEY_ASK.exec(opening);
    const approach = money === null ? APPROACH.exec(opening) : null;
    if (money !== null || approach !== null) {
      const where = replyFree ? "asks for replies at a free mailbox" : "writes from a free mailbox";
      factors.push({
        id: money !== null ? "free_mail_payment_request" : "free_mail_urgent_approach",
        source: REQUEST_SOURCE,
        label:
          money !== null
            ? `Someone who ${where} asks a work address to move money ("${money[0]}"): the business email compromise script`
            : `Someone who ${where} asks a work address for a quick, private favour ("${approach?.[0] ?? ""}"), as business email compromise opens`,
        points: money !== null ? 65 : 40,
      });
    }
  }
  const macros = mail.attachments.some(
    (a) => a.hasMacros === true || /\.(?:docm|xlsm|pptm|dotm|xltm|xlam)$/i.test(a.filename ?? ""),
  );
  const enable = ENABLE_CONTENT.exec(text.slice(0, 4 * OPENING));
  if (macros && enable !== null) {
    factors.push({
      id: "enable_macros_lure",
      source: REQUEST_SOURCE,
      label: `Tells you to "${enable[0]}" on an attachment with macros, which lets them run`,
      points: 75,
    });
  }
  return { source: REQUEST_SOURCE, status: "ok", signals: {}, factors };
}

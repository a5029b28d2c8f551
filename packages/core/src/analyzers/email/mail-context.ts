// How a message was sent, read from its headers, for weighing what its body says: bulk and list mail (a newsletter,
// a mailing list, a mailing service's campaign), who the sender says it is, and whom it was sent to. Pure.

import { parse as parseDomain } from "tldts";
import type { MailAddress, ParsedMail } from "../../ports/mail-reader.js";
import type { OrganisationDirectory } from "../organisations/organisation.js";
import type { ClaimedIssuer } from "../message/claimed-issuer.js";
import { SERVICE_WORDS } from "./sender-brand.js";
import { FREE_MAIL_DOMAINS } from "./free-mail.js";

// Headers that list managers and mailing services write and a sender writing to one person does not.
const LIST_HEADERS = new Set([
  "list-id",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "list-post",
  "list-help",
  "list-subscribe",
  "mailing-list",
  "x-mailing-list",
  "feedback-id",
  "x-csa-complaints",
]);
// Mailing services' own headers (Mailchimp, SendGrid, Amazon SES, Mailgun, Salesforce Marketing Cloud, Marketo,
// HubSpot, Constant Contact, Campaign Monitor) and the generic campaign headers of mass mailers.
const SERVICE_HEADER =
  /^(?:x-(?:mc|mailchimp|mandrill|sg|sendgrid|ses|mailgun|sfmc|mkt|marketo|hs|hubspot|roving|cm|campaign|campaignid|campaign-id|job|listmember|list-member|mailer-sid|rpcampaign|ems|emv|sib|mj|mailjet)(?:-[a-z0-9-]*)?)$/i;
// Address parts of a bulk sender: a newsletter's or a list's own mailbox, or host, or a mailing service's bounce host.
const BULK_MAILBOX = /^(?:news|newsletters?|lists?|listserv|lyris|majordomo|mailman|digest|rss|rssfeeds?|feeds?)$/i;
const BULK_HOST = /^(?:news|newsletters?|lists?|listserv|lyris|bounces?|mailer|mailings?|campaigns?)$/i;

export interface MailContext {
  /** Why the message reads as bulk or list mail (header names, "a bulk sender address"); empty when it does not. */
  readonly bulk: readonly string[];
  /** The sender's display name, trimmed; "" when none. */
  readonly senderName: string;
  /** No display name, or one made only of service words ("Customer Support", "Billing Team"). */
  readonly genericSender: boolean;
  /** The From address is at a free mailbox provider. */
  readonly freeMailSender: boolean;
  /** Registrable domains of the recipients (To, Cc, Delivered-To), lower case. */
  readonly recipientDomains: readonly string[];
  /** The recipients' mailboxes (To, Cc, then Delivered-To and X-Original-To addresses). */
  readonly recipients: readonly MailAddress[];
}

function registrable(domain: string | null): string | null {
  if (domain === null || domain === "") return null;
  return parseDomain(domain).domain ?? domain;
}

function localPart(address: string): string {
  const at = address.lastIndexOf("@");
  return at === -1 ? address : address.slice(0, at);
}

/** Subdomain labels of an address's host (those left of its registrable domain). */
function subdomainLabels(address: string): string[] {
  const at = address.lastIndexOf("@");
  if (at === -1) return [];
  const host = address.slice(at + 1).toLowerCase();
  const reg = registrable(host) ?? host;
  return host.endsWith(`.${reg}`) ? host.slice(0, host.length - reg.length - 1).split(".") : [];
}

/** Words of an address's local part. */
function localWords(address: string): string[] {
  return localPart(address)
    .toLowerCase()
    .split(/[._+-]/);
}

/**
 * A per-message bounce address, as mailing services give every recipient (VERP): a long machine token mixing letters
 * and digits in the local part ("news-F485FCCE40B794D5@", "b.9w0blztbvHPdZdRR.1@"; a name with a year is no token),
 * or the recipient's address encoded after "=".
 */
function isPerRecipientBounce(address: string): boolean {
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  if (FREE_MAIL_DOMAINS.has(registrable(domain) ?? domain)) return false;
  const local = localPart(address);
  if (/=[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(local)) return true;
  return local.split(/[^A-Za-z0-9]+/).some((t) => t.length >= 12 && (t.match(/\d(?=\D)|\D(?=\d)/g)?.length ?? 0) >= 3);
}

function headerValues(mail: ParsedMail, name: string): string[] {
  return mail.headers.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
}

/** Why the message reads as bulk or list mail; empty when nothing says so. */
export function bulkMailSignals(mail: ParsedMail): string[] {
  const out = new Set<string>();
  if (mail.listId !== null) out.add("List-Id");
  if (mail.listUnsubscribe !== null) out.add("List-Unsubscribe");
  for (const h of mail.headers) {
    const name = h.name.toLowerCase();
    if (LIST_HEADERS.has(name)) out.add(h.name);
    else if (name === "precedence" && /^\s*(?:list|bulk|junk)\b/i.test(h.value))
      out.add(`Precedence: ${h.value.trim()}`);
    else if (SERVICE_HEADER.test(name)) out.add(h.name);
    if (out.size >= 8) break;
  }
  const senders = [mail.returnPath ?? "", mail.sender?.address ?? "", mail.from?.address ?? ""].filter((a) =>
    a.includes("@"),
  );
  if (
    senders.some(
      (a) => localWords(a).some((w) => BULK_MAILBOX.test(w)) || subdomainLabels(a).some((w) => BULK_HOST.test(w)),
    )
  )
    out.add("a newsletter or list address");
  if (mail.returnPath !== null && isPerRecipientBounce(mail.returnPath)) out.add("a per-recipient bounce address");
  return [...out];
}

/** A display name of service words only ("Customer Support", "Security Team"), or none at all. */
export function isGenericSenderName(name: string): boolean {
  const words = name
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "" && !STOP_WORDS.has(w));
  return words.every((w) => SERVICE_WORDS.has(w) || GENERIC_WORDS.has(w));
}
const STOP_WORDS = new Set(["the", "your", "our", "of", "and", "&", "for", "to", "from", "a", "an", "at", "by"]);
const GENERIC_WORDS = new Set([
  "mailer",
  "sender",
  "system",
  "notice",
  "notices",
  "messages",
  "message",
  "it",
  "hr",
  "department",
  "dept",
  "division",
  "group",
  "center",
  "services",
  "administration",
  "manager",
  "management",
  "officer",
  "dispatch",
  "processing",
  "verify",
  "confirmation",
  "reminder",
  "reminders",
  "do",
  "not",
  "unit",
]);

function mailboxesOf(values: readonly string[]): MailAddress[] {
  const out: MailAddress[] = [];
  for (const v of values) {
    for (const m of v.matchAll(/[a-z0-9._%+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)) {
      out.push({ name: "", address: m[0], domain: (m[1] ?? "").toLowerCase() });
      if (out.length >= 20) return out;
    }
  }
  return out;
}

/** What the headers say about how the message was sent and to whom. */
export function mailContext(mail: ParsedMail): MailContext {
  const senderName = (mail.from?.name ?? "").trim().slice(0, 256);
  const fromDomain = registrable(mail.from?.domain ?? null);
  const recipients = [
    ...mail.to,
    ...mail.cc,
    ...mailboxesOf([...headerValues(mail, "delivered-to"), ...headerValues(mail, "x-original-to")]),
  ];
  const domains = new Set<string>();
  for (const r of recipients) {
    const reg = registrable(r.domain);
    if (reg !== null) domains.add(reg);
  }
  return {
    bulk: bulkMailSignals(mail),
    senderName,
    genericSender: isGenericSenderName(senderName),
    freeMailSender: fromDomain !== null && FREE_MAIL_DOMAINS.has(fromDomain),
    recipientDomains: [...domains],
    recipients,
  };
}

function names(organisationId: string, text: string, directory: OrganisationDirectory): boolean {
  return text.trim() !== "" && directory.find(text).some((o) => o.id === organisationId);
}

/**
 * Whether the sender speaks for the organisation its message names: its display name or address names it, or it
 * gives no identity of its own (no name or a generic one, a free mailbox). A sender that names itself otherwise (a
 * person, a publisher, a mailing list) and names an organisation in its subject or body is writing about it.
 */
export function senderSpeaksFor(
  mail: ParsedMail,
  context: MailContext,
  issuer: Pick<ClaimedIssuer, "organisation_id" | "official_channels">,
  directory: OrganisationDirectory,
): boolean {
  if (mail.kind === "pasted_text" || mail.from === null) return true;
  if (context.genericSender || context.freeMailSender) return true;
  if (names(issuer.organisation_id, context.senderName, directory)) return true;
  const domain = registrable(mail.from.domain);
  return (
    names(
      issuer.organisation_id,
      [...subdomainLabels(mail.from.address), ...localWords(mail.from.address)].join(" "),
      directory,
    ) ||
    (domain !== null && issuer.official_channels.includes(domain))
  );
}

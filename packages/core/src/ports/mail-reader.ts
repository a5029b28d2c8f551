import { err, ok, type Result } from "neverthrow";
import type { AppError } from "../errors.js";

/** One header field as it appeared, unfolded, in document order. */
export interface MailHeader {
  /** The name as written (case preserved). */
  readonly name: string;
  /** The unfolded value, encoded words left as they were. */
  readonly value: string;
}

/** A mailbox of an address header. */
export interface MailAddress {
  /** Decoded display name; "" when the header carried none. */
  readonly name: string;
  /** The address as written (local@domain), "" when the header held no usable address. */
  readonly address: string;
  /** Lower-case domain of the address, null when there is none. */
  readonly domain: string | null;
}

/** One parsed `Received` header: the hop from `fromHost`/`fromIp` to `byHost`. */
export interface ReceivedHop {
  /** Name the sending side gave (HELO or reverse DNS), lower case; null when absent. */
  readonly fromHost: string | null;
  /** The sending side's IP address as the receiving server recorded it; null when absent. */
  readonly fromIp: string | null;
  /** true when `fromIp` is a publicly routable address (not private, loopback or link-local). */
  readonly external: boolean;
  /** The receiving server's name, lower case; null when absent. */
  readonly byHost: string | null;
  /** The `with` protocol (ESMTPS, SMTP, HTTP ...); null when absent. */
  readonly protocol: string | null;
  /** The hop's timestamp as ISO 8601 UTC; null when missing or unreadable. */
  readonly timestamp: string | null;
}

/** A link of the HTML part: where it goes and what the reader sees. */
export interface HtmlLink {
  readonly href: string;
  /** Visible text of the anchor, tags removed, entities decoded, whitespace collapsed. */
  readonly text: string;
}

/** What can be told about an attachment without opening or running it. */
export interface MailAttachment {
  /** Decoded file name; null when the part named none. */
  readonly filename: string | null;
  /** The MIME type the part declared, lower case. */
  readonly declaredType: string;
  /** Decoded size in bytes. */
  readonly size: number;
  /** The first bytes of the decoded content (at most 512), for a magic-byte check. */
  readonly head: Uint8Array;
  /** true when the container marks its content as encrypted (ZIP entry flag, PDF /Encrypt); null when not visible. */
  readonly encrypted: boolean | null;
  /** true when an Office container holds a VBA project; null when not an Office container. */
  readonly hasMacros: boolean | null;
  /** Names of the entries of a ZIP archive (at most 100), [] when not an archive. */
  readonly archiveEntries: readonly string[];
}

/** Most pictures and PDFs of one message kept for a QR code search, and the largest of them. */
export const MAX_SCANNABLE = 4;
export const MAX_SCANNABLE_BYTES = 5 * 1024 * 1024;

/** A picture or a PDF of a message, kept to be searched for QR codes. */
export interface ScannableFile {
  readonly kind: "image" | "pdf";
  readonly bytes: Uint8Array;
}

/**
 * How the input was understood: a whole RFC 822 message, a MIME body decoded with the given raw headers, or
 * pasted text without any header.
 */
export type MailInputKind = "rfc822" | "mime_body" | "pasted_text";

/** A message read once, for every analyzer and for authentication. */
export interface ParsedMail {
  readonly kind: MailInputKind;
  readonly headers: readonly MailHeader[];
  /** The first `From` mailbox; null when absent or unreadable. */
  readonly from: MailAddress | null;
  /** How many `From` header fields the message carries (RFC 5322 allows one). */
  readonly fromCount: number;
  readonly replyTo: readonly MailAddress[];
  /** The `To` mailboxes (group members included), at most 100. */
  readonly to: readonly MailAddress[];
  /** The `Cc` mailboxes, at most 100. */
  readonly cc: readonly MailAddress[];
  /** The `Return-Path` address (envelope sender), without angle brackets; null when absent or "<>". */
  readonly returnPath: string | null;
  readonly sender: MailAddress | null;
  readonly subject: string | null;
  /** The `Date` header as ISO 8601 UTC when it parses, else the raw value; null when absent. */
  readonly date: string | null;
  /** The `Message-ID` without angle brackets; null when absent. */
  readonly messageId: string | null;
  readonly listId: string | null;
  readonly listUnsubscribe: string | null;
  /** Parsed `Received` headers, newest (top) first. */
  readonly received: readonly ReceivedHop[];
  /** Values of the `Authentication-Results` headers, top first. */
  readonly authenticationResults: readonly string[];
  /** The text part, or text derived from the HTML part when there is no text part; "" when neither exists. */
  readonly text: string;
  /** Links of the HTML part (at most 500). */
  readonly links: readonly HtmlLink[];
  readonly attachments: readonly MailAttachment[];
  /**
   * Pictures and PDFs that may carry a QR code, in the message's order: inline and attached images, images written
   * into the HTML as data: URLs, and attached PDFs (each at most MAX_SCANNABLE_BYTES, at most MAX_SCANNABLE of
   * them). Read for codes by the channel and never kept. Absent when the reader does not keep them.
   */
  readonly scannable?: readonly ScannableFile[];
  /** The whole message as read, for authentication within the same call; never stored or logged. */
  readonly raw: string;
}

/** Reads what a client sent to the email channel into a `ParsedMail`. */
export interface MailReader {
  /**
   * Parses `emailBody`: pasted text, a raw MIME body decoded with the `Content-Type` and
   * `Content-Transfer-Encoding` found in `rawHeaders`, or, when `rawHeaders` is absent, a whole RFC 822 message
   * (detected). Bounded in size, parts, nesting and header length: oversized input fails with
   * `payload_too_large`, malformed structure beyond the bounds with `validation_error`. Never throws, never
   * keeps or logs the message. Idempotent.
   */
  read(emailBody: string, rawHeaders?: string): Promise<Result<ParsedMail, AppError>>;
}

/** A successful read, for adapters that do not depend on neverthrow themselves. */
export function mailRead(mail: ParsedMail): Result<ParsedMail, AppError> {
  return ok(mail);
}

/** A refused read (`payload_too_large`, `validation_error`), for adapters that do not depend on neverthrow. */
export function mailRefused(error: AppError): Result<ParsedMail, AppError> {
  return err(error);
}

// MailReader over postal-mime: turns what a client pasted (text, a MIME body with its raw headers, or a whole RFC 822
// message) into core's ParsedMail. The bounds postal-mime cannot keep by itself (total size, part count, nesting
// written as thousands of boundaries) are checked on the raw text first, in one linear pass.
import type { Address, Email } from "postal-mime";
import {
  appError,
  mailRead,
  mailRefused,
  MAX_SCANNABLE,
  MAX_SCANNABLE_BYTES,
  sniffUpload,
  validationError,
  type AppError,
  type MailAddress,
  type MailInputKind,
  type MailReader,
  type ParsedMail,
  type ScannableFile,
} from "@scamverify/core";
import { loadOnce } from "../lazy-module.js";
import { htmlContent } from "./html-text.js";
import { inspectAttachment } from "./inspect-attachment.js";
import { parseReceived } from "./received.js";

const loadPostalMime = loadOnce(() => import("postal-mime"));

/** Largest accepted `email_body` + `raw_headers`, in UTF-8 bytes (2 MiB). */
export const MAX_EMAIL_BYTES = 2 * 1024 * 1024;
/** Most MIME parts (boundary delimiter lines) a message may have. */
export const MAX_MIME_PARTS = 200;
/** Deepest multipart nesting accepted (postal-mime's own guard, set well under its default of 256). */
export const MAX_MIME_DEPTH = 32;
/** Most header bytes across all parts (postal-mime's guard). */
export const MAX_HEADER_BYTES = 256 * 1024;
/** Longest single physical header line; RFC 5322 allows 998 characters. Longer lines are cut to this length. */
export const MAX_HEADER_LINE = 16 * 1024;
/**
 * Most lines a message may have. postal-mime spends tens of microseconds on every line, so two megabytes of short
 * lines would hold a request for half a minute; a 2 MiB message of base64 attachments has some 28,000 lines.
 */
export const MAX_LINES = 40_000;
/** Most HTML links kept. */
export const MAX_LINKS = 500;
/** Most To (and Cc) mailboxes kept. */
export const MAX_RECIPIENTS = 100;
/** Most attachments inspected. */
export const MAX_ATTACHMENTS = 50;

export interface MailReaderLimits {
  readonly maxBytes: number;
  readonly maxParts: number;
  readonly maxDepth: number;
  readonly maxHeaderBytes: number;
  readonly maxHeaderLine: number;
  readonly maxLines: number;
}

export const DEFAULT_MAIL_READER_LIMITS: MailReaderLimits = {
  maxBytes: MAX_EMAIL_BYTES,
  maxParts: MAX_MIME_PARTS,
  maxDepth: MAX_MIME_DEPTH,
  maxHeaderBytes: MAX_HEADER_BYTES,
  maxHeaderLine: MAX_HEADER_LINE,
  maxLines: MAX_LINES,
};

const HEADER_LINE = /^[!-9;-~]{1,76}:[ \t]?/;
const KNOWN_HEADERS =
  /^(?:from|to|subject|date|received|return-path|message-id|mime-version|delivered-to|reply-to|content-type|x-[a-z0-9-]+|dkim-signature|authentication-results|arc-[a-z-]+|sender|cc|list-id|list-unsubscribe|x-original-to|thread-topic|importance)$/i;

/** true when `text` opens with a block of header fields that includes at least one that only real mail has. */
export function looksLikeRfc822(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  const end = head.search(/\r?\n\r?\n/);
  const block = (end === -1 ? head : head.slice(0, end)).split(/\r?\n/);
  // A header block longer than the window is cut inside its last line, which is then no field to judge.
  if (end === -1 && text.length > head.length && block.length > 1) block.pop();
  let fields = 0;
  let strong = false;
  for (const line of block) {
    if (/^[ \t]/.test(line)) continue;
    const m = HEADER_LINE.exec(line);
    if (m === null) return false;
    fields++;
    const name = line.slice(0, line.indexOf(":"));
    if (
      /^(?:received|return-path|message-id|mime-version|dkim-signature|delivered-to|authentication-results|content-type)$/i.test(
        name,
      )
    )
      strong = true;
    else if (!KNOWN_HEADERS.test(name) && fields === 1) return false;
  }
  return fields >= 2 && (strong || block.some((l) => /^from:/i.test(l)));
}

/** Lines of `text`, counted up to just past `cap`. */
function countLines(text: string, cap: number): number {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1 && lines <= cap; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

function utf8Length(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/** Boundary parameters declared anywhere in the message (each nested multipart declares one). */
function declaredBoundaries(text: string, cap: number): Set<string> | null {
  const out = new Set<string>();
  const re = /boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"\r\n]{1,200}))/gi;
  for (const m of text.matchAll(re)) {
    out.add(m[1] ?? m[2] ?? "");
    if (out.size > cap) return null;
  }
  return out;
}

/** Counts delimiter lines of the declared boundaries; stops counting past `cap`. */
function countParts(text: string, boundaries: Set<string>, cap: number): number {
  if (boundaries.size === 0) return 0;
  let count = 0;
  let at = text.startsWith("--") ? 0 : text.indexOf("\n--");
  while (at !== -1) {
    const start = text[at] === "\n" ? at + 3 : 2;
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    let token = text.slice(start, Math.min(end, start + 210)).trimEnd();
    if (token.endsWith("--")) token = token.slice(0, -2);
    if (boundaries.has(token) && ++count > cap) return count;
    at = text.indexOf("\n--", end);
  }
  return count;
}

/** Cuts physical lines of the top header block longer than `max`; the body is left alone. */
function capHeaderLines(text: string, max: number): string {
  const blank = text.search(/\r?\n\r?\n/);
  const end = blank === -1 ? text.length : blank;
  if (end <= max) return text;
  const lines = text.slice(0, end).split("\n");
  if (!lines.some((l) => l.length > max)) return text;
  return lines.map((l) => (l.length > max ? l.slice(0, max) : l)).join("\n") + text.slice(end);
}

function looksLikeBase64(body: string): boolean {
  const sample = body.slice(0, 4096).replace(/\s+/g, "");
  return sample.length > 0 && /^[A-Za-z0-9+/=_-]*$/.test(sample);
}

function headerValue(headers: string, name: string): string | null {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const m = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(unfolded);
  return m?.[1]?.trim() ?? null;
}

/**
 * The message to parse from a body and the client's raw headers. A pasted (already decoded) body under headers that
 * announce base64 or a multipart the body does not contain is read as the text it is.
 */
function messageFromParts(body: string, rawHeaders: string): string {
  let headers = rawHeaders.replace(/^\s+/, "").replace(/\s+$/, "");
  const type = headerValue(headers, "content-type") ?? "";
  const encoding = (headerValue(headers, "content-transfer-encoding") ?? "").toLowerCase();
  const boundary = /boundary\s*=\s*"?([^";\r\n]+)"?/i.exec(type)?.[1];
  const plain = "Content-Type: text/plain; charset=utf-8";
  const drop = (name: string): void => {
    headers = headers.replace(new RegExp(`^${name}:.*(?:\\r?\\n[ \\t].*)*(?:\\r?\\n|$)`, "gim"), "");
  };
  if (/^multipart\//i.test(type) && (boundary === undefined || !body.includes(`--${boundary}`))) {
    drop("content-type");
    drop("content-transfer-encoding");
    headers = `${headers.replace(/\s+$/, "")}\r\n${plain}`;
  } else if (!/^multipart\//i.test(type) && encoding === "base64" && !looksLikeBase64(body)) {
    drop("content-transfer-encoding");
  }
  return `${headers.replace(/\s+$/, "")}\r\n\r\n${body}`;
}

function toMailbox(a: Address | undefined): MailAddress | null {
  if (a === undefined) return null;
  const box = a.group !== undefined ? a.group[0] : a;
  if (box === undefined) return null;
  const address = (box.address ?? "").trim();
  const at = address.lastIndexOf("@");
  const domain =
    at === -1 || at === address.length - 1
      ? null
      : address
          .slice(at + 1)
          .toLowerCase()
          .replace(/\.$/, "");
  return { name: box.name ?? "", address, domain };
}

/** Every mailbox of an address list, group members included, at most `max`. */
function toMailboxes(list: readonly Address[] | undefined, max: number): MailAddress[] {
  const out: MailAddress[] = [];
  for (const a of list ?? []) {
    for (const box of a.group !== undefined ? a.group : [a]) {
      const m = toMailbox(box);
      if (m !== null && (m.address !== "" || m.name !== "")) out.push(m);
      if (out.length >= max) return out;
    }
  }
  return out;
}

function stripAngles(s: string | undefined): string | null {
  if (s === undefined) return null;
  const v = s.trim().replace(/^<|>$/g, "").trim();
  return v === "" ? null : v;
}

function toBytes(content: ArrayBuffer | Uint8Array | string): Uint8Array {
  if (typeof content === "string") return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

/** The parts worth a QR code search, in order, within the count and size caps. */
function scannableFiles(parts: readonly Uint8Array[]): ScannableFile[] {
  const out: ScannableFile[] = [];
  for (const bytes of parts) {
    if (out.length >= MAX_SCANNABLE) break;
    if (bytes.byteLength > MAX_SCANNABLE_BYTES) continue;
    // What the bytes prove, never the declared type: a picture or a PDF may carry a code.
    const sniffed = sniffUpload(bytes);
    if (sniffed.isOk()) out.push({ kind: sniffed.value.kind === "pdf" ? "pdf" : "image", bytes });
  }
  return out;
}

function toParsedMail(email: Email, kind: MailInputKind, raw: string): ParsedMail {
  const headers = email.headers.map((h) => ({ name: h.originalKey, value: h.value }));
  const values = (key: string): string[] => email.headers.filter((h) => h.key === key).map((h) => h.value);
  const html = email.html ?? "";
  // The HTML's text is only read when the message has no plain-text part of its own.
  const hasText = email.text !== undefined && email.text.trim() !== "";
  const content = html !== "" ? htmlContent(html, MAX_LINKS, !hasText) : { text: "", links: [], pictures: [] };
  const text = hasText ? (email.text ?? "") : content.text;
  const replyTo = (email.replyTo ?? []).map((a) => toMailbox(a)).filter((a): a is MailAddress => a !== null);
  const attachments = email.attachments
    .filter((a) => !(a.related === true && a.mimeType.startsWith("image/") && a.mimeType !== "image/svg+xml"))
    .slice(0, MAX_ATTACHMENTS)
    .map((a) => inspectAttachment(a.filename, a.mimeType.toLowerCase(), toBytes(a.content)));
  const scannable = scannableFiles([
    ...email.attachments.slice(0, MAX_ATTACHMENTS).map((a) => toBytes(a.content)),
    ...content.pictures,
  ]);
  return {
    kind,
    headers: kind === "pasted_text" ? [] : headers,
    from: toMailbox(email.from),
    fromCount: values("from").length,
    replyTo,
    to: toMailboxes(email.to, MAX_RECIPIENTS),
    cc: toMailboxes(email.cc, MAX_RECIPIENTS),
    returnPath: stripAngles(email.returnPath),
    sender: toMailbox(email.sender),
    subject: email.subject ?? null,
    date: email.date ?? null,
    messageId: stripAngles(email.messageId),
    listId: values("list-id")[0] ?? null,
    listUnsubscribe: values("list-unsubscribe")[0] ?? null,
    received: values("received").slice(0, 100).map(parseReceived),
    authenticationResults: values("authentication-results"),
    text,
    links: content.links,
    attachments,
    scannable,
    raw,
  };
}

class PostalMimeMailReader implements MailReader {
  constructor(private readonly limits: MailReaderLimits) {}

  async read(emailBody: string, rawHeaders?: string): Promise<ReturnType<typeof mailRead>> {
    const { limits } = this;
    if (emailBody.length > limits.maxBytes || (rawHeaders?.length ?? 0) > limits.maxBytes)
      return mailRefused(tooLarge(limits));
    if (utf8Length(emailBody) + (rawHeaders === undefined ? 0 : utf8Length(rawHeaders)) > limits.maxBytes) {
      return mailRefused(tooLarge(limits));
    }
    // NUL has no place in a mail message (RFC 5322): dropped rather than refused, the rest is still readable.
    const body = emailBody.includes("\0") ? emailBody.replaceAll("\0", "") : emailBody;
    const headers = rawHeaders?.includes("\0") === true ? rawHeaders.replaceAll("\0", "") : rawHeaders;
    if (body.trim() === "" && (headers ?? "").trim() === "") {
      return mailRefused(validationError([{ field: "email_body", message: "The email is empty" }]));
    }
    let kind: MailInputKind;
    let raw: string;
    if (headers !== undefined && headers.trim() !== "") {
      kind = "mime_body";
      raw = messageFromParts(body, capHeaderLines(headers, limits.maxHeaderLine));
    } else {
      const unixFrom = body.startsWith("From ") ? body.slice(body.indexOf("\n") + 1) : body;
      if (looksLikeRfc822(unixFrom.trimStart())) {
        kind = "rfc822";
        raw = unixFrom.trimStart();
      } else {
        kind = "pasted_text";
        raw = `Content-Type: text/plain; charset=utf-8\r\n\r\n${body}`;
      }
    }
    if (countLines(raw, limits.maxLines) > limits.maxLines) {
      return mailRefused(
        appError("payload_too_large", `The email has more than ${limits.maxLines} lines`, {
          details: { limit: limits.maxLines },
        }),
      );
    }
    if (kind !== "pasted_text") {
      const boundaries = declaredBoundaries(raw, limits.maxParts);
      if (boundaries === null || boundaries.size > limits.maxDepth) {
        return mailRefused(
          appError("payload_too_large", `The email nests more than ${limits.maxDepth} multipart levels`, {
            details: { limit: limits.maxDepth },
          }),
        );
      }
      if (countParts(raw, boundaries, limits.maxParts) > limits.maxParts) {
        return mailRefused(
          appError("payload_too_large", `The email has more than ${limits.maxParts} MIME parts`, {
            details: { limit: limits.maxParts },
          }),
        );
      }
      raw = capHeaderLines(raw, limits.maxHeaderLine);
    }
    // Loaded outside the try: a reader that cannot load is a fault of ours, never a malformed message.
    const { default: PostalMime } = await loadPostalMime();
    let email: Email;
    try {
      email = await PostalMime.parse(raw, {
        attachmentEncoding: "arraybuffer",
        maxNestingDepth: limits.maxDepth,
        maxHeadersSize: limits.maxHeaderBytes,
        maxRfc822NestingDepth: 3,
      });
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : "";
      if (/header/i.test(message)) {
        return mailRefused(
          appError("payload_too_large", `The email's headers exceed ${limits.maxHeaderBytes} bytes`, {
            details: { limit: limits.maxHeaderBytes },
          }),
        );
      }
      return mailRefused(
        validationError([{ field: "email_body", message: "The email's MIME structure could not be read" }]),
      );
    }
    return mailRead(toParsedMail(email, kind, raw));
  }
}

function tooLarge(limits: MailReaderLimits): AppError {
  return appError("payload_too_large", `The email is larger than ${limits.maxBytes} bytes`, {
    details: { limit: limits.maxBytes },
  });
}

/** A MailReader over postal-mime with the given bounds (DEFAULT_MAIL_READER_LIMITS by default). */
export function createPostalMimeReader(limits: Partial<MailReaderLimits> = {}): MailReader {
  return new PostalMimeMailReader({ ...DEFAULT_MAIL_READER_LIMITS, ...limits });
}

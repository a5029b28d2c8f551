// What a forwarded mail holds, read without any I/O: the forwarder's own headers (to decide whether to answer at
// all) and the original it carries, either attached whole (message/rfc822, with its own headers) or quoted inline
// under a "Forwarded message" line. Only the original is analysed; the forwarder's note above it is not.
import PostalMime from "postal-mime";

export interface OuterHeaders {
  readonly subject: string;
  readonly messageId: string | null;
  readonly autoSubmitted: string | null;
  readonly precedence: string | null;
  /** A header only auto-responders set (X-Autoreply, X-Autorespond, X-Auto-Response-Suppress: All/OOF). */
  readonly autoResponder: boolean;
  readonly listId: string | null;
  /** Our own verdict header: a reply of ours that came back. */
  readonly ownReply: boolean;
  /** Content-Language or Accept-Language of the forwarder's mail. */
  readonly language: string | null;
}

export type Original =
  | { readonly kind: "attachment"; readonly raw: string }
  | { readonly kind: "inline"; readonly text: string }
  | { readonly kind: "none" };

export interface ForwardedMail {
  readonly headers: OuterHeaders;
  readonly original: Original;
}

/** The lines mail programs put above a message forwarded inline (English, Spanish and common clients). */
const FORWARD_MARKERS = [
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/im,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^Begin forwarded message:\s*$/im,
  /^-{2,}\s*Mensaje reenviado\s*-{2,}\s*$/im,
  /^-{2,}\s*Mensaje original\s*-{2,}\s*$/im,
  /^Inicio del mensaje reenviado:\s*$/im,
  /^_{10,}\s*$/m,
];

/** The forwarded part of an inline forward: from its header lines down, or the whole text when there is no marker. */
export function inlineOriginal(text: string): string {
  let at = -1;
  let length = 0;
  for (const marker of FORWARD_MARKERS) {
    const m = marker.exec(text);
    if (m && (at === -1 || m.index < at)) {
      at = m.index;
      length = m[0].length;
    }
  }
  const part = at === -1 ? text : text.slice(at + length);
  // Quoted forwards ("> From: ...") lose their quote marks.
  const lines = part.split(/\r?\n/);
  const quoted = lines.filter((l) => l.trim() !== "").every((l) => /^\s*>/.test(l));
  const unquoted = quoted ? lines.map((l) => l.replace(/^\s*> ?/, "")) : lines;
  return unquoted.join("\n").replace(/^\s+/, "").trimEnd();
}

function header(headers: readonly { key: string; value: string }[], name: string): string | null {
  const h = headers.find((x) => x.key === name);
  return h ? h.value.trim() : null;
}

/** True when the mail came from a machine answering on its own: never answer it (RFC 3834). */
export function isAutomatic(h: OuterHeaders): boolean {
  if (h.ownReply || h.autoResponder) return true;
  if (h.autoSubmitted !== null && !/^no\b/i.test(h.autoSubmitted)) return true;
  if (h.precedence !== null && /^(?:bulk|list|junk|auto_reply)\b/i.test(h.precedence)) return true;
  return false;
}

function decode(bytes: Uint8Array | ArrayBuffer | string): string {
  if (typeof bytes === "string") return bytes;
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // A message's bytes as text: UTF-8 when they are, else one character per byte (the parser decodes charsets).
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(view);
  } catch {
    return Buffer.from(view).toString("latin1");
  }
}

/** Reads a forwarded mail. Never throws for a malformed mail: what cannot be read is an original of kind "none". */
export async function readForwardedMail(raw: Uint8Array): Promise<ForwardedMail> {
  const mail = await PostalMime.parse(raw, { forceRfc822Attachments: true, attachmentEncoding: "arraybuffer" });
  const hs = mail.headers;
  const suppress = header(hs, "x-auto-response-suppress");
  const headers: OuterHeaders = {
    subject: mail.subject ?? "",
    messageId: mail.messageId ?? null,
    autoSubmitted: header(hs, "auto-submitted"),
    precedence: header(hs, "precedence"),
    autoResponder:
      header(hs, "x-autoreply") !== null ||
      header(hs, "x-autorespond") !== null ||
      (suppress !== null && /\b(?:all|oof|autoreply)\b/i.test(suppress)),
    listId: header(hs, "list-id"),
    ownReply: header(hs, "x-scamverify-verdict") !== null,
    language: header(hs, "content-language") ?? header(hs, "accept-language"),
  };
  const attached = mail.attachments.find((a) => a.mimeType.toLowerCase() === "message/rfc822");
  if (attached) return { headers, original: { kind: "attachment", raw: decode(attached.content) } };
  // Some clients attach a forwarded mail as a .eml file of another type.
  const eml = mail.attachments.find((a) => /\.eml$/i.test(a.filename ?? ""));
  if (eml) return { headers, original: { kind: "attachment", raw: decode(eml.content) } };
  const text = (mail.text ?? "").trim();
  if (text === "") return { headers, original: { kind: "none" } };
  return { headers, original: { kind: "inline", text: inlineOriginal(text) } };
}

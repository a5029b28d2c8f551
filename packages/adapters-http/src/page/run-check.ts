// One check from the page: works out what was given (a pasted value, a screenshot, a photo, a PDF, a QR code image,
// a saved email) and calls the engine's channel verb for it in-process, as the page's anonymous principal. The
// content goes to the engine and nowhere else: it is not logged, and only the page's answer comes back.
import { isUtf8 } from "node:buffer";
import {
  MAX_TEXT_CHARS,
  inspectImage,
  sniffUpload,
  type AppError,
  type DocumentKind,
  type DocumentReader,
  type Engine,
  type Outcome,
  type Principal,
  type Upload,
} from "@scamverify/core";
import type { Result } from "neverthrow";
import { toPageAnswer, type PageAnswer, type ReadAs } from "./answer.js";
import { addressOf, detectInput, looksLikeRawEmail, type ChosenKind, type InputKind } from "./detect-input.js";
import type { PageErrorKind } from "./i18n.js";

export interface CheckInput {
  readonly text: string;
  readonly sender?: string;
  readonly kind: ChosenKind;
  readonly file?: Upload;
}

export type CheckOutcome =
  | { readonly ok: true; readonly answer: PageAnswer }
  | { readonly ok: false; readonly error: PageErrorKind; readonly retryAfter?: number };

export interface CheckDeps {
  readonly engine: Engine;
  readonly principal: () => Promise<Principal>;
  /** Reads screenshots of conversations (OCR) so they are judged as messages; without it they go as documents. */
  readonly documentReader?: DocumentReader;
  /** Budget of one OCR read of a screenshot. */
  readonly readBudgetMs?: number;
}

/** A picture at least this much taller than wide is a phone screenshot (a conversation), not a photo of a page. */
const SCREENSHOT_ASPECT = 1.6;
/** Fewer letters than this beside a QR code: the picture is the code, answered by the QR channel. */
const CODE_ONLY_LETTERS = 40;
const MAX_EMAIL_FILE_BYTES = 2 * 1024 * 1024;

type Call = Promise<Result<Outcome<object>, AppError>>;

function toError(e: AppError): CheckOutcome {
  switch (e.code) {
    case "payload_too_large":
      return { ok: false, error: "too_large" };
    case "unsupported_media_type":
      return { ok: false, error: "unsupported" };
    case "validation_error": {
      const fields = ((e.details?.["issues"] as { field?: string }[] | undefined) ?? []).map((i) => i.field);
      return { ok: false, error: fields.includes("phone_number") ? "phone_country" : "invalid" };
    }
    case "rate_limit_exceeded":
    case "quota_exhausted":
      return { ok: false, error: "busy", ...(e.retryAfter !== undefined ? { retryAfter: e.retryAfter } : {}) };
    case "service_unavailable":
      return { ok: false, error: "unavailable", ...(e.retryAfter !== undefined ? { retryAfter: e.retryAfter } : {}) };
    default:
      return { ok: false, error: "internal" };
  }
}

async function answerOf(
  call: Call,
  channel: PageAnswer["channel"],
  readAs: ReadAs,
  subject: string | null,
  adjust?: (answer: PageAnswer) => PageAnswer,
): Promise<CheckOutcome> {
  const out = await call;
  if (out.isErr()) return toError(out.error);
  const answer = toPageAnswer(channel, readAs, out.value.value, subject);
  return { ok: true, answer: adjust ? adjust(answer) : answer };
}

/** An address alone was checked through the email channel's sender checks: only those apply to it. */
const ADDRESS_SOURCES = new Set(["email_headers", "community_reports"]);

function checkText(
  deps: CheckDeps,
  p: Principal,
  text: string,
  kind: InputKind,
  sender: string | undefined,
): Promise<CheckOutcome> {
  const { engine } = deps;
  const value = text.trim();
  const from = sender?.trim() ? sender.trim() : undefined;
  switch (kind) {
    case "url":
      return answerOf(engine.lookupUrl(p, { url: value }), "url", "url", value);
    case "phone":
      return answerOf(engine.lookupPhone(p, { phone_number: value }), "phone", "phone", value);
    case "address": {
      const address = addressOf(value) ?? value;
      return answerOf(
        engine.analyzeEmail(p, { email_body: "(an address only, no message)", raw_headers: `From: <${address}>\r\n` }),
        "email",
        "address",
        address,
        (a) => ({ ...a, sources: a.sources.filter((s) => ADDRESS_SOURCES.has(s.name)) }),
      );
    }
    case "eml":
      return answerOf(engine.analyzeEmail(p, { email_body: text }), "email", "eml", null);
    case "email_text": {
      const fromAddress = from ? addressOf(from) : null;
      return answerOf(
        engine.analyzeEmail(p, {
          email_body: value,
          ...(fromAddress ? { raw_headers: `From: <${fromAddress}>\r\n` } : {}),
        }),
        "email",
        "email_text",
        null,
      );
    }
    case "sms":
      return answerOf(
        engine.analyzeText(p, { text: value, ...(from ? { sender_number: from } : {}) }),
        "text",
        "sms",
        null,
      );
  }
}

async function readScreenshot(deps: CheckDeps, bytes: Uint8Array, kind: DocumentKind): Promise<string | null> {
  const reader = deps.documentReader;
  if (reader === undefined) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.readBudgetMs ?? 25_000);
  try {
    const read = await reader.read(bytes, kind, { signal: controller.signal });
    if (read.isErr()) return null;
    const text = read.value.pages
      .map((page) => page.text)
      .join("\n")
      .trim();
    return text.replace(/[^\p{L}\p{N}]/gu, "").length >= 12 ? text.slice(0, MAX_TEXT_CHARS) : null;
  } finally {
    clearTimeout(timer);
  }
}

async function checkFile(
  deps: CheckDeps,
  p: Principal,
  file: Upload,
  sender: string | undefined,
): Promise<CheckOutcome> {
  const { engine } = deps;
  const sniffed = sniffUpload(file.bytes);
  if (sniffed.isErr()) {
    // Not a picture or a PDF: a saved email (.eml) or plain text is read as if pasted.
    if (file.bytes.byteLength <= MAX_EMAIL_FILE_BYTES && isUtf8(file.bytes)) {
      const text = Buffer.from(file.bytes).toString("utf8");
      if (looksLikeRawEmail(text))
        return answerOf(engine.analyzeEmail(p, { email_body: text }), "email", "email_file", null);
      // Plain text only: control characters mean a binary file that happens to decode (an archive, a database).
      const binary = [...text.slice(0, 4096)].some((c) => {
        const code = c.charCodeAt(0);
        return (code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r") || code === 0x7f;
      });
      const kind = binary ? null : detectInput(text);
      if (kind !== null) return checkText(deps, p, text, kind, sender);
    }
    return toError(sniffed.error);
  }
  const upload = { file };
  if (sniffed.value.kind === "pdf") return answerOf(engine.analyzeDocument(p, upload), "document", "document", null);
  const image = inspectImage(file.bytes);
  if (image.isErr()) return toError(image.error);
  const { width, height } = image.value;
  if (height >= width * SCREENSHOT_ASPECT) {
    const kind = (sniffed.value.kind === "heif" ? "heic" : sniffed.value.kind) as DocumentKind;
    const text = await readScreenshot(deps, file.bytes, kind);
    if (text !== null) {
      return answerOf(
        engine.analyzeText(p, { text, ...(sender?.trim() ? { sender_number: sender.trim() } : {}) }),
        "text",
        "screenshot",
        null,
      );
    }
  }
  const document = await engine.analyzeDocument(p, upload);
  if (document.isErr()) return toError(document.error);
  const doc = document.value.value as { text_excerpt?: string; signals?: { qr_codes?: readonly string[] } };
  const letters = (doc.text_excerpt ?? "").replace(/[^\p{L}]/gu, "").length;
  if ((doc.signals?.qr_codes?.length ?? 0) > 0 && letters < CODE_ONLY_LETTERS) {
    return answerOf(engine.analyzeQr(p, upload), "qr", "qr", null);
  }
  return { ok: true, answer: toPageAnswer("document", "document", document.value.value, null) };
}

/** Runs one check; never throws for what a person sends (a bug in the engine still throws). */
export async function runCheck(deps: CheckDeps, input: CheckInput): Promise<CheckOutcome> {
  const p = await deps.principal();
  if (input.file !== undefined) return checkFile(deps, p, input.file, input.sender);
  const kind = input.kind === "auto" ? detectInput(input.text) : input.text.trim() === "" ? null : input.kind;
  if (kind === null) return { ok: false, error: "empty" };
  // A text message is at most 5,000 characters; longer pasted text is read as an email.
  const fitted = kind === "sms" && input.text.trim().length > MAX_TEXT_CHARS ? "email_text" : kind;
  return checkText(deps, p, input.text, fitted, input.sender);
}

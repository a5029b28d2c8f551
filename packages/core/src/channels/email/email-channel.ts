// The email channel: POST /api/v1/email/analyze, check_email, `scamverify email`. The mail reader takes what clients
// send (pasted text, a raw MIME body with its raw headers, or a whole RFC 822 message); authentication (SPF, DKIM,
// DMARC, ARC, or a trusted receiver's Authentication-Results) and header forensics read the headers; the message
// analyzer reads the body and its links (sub-lookups, no extra quota); attachments are judged by what they are and
// never run; the pictures and PDFs of a mail that asks to be scanned are read for QR codes, whose links are checked
// like its own, and the PDFs of a mail that leaves its message to them are read as part of it. The cache key is a
// hash of the input: raw mail is never kept.
import { err, ok, type Result } from "neverthrow";
import { z } from "zod";
import { appError, type AppError } from "../../errors.js";
import {
  analyzeAttachments,
  analyzeMailCodes,
  codeLinks,
  mayCarryCodes,
  mayCarryLetter,
  analyzeHeaders,
  analyzeHtmlLinks,
  HeaderAnalysisSchema,
  analyzeRequest,
  mailContext,
  senderSpeaksFor,
  textWithRealLinks,
  weighBodyEvidence,
  type BodyWeighing,
} from "../../analyzers/email/index.js";
import {
  ClaimedIssuerSchema,
  finalScamType,
  placedPhones,
  unplacedPhones,
  type ClaimedIssuer,
  ScamTypeSchema,
  SUBLOOKUP_MAX_URLS,
} from "../../analyzers/message/index.js";
import { analyzeDocumentText } from "../../analyzers/document/index.js";
import { qrPayloadEvidence } from "../../analyzers/qr/index.js";
import { UNKNOWN_AUTHENTICATION, type EmailAuthentication } from "../../ports/email-authenticator.js";
import type { ParsedMail } from "../../ports/mail-reader.js";
import type { QrDecoder } from "../../ports/qr-decoder.js";
import type { DocumentReader } from "../../ports/document-reader.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { Recipient } from "../../analyzers/injection/redact-for-model.js";
import { ResultHeadShape, ResultTailShape } from "../../schemas/common.js";
import { SubLookupSchema } from "../../schemas/sub-lookup.js";
import { assemble } from "../../usecases/assemble.js";
import { commonFields } from "../../usecases/channel-assessment.js";
import { magicEvidence } from "../../usecases/magic-evidence.js";
import { OFFLINE_WEIGHT } from "../../scoring/evidence-weights.js";
import { defineChannel, type AssessContext } from "../define-channel.js";
import { summarizeAssessment } from "../summary.js";
import { analyzeMessageText, defaultDirectory, magicTextVerdict } from "../text/text-channel.js";
import { EMAIL_QUOTA } from "./email-quota.js";

/** email_body plus raw_headers: 2 MiB of mail (the reader refuses more), inside a 4 MiB JSON body. */
export const MAX_EMAIL_CHARS = 2 * 1024 * 1024;
const EMAIL_BODY_LIMIT = 4 * 1024 * 1024;
/**
 * The message analyzer reads the subject and the first 2,000 characters of the body (some 350 words): a phishing
 * mail, a business email compromise or an advance-fee letter tells its story and makes its request there, while a
 * newsletter's or a digest's later stories only add cue words that ask nothing of the reader. Every HTML link is
 * still checked.
 */
export const MAX_EMAIL_TEXT_ANALYZED = 2_000;
/** How long authentication may wait on DNS before its results read unknown. */
const AUTH_BUDGET_MS = 5_000;

/** One check a text field gets: a blank one is refused with one message (not "too small" and "blank" both). */
const mailText = (blank: string) =>
  z
    .string()
    .min(1, { message: blank, abort: true })
    .max(MAX_EMAIL_CHARS)
    .refine((s) => s.trim() !== "", blank);

export const EmailAnalyzeRequestSchema = z
  .strictObject({
    email_body: mailText("The email body is blank")
      .optional()
      .describe(
        "The message: pasted text, the raw MIME body, or the whole raw message (RFC 822) when raw_headers is absent. " +
          "Required unless raw_message is sent",
      ),
    raw_headers: z
      .string()
      .max(MAX_EMAIL_CHARS)
      .optional()
      .describe("The raw header block, for SPF/DKIM/DMARC and header forensics (and to decode a raw MIME body)"),
    raw_message: mailText("The message is blank")
      .optional()
      .describe(
        "The whole message as saved (.eml, RFC 822): its headers, a blank line, then its body, with CRLF or LF line " +
          "ends. Send it instead of email_body and raw_headers",
      ),
    force_refresh: z.boolean().optional().describe("Bypass the cache; counts toward quota"),
  })
  .superRefine((r, ctx) => {
    if (r.raw_message !== undefined) {
      for (const field of ["email_body", "raw_headers"] as const) {
        if (r[field] !== undefined)
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: "Send raw_message alone (the whole message), or email_body with raw_headers, not both",
          });
      }
    } else if (r.email_body === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["email_body"],
        message: "Required: email_body (the message), or raw_message (the whole .eml, headers and body)",
      });
    }
    if ((r.email_body?.length ?? 0) + (r.raw_headers?.length ?? 0) > MAX_EMAIL_CHARS)
      ctx.addIssue({
        code: "custom",
        path: ["email_body"],
        message: "email_body and raw_headers together are at most 2 MiB",
      });
  })
  .meta({ id: "EmailAnalyzeRequest" });

export const EmailAnalysisResultSchema = z
  .object({
    ...ResultHeadShape,
    message_hash: z.string().describe("SHA-256 of the input (the mail itself is not kept)"),
    scam_type: ScamTypeSchema,
    red_flags: z.array(z.string()),
    signals: z
      .object({
        header_analysis: HeaderAnalysisSchema,
        input_kind: z.enum(["rfc822", "mime_body", "pasted_text"]).describe("How the input was read"),
        extracted_urls: z.array(z.string()),
        extracted_phones: z.array(z.string()),
        unplaced_phones: z.array(z.string()),
        claimed_issuer: ClaimedIssuerSchema.nullable(),
        attachments: z.array(
          z.object({ filename: z.string().nullable(), declared_type: z.string(), size: z.number().int() }),
        ),
        urls_not_analyzed: z.number().int(),
        qr_codes: z
          .array(z.string())
          .describe(
            "Payloads of QR codes in the email's pictures and PDFs (read when the email asks to be scanned or says almost nothing in words)",
          ),
      })
      .meta({ id: "EmailSignals" }),
    sub_lookups: z.array(SubLookupSchema),
    ...ResultTailShape,
  })
  .meta({ id: "EmailAnalysisResult" });
export type EmailAnalysisResult = z.infer<typeof EmailAnalysisResultSchema>;
type EmailAssessment = Omit<EmailAnalysisResult, "cached" | "cache_expires_at">;

export interface EmailInput {
  readonly body: string;
  readonly headers: string | undefined;
}

/** Authentication within its budget; offline, a failing resolver or no authenticator read unknown, never fail. */
async function authenticate(ctx: AssessContext, raw: string): Promise<EmailAuthentication> {
  const authenticator = ctx.ports.emailAuthenticator;
  if (authenticator === undefined || ctx.mode === "test") return UNKNOWN_AUTHENTICATION;
  const controller = new AbortController();
  const cancel = ctx.ports.timers.schedule(AUTH_BUDGET_MS, () => controller.abort());
  try {
    return await Promise.race([
      authenticator.authenticate(raw, { signal: controller.signal }).catch(() => UNKNOWN_AUTHENTICATION),
      new Promise<EmailAuthentication>((resolve) =>
        controller.signal.addEventListener("abort", () => resolve(UNKNOWN_AUTHENTICATION)),
      ),
    ]);
  } finally {
    cancel();
  }
}

/** Where an email says who it is from: the sender's name, the subject and the opening of the body. */
export function emailClaimText(
  mail: Pick<ParsedMail, "from" | "subject" | "text" | "listId" | "listUnsubscribe" | "headers">,
): string {
  // List mail opens with the list's own banners and sponsors: only its sender and subject say who it is from.
  const opening = isListMail(mail) ? "" : mail.text.slice(0, CLAIM_WINDOW);
  return [mail.from?.name ?? "", mail.subject ?? "", opening].join("\n");
}

/** Mail re-sent by a mailing list or bulk sender (List-Id, List-Unsubscribe, Mailing-List, Precedence: list). */
export function isListMail(mail: Pick<ParsedMail, "listId" | "listUnsubscribe" | "headers">): boolean {
  if (mail.listId !== null || mail.listUnsubscribe !== null) return true;
  return mail.headers.some((h) => {
    const name = h.name.toLowerCase();
    return (
      name === "mailing-list" ||
      name === "list-post" ||
      name === "x-mailing-list" ||
      (name === "precedence" && /^\s*(list|bulk)\b/i.test(h.value))
    );
  });
}
/** How much of an email's or a letter's opening counts as saying who it is from. */
export const CLAIM_WINDOW = 400;

/**
 * What the message analyzer reads of an email: the subject and the opening of the text, with each link that lies
 * about where it goes written as where it goes; and where the email says who it is from.
 */
export function emailBodyText(mail: ParsedMail): { readonly text: string; readonly claimText: string } {
  const real = textWithRealLinks(mail.text.slice(0, 2 * MAX_EMAIL_TEXT_ANALYZED), mail.links);
  const text = [mail.subject ?? "", real]
    .filter((s) => s !== "")
    .join("\n\n")
    .slice(0, MAX_EMAIL_TEXT_ANALYZED);
  return { text: text || " ", claimText: emailClaimText({ ...mail, text: real }) };
}

/** What an email's attachments and HTML links show, beside its headers and body. */
export function mailEvidence(mail: ParsedMail): Evidence[] {
  return [
    analyzeAttachments(mail.attachments),
    analyzeHtmlLinks(mail.links, { bulk: mailContext(mail).bulk.length > 0 }),
  ];
}

/** The people an email was sent to (To, Cc, Delivered-To), as the redaction of what the AI model reads names them. */
export function emailRecipients(mail: ParsedMail): Recipient[] {
  const out: Recipient[] = [];
  for (const r of mailContext(mail).recipients.slice(0, 50)) {
    out.push({
      ...(r.address.includes("@") ? { recipientEmail: r.address } : {}),
      ...(r.name.trim() !== "" && !r.name.includes("@") ? { recipientName: r.name.trim() } : {}),
    });
  }
  return out;
}

/**
 * The message analyzer's evidence about an email's body (`text`, from emailBodyText), weighed by how the email was
 * sent, and what the email asks of its recipient judged with who sent it.
 */
export function weighedEmailBody(
  mail: ParsedMail,
  text: string,
  issuer: ClaimedIssuer | null,
  evidence: readonly Evidence[],
): { readonly evidence: Evidence[]; readonly weighing: BodyWeighing } {
  const context = mailContext(mail);
  const weighing: BodyWeighing = {
    bulk: context.bulk.length > 0,
    speaksForIssuer: issuer === null || senderSpeaksFor(mail, context, issuer, defaultDirectory()),
    senderName: context.senderName,
  };
  return {
    evidence: [...evidence.map((e) => weighBodyEvidence(e, weighing)), analyzeRequest(mail, context, text)],
    weighing,
  };
}

/** How long one email's files may take to read (QR codes in its pictures, its PDFs' text and codes). */
export const FILES_BUDGET_MS = 8_000;
/** PDFs of one email whose text is read, and how much of each. */
const MAX_ATTACHED_LETTERS = 2;
const MAX_ATTACHED_CHARS = 3_000;

/** What reads an email's files: the QR channel's decoder for pictures, the document reader for PDFs. */
export interface MailFileReaders {
  readonly qrDecoder?: QrDecoder | undefined;
  readonly documentReader?: DocumentReader | undefined;
}

/** What an email's files hold: the payloads of their QR codes and the text of its attached letters. */
export interface MailFiles {
  readonly codes: readonly string[];
  /** The text of the PDFs read as letters (mayCarryLetter), each cut to MAX_ATTACHED_CHARS; "" when none. */
  readonly attachedText: string;
  /**
   * Files that were to be read and were not, for a failure of ours: the budget ran out, or a reader could not
   * start. (A damaged or refused file is the file's own doing, not counted.)
   */
  readonly unread: number;
}

export const NO_MAIL_FILES: MailFiles = { codes: [], attachedText: "", unread: 0 };

/** A reader's refusal that is ours (no time, no engine), not the file's. */
const oursToFail = (code: string): boolean => code === "service_unavailable" || code === "internal_error";

/**
 * Reads an email's pictures and PDFs: their QR codes when the mail may carry codes (mayCarryCodes), and the text
 * of its first PDFs when the mail leaves its message to an attachment (mayCarryLetter). A file that cannot be read,
 * or `signal` aborting, leaves it unread.
 */
export async function readMailFiles(
  mail: ParsedMail,
  readers: MailFileReaders,
  signal: AbortSignal,
): Promise<MailFiles> {
  const wantCodes = mayCarryCodes(mail);
  const wantText = mayCarryLetter(mail);
  if (!wantCodes && !wantText) return NO_MAIL_FILES;
  const payloads = new Set<string>();
  const letters: string[] = [];
  let unread = 0;
  let pdfs = 0;
  for (const file of mail.scannable ?? []) {
    const image = file.kind === "image" && wantCodes && readers.qrDecoder !== undefined;
    const asLetter = file.kind === "pdf" && wantText && pdfs < MAX_ATTACHED_LETTERS;
    const pdf = file.kind === "pdf" && (wantCodes || asLetter) && readers.documentReader !== undefined;
    if (!image && !pdf) continue;
    if (signal.aborted) {
      unread++;
      continue;
    }
    if (image && readers.qrDecoder !== undefined) {
      const found = await readers.qrDecoder.decode(file.bytes, { signal });
      if (found.ok) for (const code of found.value) payloads.add(code.text);
      else if (oursToFail(found.error.code) || signal.aborted) unread++;
    } else if (pdf && readers.documentReader !== undefined) {
      pdfs++;
      const read = await readers.documentReader.read(file.bytes, "pdf", { signal });
      if (read.isErr()) {
        if (oursToFail(read.error.code)) unread++;
        continue;
      }
      if (wantCodes) for (const code of read.value.qr_codes ?? []) payloads.add(code);
      const text = asLetter ? analyzeDocumentText(read.value).text.trim() : "";
      if (text !== "") letters.push(text.slice(0, MAX_ATTACHED_CHARS));
    }
  }
  return { codes: [...payloads], attachedText: letters.join("\n\n"), unread };
}

/** An email's files within the channel's budget (none for test keys, whose answers are fixed). */
async function mailFiles(ctx: AssessContext, mail: ParsedMail): Promise<MailFiles> {
  if (ctx.mode === "test") return NO_MAIL_FILES;
  const controller = new AbortController();
  const cancel = ctx.ports.timers.schedule(FILES_BUDGET_MS, () => controller.abort());
  try {
    return await readMailFiles(mail, ctx.ports, controller.signal);
  } finally {
    cancel();
  }
}

/** Files left unread for a failure of ours: missing knowledge (a skipped source lowers confidence), said so. */
function unreadFiles(files: MailFiles): { readonly evidence: Evidence[]; readonly said: string } {
  if (files.unread === 0) return { evidence: [], said: "" };
  const said = `${files.unread} of the email's pictures or PDFs could not be read in time, so what they hold was not assessed.`;
  return { evidence: [{ source: "email_files", status: "skipped", reason: said, signals: {}, factors: [] }], said };
}

/**
 * What the message analyzer reads of an email with its files: the body, then the attached letters' text; the
 * letters' openings say who they claim to be from, as a letterhead does.
 */
export function withAttachedText(
  body: { readonly text: string; readonly claimText: string },
  files: MailFiles,
): { readonly text: string; readonly claimText: string } {
  if (files.attachedText === "") return body;
  return {
    text: `${body.text}\n\n${files.attachedText}`,
    claimText: `${body.claimText}\n${files.attachedText.slice(0, CLAIM_WINDOW)}`,
  };
}

/** The links the body analysis checks: the codes' links first (where the mail really sends its reader), then the HTML's. */
export function mailLinks(mail: ParsedMail, codes: readonly string[]): string[] {
  return [...codeLinks(codes), ...mail.links.map((l) => l.href)];
}

/**
 * What an email's QR codes say: their links weighed against the sender and what the mail asks (`text`), and a code
 * that is no link for what it is (a crypto payment request, a bank transfer, a number, a network).
 */
export function mailCodesEvidence(mail: ParsedMail, codes: readonly string[], text: string): Evidence[] {
  return [analyzeMailCodes(mail, codes, text), ...qrPayloadEvidence(codes)];
}

async function assessEmail(ctx: AssessContext, input: EmailInput): Promise<Result<EmailAssessment, AppError>> {
  const k = ctx.kernel;
  const reader = ctx.ports.mailReader;
  if (reader === undefined) return err(appError("service_unavailable", "This server has no mail reader configured."));
  const read = await reader.read(input.body, input.headers);
  if (read.isErr()) return err(read.error);
  const mail = read.value;
  const auth = await authenticate(ctx, mail.raw);
  const headers = analyzeHeaders(mail, auth);
  const files = await mailFiles(ctx, mail);
  const unread = unreadFiles(files);
  const { text: bodyText, claimText } = withAttachedText(emailBodyText(mail), files);
  const codes = files.codes;
  const links = mailLinks(mail, codes);
  const body = await analyzeMessageText(ctx, bodyText, "email", {
    extraUrls: links,
    claimText,
    ...(mail.from !== null ? { senderNumber: mail.from.address } : {}),
  });
  const weighed = weighedEmailBody(
    mail,
    bodyText,
    body.analysis.claimedIssuer,
    body.items.map((i) => i.evidence),
  );
  const evidence = [
    ...weighed.evidence,
    ...headers.evidence,
    ...mailEvidence(mail),
    ...mailCodesEvidence(mail, codes, bodyText),
    ...unread.evidence,
  ];
  const items = evidence.map((e) => ({ evidence: e, weight: OFFLINE_WEIGHT }));
  const magic = ctx.mode === "test" ? magicTextVerdict(`${mail.subject ?? ""} ${mail.text}`) : null;
  const scored = magic !== null ? [{ evidence: magicEvidence(magic), weight: 1 }] : items;
  const hash = ctx.ports.hasher.sha256Hex(`${input.headers ?? ""}\u0000${input.body}`);
  const { assessment, explanation } = await assemble(k, "email", "This email", scored, {
    skipModel: ctx.mode === "test",
    content: bodyText,
    lookups: body.subs.map((s) => ({ ...s, subject: s.value })),
    mayAddFactor: true,
    recipients: emailRecipients(mail),
    greetings: true,
  });
  const analysis = body.analysis;
  return ok({
    ...commonFields(
      k,
      ctx.mode,
      `email:${hash}`,
      assessment,
      unread.said === "" ? explanation : `${explanation} ${unread.said}`,
    ),
    message_hash: hash,
    scam_type: finalScamType(analysis, assessment.riskScore, magic),
    // An organisation the body only mentions is no impersonation to warn about.
    red_flags:
      weighed.weighing.speaksForIssuer || analysis.claimedIssuer === null
        ? analysis.redFlags
        : analysis.redFlags.filter((f) => !f.includes(analysis.claimedIssuer?.name ?? "")),
    signals: {
      header_analysis: headers.headerAnalysis,
      input_kind: mail.kind,
      extracted_urls: body.subs.filter((s) => s.kind === "url").map((s) => s.value),
      extracted_phones: placedPhones(analysis.entities),
      unplaced_phones: unplacedPhones(analysis.entities),
      claimed_issuer: analysis.claimedIssuer,
      attachments: mail.attachments.map((a) => ({ filename: a.filename, declared_type: a.declaredType, size: a.size })),
      urls_not_analyzed: Math.max(0, analysis.entities.urlsFound + links.length - SUBLOOKUP_MAX_URLS),
      qr_codes: [...codes],
    },
    sub_lookups: body.subs,
  });
}

const MAGIC_EMAIL = (token: string): string =>
  `From: Test Sender <sender@example.com>\r\nTo: you@example.com\r\nSubject: Test message ${token}\r\nMessage-ID: <${token}@example.com>\r\n\r\nThis is a test message: ${token}.\r\n`;

export const EMAIL_CHANNEL = defineChannel({
  id: "email",
  verb: "analyzeEmail",
  title: "Check an email",
  description:
    "Assess how likely an email is to be phishing or business-email compromise: SPF, DKIM, DMARC and ARC (or a trusted " +
    "receiver's Authentication-Results), sender forensics (display name, lookalike domains, Reply-To and Return-Path, " +
    "the Received chain, bulk-mail headers), the body's scam cues and claimed organisation, every link through the URL " +
    "check (no extra quota), attachments by what they are, QR codes in its pictures and PDFs when it asks to be " +
    "scanned (their links checked too), and the text of an attached PDF when the mail leaves its message to it (a " +
    "short mail, or one pointing to an attached invoice, receipt or notice). Send a saved message (.eml, CRLF or LF " +
    "line ends) whole as raw_message, or email_body: pasted text, a raw MIME body with raw_headers, or a whole raw " +
    "message; at most 2 MiB. Scope email:analyze. Costs 1 email unit unless served from cache.",
  scope: "email:analyze",
  quota: EMAIL_QUOTA,
  statusComponent: "email_analysis",
  units: "email analyses",
  http: { path: "/api/v1/email/analyze", body: "json", maxBodyBytes: EMAIL_BODY_LIMIT },
  request: EmailAnalyzeRequestSchema,
  result: EmailAnalysisResultSchema,
  // A whole message is read as email_body alone is: its headers found up to the first blank line (CRLF or LF).
  parse: (req) =>
    ok(
      req.raw_message !== undefined
        ? { body: req.raw_message, headers: undefined }
        : { body: req.email_body ?? "", headers: req.raw_headers },
    ),
  forceRefresh: (req) => req.force_refresh === true,
  cacheKey: (input, deps) => `email:${deps.hasher.sha256Hex(`${input.headers ?? ""}\u0000${input.body}`)}`,
  assess: assessEmail,
  magic: (["safe", "low_risk", "medium_risk", "high_risk", "scam"] as const).map((verdict) => ({
    input: MAGIC_EMAIL(`sv-test-${verdict.replace("_", "-")}`),
    verdict,
  })),
  samples: {
    magicBody: (m) => ({ email_body: m.input }),
    invalid: { email_body: "  " },
    fresh: (n, tag) => ({
      email_body: `Dear customer, invoice ${tag}-${n} is overdue. Reply today.`,
      raw_headers: "From: billing@example.com\r\nSubject: Invoice",
    }),
  },
  mcp: {
    tool: "check_email",
    prompt: {
      name: "investigate_email",
      title: "Investigate an email",
      argument: "email",
      describe: "The whole email, headers included when possible",
      ask: (v) =>
        `Is this email phishing? Check it with check_email (the whole message as email_body). The email:\n\n${v}`,
    },
    summarize: (v: EmailAssessment & { cached?: boolean }) => {
      const a = v.signals.header_analysis.authentication;
      const auth = ` SPF ${a.spf.result}, DKIM ${a.dkim.result}, DMARC ${a.dmarc.result}.`;
      const flags = v.red_flags.slice(0, 3);
      return `${summarizeAssessment("Email", v)}${auth}${flags.length > 0 ? ` Red flags: ${flags.join("; ")}.` : ""}`;
    },
  },
  cli: {
    command: "email",
    argument: "messages",
    example: "scamverify email suspicious.eml\n  scamverify email - < message.eml --format json",
    toRequest: () => ({}),
    files: true,
    fileBody: (bytes: Uint8Array) => ({ raw_message: new TextDecoder("utf-8").decode(bytes) }),
  },
  available: (deps) => deps.mailReader !== undefined,
});

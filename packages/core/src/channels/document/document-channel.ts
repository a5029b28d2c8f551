// The document channel: POST /api/v1/document/analyze (multipart, one `file` part), check_document,
// `scamverify document`. A PDF's text layer (or OCR of its scanned pages), or OCR of a photographed letter, then the
// document rules (payment by gift card or phone on a court notice, callback invoices), the message analyzer (cues,
// the claimed organisation checked against its own channels), QR codes printed on an image, and every link and
// number through the URL and phone checks without extra quota. Costs 1 document unit (a quota channel of its own,
// authorized by text:analyze). Cached by the file's hash; the file and its text are never kept.
import { err, ok, type Result } from "neverthrow";
import { z } from "zod";
import { appError, type AppError } from "../../errors.js";
import { analyzeDocumentText, DocumentEntitiesSchema, placesInNorthAmerica } from "../../analyzers/document/index.js";
import {
  ClaimedIssuerSchema,
  finalScamType,
  placedPhones,
  ScamTypeSchema,
  unplacedPhones,
} from "../../analyzers/message/index.js";
import { urlsOf, parseQrPayload, qrPayloadEvidence } from "../../analyzers/qr/index.js";
import { inspectImage } from "../../analyzers/upload/image-dimensions.js";
import { MAX_UPLOAD_BYTES, UPLOAD_KINDS, sniffUpload, type UploadKind } from "../../analyzers/upload/sniff-upload.js";
import type { DocumentKind, DocumentText } from "../../ports/document-reader.js";
import { ResultHeadShape, ResultTailShape } from "../../schemas/common.js";
import { SubLookupSchema } from "../../schemas/sub-lookup.js";
import { AI_BUDGET_MS } from "../../usecases/ask-model.js";
import { assemble } from "../../usecases/assemble.js";
import { commonFields } from "../../usecases/channel-assessment.js";
import { magicEvidence } from "../../usecases/magic-evidence.js";
import { OFFLINE_WEIGHT } from "../../scoring/evidence-weights.js";
import type { AiImageMediaType } from "../../ports/ai-analyst.js";
import { defineChannel, type AssessContext, type QuotaChannelDefinition } from "../define-channel.js";
import { summarizeAssessment } from "../summary.js";
import { analyzeMessageText, magicTextVerdict } from "../text/text-channel.js";
import { fromBase64, hashBytes, UploadSchema } from "../upload.js";
import { MAGIC_DOCUMENT_PDF_BASE64 } from "./magic-documents.js";

/**
 * The fifth quota channel. OCR costs more than a text analysis (a second of a core per page), so the limits are
 * lower than the text channel's: a fifth on the free plan, two fifths on paid plans.
 */
export const DOCUMENT_QUOTA: QuotaChannelDefinition<"document"> = {
  id: "document",
  header: "Document",
  unit: "document analyses",
  limits: { free: 5, starter: 200, professional: 600, business: 2000, scale: 5000, enterprise: 20000 },
};

/** How long one document may take (PDF text and OCR), after which the pages read so far are analyzed. */
const READ_BUDGET_MS = 25_000;

export const DocumentAnalyzeRequestSchema = z
  .object({
    file: UploadSchema,
    force_refresh: z.boolean().optional().describe("Bypass the cache; counts toward quota"),
  })
  .meta({ id: "DocumentAnalyzeRequest" });

export const DocumentAnalysisResultSchema = z
  .object({
    ...ResultHeadShape,
    document_hash: z.string().describe("SHA-256 of the uploaded bytes (the file and its text are not kept)"),
    media_type: z.string().describe("The type the file's bytes prove"),
    scam_type: ScamTypeSchema,
    red_flags: z.array(z.string()),
    page_count: z.number().int(),
    pages_read: z.number().int().describe("Pages whose text was read (at most 10; OCR on at most 4)"),
    truncated: z.boolean().describe("true when pages or text were left unread (page cap or time budget)"),
    text_method: z.enum(["pdf_text", "ocr", "mixed", "none"]),
    ocr_confidence: z.number().min(0).max(1).nullable().describe("Lowest OCR confidence of the pages read by OCR"),
    text_excerpt: z.string().describe("The first 300 characters read, so a client can see what OCR made of it"),
    signals: z
      .object({
        entities: DocumentEntitiesSchema,
        claimed_issuer: ClaimedIssuerSchema.nullable(),
        extracted_urls: z.array(z.string()),
        extracted_phones: z.array(z.string()),
        unplaced_phones: z.array(z.string()),
        qr_codes: z
          .array(z.string())
          .describe("Payloads of QR codes printed on the document: a photo, or the first 4 pages of a PDF"),
      })
      .meta({ id: "DocumentSignals" }),
    sub_lookups: z.array(SubLookupSchema),
    ...ResultTailShape,
  })
  .meta({ id: "DocumentAnalysisResult" });
export type DocumentAnalysisResult = z.infer<typeof DocumentAnalysisResultSchema>;
type DocumentAssessment = Omit<DocumentAnalysisResult, "cached" | "cache_expires_at">;

export interface DocumentInput {
  readonly bytes: Uint8Array;
  readonly kind: Exclude<UploadKind, "heif"> | "heic";
  readonly mediaType: string;
}

/** Below this OCR confidence (or with no text at all) an image is also read by the vision model, when one is set. */
const VISION_BELOW_CONFIDENCE = 0.6;
const VISION_TYPES: Readonly<Record<string, AiImageMediaType>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/**
 * The vision model's reading of an image whose OCR came out weak (live keys only): its text, the entities it saw and
 * the organisation it names, as text for the same analyzers. null when no model, not an image it takes, or no answer.
 */
async function readByVision(
  ctx: AssessContext,
  input: DocumentInput,
  ocrText: string,
  ocrConfidence: number | undefined,
): Promise<string | null> {
  const ai = ctx.ports.ai;
  const mediaType = VISION_TYPES[input.kind];
  if (ai === undefined || ctx.mode === "test" || mediaType === undefined) return null;
  if (ocrText.trim().length >= 40 && (ocrConfidence ?? 1) >= VISION_BELOW_CONFIDENCE) return null;
  const controller = new AbortController();
  const cancel = ctx.ports.timers.schedule(AI_BUDGET_MS, () => controller.abort());
  try {
    const reading = await ai
      .readImage({ bytes: input.bytes, mediaType }, { signal: controller.signal })
      .catch(() => null);
    if (reading === null) return null;
    const entities = reading.entities.map((e) => e.value).join("\n");
    return [reading.claimed_issuer ?? "", reading.text, entities].filter((s) => s.trim() !== "").join("\n");
  } finally {
    cancel();
  }
}

async function assessDocument(ctx: AssessContext, input: DocumentInput): Promise<Result<DocumentAssessment, AppError>> {
  const k = ctx.kernel;
  const reader = ctx.ports.documentReader;
  if (reader === undefined)
    return err(appError("service_unavailable", "This server has no document reader configured."));
  const controller = new AbortController();
  const cancel = ctx.ports.timers.schedule(READ_BUDGET_MS, () => controller.abort());
  let read;
  try {
    read = await reader.read(input.bytes, input.kind as DocumentKind, { signal: controller.signal });
  } finally {
    cancel();
  }
  if (read.isErr()) return err(read.error);
  const doc = read.value;
  // QR codes printed on a photographed letter or sticker, or on a PDF's pages, are read too. Like a PDF's link
  // annotations, a code's link is where the reader is really sent: it counts as a link printed on the document.
  const qrPayloads: string[] = [...(doc.qr_codes ?? [])];
  if (input.kind !== "pdf" && ctx.ports.qrDecoder) {
    const codes = await ctx.ports.qrDecoder.decode(input.bytes);
    if (codes.ok) qrPayloads.push(...codes.value.map((c) => c.text));
  }
  const qrUrls = qrPayloads.flatMap((p) => urlsOf(parseQrPayload(p)));
  const withQr = qrUrls.length === 0 ? doc : { ...doc, links: [...doc.links, ...qrUrls] };
  const ocrAnalysis = analyzeDocumentText(withQr);
  const vision = await readByVision(ctx, input, ocrAnalysis.text, ocrAnalysis.ocrConfidence);
  // What a vision model read joins the OCR text as one more page, and goes through the same analyzers.
  const analysis =
    vision === null
      ? ocrAnalysis
      : analyzeDocumentText({
          ...withQr,
          pages: [...doc.pages, { number: doc.pages.length + 1, text: vision, method: "pdf_text" as const }],
        });
  const body = await analyzeMessageText(ctx, analysis.messageText || " ", "document", {
    extraUrls: analysis.entities.urls.map((u) => u.url),
    // A letter says who it is from in its letterhead and opening lines.
    claimText: analysis.claimText,
    // OCR misreads about one digit in forty: a number one digit off the claimed sender's own is not a foreign one.
    readByOcr: doc.pages.some((p) => p.method === "ocr"),
    ...(placesInNorthAmerica(analysis.entities) ? { settingCountries: ["US"] } : {}),
  });
  const items = [
    ...body.items,
    {
      // A cue's quoted words stay with the analysis: a factor on the wire is its id, source, label and points.
      evidence: {
        source: "document_rules",
        status: "ok" as const,
        signals: {},
        factors: analysis.cues.map(({ id, source, label, points }) => ({ id, source, label, points })),
      },
      weight: OFFLINE_WEIGHT,
    },
  ];
  // A code that is no link says what it is: a crypto payment request, a bank transfer, a number, a network.
  for (const evidence of qrPayloadEvidence(qrPayloads)) items.push({ evidence, weight: OFFLINE_WEIGHT });
  // What was not read is missing knowledge (a skipped source: it lowers confidence), and the explanation says what.
  const unread = unreadParts(doc, analysis.text);
  for (const part of unread) {
    items.push({
      evidence: { source: part.source, status: "skipped", reason: part.said, signals: {}, factors: [] },
      weight: OFFLINE_WEIGHT,
    });
  }
  const magic = ctx.mode === "test" ? magicTextVerdict(analysis.text) : null;
  const scored = magic !== null ? [{ evidence: magicEvidence(magic), weight: 1 }] : items;
  const hash = hashBytes(ctx.ports.hasher, input.bytes);
  const { assessment, explanation } = await assemble(k, "document", "This document", scored, {
    skipModel: ctx.mode === "test",
    content: analysis.text,
    lookups: body.subs.map((s) => ({ ...s, subject: s.value })),
    mayAddFactor: true,
  });
  const methods = new Set(doc.pages.map((p) => p.method));
  const said =
    magic === null && unread.length > 0 ? `${explanation} ${unread.map((u) => u.said).join(" ")}` : explanation;
  return ok({
    ...commonFields(k, ctx.mode, `document:${hash}`, assessment, said),
    document_hash: hash,
    media_type: input.mediaType,
    scam_type: finalScamType(body.analysis, assessment.riskScore, magic),
    red_flags: body.analysis.redFlags,
    page_count: doc.page_count,
    pages_read: doc.pages_read,
    truncated: doc.truncated,
    text_method: methods.size === 0 ? "none" : methods.size > 1 ? "mixed" : ([...methods][0] ?? "none"),
    ocr_confidence: analysis.ocrConfidence ?? null,
    text_excerpt: analysis.text.slice(0, 300),
    signals: {
      entities: analysis.entities,
      claimed_issuer: body.analysis.claimedIssuer,
      extracted_urls: body.subs.filter((s) => s.kind === "url").map((s) => s.value),
      extracted_phones: placedPhones(body.analysis.entities),
      unplaced_phones: unplacedPhones(body.analysis.entities),
      qr_codes: qrPayloads,
    },
    sub_lookups: body.subs,
  });
}

/** The parts of a document its answer could not read: pages past the cap or the budget, or any text at all. */
function unreadParts(doc: DocumentText, text: string): { source: string; said: string }[] {
  const parts: { source: string; said: string }[] = [];
  if (text.trim() === "") {
    parts.push({
      source: "document_text",
      said: "No text was found in the document (a blank page, or a picture with nothing legible), so its words were not assessed.",
    });
  }
  if (doc.pages_read < doc.page_count) {
    const from = doc.pages_read + 1;
    parts.push({
      source: "unread_pages",
      said: `Only ${doc.pages_read} of its ${doc.page_count} pages were read (the page cap or the time budget): page${from === doc.page_count ? ` ${from} was` : `s ${from}-${doc.page_count} were`} not assessed.`,
    });
  } else if (doc.truncated) {
    parts.push({ source: "unread_text", said: "Text past the per-page limit was not read." });
  }
  return parts;
}

export const DOCUMENT_CHANNEL = defineChannel({
  id: "document",
  verb: "analyzeDocument",
  title: "Check a document",
  description:
    "Assess a letter, notice, invoice or sticker: a PDF (its text, or OCR of scanned pages; at most 10 pages read) or " +
    "a photo (JPEG, PNG, WebP, HEIC, GIF; at most 40 megapixels), 10 MiB at most. Reads it offline, checks the " +
    "organisation it claims to be against that organisation's own links and numbers, the payment it demands, QR " +
    "codes printed on it, and every link and number (no extra quota). Scope text:analyze. Costs 1 document unit " +
    "unless served from cache.",
  scope: "text:analyze",
  quota: DOCUMENT_QUOTA,
  statusComponent: "document_analysis",
  units: "document analyses",
  http: { path: "/api/v1/document/analyze", body: "multipart" },
  upload: { accepts: UPLOAD_KINDS, what: "The PDF or image" },
  request: DocumentAnalyzeRequestSchema,
  result: DocumentAnalysisResultSchema,
  parse: (req): Result<DocumentInput, AppError> => {
    const bytes = req.file.bytes;
    if (bytes.byteLength > MAX_UPLOAD_BYTES)
      return err(appError("payload_too_large", `The file exceeds ${MAX_UPLOAD_BYTES} bytes.`));
    return sniffUpload(bytes).andThen((s) => {
      const kind = s.kind === "heif" ? "heic" : s.kind;
      if (s.kind === "pdf") return ok({ bytes, kind, mediaType: s.mediaType });
      return inspectImage(bytes).map(() => ({ bytes, kind, mediaType: s.mediaType }));
    });
  },
  forceRefresh: (req) => req.force_refresh === true,
  cacheKey: (input, deps) => `document:${hashBytes(deps.hasher, input.bytes)}`,
  assess: assessDocument,
  magic: (["safe", "low_risk", "medium_risk", "high_risk", "scam"] as const).map((verdict) => ({
    input: `A PDF whose text reads "Test document sv-test-${verdict.replace("_", "-")}"`,
    verdict,
  })),
  samples: {
    magicBody: (m) => ({ file: { bytes: fromBase64(MAGIC_DOCUMENT_PDF_BASE64[m.verdict]), filename: "magic.pdf" } }),
    invalid: { file: { bytes: new Uint8Array(0), filename: "empty.pdf" } },
  },
  mcp: {
    tool: "check_document",
    summarize: (v: DocumentAssessment & { cached?: boolean }) => {
      const issuer = v.signals.claimed_issuer;
      const claims = issuer
        ? ` Claims to be ${issuer.name}${issuer.channels_match === false ? "; its links or numbers are not that organisation's" : ""}.`
        : "";
      const flags = v.red_flags.slice(0, 3);
      return `${summarizeAssessment(`Document (${v.scam_type === "none" ? "no scam type" : v.scam_type}, ${v.pages_read} page${v.pages_read === 1 ? "" : "s"} read)`, v)}${claims}${flags.length > 0 ? ` Red flags: ${flags.join("; ")}.` : ""}`;
    },
  },
  cli: {
    command: "document",
    argument: "files",
    example:
      "scamverify document toll-notice.pdf letter-photo.jpg\n  scamverify document - < invoice.pdf --format json",
    toRequest: () => ({}),
    files: true,
  },
  available: (deps) => deps.documentReader !== undefined,
});

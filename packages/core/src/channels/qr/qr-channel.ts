// The QR channel: POST /api/v1/qr/analyze (multipart, one `file` part), check_qr, `scamverify qr`. The server
// decodes every code in the image; a code holding a URL runs the URL pipeline and costs 1 URL unit (unless that URL
// is cached), anything else (a number, a payment, Wi-Fi credentials, a contact card) is decoded and described at no
// cost. Cached by the image's hash; the image itself is never kept.
import { err, ok, type Result } from "neverthrow";
import { URL_MODEL_SOURCE } from "../../models/model-evidence.js";
import { z } from "zod";
import { appError, type AppError } from "../../errors.js";
import { analyzeQrContent, parseQrPayload, toQrCode, urlsOf } from "../../analyzers/qr/index.js";
import { assessUrlOffline, normalizeUrl, pathAsksFor } from "../../analyzers/url/index.js";
import { QrCodeSchema, QrContentTypeSchema, type QrCode } from "../../analyzers/qr/qr-code-schema.js";
import { inspectImage } from "../../analyzers/upload/image-dimensions.js";
import { IMAGE_KINDS, MAX_UPLOAD_BYTES } from "../../analyzers/upload/sniff-upload.js";
import type { Evidence } from "../../ports/signal-source.js";
import { ResultHeadShape, ResultTailShape, type Factor } from "../../schemas/common.js";
import { MAX_URL_LENGTH, UrlLookupResultSchema, type UrlLookupResult } from "../../schemas/url.js";
import { SubLookupSchema } from "../../schemas/sub-lookup.js";
import type { WeightedEvidence } from "../../scoring/score.js";
import { assemble } from "../../usecases/assemble.js";
import { commonFields } from "../../usecases/channel-assessment.js";
import { magicEvidence } from "../../usecases/magic-evidence.js";
import { OFFLINE_WEIGHT } from "../../scoring/evidence-weights.js";
import { magicUrlVerdict } from "../../usecases/test-mode.js";
import { defineChannel, type AssessContext, type CacheFields } from "../define-channel.js";
import { summarizeAssessment } from "../summary.js";
import { subLookup, type SubLookup } from "../sub-lookup.js";
import { fromBase64, hashBytes, UploadSchema } from "../upload.js";
import { assessUrl, parseUrl, URL_CHANNEL } from "../url/url-channel.js";
import { MAGIC_QR_PNG_BASE64 } from "./magic-images.js";

/** At most this many distinct links of one image go through the URL pipeline (each costs 1 URL unit). */
export const MAX_QR_URLS = 3;

export const QrAnalyzeRequestSchema = z
  .object({
    file: UploadSchema,
    force_refresh: z.boolean().optional().describe("Bypass the cache; each analyzed URL counts toward quota"),
  })
  .meta({ id: "QrAnalyzeRequest" });

export const QrAnalysisResultSchema = z
  .object({
    ...ResultHeadShape,
    qr_found: z.boolean().describe("Whether the image holds at least one QR code"),
    qr_data: z.string().nullable().describe("The first code's payload (Wi-Fi passwords masked); null when none"),
    qr_content_type: QrContentTypeSchema.nullable(),
    codes: z.array(QrCodeSchema).describe("Every code in the image, in reading order"),
    image_hash: z.string().describe("SHA-256 of the uploaded bytes (the image is not stored)"),
    url_analysis: UrlLookupResultSchema.nullable().describe(
      "The URL result of the first code's link, when it holds one",
    ),
    sub_lookups: z.array(SubLookupSchema).describe("Every link and number of the codes that was assessed"),
    signals: z.object({
      codes_found: z.number().int(),
      urls_analyzed: z.number().int().describe(`At most ${MAX_QR_URLS}; each costs 1 URL unit unless cached`),
      urls_not_analyzed: z.number().int(),
    }),
    ...ResultTailShape,
  })
  .meta({ id: "QrAnalysisResult" });
export type QrAnalysisResult = z.infer<typeof QrAnalysisResultSchema>;
type QrAssessment = Omit<QrAnalysisResult, "cached" | "cache_expires_at">;

export interface QrInput {
  readonly bytes: Uint8Array;
}

/** The URL result from which a code's link counts as showing warning signs of its own (medium risk). */
const QR_WARNING_SIGNS_FROM = 40;
/** What a QR code adds to such a link: a link reading 40 becomes 67, one reading 60 becomes 78. */
const QR_CONTEXT_POINTS = 45;
/** What a code adds to an unencrypted link with a weaker warning sign: a link reading 20 becomes 68, 35 becomes 76. */
const QR_PLAIN_HTTP_POINTS = 60;

function pathOf(raw: string): string {
  try {
    return new URL(raw).pathname;
  } catch {
    return "";
  }
}

/** A warning sign of the link's own: a factor that raises its risk, other than "too little is known". */
/** A link's strongest warning sign: a rule's finding before the URL model's reading, which names no single cause. */
function warningSign(result: { readonly factors: readonly Factor[] }): Factor | undefined {
  const signs = result.factors.filter((f) => f.points > 0 && f.id !== "limited_evidence");
  return signs.find((f) => f.source !== URL_MODEL_SOURCE) ?? signs[0];
}

/** A link's result vouches for it with a low score and no warning sign. */
const vouchesFor = (score: number, sign: Factor | undefined): boolean => score < 20 && sign === undefined;

function established(url: UrlLookupResult): boolean {
  return vouchesFor(url.risk_score, warningSign(url));
}

/**
 * The factor a QR code adds to its link's own result, or null. A link that already shows warning signs on its own
 * (medium risk) reads high risk in a code: a code hides its link until it is opened, and codes on posters, meters
 * and letters are pasted over or sent in place of a link a filter would read. A plain http:// link with a weaker
 * warning sign (a sign-in path, a cheap ending, a lure word in the name) does too: printed codes today lead to
 * https pages (every platform, shop and council serves them), so an unencrypted page that also looks wrong is a
 * page nobody maintains as a business would. A link with no warning sign gets nothing from the code, http or not:
 * most codes are menus, apps, parking and shops on names no list knows, and being in a code says nothing against
 * them.
 */
export function qrContextFactor(url: UrlLookupResult): Factor | null {
  if (url.risk_score >= 65) return null;
  if (url.risk_score >= QR_WARNING_SIGNS_FROM) {
    return {
      id: "qr_link_hidden_risk",
      source: "qr_link",
      label:
        "The link shows warning signs and comes in a QR code, which hides it until it is opened: swapped " +
        "and pasted-over codes send people to pages like this",
      points: QR_CONTEXT_POINTS,
    };
  }
  if (!/^http:\/\//i.test(url.url)) return null;
  const sign = warningSign(url);
  const asks = sign === undefined ? pathAsksFor(pathOf(url.url)) : null;
  if (sign === undefined && asks === null) return null;
  return {
    id: "qr_link_unencrypted",
    source: "qr_link",
    label:
      `The code leads to an unencrypted http:// page that ${sign !== undefined ? `also shows a warning sign (${sign.label})` : `asks for "${asks ?? ""}"`}; ` +
      "printed codes lead to https pages",
    points: QR_PLAIN_HTTP_POINTS,
  };
}

/**
 * A link's URL result as evidence about the code: its risk stands for the code's (a listed link is a floor), with
 * what being in a code adds to it (`qrContextFactor`).
 */
function linkEvidence(url: UrlLookupResult, othersEstablished: boolean): Evidence {
  const top = url.factors.find((f) => f.points > 0);
  // A low score vouches for the code only when the link shows no warning sign at all (a sign-in path scores 15),
  // and only when every other link of the image does too: codes of well-known sites printed beside another code
  // vouch for themselves, not for it.
  const safe = established(url) && othersEstablished;
  const context = safe ? null : qrContextFactor(url);
  // A link that reads 0 beside another that is not established moves nothing either way.
  if (!safe && url.risk_score === 0) return { source: "qr_link", status: "ok", signals: {}, factors: [] };
  return {
    source: "qr_link",
    status: "ok",
    signals: {},
    factors: [
      {
        id: safe ? "qr_link_established" : "qr_link_risk",
        source: "qr_link",
        label: safe
          ? `The code's link ${url.domain} reads ${url.verdict.replace("_", " ")} (${url.risk_score}/100)`
          : `The code's link ${url.domain} reads ${url.verdict.replace("_", " ")} (${url.risk_score}/100)${top ? `: ${top.label}` : ""}`,
        points: safe ? -20 : url.risk_score,
      },
      ...(context === null ? [] : [context]),
    ],
    floor: url.risk_score >= 65 ? url.risk_score : 0,
  };
}

function numberEvidence(sub: SubLookup): Evidence {
  return {
    source: "qr_number",
    status: "ok",
    signals: {},
    factors:
      sub.risk_score >= 40
        ? [
            {
              id: "qr_number_risk",
              source: "qr_number",
              label: `The code's number ${sub.value} reads ${sub.verdict.replace("_", " ")} (${sub.risk_score}/100)`,
              points: sub.risk_score,
            },
          ]
        : [],
  };
}

/**
 * The form of a code's link the URL pipeline can read: itself, or, past MAX_URL_LENGTH characters, the link without
 * its query and fragment (the host and path carry what the analyzers read); null when even that is too long.
 */
function checkableLink(raw: string): string | null {
  if (raw.length <= MAX_URL_LENGTH) return raw;
  const bare = raw.split(/[?#]/)[0] ?? "";
  return bare.length <= MAX_URL_LENGTH ? bare : null;
}

/** A link padded past what a URL check reads: what it says about the code, and whether it was read at all. */
function paddedLinkEvidence(raw: string, read: boolean): Evidence {
  return {
    source: "qr_link",
    status: "ok",
    signals: {},
    factors: [
      {
        id: "qr_link_padded",
        source: "qr_link",
        label: read
          ? `The code's link runs to ${raw.length} characters, padded past what link checks read (${MAX_URL_LENGTH}); it was checked without its query`
          : `The code's link runs to ${raw.length} characters, too long to check: links are padded like this to slip past scanners`,
        points: read ? 40 : 60,
      },
    ],
  };
}

/**
 * Links past the first MAX_QR_URLS, read by the offline analyzers only (no network, no feeds, no charge): a scam
 * code placed after three codes of well-known sites is still read.
 */
function offlineLinkEvidence(raw: string): { evidence: Evidence; established: boolean } {
  const parsed = normalizeUrl(raw);
  const a = parsed.isOk() ? assessUrlOffline(parsed.value) : null;
  const score = a?.riskScore ?? 20;
  const sign = a === null ? undefined : warningSign(a);
  const host = parsed.isOk() ? parsed.value.host : raw.slice(0, 60);
  return {
    established: vouchesFor(score, sign),
    evidence: {
      source: "qr_link",
      status: "ok",
      signals: {},
      factors: [
        {
          id: "qr_link_offline",
          source: "qr_link",
          label: `Another code's link, ${host}, read offline only (past the first ${MAX_QR_URLS} links of an image): ${score}/100${sign ? `, ${sign.label}` : ""}`,
          points: score,
        },
      ],
      floor: score >= 65 ? score : 0,
    },
  };
}

/** The URL pipeline for a code's link: charged (1 URL unit unless cached) for live keys, free in test mode. */
async function analyzeLink(ctx: AssessContext, raw: string): Promise<Result<UrlLookupResult | null, AppError>> {
  const parsed = parseUrl(raw, "file");
  if (parsed.isErr()) return ok(null);
  const k = ctx.kernel;
  if (ctx.mode === "test") {
    const value = await assessUrl(k, parsed.value, "test");
    return ok({ ...value, cached: false, cache_expires_at: value.created_at });
  }
  const charged = await k.charged(
    ctx.principal,
    "url",
    URL_CHANNEL.cacheKey(parsed.value, ctx.ports),
    ctx.forceRefresh,
    async () => ok(await assessUrl(k, parsed.value, "live", { subLookup: true })),
    ctx.charges,
    ctx.holds,
  );
  return charged.map((o) => o.value);
}

async function assessQr(ctx: AssessContext, input: QrInput): Promise<Result<QrAssessment, AppError>> {
  const k = ctx.kernel;
  const decoder = ctx.ports.qrDecoder;
  if (decoder === undefined) return err(appError("service_unavailable", "This server has no QR decoder configured."));
  const decoded = await decoder.decode(input.bytes);
  if (!decoded.ok) return err(decoded.error);
  const codes: QrCode[] = decoded.value.map(toQrCode);
  const imageHash = hashBytes(ctx.ports.hasher, input.bytes);
  const items: WeightedEvidence[] = [];
  const subs: SubLookup[] = [];
  let urlAnalysis: UrlLookupResult | null = null;
  /** The riskiest link's result: what the code's verdict rests on. */
  let decisive: UrlLookupResult | null = null;
  let magic = null;
  const links = [...new Set(decoded.value.flatMap((c) => urlsOf(parseQrPayload(c.text))))];
  for (const code of decoded.value)
    items.push({ evidence: analyzeQrContent(parseQrPayload(code.text), code.text), weight: OFFLINE_WEIGHT });
  const results: UrlLookupResult[] = [];
  for (const link of links.slice(0, MAX_QR_URLS)) {
    const checkable = checkableLink(link);
    if (checkable !== link) items.push({ evidence: paddedLinkEvidence(link, checkable !== null), weight: 1 });
    if (checkable === null) continue;
    // A link's unit is given back by checkOne if the image's answer fails after all (a later link, the cache).
    const analyzed = await analyzeLink(ctx, checkable);
    if (analyzed.isErr()) return err(analyzed.error);
    const url = analyzed.value;
    if (url === null) continue;
    results.push(url);
    urlAnalysis ??= url;
    if (decisive === null || url.risk_score > decisive.risk_score) decisive = url;
    if (ctx.mode === "test") magic ??= magicUrlVerdict(new URL(url.url).hostname);
    subs.push({
      kind: "url",
      value: url.url,
      risk_score: url.risk_score,
      verdict: url.verdict,
      confidence: url.confidence,
      factors: url.factors.slice(0, 3),
    });
  }
  const extra = links.slice(MAX_QR_URLS).map(offlineLinkEvidence);
  for (const e of extra) items.push({ evidence: e.evidence, weight: OFFLINE_WEIGHT });
  const allEstablished = results.every(established) && extra.every((e) => e.established);
  for (const url of results) items.push({ evidence: linkEvidence(url, allEstablished), weight: 1 });
  for (const code of codes) {
    if (code.content_type !== "tel" && code.content_type !== "sms") continue;
    const number = code.details.e164 ?? code.details.number;
    const sub = await subLookup(ctx, "phone", number);
    if (sub === null) continue;
    subs.push(sub);
    items.push({ evidence: numberEvidence(sub), weight: 0.5 });
  }
  const first = codes[0] ?? null;
  const scored = magic !== null ? [{ evidence: magicEvidence(magic), weight: 1 }] : items;
  const subject = first === null ? "The image" : `The QR code (${first.content_type})`;
  // A code's answer about its link is no surer than the link's own: no network, no feeds, no reputation for the
  // name leave both uncertain (decoding itself is certain, and adds no confidence about the destination).
  const { assessment, explanation } = await assemble(
    k,
    "qr",
    subject,
    scored,
    { skipModel: ctx.mode === "test", lookups: subs.map((s) => ({ ...s, subject: s.value })) },
    magic === null && decisive !== null ? { confidenceAtMost: decisive.confidence } : {},
  );
  const said =
    codes.length === 0 && magic === null
      ? "No QR code was found in the image (1-D barcodes are not read), so nothing in it was assessed."
      : explanation;
  return ok({
    ...commonFields(k, ctx.mode, `qr:${imageHash}`, assessment, said),
    qr_found: codes.length > 0,
    qr_data: first?.data ?? null,
    qr_content_type: first?.content_type ?? null,
    codes,
    image_hash: imageHash,
    url_analysis: urlAnalysis,
    sub_lookups: subs,
    signals: {
      codes_found: codes.length,
      urls_analyzed: Math.min(links.length, MAX_QR_URLS),
      urls_not_analyzed: Math.max(0, links.length - MAX_QR_URLS),
    },
  });
}

export const QR_CHANNEL = defineChannel({
  id: "qr",
  verb: "analyzeQr",
  title: "Check a QR code image",
  description:
    "Decode every QR code in an uploaded image (JPEG, PNG, WebP, HEIC/HEIF or GIF's first frame; at most 10 MiB and " +
    "40 megapixels) and assess what it holds: a link runs the URL pipeline and costs 1 url unit unless cached (up to " +
    `${MAX_QR_URLS} links per image); numbers, payments, Wi-Fi and contact cards are described at no cost. Scope url:lookup.`,
  scope: "url:lookup",
  quota: { chargedBy: "url" },
  statusComponent: "qr_analysis",
  units: "QR code analyses",
  http: { path: "/api/v1/qr/analyze", body: "multipart" },
  upload: { accepts: IMAGE_KINDS, what: "The image" },
  request: QrAnalyzeRequestSchema,
  result: QrAnalysisResultSchema,
  parse: (req) => {
    if (req.file.bytes.byteLength > MAX_UPLOAD_BYTES)
      return err(appError("payload_too_large", `The image exceeds ${MAX_UPLOAD_BYTES} bytes.`));
    return inspectImage(req.file.bytes).map(() => ({ bytes: req.file.bytes }));
  },
  forceRefresh: (req) => req.force_refresh === true,
  cacheKey: (input, deps) => `qr:${hashBytes(deps.hasher, input.bytes)}`,
  assess: assessQr,
  magic: (["safe", "low_risk", "medium_risk", "high_risk", "scam"] as const).map((verdict) => ({
    input: `https://sv-test-${verdict.replace("_", "-")}.example.com/`,
    verdict,
  })),
  samples: {
    magicBody: (m) => ({ file: { bytes: fromBase64(MAGIC_QR_PNG_BASE64[m.verdict]), filename: "magic.png" } }),
    invalid: { file: { bytes: new Uint8Array(0), filename: "empty.png" } },
  },
  mcp: {
    tool: "check_qr",
    summarize: (v: QrAssessment & Partial<CacheFields>) =>
      v.qr_found
        ? summarizeAssessment(`QR code (${v.qr_content_type}: ${(v.qr_data ?? "").slice(0, 80)})`, v)
        : `No QR code found in the image. ${v.explanation}`,
  },
  cli: {
    command: "qr",
    argument: "images",
    example: "scamverify qr parking-meter-sticker.jpg\n  scamverify qr - < photo.png",
    toRequest: () => ({}),
    files: true,
  },
  available: (deps) => deps.qrDecoder !== undefined,
});

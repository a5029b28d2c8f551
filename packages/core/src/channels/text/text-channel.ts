// The text channel: POST /api/v1/text/analyze, check_text, `scamverify text`. The message analyzer (analyzers/message)
// reads the text: links and numbers however they are disguised, scam-language cues weighed together, the
// organisation it claims to be checked against that organisation's own channels; every link and number then goes
// through the URL and phone channels' assessment (no extra quota), and the worst of them weighs in the score. The
// cache key is a hash of the normalized text and sender: neither the cache nor the logs keep the message.
import { err, ok, type Result } from "neverthrow";
import { messageModelEvidence } from "../../models/model-evidence.js";
import { z } from "zod";
import { validationError, type AppError } from "../../errors.js";
import {
  CONTENT_SOURCE,
  ClaimedIssuerSchema,
  ScamTypeSchema,
  SUBLOOKUP_MAX_PHONES,
  SUBLOOKUP_MAX_URLS,
  analyzeMessage,
  finalScamType,
  placedPhones,
  subLookupEvidence,
  unplacedPhones,
  type MessageAnalysis,
  type MessageKind,
} from "../../analyzers/message/index.js";
import { createOrganisationDirectory } from "../../analyzers/organisations/organisation-directory.js";
import type { OrganisationDirectory } from "../../analyzers/organisations/organisation.js";
import { detectPromptInjection } from "../../analyzers/injection/index.js";
import { isNanp } from "../../analyzers/phone/read-phone-number.js";
import { ResultHeadShape, ResultTailShape, type Verdict } from "../../schemas/common.js";
import { SubLookupSchema } from "../../schemas/sub-lookup.js";
import type { WeightedEvidence } from "../../scoring/score.js";
import type { Evidence } from "../../ports/signal-source.js";
import { assemble } from "../../usecases/assemble.js";
import { commonFields } from "../../usecases/channel-assessment.js";
import { magicEvidence } from "../../usecases/magic-evidence.js";
import { OFFLINE_WEIGHT } from "../../scoring/evidence-weights.js";
import { defineChannel, type AssessContext, type ChannelPorts } from "../define-channel.js";
import { summarizeAssessment } from "../summary.js";
import { subLookup, subLookups, type SubLookup } from "../sub-lookup.js";
import { TEXT_QUOTA } from "./text-quota.js";

/**
 * A message, not a book: 5,000 characters holds the longest concatenated SMS (1,600) and long chat messages. Longer
 * input is refused with a validation_error that points to the email and document channels.
 */
export const MAX_TEXT_CHARS = 5_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** What shows nothing: white space, control characters and invisible format characters (zero-width space, marks). */
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/gu;

/** A message text: not empty or blank, no broken UTF-16, not binary data. */
export const MessageTextSchema = z
  .string()
  .min(1, "The text is empty")
  .max(MAX_TEXT_CHARS, {
    message: `A message is at most ${MAX_TEXT_CHARS} characters; send longer mail to /api/v1/email/analyze and letters to /api/v1/document/analyze`,
  })
  // An empty text is told once, as empty.
  .refine((s) => s === "" || s.replace(INVISIBLE, "") !== "", "The text is blank")
  .refine((s) => !LONE_SURROGATE.test(s), "The text holds invalid UTF-16 (a lone surrogate)")
  .refine((s) => (s.match(CONTROL)?.length ?? 0) <= Math.max(2, s.length / 50), "The text looks like binary data");

export const TextAnalyzeRequestSchema = z
  .strictObject({
    text: MessageTextSchema.describe(`The message as received (at most ${MAX_TEXT_CHARS} characters)`),
    sender_number: z
      .string()
      .max(254)
      .refine((s) => !LONE_SURROGATE.test(s), "The sender holds invalid UTF-16 (a lone surrogate)")
      .optional()
      .describe("Who sent it: a phone number, a short code, or an email address (email-to-text)"),
    force_refresh: z.boolean().optional().describe("Bypass the cache; counts toward quota"),
  })
  .meta({ id: "TextAnalyzeRequest" });

const SenderSchema = z
  .object({
    value: z.string().describe("The sender as given"),
    kind: z.enum(["phone", "short_code", "email", "alphanumeric", "unknown"]),
    analysis: SubLookupSchema.nullable().describe("The phone channel's assessment of a sender number"),
  })
  .meta({ id: "TextSender" });

export const TextSignalsSchema = z
  .object({
    extracted_urls: z.array(z.string()).describe("Links found, normalized, in order"),
    extracted_phones: z
      .array(z.string())
      .describe("Phone numbers found whose country the message or its sender gives, E.164, in order"),
    unplaced_phones: z
      .array(z.string())
      .describe("Phone numbers found that nothing in the message places in a country, digits as written, in order"),
    extracted_emails: z.array(z.string()),
    amounts: z.array(z.string()).describe("Money amounts as written"),
    deadlines: z.array(z.string()).describe("Deadline phrases, lower case"),
    language: z.string().describe("BCP 47 code of the message's language, und when unknown"),
    claimed_issuer: ClaimedIssuerSchema.nullable(),
    sender: SenderSchema.nullable(),
    urls_not_analyzed: z
      .number()
      .int()
      .describe(`Links beyond the first ${SUBLOOKUP_MAX_URLS}, found but not looked up`),
    phones_not_analyzed: z
      .number()
      .int()
      .describe(`Numbers beyond the first ${SUBLOOKUP_MAX_PHONES}, found but not looked up`),
  })
  .meta({ id: "TextSignals" });

export const TextAnalysisResultSchema = z
  .object({
    ...ResultHeadShape,
    message_hash: z.string().describe("SHA-256 of the normalized text and sender (the message itself is not kept)"),
    scam_type: ScamTypeSchema,
    red_flags: z.array(z.string()).describe("Short plain-language warnings, strongest first"),
    signals: TextSignalsSchema,
    sub_lookups: z.array(SubLookupSchema).describe("Each extracted link and number, assessed"),
    ...ResultTailShape,
  })
  .meta({ id: "TextAnalysisResult" });
export type TextAnalysisResult = z.infer<typeof TextAnalysisResultSchema>;
type TextAssessment = Omit<TextAnalysisResult, "cached" | "cache_expires_at">;

export interface TextInput {
  readonly text: string;
  readonly sender: string | null;
}

/** One directory for every engine: it is pure data, built once. */
let sharedDirectory: OrganisationDirectory | undefined;
export function defaultDirectory(): OrganisationDirectory {
  sharedDirectory ??= createOrganisationDirectory();
  return sharedDirectory;
}

/** A message's magic test token: sv-test-<verdict> anywhere in it (e.g. "sv-test-high-risk"). */
export function magicTextVerdict(text: string): Verdict | null {
  const m = /\bsv-test-(safe|low-risk|medium-risk|high-risk|scam)\b/i.exec(text);
  return m ? ((m[1] as string).toLowerCase().replace("-", "_") as Verdict) : null;
}

function senderKind(sender: string): z.infer<typeof SenderSchema>["kind"] {
  if (/@/.test(sender)) return "email";
  const digits = sender.replace(/[\s().+-]/g, "");
  if (/^\d{5,6}$/.test(digits)) return "short_code";
  if (/^\d{7,15}$/.test(digits)) return "phone";
  if (/^[A-Za-z][\w .-]{1,20}$/.test(sender)) return "alphanumeric";
  return "unknown";
}

/** What the message analyzer, the sub-lookups and the sender give: evidence, and the result's fields. */
export interface AnalyzedMessage {
  readonly analysis: MessageAnalysis;
  readonly subs: SubLookup[];
  readonly items: WeightedEvidence[];
}

/**
 * The message analyzer over a text, then the URL and phone channels' assessment of what it found (at most
 * SUBLOOKUP_MAX_URLS links and SUBLOOKUP_MAX_PHONES numbers, free of quota). Shared by text, email and documents.
 */
export async function analyzeMessageText(
  ctx: AssessContext,
  text: string,
  kind: MessageKind,
  options: {
    senderNumber?: string;
    extraUrls?: readonly string[];
    directory?: OrganisationDirectory;
    claimText?: string;
    readByOcr?: boolean;
    settingCountries?: readonly string[];
  } = {},
): Promise<AnalyzedMessage> {
  const analysis = analyzeMessage(text, {
    directory: options.directory ?? defaultDirectory(),
    kind,
    ...(options.senderNumber !== undefined ? { senderNumber: options.senderNumber } : {}),
    ...(options.claimText !== undefined ? { claimText: options.claimText } : {}),
    ...(options.readByOcr === true ? { readByOcr: true } : {}),
    ...(options.settingCountries !== undefined ? { settingCountries: options.settingCountries } : {}),
  });
  const urls = [...(options.extraUrls ?? []), ...analysis.entities.urls.map((u) => u.candidate)].slice(
    0,
    SUBLOOKUP_MAX_URLS,
  );
  // The phone lookup reads NANP numbers; the analyzer has judged the others (their country and kind of line).
  const phones = placedPhones(analysis.entities)
    .filter((p) => isNanp(p))
    .slice(0, SUBLOOKUP_MAX_PHONES);
  const subs = await subLookups(ctx, urls, phones);
  const evidence = kind === "text" ? analysis.evidence : analysis.evidence.map(longFormContent);
  const items: WeightedEvidence[] = [
    ...evidence,
    subLookupEvidence(subs, analysis.ownLinks),
    detectPromptInjection(text),
    messageModelEvidence(kind === "text" ? "sms" : kind, text),
  ].map((e) => ({
    evidence: e,
    weight: OFFLINE_WEIGHT,
  }));
  return { analysis, subs, items };
}

/** The cue combinations that make a scam script, whatever the length of the message. */
const COMBINATIONS = new Set([
  "scam_script",
  "story_and_request",
  "family_emergency",
  "wrong_number_follow_up",
  "romance_money",
]);

/**
 * Emails and letters are long prose: a single cue word ("police", "virus", "commission") in a newsletter or a
 * discussion list is not the short, pointed demand it is in a text message. In long form a single cue weighs half,
 * unless the message also follows a scam script (a story, pressure and a request).
 */
export function longFormContent(evidence: Evidence): Evidence {
  if (evidence.source !== CONTENT_SOURCE) return evidence;
  if (evidence.factors.some((f) => COMBINATIONS.has(f.id))) return evidence;
  return {
    ...evidence,
    factors: evidence.factors.map((f) =>
      f.points > 0 && !f.id.includes("link") ? { ...f, points: Math.round(f.points / 2) } : f,
    ),
  };
}

function messageHash(ports: Pick<ChannelPorts, "hasher">, input: TextInput): string {
  return ports.hasher.sha256Hex(`${input.text}\u0000${input.sender ?? ""}`);
}

async function assessText(ctx: AssessContext, input: TextInput): Promise<Result<TextAssessment, AppError>> {
  const k = ctx.kernel;
  const { analysis, subs, items } = await analyzeMessageText(ctx, input.text, "text", {
    ...(input.sender !== null ? { senderNumber: input.sender } : {}),
  });
  let sender: z.infer<typeof SenderSchema> | null = null;
  if (input.sender !== null) {
    const kind = senderKind(input.sender);
    const analysisOfSender = kind === "phone" ? await subLookup(ctx, "phone", input.sender) : null;
    sender = { value: input.sender, kind, analysis: analysisOfSender };
    if (analysisOfSender !== null && analysisOfSender.risk_score >= 40) {
      items.push({
        evidence: {
          source: "sender",
          status: "ok",
          signals: {},
          factors: [
            {
              id: "sender_number_risk",
              source: "sender",
              label: `The sender's number ${analysisOfSender.value} reads ${analysisOfSender.verdict} (${analysisOfSender.risk_score}/100)`,
              points: Math.round(analysisOfSender.risk_score * 0.6),
            },
          ],
        },
        weight: OFFLINE_WEIGHT,
      });
    }
  }
  const magic = ctx.mode === "test" ? magicTextVerdict(input.text) : null;
  const scored = magic !== null ? [{ evidence: magicEvidence(magic), weight: 1 }] : items;
  const hash = messageHash(ctx.ports, input);
  const { assessment, explanation } = await assemble(k, "text", "This message", scored, {
    skipModel: ctx.mode === "test",
    content: input.text,
    lookups: subs.map((s) => ({ ...s, subject: s.value })),
    mayAddFactor: true,
  });
  const e = analysis.entities;
  return ok({
    ...commonFields(k, ctx.mode, `text:${hash}`, assessment, explanation),
    message_hash: hash,
    scam_type: finalScamType(analysis, assessment.riskScore, magic),
    red_flags: assessment.riskScore >= 40 || magic !== null ? analysis.redFlags : analysis.redFlags.slice(0, 2),
    signals: {
      extracted_urls: subs.filter((s) => s.kind === "url").map((s) => s.value),
      extracted_phones: placedPhones(e),
      unplaced_phones: unplacedPhones(e),
      extracted_emails: [...e.emails],
      amounts: e.amounts.map((a) => a.raw),
      deadlines: [...e.deadlines],
      language: analysis.language,
      claimed_issuer: analysis.claimedIssuer,
      sender,
      urls_not_analyzed: Math.max(0, e.urlsFound - SUBLOOKUP_MAX_URLS),
      phones_not_analyzed: Math.max(0, e.phonesFound - SUBLOOKUP_MAX_PHONES),
    },
    sub_lookups: subs,
  });
}

export const TEXT_CHANNEL = defineChannel({
  id: "text",
  verb: "analyzeText",
  title: "Check a text message",
  description:
    "Assess how likely an SMS or chat message is to be a scam: scam-language cues (English, Spanish, French, German, Portuguese, Italian, Indonesian and Dutch), the " +
    "organisation it claims to be checked against that organisation's own links and numbers, and every link and " +
    `number in it through the URL and phone checks (up to ${SUBLOOKUP_MAX_URLS} links and ${SUBLOOKUP_MAX_PHONES} numbers, no extra quota). ` +
    `At most ${MAX_TEXT_CHARS} characters. Scope text:analyze. Costs 1 text unit unless served from cache.`,
  scope: "text:analyze",
  quota: TEXT_QUOTA,
  statusComponent: "text_analysis",
  units: "text analyses",
  http: { path: "/api/v1/text/analyze", body: "json" },
  request: TextAnalyzeRequestSchema,
  result: TextAnalysisResultSchema,
  parse: (req): Result<TextInput, AppError> => {
    const text = req.text.normalize("NFC").trim();
    const sender = req.sender_number?.trim() || null;
    if (sender !== null && sender.match(CONTROL) !== null)
      return err(validationError([{ field: "sender_number", message: "must not contain control characters" }]));
    return ok({ text, sender });
  },
  forceRefresh: (req) => req.force_refresh === true,
  cacheKey: (input, deps) => `text:${deps.hasher.sha256Hex(`${input.text}\u0000${input.sender ?? ""}`)}`,
  assess: assessText,
  magic: (["safe", "low_risk", "medium_risk", "high_risk", "scam"] as const).map((verdict) => ({
    input: `Test message sv-test-${verdict.replace("_", "-")}`,
    verdict,
  })),
  samples: {
    magicBody: (m) => ({ text: m.input }),
    invalid: { text: "   " },
    fresh: (n, tag) => ({ text: `Your parcel ${tag}-${n} is held. Pay the fee today.` }),
  },
  mcp: {
    tool: "check_text",
    prompt: {
      name: "investigate_text_message",
      title: "Investigate a text message",
      argument: "text",
      describe: "The message as received",
      ask: (v) => `Is this text message a scam? Check it with check_text. The message:\n\n${v}`,
    },
    summarize: (v: TextAssessment & { cached?: boolean }) => {
      const flags = v.red_flags.slice(0, 3);
      const head = summarizeAssessment(`Message (${v.scam_type === "none" ? "no scam type" : v.scam_type})`, v);
      const links = v.sub_lookups.map((s) => `${s.value} ${s.verdict}`).join(", ");
      return [
        head,
        flags.length > 0 ? `Red flags: ${flags.join("; ")}.` : "",
        links ? `Links and numbers: ${links}.` : "",
      ]
        .filter((s) => s !== "")
        .join(" ");
    },
  },
  cli: {
    command: "text",
    argument: "messages",
    example:
      'scamverify text "USPS: your parcel is on hold, pay $1.99 at usps-redelivery.top"\n  scamverify text --file messages.jsonl --format csv   # {"text": ..., "sender_number": ...} per line',
    toRequest: (text) => ({ text }),
    options: [
      {
        flags: "--sender-number <number>",
        field: "sender_number",
        description: "the number the message came from, as shown on the phone (checked like a phone lookup)",
      },
    ],
  },
});

import { z } from "zod";
import type { RedactedText } from "../analyzers/injection/redact-for-model.js";
import { VERDICTS, type Factor, type Verdict } from "../schemas/common.js";
import { AI_MAX_POINTS, AI_MIN_POINTS, AI_SCAM_TYPES, type AiFactorProposal } from "../scoring/ai-bounds.js";

/** The id of the channel the lookup is on, as its definition in the channel registry declares it. */
export type AiChannel = string;

/** One sub-lookup (a URL or a number found in the content) as the rules scored it. */
export interface AiLookupSummary {
  readonly kind: "url" | "phone";
  readonly subject: RedactedText;
  readonly riskScore: number;
  readonly verdict: Verdict;
  /** Labels of its main factors, largest first. */
  readonly reasons: readonly string[];
}

/**
 * Everything a model may see about one lookup. Every field that comes from the user's input is RedactedText, so it
 * has been through redactForModel; nothing about the account, the key or the caller belongs here.
 */
export interface AiInput {
  readonly channel: AiChannel;
  /** What the lookup names: the URL, the number, or a short description such as "text message". */
  readonly subject: RedactedText;
  readonly riskScore: number;
  readonly verdict: Verdict;
  readonly confidence: number;
  readonly factors: readonly Factor[];
  readonly lookups: readonly AiLookupSummary[];
  readonly unavailableSources: readonly string[];
  /** The message, email or document text; null for URL and phone lookups. */
  readonly content: RedactedText | null;
}

/** The model's answer as the port hands it over: validated, bounded by the schema, not yet applied to any score. */
export interface AiAnswer {
  /** The model's own reading of the risk (used to tell whether its prose fits the final verdict). */
  readonly verdict: Verdict;
  readonly explanation: string;
  readonly factor?: AiFactorProposal;
}

export const AI_ENTITY_KINDS = [
  "organisation",
  "person",
  "phone",
  "email",
  "url",
  "amount",
  "date",
  "reference",
  "account",
  "address",
] as const;
export type AiEntityKind = (typeof AI_ENTITY_KINDS)[number];

export interface AiEntity {
  readonly kind: AiEntityKind;
  readonly value: string;
}

/** What a vision model read from an image: its text, the entities in it, and the organisation it claims to come from. */
export interface ImageReading {
  readonly text: string;
  readonly entities: readonly AiEntity[];
  readonly claimed_issuer: string | null;
}

export const AI_IMAGE_MEDIA_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type AiImageMediaType = (typeof AI_IMAGE_MEDIA_TYPES)[number];

export interface AiImage {
  readonly bytes: Uint8Array;
  readonly mediaType: AiImageMediaType;
}

export interface AiContext {
  readonly signal: AbortSignal;
}

/** operational: answering; degraded: configured but failing (or its circuit is open); not_configured: no model set up. */
export type AiHealth = "operational" | "degraded" | "not_configured";

/**
 * A language model that reads a lookup and writes its explanation, and a vision model that reads images.
 * Neither method rejects: a slow, failing, refusing or malformed model answer resolves null within the adapter's own
 * time budget (or when ctx.signal aborts), and the caller keeps the rules' result. Not idempotent in cost (each call may
 * spend tokens), but without side effects on scamverify's state.
 */
export interface AiAnalyst {
  /** The explanation and at most one proposed factor, or null when there is no usable answer. */
  analyze(input: AiInput, ctx: AiContext): Promise<AiAnswer | null>;
  /** The text, entities and claimed issuer of a document or QR-bearing image, or null when there is no usable answer. */
  readImage(image: AiImage, ctx: AiContext): Promise<ImageReading | null>;
  /** Cached; resolves (never rejects) within a few seconds. */
  health(): Promise<AiHealth>;
}

/** The answer format the model is held to (factor null when it proposes none). */
export const AiAnswerFormatSchema = z
  .object({
    verdict: z.enum(VERDICTS).describe("Your own reading of the risk of the data, as one of the five verdicts"),
    explanation: z
      .string()
      .min(1)
      .max(1200)
      .describe("Two to four plain-English sentences for the person who received it: what it is and what to do"),
    factor: z
      .object({
        scam_type: z.enum(AI_SCAM_TYPES).describe("The scam pattern recognised, or none"),
        points: z
          .int()
          .min(AI_MIN_POINTS)
          .max(AI_MAX_POINTS)
          .describe("Risk points to add: positive for scam evidence the rules missed, negative for legitimacy"),
        rationale: z.string().min(1).max(300).describe("One sentence: the evidence in the data behind the points"),
      })
      .nullable()
      .describe("One factor the rules did not weigh, or null"),
  })
  .meta({ description: "Assessment of untrusted data" });

/** The image reading format the vision model is held to. */
export const ImageReadingFormatSchema = z.object({
  text: z.string().max(20_000).describe("All legible text in reading order"),
  entities: z
    .array(
      z.object({
        kind: z.enum(AI_ENTITY_KINDS),
        value: z.string().min(1).max(300),
      }),
    )
    .max(60)
    .describe("Organisations, people, phone numbers, emails, URLs, amounts, dates, reference and account numbers"),
  claimed_issuer: z.string().max(200).nullable().describe("The organisation the document claims to come from, or null"),
});

/** The text of everything the model was shown, against which its prose is checked (applyAiAnswer's `known`). */
export function aiInputText(input: AiInput): string {
  return [
    input.subject,
    ...input.lookups.flatMap((l) => [l.subject, ...l.reasons]),
    ...input.factors.map((f) => f.label),
    input.content ?? "",
  ].join("\n");
}

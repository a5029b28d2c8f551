// The statistical models as detectors: a model's reading is one graded rule hit whose strength is its log-odds,
// weighed by the channel's weights file like any rule, and labelled with what weighed most.

import type { Evidence } from "../ports/signal-source.js";
import type { RuleHit } from "../scoring/weights.js";
import { describeFeature } from "./features.js";
import type { ModelReading } from "./linear-model.js";
import { readMessageKnown, readUrl, type MessageKind } from "./index.js";
import { familiarity } from "./vocabulary.js";

export const URL_MODEL_SOURCE = "url_model";
export const MESSAGE_MODEL_SOURCE = "message_model";
/** A reading past this many log-odds adds nothing more: the rules and floors speak for the near-certain. */
export const MAX_STRENGTH = 8;

/** The words of the features that pushed the reading up most, as a person reads them. */
function weighed(reading: ModelReading, n: number): string {
  const words = [...new Set(reading.top.filter((t) => t.weight > 0).map((t) => describeFeature(t.feature)))];
  return words.slice(0, n).join(", ");
}

/**
 * A reading's strength as a rule hit: its log-odds within MAX_STRENGTH, times how much of it counts when the model
 * knows too few of the text's words (vocabulary.ts; `known` null: all of it).
 */
export function readingStrength(logit: number, known: number | null = null): number {
  return Math.max(-MAX_STRENGTH, Math.min(MAX_STRENGTH, logit)) * familiarity(known);
}

function modelHit(
  id: string,
  source: string,
  reading: ModelReading,
  like: string,
  unlike: string,
  known: number | null = null,
): RuleHit {
  const strength = readingStrength(reading.logit, known);
  // The words are only shown for a reading that counts against the input.
  const what = strength > 0 ? weighed(reading, 3) : "";
  const counted =
    familiarity(known) < 1 && known !== null
      ? ` (the model knows ${Math.round(known * 100)}% of its words, so its reading counts for less)`
      : "";
  return {
    id,
    source,
    label: `${strength > 0 ? `${like}${what === "" ? "" : `: ${what}`}` : unlike}${counted}`,
    points: 0,
    strength: Math.round(strength * 1000) / 1000,
  };
}

/**
 * The URL model's reading of a link, as evidence. On a shortener's link (`shortener`, as the list names it) what the
 * model reads is the shortener's own name and a code: the label says so, rather than quote "bit" or the ending ".ly"
 * as if the address told where the link leads. With `leadsTo` (a host), `href` is where following a link led, and
 * the label says so.
 */
export function urlModelEvidence(
  href: string,
  about: { readonly shortener?: string; readonly leadsTo?: string } = {},
): Evidence {
  const { shortener, leadsTo } = about;
  const where = leadsTo === undefined ? "The address" : `Where it leads, ${leadsTo},`;
  const hit = modelHit(
    "url_model",
    URL_MODEL_SOURCE,
    readUrl(href),
    `${where} is written like the phishing and malware links the URL model learnt from`,
    `${where} is written more like ordinary links than like phishing links`,
  );
  const factor =
    shortener !== undefined && (hit.strength ?? 0) > 0
      ? {
          ...hit,
          label:
            `Links on the shortener ${shortener} were often phishing in the feeds the URL model learnt from; ` +
            "the address does not say where this one leads",
        }
      : hit;
  return { source: URL_MODEL_SOURCE, status: "ok", signals: {}, factors: [factor] };
}

const KIND_WORDS: Record<MessageKind, readonly [string, string]> = {
  sms: ["Words typical of scam and spam texts", "The wording reads more like ordinary texts than like scams"],
  email: ["Words typical of scam and phishing mail", "The wording reads more like ordinary mail than like scams"],
  document: ["Words typical of scam letters and mail", "The wording reads more like ordinary letters than like scams"],
};

/** The message model's reading of a text, an email's subject and body, or a document's text, as evidence. */
export function messageModelEvidence(kind: MessageKind, text: string): Evidence {
  const [like, unlike] = KIND_WORDS[kind];
  const { reading, known } = readMessageKnown(kind, text);
  const hit = modelHit(`${kind}_model`, MESSAGE_MODEL_SOURCE, reading, like, unlike, known);
  return { source: MESSAGE_MODEL_SOURCE, status: "ok", signals: {}, factors: [hit] };
}

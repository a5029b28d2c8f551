// Every labelled corpus item through its channel as clients call it, offline (no network, no feeds, no AI): URLs
// through the offline URL scoring the engine's sub-lookups use, texts and mail through the engine's own verbs. A
// scoring observer records the rules that fired on the item (the top-level scoring of the channel, not its
// sub-lookups'), so one run gives both the score and the hit list that the rescore fits weights on.

import {
  assessUrlOffline,
  normalizeUrl,
  type RuleHit,
  type ScoredChannel,
  type Scoring,
} from "../../packages/core/src/index.js";
import { enginePrincipal, inMemoryEngine } from "../../packages/persistence/src/testing/in-memory-engine.js";
import { createPostalMimeReader } from "../../packages/providers/src/email/index.js";
import { offlineEmailAuthenticator } from "../email-eval.js";
import { assessLetterText } from "../channel-scorers.js";
import type { CorpusChannel, CorpusItem } from "../corpora/load.js";

/** The engine channel that reads a corpus channel's items. */
export const SCORED_BY: Record<CorpusChannel, ScoredChannel> = {
  url: "url",
  sms: "text",
  email: "email",
  document: "document",
};

export interface ChannelRun {
  /** The channel's risk score; null when the channel refused the item (it then counts as not flagged). */
  readonly score: number | null;
  readonly hits: readonly RuleHit[];
  readonly floor: number;
}

export type Progress = (done: number, total: number) => void;

/** Runs the items through the channel with `scoring` (fitted weights, or the hand-weighted baseline). */
export async function runChannel(
  channel: CorpusChannel,
  items: readonly CorpusItem[],
  scoring: Scoring,
  progress?: Progress,
): Promise<ChannelRun[]> {
  const target = SCORED_BY[channel];
  let last: { hits: readonly RuleHit[]; floor: number } = { hits: [], floor: 0 };
  const observed: Scoring =
    scoring.combination === "fitted"
      ? {
          ...scoring,
          observe: (c, hits, floor) => {
            if (c === target) last = { hits, floor };
          },
        }
      : scoring;
  const out: ChannelRun[] = [];
  const score = await scorer(channel, observed);
  for (const [i, item] of items.entries()) {
    last = { hits: [], floor: 0 };
    const s = await score(item);
    out.push({ score: s, ...last });
    if (progress !== undefined && (i + 1) % 500 === 0) progress(i + 1, items.length);
  }
  return out;
}

async function scorer(channel: CorpusChannel, scoring: Scoring): Promise<(item: CorpusItem) => Promise<number | null>> {
  if (channel === "document") {
    // A letter's text read as a PDF's text layer, through the document channel's offline scoring.
    return async (item) => assessLetterText(item.text, scoring).riskScore;
  }
  if (channel === "url") {
    return async (item) => {
      const url = normalizeUrl(item.text);
      return url.isErr() ? null : assessUrlOffline(url.value, scoring).riskScore;
    };
  }
  const engine = inMemoryEngine({
    mailReader: createPostalMimeReader(),
    emailAuthenticator: offlineEmailAuthenticator(),
    scoring,
  });
  const { principal } = await enginePrincipal(engine);
  const scoreOf = (r: { isOk(): boolean; value?: unknown }): number | null =>
    r.isOk() ? (r.value as { value: { risk_score: number } }).value.risk_score : null;
  if (channel === "sms") {
    return async (item) => scoreOf(await engine.analyzeText(principal, { text: item.text, force_refresh: true }));
  }
  return async (item) => scoreOf(await engine.analyzeEmail(principal, { email_body: item.text, force_refresh: true }));
}

// pnpm eval loso [url|sms|email] [--sources=a,b]: left one source out (every training source, or only those named). For every training source, the channel's weights are fitted
// again without it and its items read by a statistical model trained without it, then the source is scored: what
// the engine does on a source it never saw, for each source the shipped engine was fitted on. Printed beside the
// in-source figure (the shipped weights and model, which saw the source) and the hand-weighted baseline, same run.
//
// One simplification, stated: the model readings of the other training sources, which the refit weighs, stay the
// out-of-fold readings of the ordinary rescore (their models saw the left-out source). The left-out source's own
// readings come from a model that never saw it.

import { combineLogOdds, type ChannelWeights } from "../../packages/core/src/index.js";
import type { CorpusChannel } from "../corpora/load.js";
import { figuresBySource, rates, type Rates, type ScoredRow } from "./figures.js";
import { leftOutSourceReadings } from "./model-strengths.js";
import { channelData, fitFinal, rescored, ruleStats, withReading, type ChannelData } from "./rescore.js";
import type { ChannelRun } from "./run-channel.js";

const CHANNELS = ["url", "sms", "email"] as const;

const p = (x: number): string => (Number.isNaN(x) ? "     -" : `${(100 * x).toFixed(1)}%`.padStart(6));

function cell(r: Rates, scams: number, legit: number): string {
  const parts: string[] = [];
  if (scams > 0) parts.push(`${p(r.recallMedium)} / ${p(r.recallHigh)}`);
  if (legit > 0) parts.push(`fp ${p(r.falsePositives)}`);
  return parts.join("; ");
}

/** The source's items with its left-out weights and readings; every other item scored as in-source. */
function leftOutScores(
  data: ChannelData,
  source: string,
  readings: ReadonlyMap<number, number> | undefined,
): (number | null)[] {
  const without: ChannelData = { ...data, heldOut: data.heldOut.map((h, i) => h || data.items[i]?.source === source) };
  const weights: ChannelWeights = fitFinal(without, ruleStats(without));
  return data.items.map((item, i) => {
    if (item.source !== source || data.heldOut[i]) return null;
    const run = withReading(data.fitted[i] as ChannelRun, readings?.get(i));
    return run.score === null ? null : combineLogOdds(run.hits, weights, run.floor).score;
  });
}

export async function main(args: readonly string[]): Promise<void> {
  const only = (CHANNELS as readonly string[]).includes(args[0] ?? "") ? (args[0] as CorpusChannel) : null;
  const named = args.find((a) => a.startsWith("--sources="));
  const sources = named === undefined ? undefined : new Set(named.slice("--sources=".length).split(","));
  for (const channel of CHANNELS) {
    if (only !== null && channel !== only) continue;
    const data = await channelData(channel, true);
    if (data === null) continue;
    const models = await leftOutSourceReadings(channel, data.items, data.heldOut, sources);
    const inSource = rescored(data, fitFinal(data, ruleStats(data)));
    const training = [...new Set(data.items.filter((_, i) => !data.heldOut[i]).map((it) => it.source))].filter(
      (s) => sources === undefined || sources.has(s),
    );
    const leftOut: (number | null)[] = data.items.map(() => null);
    for (const source of training) {
      process.stderr.write(`${channel}: weights without ${source}\n`);
      leftOutScores(data, source, models.get(source)).forEach((s, i) => {
        if (data.items[i]?.source === source && !data.heldOut[i]) leftOut[i] = s;
      });
    }
    const rows = (fitted: readonly (number | null)[]): ScoredRow[] =>
      data.items.flatMap((item, i) =>
        data.heldOut[i]
          ? []
          : [{ item, heldOut: false, hand: (data.hand[i] as ChannelRun).score, fitted: fitted[i] ?? null }],
      );
    const inFigures = figuresBySource(rows(inSource));
    const pooled = rows(leftOut).filter((r) => sources === undefined || sources.has(r.item.source));
    const outFigures = new Map(figuresBySource(pooled).map((f) => [f.source, f]));
    console.log(
      `\n${channel}: left one source out (training part of each source) — recall medium+ / high+, false positives medium+; hand | in source | left out`,
    );
    for (const f of inFigures) {
      const out = outFigures.get(f.source);
      console.log(
        `  ${f.source.padEnd(36)} ${String(f.scams).padStart(6)} scam ${String(f.legit).padStart(6)} legit  ${cell(f.hand, f.scams, f.legit)} | ${cell(f.fitted, f.scams, f.legit)} | ${out === undefined ? "-" : cell(out.fitted, f.scams, f.legit)}`,
      );
    }
    const all = rates(pooled, "fitted");
    console.log(
      `  pooled, left out: recall ${p(all.recallMedium)} / ${p(all.recallHigh)}, false positives ${p(all.falsePositives)}`,
    );
  }
}

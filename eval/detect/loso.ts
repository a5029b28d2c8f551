// pnpm eval loso [url|sms|email] [--sources=a,b] [--without=c,d] [--why] [--scam-line] [--errors=N]
// [--fp-cost=N] [--lambda=N] [--group-exponent=N] [--ceiling=N|off] [--rules-alone=N|off]: left one source out
// (every training source, or only those named). For every training source, the channel's weights are fitted
// again without it and its items read by a statistical model trained without it, then the source is scored: what
// the engine does on a source it never saw, for each source the shipped engine was fitted on. Printed beside the
// in-source figure (the shipped weights and model, which saw the source) and the hand-weighted baseline, same run.
//
// One simplification, stated: the model readings of the other training sources, which the refit weighs, stay the
// out-of-fold readings of the ordinary rescore (their models saw the left-out source). The left-out source's own
// readings come from a model that never saw it.
//
// --scam-line adds, per source, the left-out share of scams and of legitimate items at the scam verdict (85+), where
// the calibration target at scam is read, and the pooled counts (a line such as --rules-alone moves a few texts).
//
// --why adds what moved the left-out scores across medium risk: per rule, on how many left-out false positives it
// pushed up and by how many points in all, and on how many missed scams it pulled down (a rule's points are its
// share of the score, as the explanation shows them). The levers the next round should weigh, measured.
//
// --without=c,d runs the whole measurement as if the channel's sources named were not committed (no fit, no model and
// no figure reads them; the shipped weights and model they went into still score the hits, the readings are refitted):
// run once with it and once without, same code, to see what a source brings the others before it goes in.
//
// --fp-cost, --lambda and --group-exponent fit every weight of the run (the in-source column's too) with other settings
// than the shipped ones, as `pnpm eval rescore` takes them; --ceiling and --rules-alone measure another policy
// ceiling (rescore.ts). Settings are chosen on what they do to sources left out, not on the sources that fit them.
//
// --errors=N lists, per training source, its N highest-scored left-out false positives and its N missed scams that
// came nearest to medium risk (text, score, the rules that moved it most): what to read before changing a rule.
// Training sources only; held-out items are never listed.

import { combineLogOdds, ruleKey, type ChannelWeights } from "../../packages/core/src/index.js";
import type { CorpusChannel } from "../corpora/load.js";
import { figuresBySource, HIGH, MEDIUM, precisionAt, rates, SCAM, type Rates, type ScoredRow } from "./figures.js";
import { leftOutSourceReadings } from "./model-strengths.js";
import {
  channelData,
  fitFinal,
  fitSettings,
  flag,
  rescored,
  ruleStats,
  withReading,
  type ChannelData,
  type FitSettings,
} from "./rescore.js";
import type { ChannelRun } from "./run-channel.js";

const CHANNELS = ["url", "sms", "email"] as const;
/** The rules listed per table of --why. */
const WHY_ROWS = 15;

const p = (x: number): string => (Number.isNaN(x) ? "     -" : `${(100 * x).toFixed(1)}%`.padStart(6));

function cell(r: Rates, scams: number, legit: number): string {
  const parts: string[] = [];
  if (scams > 0) parts.push(`${p(r.recallMedium)} / ${p(r.recallHigh)}`);
  if (legit > 0) parts.push(`fp ${p(r.falsePositives)} / ${p(r.falsePositivesHigh)}`);
  return parts.join("; ");
}

/** A left-out item's score and each of its hits' share of it, by rule. */
interface LeftOut {
  readonly score: number | null;
  readonly points: ReadonlyMap<string, number>;
}

/** The source's training items with its left-out weights and readings, by index; other items absent. */
function leftOutScores(
  data: ChannelData,
  source: string,
  readings: ReadonlyMap<number, number> | undefined,
  settings: FitSettings,
): Map<number, LeftOut> {
  const without: ChannelData = { ...data, heldOut: data.heldOut.map((h, i) => h || data.items[i]?.source === source) };
  const weights: ChannelWeights = fitFinal(without, ruleStats(without), settings);
  const out = new Map<number, LeftOut>();
  data.items.forEach((item, i) => {
    if (item.source !== source || data.heldOut[i]) return;
    const run = withReading(data.fitted[i] as ChannelRun, readings?.get(i));
    if (run.score === null) {
      out.set(i, { score: null, points: new Map() });
      return;
    }
    const combined = combineLogOdds(run.hits, weights, run.floor);
    const points = new Map<string, number>();
    run.hits.forEach((hit, j) => {
      const p = combined.points[j] ?? 0;
      if (p !== 0) points.set(ruleKey(hit), (points.get(ruleKey(hit)) ?? 0) + p);
    });
    out.set(i, { score: combined.score, points });
  });
  return out;
}

interface Moved {
  items: number;
  points: number;
}

/** Per rule, over the items picked: on how many it moved the score the given way, and by how much in all. */
function movedBy(picked: readonly LeftOut[], sign: 1 | -1): [string, Moved][] {
  const by = new Map<string, Moved>();
  for (const item of picked) {
    for (const [key, p] of item.points) {
      if (Math.sign(p) !== sign) continue;
      const m = by.get(key) ?? { items: 0, points: 0 };
      m.items++;
      m.points += p;
      by.set(key, m);
    }
  }
  return [...by].sort((a, b) => b[1].items - a[1].items || Math.abs(b[1].points) - Math.abs(a[1].points));
}

function printWhy(data: ChannelData, leftOut: ReadonlyMap<number, LeftOut>): void {
  const falsePositives: LeftOut[] = [];
  const misses: LeftOut[] = [];
  for (const [i, item] of leftOut) {
    const label = data.items[i]?.label;
    if (label === "legit" && (item.score ?? 0) >= MEDIUM) falsePositives.push(item);
    if (label === "scam" && (item.score ?? 0) < MEDIUM) misses.push(item);
  }
  const table = (title: string, picked: readonly LeftOut[], sign: 1 | -1): void => {
    console.log(`  ${title} (${picked.length}): rule, items it moved ${sign > 0 ? "up" : "down"}, points in all`);
    for (const [key, m] of movedBy(picked, sign).slice(0, WHY_ROWS)) {
      console.log(`    ${key.padEnd(48)} ${String(m.items).padStart(6)} ${m.points.toFixed(0).padStart(8)}`);
    }
  };
  table("left-out false positives at medium risk+", falsePositives, 1);
  table("left-out scams missed at medium risk+", misses, -1);
}

/** Per source, its `n` highest-scored left-out errors of one kind, with the rules that moved each most. */
function printErrors(
  data: ChannelData,
  leftOut: ReadonlyMap<number, LeftOut>,
  n: number,
  label: "legit" | "scam",
): void {
  const wrong = (score: number): boolean => (label === "legit" ? score >= MEDIUM : score < MEDIUM);
  const what = label === "legit" ? "left-out false positives" : "left-out scams missed, the nearest first";
  const bySource = new Map<string, [number, LeftOut][]>();
  for (const [i, item] of leftOut) {
    const it = data.items[i];
    if (it === undefined || data.heldOut[i] || it.label !== label || item.score === null || !wrong(item.score))
      continue;
    const rows = bySource.get(it.source) ?? [];
    rows.push([i, item]);
    bySource.set(it.source, rows);
  }
  for (const [source, rows] of bySource) {
    console.log(`  ${source}: ${what} (${rows.length})`);
    rows.sort((a, b) => (b[1].score ?? 0) - (a[1].score ?? 0));
    for (const [i, item] of rows.slice(0, n)) {
      const rules = [...item.points]
        .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
        .slice(0, 5)
        .map(([k, v]) => `${k.split("/")[1]}:${v.toFixed(0)}`);
      const text = (data.items[i]?.text ?? "").replace(/\s+/g, " ").slice(0, 160);
      console.log(`    ${String(item.score).padStart(3)} ${text}\n        ${rules.join(" ")}`);
    }
  }
}

export async function main(args: readonly string[]): Promise<void> {
  const only = (CHANNELS as readonly string[]).includes(args[0] ?? "") ? (args[0] as CorpusChannel) : null;
  const named = flag(args, "sources");
  const why = args.includes("--why");
  const scamLine = args.includes("--scam-line");
  const errors = Number(flag(args, "errors") ?? 0);
  const sources = named === undefined ? undefined : new Set(named.split(","));
  const without = flag(args, "without")?.split(",") ?? [];
  const settings = fitSettings(args);
  for (const channel of CHANNELS) {
    if (only !== null && channel !== only) continue;
    if (without.length > 0) console.log(`${channel}: as if not committed: ${without.join(", ")}`);
    const data = await channelData(channel, true, without);
    if (data === null) continue;
    const models = await leftOutSourceReadings(channel, data.items, data.heldOut, sources);
    const inSource = rescored(data, fitFinal(data, ruleStats(data), settings));
    const training = [...new Set(data.items.filter((_, i) => !data.heldOut[i]).map((it) => it.source))].filter(
      (s) => sources === undefined || sources.has(s),
    );
    const byItem = new Map<number, LeftOut>();
    for (const source of training) {
      process.stderr.write(`${channel}: weights without ${source}\n`);
      for (const [i, item] of leftOutScores(data, source, models.get(source), settings)) byItem.set(i, item);
    }
    const leftOut = data.items.map((_, i) => byItem.get(i)?.score ?? null);
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
      `\n${channel}: left one source out (training part of each source) — recall medium+ / high+, false positives medium+ / high+; hand | in source | left out`,
    );
    for (const f of inFigures) {
      const out = outFigures.get(f.source);
      console.log(
        `  ${f.source.padEnd(36)} ${String(f.scams).padStart(6)} scam ${String(f.legit).padStart(6)} legit  ${cell(f.hand, f.scams, f.legit)} | ${cell(f.fitted, f.scams, f.legit)} | ${out === undefined ? "-" : cell(out.fitted, f.scams, f.legit)}`,
      );
    }
    const all = rates(pooled, "fitted");
    console.log(
      `  pooled, left out: recall ${p(all.recallMedium)} / ${p(all.recallHigh)}, false positives ${p(all.falsePositives)} / ${p(all.falsePositivesHigh)}`,
    );
    // Precision depends on the pool's mix of scams and legitimate items: the training pool's is not the held-out one's.
    const inPool = rows(inSource).filter((r) => sources === undefined || sources.has(r.item.source));
    console.log(
      `  pooled precision at high_risk+ / scam: in source ${p(precisionAt(inPool, HIGH, "fitted"))} / ${p(precisionAt(inPool, SCAM, "fitted"))}, left out ${p(precisionAt(pooled, HIGH, "fitted"))} / ${p(precisionAt(pooled, SCAM, "fitted"))}`,
    );
    if (scamLine) {
      console.log(`\n${channel}: left out, at the scam verdict (85+) — scams, legitimate items`);
      for (const f of outFigures.values()) {
        const parts: string[] = [];
        if (f.scams > 0) parts.push(`recall ${p(f.fitted.recallScam)}`);
        if (f.legit > 0) parts.push(`fp ${p(f.fitted.falsePositivesScam)}`);
        console.log(`  ${f.source.padEnd(36)} ${parts.join("; ")}`);
      }
      // Counts beside the shares: a policy's line is judged by how many texts of each kind it moves.
      const count = (label: "scam" | "legit"): string => {
        const of = pooled.filter((r) => r.item.label === label);
        return `${of.filter((r) => (r.fitted ?? 0) >= SCAM).length} of ${of.length}`;
      };
      console.log(
        `  pooled: recall ${p(all.recallScam)} (${count("scam")}), false positives ${p(all.falsePositivesScam)} (${count("legit")})`,
      );
    }
    if (why) printWhy(data, byItem);
    if (errors > 0) {
      printErrors(data, byItem, errors, "legit");
      printErrors(data, byItem, errors, "scam");
    }
  }
}

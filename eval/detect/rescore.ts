// pnpm eval rescore [url|sms|email] [--dry-run] [--fp-cost=N] [--lambda=N] [--group-exponent=N]
// Fits each channel's rule weights on the corpora's training part and writes scoring/weights/<channel>.ts; prints
// every rule's hits per source (scam and legitimate) with its old and new weight, and the figures per source for the
// fitted engine beside the hand-weighted one. Held-out sources and items dated after the channel's cut-off
// (eval/corpora/heldout.json) never take part in fitting. `pnpm eval mass-check` prints the hit table alone.

import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "prettier";
import {
  combineLogOdds,
  FITTED_SCORING,
  DEFAULT_CHANNELS,
  HAND_SCORING,
  MESSAGE_MODEL_SOURCE,
  MODEL_MAX_STRENGTH,
  URL_MODEL_SOURCE,
  hitValue,
  PRIOR_BIAS,
  priorWeight,
  ruleKey,
  type ChannelWeights,
  type FittedRule,
  type ScoredChannel,
} from "../../packages/core/src/index.js";
import { FITTED_WEIGHTS } from "../../packages/core/src/scoring/weights/index.js";
import {
  CORPUS_CHANNELS,
  isHeldOut,
  loadCorpus,
  loadHeldOut,
  type CorpusChannel,
  type CorpusItem,
} from "../corpora/load.js";
import { fitWeights, type FitRow, type FitRule } from "./fit.js";
import { runChannel, SCORED_BY, type ChannelRun } from "./run-channel.js";
import { outOfFoldReadings } from "./model-strengths.js";
import { figuresBySource, printFigures, type ScoredRow } from "./figures.js";

const WEIGHTS_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../packages/core/src/scoring/weights");
/** A rule that fired on fewer training items than this keeps its prior. */
export const MIN_HITS = 8;
/** Legitimate items count this many times a scam: a false positive costs more than a miss. */
const DEFAULT_FP_COST = 10;
const DEFAULT_LAMBDA = 3;

export interface FitSettings {
  readonly fpCost: number;
  readonly lambda: number;
  /**
   * How a (source, label) group's share of its label grows with its size: 0 (the default), every group counts the
   * same; 1, every item does; in between, a group of n items counts as n to this power.
   */
  readonly groupExponent?: number;
}
/**
 * Policy per channel, kept beside the fitted weights: text messages' corpora label marketing as spam and hold few
 * transactional texts (codes, bank alerts, deliveries), so the message model alone never lifts a text to medium risk.
 * `--ceiling=N` (or `off`) measures another.
 */
const CEILINGS: Partial<Record<CorpusChannel, number>> = { sms: 39 };

/**
 * The policy a run measures: the channel's own (`own`), unless the command line names another score with `--name=N`
 * (`set` makes the policy of it) or none with `--name=off`. A channel without the policy keeps none.
 */
function measuredPolicy<T>(name: string, own: T | undefined, set: (own: T, score: number) => T): T | undefined {
  const named = flag(process.argv, name);
  if (named === undefined || own === undefined) return own;
  return named === "off" ? undefined : set(own, Number(named));
}
/**
 * Beside the ceiling: a reading of 7 log-odds or more (the model's clip is 8) is backed by a link the URL channel
 * read anything against. Measured left one source out against readings of 5, 6 and 7 and against any rule that adds
 * risk (docs/detection.md): 7 moves no legitimate source by more than one text.
 */
const CONFIDENT_READINGS: Partial<Record<CorpusChannel, NonNullable<ChannelWeights["confidentReading"]>>> = {
  sms: { strength: 7, backedBy: ["sub_lookups/url_"] },
};

/**
 * Beside both: a text scores past 84 (a scam) only when its rules that are no model's reading call it high risk (70)
 * by themselves; the model lifts what they found to a scam, it does not make one. Measured left one source out at
 * 60-85 and against the earlier policy it replaces (a reading backed only by the URL channel's weighing held at 84):
 * legitimate texts at the scam verdict 24 → 9 of 12,546, scams there 2,852 → 2,308 of 12,947 (docs/detection.md,
 * "The scam verdict rests on findings"). `--rules-alone=N` (or `off`) measures another line.
 */
const SCAM_TAKES_FINDINGS: Partial<Record<CorpusChannel, NonNullable<ChannelWeights["scamTakesFindings"]>>> = {
  sms: { score: 84, rulesAlone: 70 },
};

/** The value of `--name=...`, or undefined when the flag is absent. */
export function flag(args: readonly string[], name: string): string | undefined {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** The fit's settings a command line names (`--fp-cost=N`, `--lambda=N`, `--group-exponent=N`), else the defaults. */
export function fitSettings(args: readonly string[]): FitSettings {
  const number = (name: string, fallback: number): number => Number(flag(args, name) ?? fallback);
  return {
    fpCost: number("fp-cost", DEFAULT_FP_COST),
    lambda: number("lambda", DEFAULT_LAMBDA),
    groupExponent: number("group-exponent", 0),
  };
}

export interface ChannelData {
  readonly channel: CorpusChannel;
  readonly items: CorpusItem[];
  readonly heldOut: boolean[];
  readonly fitted: ChannelRun[];
  readonly hand: ChannelRun[];
}

/**
 * Scores a channel's corpus twice: with the current fitted weights (recording the hits) and with hand weights. With
 * `honest`, the model hits of training items carry out-of-fold readings (model-strengths.ts), as fitting needs.
 * `without` names sources of the channel to leave out of the corpus altogether, as if they were not committed.
 */
export async function channelData(
  channel: CorpusChannel,
  honest = false,
  without: readonly string[] = [],
): Promise<ChannelData | null> {
  const items = loadCorpus(channel, { without });
  if (items.length === 0) return null;
  const held = loadHeldOut(channel);
  const log = (what: string) => (done: number, total: number) =>
    process.stderr.write(`\r${channel} ${what}: ${done}/${total}   `);
  const fitted = await runChannel(channel, items, FITTED_SCORING, log("fitted"));
  const hand = await runChannel(channel, items, HAND_SCORING, log("hand"));
  process.stderr.write("\n");
  const heldOut = items.map((i) => isHeldOut(i, held));
  if (!honest) return { channel, items, heldOut, fitted, hand };
  process.stderr.write(`${channel}: out-of-fold model readings\n`);
  const readings = await outOfFoldReadings(channel, items, heldOut);
  return { channel, items, heldOut, fitted: fitted.map((run, i) => withReading(run, readings.get(i))), hand };
}

/** The run with its model hit carrying another model's reading (a logit); unchanged when there is none. */
export function withReading(run: ChannelRun, reading: number | undefined): ChannelRun {
  if (reading === undefined) return run;
  const strength = Math.max(-MODEL_MAX_STRENGTH, Math.min(MODEL_MAX_STRENGTH, reading));
  const hits = run.hits.map((h) =>
    h.source === URL_MODEL_SOURCE || h.source === MESSAGE_MODEL_SOURCE ? { ...h, strength } : h,
  );
  return { ...run, hits };
}

interface RuleStats {
  readonly key: string;
  readonly label: string;
  prior: number;
  priors: number[];
  graded: boolean;
  /** source -> [scam hits, legit hits] over the source's training items (held-out items are never tabled). */
  readonly bySource: Map<string, [number, number]>;
  fitHits: number;
  scamHits: number;
  legitHits: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] as number);
};

/** Each rule's hits per source, its prior, and how often it fired on the training part. */
export function ruleStats(data: ChannelData): RuleStats[] {
  const rules = new Map<string, RuleStats>();
  data.items.forEach((item, i) => {
    const run = data.fitted[i] as ChannelRun;
    const seen = new Set<string>();
    for (const hit of run.hits) {
      const key = ruleKey(hit);
      if (seen.has(key)) continue;
      seen.add(key);
      let r = rules.get(key);
      if (r === undefined) {
        r = {
          key,
          label: hit.label,
          prior: 0,
          priors: [],
          graded: hit.strength !== undefined,
          bySource: new Map(),
          fitHits: 0,
          scamHits: 0,
          legitHits: 0,
        };
        rules.set(key, r);
      }
      r.priors.push(priorWeight(hit));
      if (!data.heldOut[i]) {
        const counts = r.bySource.get(item.source) ?? [0, 0];
        counts[item.label === "scam" ? 0 : 1]++;
        r.bySource.set(item.source, counts);
        r.fitHits++;
        if (item.label === "scam") r.scamHits++;
        else r.legitHits++;
      }
    }
  });
  for (const r of rules.values()) r.prior = median(r.priors);
  return [...rules.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Row weights: within its label a (source, label) group counts as its size to the group exponent (0: every group the
 * same), a source's hard legitimate items (codes, bank alerts, deliveries) a group of their own; legitimate items
 * fpCost times.
 */
export function rowWeights(items: readonly CorpusItem[], fpCost: number, groupExponent: number): number[] {
  const group = (it: CorpusItem): string =>
    `${it.label}\t${it.source}${it.label === "legit" && it.kind === "hard" ? "\thard" : ""}`;
  const groups = new Map<string, number>();
  for (const it of items) groups.set(group(it), (groups.get(group(it)) ?? 0) + 1);
  const perLabel = { scam: 0, legit: 0 };
  for (const [key, size] of groups) perLabel[key.startsWith("scam") ? "scam" : "legit"] += size ** groupExponent;
  const raw = items.map((it) => {
    const size = groups.get(group(it)) as number;
    return ((it.label === "scam" ? 1 : fpCost) * size ** groupExponent) / (perLabel[it.label] * size);
  });
  const total = raw.reduce((t, x) => t + x, 0);
  return raw.map((x) => (x * items.length) / total);
}

/** Fits the channel's weights on the items not held out; rules under MIN_HITS keep their priors. */
export function fitChannel(data: ChannelData, stats: readonly RuleStats[], options: FitSettings): ChannelWeights {
  const fittable = stats.filter((r) => r.fitHits >= MIN_HITS);
  const index = new Map(fittable.map((r, j) => [r.key, j]));
  const keep = data.items.map((_, i) => !data.heldOut[i]);
  const items = data.items.filter((_, i) => keep[i]);
  const runs = data.fitted.filter((_, i) => keep[i]);
  const weights = rowWeights(items, options.fpCost, options.groupExponent ?? 0);
  const rows: FitRow[] = items.map((item, i) => {
    const x = new Map<number, number>();
    for (const hit of (runs[i] as ChannelRun).hits) {
      const j = index.get(ruleKey(hit));
      if (j === undefined) continue;
      const v = hitValue(hit, (fittable[j] as RuleStats).prior);
      if (Math.abs(v) > Math.abs(x.get(j) ?? 0)) x.set(j, v);
    }
    return { x, y: item.label === "scam" ? 1 : 0, weight: weights[i] as number };
  });
  const rules: FitRule[] = fittable.map((r) => ({
    prior: r.prior,
    sign: r.graded ? 1 : r.prior > 0 ? 1 : r.prior < 0 ? -1 : 0,
  }));
  const fit = fitWeights(rows, rules, { lambda: options.lambda, initialBias: PRIOR_BIAS });
  const fitted: Record<string, FittedRule> = {};
  fittable.forEach((r, j) => {
    fitted[r.key] = {
      weight: Math.round((fit.weights[j] as number) * 1000) / 1000,
      prior: Math.round(r.prior * 1000) / 1000,
      scamHits: r.scamHits,
      legitHits: r.legitHits,
    };
  });
  return {
    channel: SCORED_BY[data.channel],
    bias: Math.round(fit.bias * 1000) / 1000,
    rules: fitted,
    fittedOn: "",
  };
}

/** Fits the channel's weights and adds its policy (the ceiling) and what they were fitted on, as they ship. */
export function fitFinal(
  data: ChannelData,
  stats: readonly RuleStats[],
  options: FitSettings = { fpCost: DEFAULT_FP_COST, lambda: DEFAULT_LAMBDA },
): ChannelWeights {
  const groupExponent = options.groupExponent ?? 0;
  const fitted = fitChannel(data, stats, options);
  const sources = [...new Set(data.items.filter((_, i) => !data.heldOut[i]).map((i) => i.source))];
  const ceiling = measuredPolicy("ceiling", CEILINGS[data.channel], (_, score) => score);
  const confident = CONFIDENT_READINGS[data.channel];
  const findings = measuredPolicy("rules-alone", SCAM_TAKES_FINDINGS[data.channel], (own, rulesAlone) => ({
    ...own,
    rulesAlone,
  }));
  const groups = groupExponent === 0 ? "" : `, a source's weight its size to the power ${groupExponent}`;
  return {
    ...fitted,
    ...(ceiling === undefined ? {} : { uncorroboratedCeiling: ceiling }),
    ...(confident === undefined ? {} : { confidentReading: confident }),
    ...(findings === undefined ? {} : { scamTakesFindings: findings }),
    fittedOn: `${sources.join(", ")}; false-positive cost ${options.fpCost}, lambda ${options.lambda}${groups}, rules with ${MIN_HITS}+ hits`,
  };
}

/** Scores every item from its recorded hits with the given weights (the fitted engine's score). */
export function rescored(data: ChannelData, weights: ChannelWeights | undefined): (number | null)[] {
  return data.fitted.map((run) => (run.score === null ? null : combineLogOdds(run.hits, weights, run.floor).score));
}

/** The constant a channel's weights file exports: URL_WEIGHTS for url. */
const constName = (channel: ScoredChannel): string => `${channel.toUpperCase()}_WEIGHTS`;

async function writeWeights(weights: ChannelWeights): Promise<void> {
  const name = constName(weights.channel);
  const body = `// Generated by \`pnpm eval rescore\`: the ${weights.channel} channel's rule weights (log-odds), fitted on the
// training corpora under eval/corpora (${weights.fittedOn}). Review a change like code; do not edit by hand.
import type { ChannelWeights } from "../weights.js";

export const ${name}: ChannelWeights = ${JSON.stringify(weights)};
`;
  const file = join(WEIGHTS_DIR, `${weights.channel}.ts`);
  writeFileSync(file, await format(body, { filepath: file, printWidth: 120 }));
  const present = new Set([...Object.keys(FITTED_WEIGHTS), weights.channel]) as Set<ScoredChannel>;
  // In the registry's order, so the index reads like the list of channels.
  const ordered = DEFAULT_CHANNELS.map((c) => c.id).filter((c) => present.has(c));
  const index = `// The fitted weights of every channel that has them (generated files beside this one, written by
// \`pnpm eval rescore\`; the document channel's file is policy written by hand). A channel absent here scores on
// its detectors' priors.
import type { ChannelWeights, ScoredChannel } from "../weights.js";
${ordered.map((c) => `import { ${constName(c)} } from "./${c}.js";`).join("\n")}

export const FITTED_WEIGHTS: Partial<Readonly<Record<ScoredChannel, ChannelWeights>>> = {
${ordered.map((c) => `  ${c}: ${constName(c)},`).join("\n")}
};
`;
  const indexFile = join(WEIGHTS_DIR, "index.ts");
  writeFileSync(indexFile, await format(index, { filepath: indexFile, printWidth: 120 }));
}

const pct = (n: number, d: number): string => (d === 0 ? "    -" : `${((100 * n) / d).toFixed(1)}`.padStart(5));

/**
 * The per-rule table: hits per training source (scam / legitimate share), prior and fitted weight. Held-out items
 * take no part: their figures are `pnpm eval sources`'s, read once at the end of a round.
 */
export function printRuleTable(data: ChannelData, stats: readonly RuleStats[], fitted?: ChannelWeights): void {
  const training = data.items.filter((_, i) => !data.heldOut[i]);
  const sources = [...new Set(training.map((i) => i.source))];
  const sizes = new Map<string, [number, number]>();
  for (const it of training) {
    const s = sizes.get(it.source) ?? [0, 0];
    s[it.label === "scam" ? 0 : 1]++;
    sizes.set(it.source, s);
  }
  const old = FITTED_WEIGHTS[SCORED_BY[data.channel]];
  console.log(`\n${data.channel}: rules (hits in % of each source's scam | legitimate items; weights in log-odds)`);
  sources.forEach((s, i) => {
    const [sc, lg] = sizes.get(s) as [number, number];
    console.log(`  [${i}] ${s} (${sc} scam, ${lg} legitimate)`);
  });
  console.log(
    `  ${"rule".padEnd(44)} ${"prior".padStart(6)} ${"old".padStart(6)} ${"new".padStart(6)}  ${sources.map((_, i) => `[${i}]`.padStart(11)).join(" ")}`,
  );
  for (const r of stats) {
    const was = old?.rules[r.key]?.weight;
    const now = fitted?.rules[r.key]?.weight;
    const cells = sources.map((s) => {
      const [sc, lg] = sizes.get(s) as [number, number];
      const [hs, hl] = r.bySource.get(s) ?? [0, 0];
      return `${sc > 0 ? pct(hs, sc) : "    -"}|${lg > 0 ? pct(hl, lg) : "    -"}`;
    });
    console.log(
      `  ${r.key.slice(0, 44).padEnd(44)} ${r.prior.toFixed(2).padStart(6)} ${(was === undefined ? "prior" : was.toFixed(2)).padStart(6)} ${(now === undefined ? "prior" : now.toFixed(2)).padStart(6)}  ${cells.join(" ")}`,
    );
  }
}

export function scoredRows(data: ChannelData, fittedScores: readonly (number | null)[]): ScoredRow[] {
  return data.items.map((item, i) => ({
    item,
    heldOut: data.heldOut[i] as boolean,
    hand: (data.hand[i] as ChannelRun).score,
    fitted: fittedScores[i] ?? null,
  }));
}

export async function main(args: readonly string[]): Promise<void> {
  const only = (CORPUS_CHANNELS as readonly string[]).includes(args[0] ?? "") ? (args[0] as CorpusChannel) : null;
  const hitsOnly = args.includes("--hits-only");
  const dryRun = args.includes("--dry-run") || hitsOnly;
  const settings = fitSettings(args);
  // URLs first: the message channels' links are scored with the URL weights.
  for (const channel of ["url", "sms", "email", "document"] as const) {
    if (only !== null && channel !== only) continue;
    const data = await channelData(channel, !hitsOnly && channel !== "document");
    if (data === null) continue;
    const stats = ruleStats(data);
    // The document channel's weights are policy written by hand (no corpus of real scam letters to fit them on):
    // its corpus is scored and tabled, never fitted.
    if (hitsOnly || channel === "document") {
      printRuleTable(data, stats);
      continue;
    }
    const final = fitFinal(data, stats, settings);
    printRuleTable(data, stats, final);
    console.log(`  bias: ${(FITTED_WEIGHTS[SCORED_BY[channel]]?.bias ?? PRIOR_BIAS).toFixed(3)} -> ${final.bias}`);
    // The held-out sources are read once a round, by `pnpm eval sources`; a refit prints the training part only.
    const figures = figuresBySource(scoredRows(data, rescored(data, final)));
    printFigures(
      channel,
      figures.filter((f) => f.part === "training"),
    );
    if (!dryRun) await writeWeights(final);
  }
}

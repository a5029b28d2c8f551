// Measures the statistical models on sources that took no part in fitting, and the choices behind them (hash bits,
// quantisation, one message model or one per channel, ...). Prints Markdown tables (eval/models/README.md quotes
// them). Run:
//   pnpm measure:models                      every channel with corpora: held-out and leave-one-source-out figures
//   pnpm measure:models sms email --grid     also the settings compared (slow)
//   pnpm measure:models url --grid=bits,grams  only those parts of the grid (bits, quantisation, training,
//                                            features, grams; shared: one message model or one per channel)

import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  decodeModel,
  encodeModel,
  type LinearModel,
  type QuantizeOptions,
} from "../../packages/core/src/models/linear-model.js";
import type { CorpusChannel } from "../corpora/load.js";
import { auc, fixed, pct, recallAtFpr } from "./metrics.js";
import { loadChannelItems, type ModelItem } from "./model-items.js";
import { MODEL_SPECS, type ModelSpec } from "./train.js";
import {
  DEFAULT_TRAIN_OPTIONS,
  fitHashed,
  foldOf,
  hashItems,
  logitOfRow,
  type HashedItems,
  type TrainOptions,
} from "./trainer.js";

/** Hashed items and the corpus items they came from. */
interface Pool {
  readonly items: readonly ModelItem[];
  readonly data: HashedItems;
}

export interface Figures {
  readonly group: string;
  readonly heldOut: boolean;
  readonly commercial: boolean | null;
  readonly scam: number;
  readonly legit: number;
  readonly auc: number;
  readonly recall: number;
  /** What the group was read against. */
  readonly note: string;
}

/** The quantised model's logit for hashed row i (the values carry the norm and the n-gram weight). */
function quantizedLogitOfRow(model: LinearModel, data: HashedItems, i: number): number {
  let z = 0;
  for (let j = data.offsets[i]!; j < data.offsets[i + 1]!; j++) z += model.weights[data.slots[j]!]! * data.values[j]!;
  return model.bias + z * model.scale;
}

type Scorer = (i: number) => number;

function fitScorer(pool: Pool, options: TrainOptions, rows: Int32Array, quantize?: QuantizeOptions): Scorer {
  const model = fitHashed(pool.data, options, rows);
  if (quantize === undefined) return (i) => logitOfRow(model, pool.data, i);
  const decoded = decodeModel(encodeModel(model, quantize));
  return (i) => quantizedLogitOfRow(decoded, pool.data, i);
}

function figures(
  pool: Pool,
  group: string,
  test: readonly number[],
  counterpart: readonly number[],
  score: Scorer,
): Figures {
  const scores = (rows: readonly number[], label: string): number[] =>
    rows.filter((i) => pool.items[i]!.label === label).map(score);
  const all = [...test, ...counterpart];
  const pos = scores(all, "scam");
  const neg = scores(all, "legit");
  const first = pool.items[test[0]!]!;
  return {
    group,
    heldOut: first.heldOut,
    commercial: first.commercial,
    scam: scores(test, "scam").length,
    legit: scores(test, "legit").length,
    auc: auc(pos, neg),
    recall: recallAtFpr(pos, neg).recall,
    note:
      counterpart.length > 0
        ? `against ${counterpart.length} ${pool.items[counterpart[0]!]!.label} items of other sources`
        : "within the source",
  };
}

/** The test groups: each source, and apart the items of a training source seen after the held-out date. */
function groups(pool: Pool): Map<string, number[]> {
  const partlyTrained = new Set(pool.items.filter((it) => !it.heldOut).map((it) => it.source));
  const out = new Map<string, number[]>();
  pool.items.forEach((it, i) => {
    const key = it.heldOut && partlyTrained.has(it.source) ? `${it.source} (after the date)` : it.source;
    const rows = out.get(key);
    if (rows === undefined) out.set(key, [i]);
    else rows.push(i);
  });
  return out;
}

/** Items a shipped model is trained on: sources whose licence allows commercial use. */
const trainable = (it: ModelItem): boolean => it.commercial === true && !it.heldOut;
/**
 * Items of sources whose licence allows commercial use or says nothing (public research data), never of one marked
 * non-commercial: the wider rule of eval/corpora/README.md, measured for comparison.
 */
export const unlessNonCommercial = (it: ModelItem): boolean => it.commercial !== false && !it.heldOut;

/**
 * The figure of record: the shipped model's settings, trained on every trainable item, read on each group it did not
 * train on (held-out sources and the items after the held-out date first). A group of one class is read against
 * the held-out items of the other class, or when there are none, against every untrained item of the other class.
 */
export function heldOutFigures(pool: Pool, options: TrainOptions, quantize: QuantizeOptions): Figures[] {
  const rows = Int32Array.from(pool.items.keys()).filter((i) => trainable(pool.items[i]!));
  const score = fitScorer(pool, options, rows, quantize);
  const out: Figures[] = [];
  for (const [group, test] of groups(pool)) {
    const first = pool.items[test[0]!]!;
    if (trainable(first)) continue;
    const held = counterpartOf(pool, test, (i) => pool.items[i]!.heldOut);
    const counterpart = held.length > 0 ? held : counterpartOf(pool, test, (i) => !trainable(pool.items[i]!));
    const f = figures(pool, group, test, counterpart, score);
    const kind = held.length > 0 ? "held-out" : "untrained";
    out.push({
      ...f,
      note: counterpart.length > 0 ? f.note.replace("items of other sources", `${kind} items`) : f.note,
    });
  }
  return out.sort((a, b) => Number(b.heldOut) - Number(a.heldOut));
}

/** Items of the other class, from other sources, that pass `eligible`; none when the group has both classes. */
function counterpartOf(pool: Pool, test: readonly number[], eligible: (i: number) => boolean): number[] {
  const labels = new Set(test.map((i) => pool.items[i]!.label));
  if (labels.size === 2) return [];
  const sources = new Set(test.map((i) => pool.items[i]!.source));
  const other = labels.has("scam") ? "legit" : "scam";
  const out: number[] = [];
  pool.items.forEach((it, i) => {
    if (it.label === other && !sources.has(it.source) && eligible(i)) out.push(i);
  });
  return out;
}

/**
 * Leave one source out: for each source, a model trained on the trainable items of the other sources minus a fifth
 * of them (by a hash of the text), read on the source, against that fifth (and the untrainable items) of the other
 * class when the source has one class.
 */
export function leaveOneSourceOut(
  pool: Pool,
  options: TrainOptions,
  quantize?: QuantizeOptions,
  trainFilter: (it: ModelItem) => boolean = trainable,
  only?: (it: ModelItem) => boolean,
): Figures[] {
  const fold = Int32Array.from(pool.items, (it) => foldOf(it.text, 5));
  const out: Figures[] = [];
  for (const [group, test] of groups(pool)) {
    if (only !== undefined && !only(pool.items[test[0]!]!)) continue;
    const sources = new Set(test.map((i) => pool.items[i]!.source));
    const inTraining = (i: number): boolean => {
      const it = pool.items[i]!;
      return trainFilter(it) && !sources.has(it.source) && fold[i] !== 0;
    };
    const rows = Int32Array.from(pool.items.keys()).filter(inTraining);
    const counterpart = counterpartOf(
      pool,
      test,
      (i) => !inTraining(i) && (only === undefined || only(pool.items[i]!)),
    );
    const classes = new Set(Array.from(rows, (i) => pool.data.labels[i]));
    if (classes.size < 2) {
      // Leaving the source out leaves no training item of its class: nothing to measure.
      const f = figures(pool, group, test, counterpart, () => 0);
      out.push({ ...f, auc: Number.NaN, recall: Number.NaN, note: "n/a: no other source of its class to train on" });
      continue;
    }
    out.push(figures(pool, group, test, counterpart, fitScorer(pool, options, rows, quantize)));
  }
  return out;
}

export function table(rows: readonly Figures[]): string {
  const lines = [
    "| source | held out | licence allows commercial use | scam | legit | AUC | recall at 1% FP | read against |",
    "|---|---|---|---:|---:|---:|---:|---|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.group} | ${r.heldOut ? "yes" : ""} | ${r.commercial === null ? "unknown" : r.commercial ? "yes" : "no"} | ${r.scam} | ${r.legit} | ${fixed(r.auc, 4)} | ${pct(r.recall)} | ${r.note} |`,
    );
  }
  return lines.join("\n");
}

/** Mean AUC and recall over the groups that have both (a summary for comparing settings). */
export function summary(rows: readonly Figures[]): { auc: number; recall: number; worstRecall: number } {
  const ok = rows.filter((r) => !Number.isNaN(r.auc));
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    auc: mean(ok.map((r) => r.auc)),
    recall: mean(ok.map((r) => r.recall)),
    worstRecall: Math.min(...ok.map((r) => r.recall)),
  };
}

function specFor(channel: CorpusChannel): ModelSpec {
  return MODEL_SPECS.find((s) => s.reads.includes(channel)) ?? MODEL_SPECS[MODEL_SPECS.length - 1]!;
}

const loaded = new Map<CorpusChannel, readonly ModelItem[]>();

async function pool(
  channels: readonly CorpusChannel[],
  options: TrainOptions,
  keep?: (feature: string) => boolean,
): Promise<Pool> {
  const items: ModelItem[] = [];
  for (const c of channels) {
    if (!loaded.has(c)) loaded.set(c, (await loadChannelItems(c)).items);
    for (const it of loaded.get(c)!) items.push(it);
  }
  return { items, data: hashItems(items, options, keep) };
}

/** A setting's figures: leave one source out, trained on commercial sources, and on those and the unknown ones. */
type Both = readonly [readonly Figures[], readonly Figures[]];

function both(
  p: Pool,
  options: TrainOptions,
  quantize?: QuantizeOptions,
  only?: (it: ModelItem) => boolean,
  restrict: (it: ModelItem) => boolean = () => true,
): Both {
  return [
    leaveOneSourceOut(p, options, quantize, (it) => trainable(it) && restrict(it), only),
    leaveOneSourceOut(p, options, quantize, (it) => unlessNonCommercial(it) && restrict(it), only),
  ];
}

function line(label: string, [commercial, any]: Both, extra = ""): string {
  const c = summary(commercial);
  const a = summary(any);
  return `| ${label} | ${fixed(c.auc, 4)} | ${pct(c.recall)} | ${fixed(a.auc, 4)} | ${pct(a.recall)} | ${extra} |`;
}

const GRID_HEADER =
  "| setting | AUC, commercial | recall at 1% FP, commercial | AUC, + unknown licence | recall at 1% FP, + unknown licence | notes |\n" +
  "|---|---:|---:|---:|---:|---|";

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;

/** The parts of the settings grid: --grid runs them all, --grid=grams,features only those. */
export const GRID_PARTS = ["bits", "quantisation", "training", "features", "grams", "shared"] as const;
type GridPart = (typeof GRID_PARTS)[number];

async function grid(channel: CorpusChannel, parts: readonly GridPart[]): Promise<void> {
  const spec = specFor(channel);
  const base: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...spec.train, features: spec.features };
  console.log(`\n### ${channel}: settings compared (leave one source out, means over sources)\n\n${GRID_HEADER}`);
  const shippedRows = (p: Pool): Int32Array => Int32Array.from(p.items.keys()).filter((i) => trainable(p.items[i]!));
  if (parts.includes("bits")) {
    for (const hashBits of [16, 18, 20, 22]) {
      const options = { ...base, hashBits };
      const p = await pool([channel], options);
      const size = encodeModel(fitHashed(p.data, options, shippedRows(p)), spec.quantize).length;
      console.log(line(`2^${hashBits} slots`, both(p, options, spec.quantize), kb(size)));
    }
  }
  const p = await pool([channel], base);
  if (parts.includes("quantisation")) {
    const model = fitHashed(p.data, base, shippedRows(p));
    for (const [label, q] of [
      ["float (no quantisation)", undefined],
      ["int16", { width: 2 }],
      ["int8", { width: 1 }],
      ["int8, clipped at the 99.99th percentile", { width: 1, clipQuantile: 0.9999 }],
      ["int8, clipped at the 99.9th percentile", { width: 1, clipQuantile: 0.999 }],
    ] as const) {
      const size = q === undefined ? 4 * 2 ** base.hashBits : encodeModel(model, q).length;
      console.log(line(label, both(p, base, q), kb(size)));
    }
  }
  if (parts.includes("training")) {
    for (const [label, change] of [
      ["features counted 1 each (not normalised)", { normalized: false, learningRate: 0.05 }],
      ["every source of a class weighs the same (power 0)", { sourcePower: 0 }],
      ["every item weighs the same within its class (power 1)", { sourcePower: 1 }],
      ["3 epochs", { epochs: 3 }],
      ["12 epochs", { epochs: 12 }],
      ["L2 1e-5", { l2: 1e-5 }],
      ["L2 1e-7", { l2: 1e-7 }],
    ] as const) {
      const options = { ...base, ...change };
      const q = await pool([channel], options);
      console.log(line(label, both(q, options, spec.quantize)));
    }
  }
  if (parts.includes("features")) {
    const variants: [string, (f: string) => boolean][] =
      spec.features === "text"
        ? [
            ["without character n-grams", (f) => !f.startsWith("c:")],
            ["character 3-4-grams only (no 5-grams)", (f) => !f.startsWith("c:") || [...f].length <= 6],
            ["without word bigrams", (f) => !f.startsWith("b:")],
            ["without the counts (length, !, capitals)", (f) => /^[cwb]:/.test(f)],
          ]
        : [
            ["without character n-grams", (f) => !f.startsWith("h:") && !f.startsWith("p:")],
            ["without path n-grams", (f) => !f.startsWith("p:")],
            ["character 3-4-grams only", (f) => !/^[hp]:/.test(f) || [...f].length <= 6],
            ["without the registrable name (dom:)", (f) => !f.startsWith("dom:")],
          ];
    for (const [label, keep] of variants) {
      console.log(line(`features ${label}`, both(await pool([channel], base, keep), base, spec.quantize)));
    }
  }
  if (parts.includes("grams")) {
    for (const gramWeight of [1, 0.5, 0.25, 0.1]) {
      const options = { ...base, gramWeight };
      console.log(
        line(`character n-grams at value ${gramWeight}`, both(await pool([channel], options), options, spec.quantize)),
      );
    }
  }
  const settings = `${JSON.stringify(spec.train)}, ${JSON.stringify(spec.quantize)}`;
  console.log(line(`shipped settings (${settings})`, both(p, base, spec.quantize)));
}

/** One message model for every message channel, or one per channel: each channel's sources read by both. */
async function sharedOrSeparate(channels: readonly CorpusChannel[]): Promise<void> {
  const spec = specFor(channels[0]!);
  const options: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...spec.train, features: "text" };
  const shared = await pool(channels, options);
  console.log(`\n### One message model or one per channel (leave one source out)\n\n${GRID_HEADER}`);
  for (const channel of channels) {
    const own = (it: ModelItem): boolean => it.channel === channel;
    console.log(line(`${channel} sources, ${channel} model`, both(shared, options, spec.quantize, own, own)));
    console.log(
      line(`${channel} sources, one model (${channels.join(" + ")})`, both(shared, options, spec.quantize, own)),
    );
  }
}

async function main(args: readonly string[]): Promise<void> {
  const gridArg = args.find((a) => a === "--grid" || a.startsWith("--grid="));
  const parts: readonly GridPart[] =
    gridArg === undefined ? [] : gridArg === "--grid" ? GRID_PARTS : (gridArg.slice(7).split(",") as GridPart[]);
  const withShared = parts.includes("shared");
  const named = args.filter((a) => !a.startsWith("--")) as CorpusChannel[];
  const wanted = named.length > 0 ? named : (["url", "sms", "email", "document"] as CorpusChannel[]);
  for (const spec of MODEL_SPECS) {
    const channels = spec.channels.filter((c) => wanted.includes(c));
    if (channels.length === 0) continue;
    const options: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...spec.train, features: spec.features };
    const start = performance.now();
    const p = await pool(channels, options);
    if (p.items.length === 0) continue;
    const seconds = ((performance.now() - start) / 1000).toFixed(1);
    console.log(
      `\n## The ${spec.name} model on ${channels.join(", ")} (${p.items.length} items, read and hashed in ${seconds} s)`,
    );
    console.log(`\n### Not trained on (the shipped model)\n\n${table(heldOutFigures(p, options, spec.quantize))}`);
    console.log(`\n### Leave one source out\n\n${table(leaveOneSourceOut(p, options, spec.quantize))}`);
    const wider = leaveOneSourceOut(p, options, spec.quantize, unlessNonCommercial);
    console.log(
      `\n### Leave one source out, trained also on sources of unknown licence (evaluation only)\n\n${table(wider)}`,
    );
    const channelParts = parts.filter((x) => x !== "shared");
    for (const channel of channelParts.length > 0 ? channels : []) await grid(channel, channelParts);
    if (withShared && channels.length > 1) await sharedOrSeparate(channels);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.slice(2));
}

// Honest model readings for the rescore. The rescore fits how much a statistical model weighs beside the rules, so
// its reading of a training item must come from a model that never saw that item: for every item the shipped model
// trains on, the reading is out of fold (5 folds by a hash of the text; each fold read by a model trained on the
// other four, with the shipped model's settings, corpora and item filter). Held-out items keep the shipped model's
// own reading, as clients get it. The leave-one-source-out evaluation (loso.ts) reads each training source with a
// model trained on every other source instead.

import { emailModelText, loadChannelItems, type ModelItem } from "../models/model-items.js";
import { itemWords, MODEL_SPECS, shippedTrainingItems, type ModelSpec } from "../models/train.js";
import {
  DEFAULT_TRAIN_OPTIONS,
  fitHashed,
  foldOf,
  hashItems,
  logitOfRow,
  outOfFoldLogits,
  type TrainOptions,
} from "../models/trainer.js";
import { encodeVocabulary, Vocabulary } from "../../packages/core/src/models/vocabulary.js";
import { readingStrength } from "../../packages/core/src/models/model-evidence.js";
import { loadSources, type CorpusChannel, type CorpusItem } from "../corpora/load.js";

const FOLDS = 5;

interface ModelPool {
  readonly options: TrainOptions;
  /** The channel's items the shipped model trains on, by index into the channel's items. */
  readonly own: readonly { index: number; item: ModelItem }[];
  /** The model's other corpora, which train every model read here. */
  readonly others: readonly ModelItem[];
  /** Whether its readings count by the share of a text's words it knows (ModelSpec.vocabulary). */
  readonly vocabulary: boolean;
}

/**
 * The readings as the engine weighs them: a model that ships its vocabulary counts a reading by the share of the
 * text's words it knows, here the words of the texts the reading model trained on (`words` of every item of the pool,
 * null when the model ships none; `trainedOn` picks them by index).
 */
function counted(
  words: readonly string[][] | null,
  trainedOn: (i: number) => boolean,
  read: ReadonlyMap<number, number>,
): Map<number, number> {
  if (words === null) return new Map(read);
  const vocabulary = new Vocabulary(encodeVocabulary(words.filter((_, i) => trainedOn(i))));
  const out = new Map<number, number>();
  for (const [row, logit] of read) out.set(row, readingStrength(logit, vocabulary.share(words[row] ?? [])));
  return out;
}

/** What the model that reads `channel` trains on; null when no model reads it. */
async function modelPool(
  channel: CorpusChannel,
  items: readonly CorpusItem[],
  heldOut: readonly boolean[],
): Promise<ModelPool | null> {
  const spec: ModelSpec | undefined = MODEL_SPECS.find((s) => s.reads.includes(channel));
  if (spec === undefined) return null;
  const licence = new Map(loadSources(channel).map((s) => [s.id, s.commercial]));
  const own: { index: number; item: ModelItem }[] = [];
  for (const [index, item] of items.entries()) {
    const candidate: ModelItem = {
      channel,
      source: item.source,
      label: item.label,
      text: item.text,
      heldOut: heldOut[index] as boolean,
      commercial: licence.get(item.source) ?? null,
    };
    // Which items the shipped model trains on is decided before any mail is read.
    if (shippedTrainingItems([candidate], spec).length === 0) continue;
    const text = channel === "email" ? await emailModelText(item.text) : item.text;
    if (text !== null) own.push({ index, item: { ...candidate, text } });
  }
  const others: ModelItem[] = [];
  for (const c of spec.channels) {
    if (c !== channel) others.push(...shippedTrainingItems((await loadChannelItems(c)).items, spec));
  }
  return {
    options: { ...DEFAULT_TRAIN_OPTIONS, ...spec.train, features: spec.features },
    own,
    others,
    vocabulary: spec.vocabulary === true,
  };
}

/**
 * Out-of-fold logits of the model that reads `channel`, by index into `items`, for the items that model trains on;
 * the others are absent.
 */
export async function outOfFoldReadings(
  channel: CorpusChannel,
  items: readonly CorpusItem[],
  heldOut: readonly boolean[],
): Promise<Map<number, number>> {
  const pool = await modelPool(channel, items, heldOut);
  if (pool === null) return new Map();
  const all = [...pool.own.map((o) => o.item), ...pool.others];
  const logits = outOfFoldLogits(all, FOLDS, pool.options);
  const words = pool.vocabulary ? itemWords(all) : null;
  const fold = all.map((it) => foldOf(it.text, FOLDS));
  const out = new Map<number, number>();
  for (let f = 0; f < FOLDS; f++) {
    const read = new Map<number, number>();
    pool.own.forEach((_, i) => {
      if (fold[i] === f) read.set(i, logits[i] as number);
    });
    for (const [i, r] of counted(words, (j) => fold[j] !== f, read)) out.set(pool.own[i]!.index, r);
  }
  return out;
}

/**
 * Left-one-source-out logits: for each source the shipped model trains on (or only those named in `only`), its items
 * (by index into `items`) read by a model trained with that source's items left out and everything else the shipped
 * model trains on kept.
 */
export async function leftOutSourceReadings(
  channel: CorpusChannel,
  items: readonly CorpusItem[],
  heldOut: readonly boolean[],
  only?: ReadonlySet<string>,
): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  const pool = await modelPool(channel, items, heldOut);
  if (pool === null) return out;
  const all = [...pool.own.map((o) => o.item), ...pool.others];
  const data = hashItems(all, pool.options);
  const words = pool.vocabulary ? itemWords(all) : null;
  for (const source of new Set(pool.own.map((o) => o.item.source))) {
    if (only !== undefined && !only.has(source)) continue;
    const trainedOn = (i: number): boolean => i >= pool.own.length || all[i]?.source !== source;
    const train = Int32Array.from(all.keys()).filter(trainedOn);
    const model = fitHashed(data, pool.options, train);
    const read = new Map<number, number>();
    pool.own.forEach((o, i) => {
      if (o.item.source === source) read.set(i, logitOfRow(model, data, i));
    });
    const readings = new Map<number, number>();
    for (const [i, r] of counted(words, trainedOn, read)) readings.set(pool.own[i]!.index, r);
    out.set(source, readings);
    process.stderr.write(`${channel}: model without ${source}\n`);
  }
  return out;
}

// Logistic regression over hashed features: the trainer of the statistical models that ship in the core package.
// AdaGrad on the log loss with an L2 penalty, a few epochs over the items in a seeded order, each item weighted so
// the two classes weigh the same and no one source drowns the others. Deterministic: the same items and options
// give the same weights, bit for bit.

import {
  isCharGram,
  textFeatures,
  urlFeatures,
  TEXT_FEATURE_SET,
  URL_FEATURE_SET,
} from "../../packages/core/src/models/features.js";
import { featureSlot, type FloatModel } from "../../packages/core/src/models/linear-model.js";
import { murmur3 } from "../../packages/core/src/models/murmur3.js";

export type ModelLabel = "scam" | "legit";
export type FeatureKind = "url" | "text";

export interface TrainItem {
  readonly source: string;
  readonly label: ModelLabel;
  /** What the model reads: the URL, or the message text (for email, the subject and body the channel reads). */
  readonly text: string;
}

export interface TrainOptions {
  readonly features: FeatureKind;
  /** The weight table has 2^hashBits slots. */
  readonly hashBits: number;
  readonly epochs: number;
  /** L2 penalty per weight, applied on each update of the weight. */
  readonly l2: number;
  /** AdaGrad's base step. */
  readonly learningRate: number;
  /** Hash seed of the feature strings, and of the order of the items in each epoch. */
  readonly seed: number;
  /** An input's feature values are divided by their Euclidean norm (true) or left as they are. */
  readonly normalized: boolean;
  /** The value of a character n-gram feature (isCharGram); every other feature has value 1. */
  readonly gramWeight: number;
  /**
   * Slots that fewer training items than this have a feature in keep a weight of zero: a feature seen once is the
   * memory of one item, and the zeros make the shipped model smaller.
   */
  readonly minCount: number;
  /**
   * How sources share their class's weight: a source of n items weighs n^sourcePower in all (0: every source the
   * same, 1: every item the same).
   */
  readonly sourcePower: number;
}

export const DEFAULT_TRAIN_OPTIONS: Omit<TrainOptions, "features"> = {
  hashBits: 20,
  epochs: 6,
  l2: 1e-6,
  learningRate: 0.2,
  seed: 0x5ca7,
  normalized: true,
  gramWeight: 1,
  minCount: 1,
  sourcePower: 0.5,
};

export function featuresOf(kind: FeatureKind): (s: string) => string[] {
  return kind === "url" ? urlFeatures : textFeatures;
}

/** Items as hashed slot lists, computed once and read every epoch. */
export interface HashedItems {
  readonly offsets: Int32Array;
  readonly slots: Int32Array;
  /** Each feature's value in its item (gramWeight and the norm applied). */
  readonly values: Float32Array;
  readonly labels: Uint8Array;
  /** Each item's source, as an index into `sourceIds`. */
  readonly sources: Int32Array;
  readonly sourceIds: readonly string[];
}

/**
 * The weight of each listed row: each class weighs half of the total, and within its class a source of n rows
 * weighs n^power; the mean weight is 1.
 */
export function rowWeights(
  data: Pick<HashedItems, "labels" | "sources">,
  rows: Int32Array,
  sourcePower: number,
): Float64Array {
  const groupOf = (i: number): number => data.sources[i]! * 2 + data.labels[i]!;
  const perGroup = new Map<number, number>();
  for (const i of rows) perGroup.set(groupOf(i), (perGroup.get(groupOf(i)) ?? 0) + 1);
  const classTotal = [0, 0];
  for (const [group, n] of perGroup) classTotal[group & 1]! += n ** sourcePower;
  const classes = classTotal.filter((t) => t > 0).length;
  const out = new Float64Array(data.labels.length);
  for (const i of rows) {
    const n = perGroup.get(groupOf(i))!;
    out[i] = (n ** sourcePower / classTotal[data.labels[i]!]! / n) * (rows.length / classes);
  }
  return out;
}

/** Hashes the items' features; `keep` drops features (for measuring what a kind of feature is worth). */
export function hashItems(
  items: readonly TrainItem[],
  options: TrainOptions,
  keep?: (feature: string) => boolean,
): HashedItems {
  const all = featuresOf(options.features);
  const features = keep === undefined ? all : (s: string) => all(s).filter(keep);
  const offsets = new Int32Array(items.length + 1);
  const chunks: [Int32Array, Float32Array][] = [];
  let total = 0;
  items.forEach((it, i) => {
    const f = features(it.text);
    const slots = new Int32Array(f.length);
    const values = new Float32Array(f.length);
    let norm = 0;
    for (let j = 0; j < f.length; j++) {
      slots[j] = featureSlot(f[j]!, options.seed, options.hashBits);
      values[j] = isCharGram(f[j]!) ? options.gramWeight : 1;
      norm += values[j]! * values[j]!;
    }
    if (options.normalized && norm > 0) for (let j = 0; j < f.length; j++) values[j]! /= Math.sqrt(norm);
    chunks.push([slots, values]);
    total += slots.length;
    offsets[i + 1] = total;
  });
  const slots = new Int32Array(total);
  const values = new Float32Array(total);
  chunks.forEach(([s, v], i) => {
    slots.set(s, offsets[i]!);
    values.set(v, offsets[i]!);
  });
  const labels = Uint8Array.from(items, (it) => (it.label === "scam" ? 1 : 0));
  const sourceIds = [...new Set(items.map((it) => it.source))];
  const index = new Map(sourceIds.map((id, i) => [id, i]));
  const sources = Int32Array.from(items, (it) => index.get(it.source)!);
  return { offsets, slots, values, labels, sources, sourceIds };
}

/** A small seeded generator (mulberry32) for the order of the items. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(n: number, rand: () => number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

/** Fits the model on hashed items (the rows listed in `rows`, all when absent). */
export function fitHashed(data: HashedItems, options: TrainOptions, rows?: Int32Array): FloatModel {
  const size = 2 ** options.hashBits;
  const w = new Float64Array(size);
  const g2 = new Float64Array(size);
  let bias = 0;
  let biasG2 = 0;
  const { offsets, slots, values, labels } = data;
  const all = rows ?? Int32Array.from({ length: labels.length }, (_, i) => i);
  const weights = rowWeights(data, all, options.sourcePower);
  const { learningRate: lr, l2 } = options;
  // Slots seen in too few training items are frozen at zero (a zero-value feature never moves its weight either).
  let frozen: Uint8Array | null = null;
  if (options.minCount > 1) {
    const seen = new Uint16Array(size);
    for (const i of all)
      for (let j = offsets[i]!; j < offsets[i + 1]!; j++) seen[slots[j]!] = Math.min(65535, seen[slots[j]!]! + 1);
    frozen = Uint8Array.from(seen, (n) => (n < options.minCount ? 1 : 0));
  }
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const order = shuffled(all.length, random(options.seed * 31 + epoch));
    for (let k = 0; k < order.length; k++) {
      const i = all[order[k]!]!;
      const from = offsets[i]!;
      const to = offsets[i + 1]!;
      let z = bias;
      for (let j = from; j < to; j++) z += w[slots[j]!]! * values[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - labels[i]!) * weights[i]!;
      for (let j = from; j < to; j++) {
        const s = slots[j]!;
        if (frozen !== null && frozen[s] === 1) continue;
        const grad = g * values[j]! + l2 * w[s]!;
        g2[s]! += grad * grad;
        w[s]! -= (lr * grad) / (Math.sqrt(g2[s]!) + 1e-8);
      }
      biasG2 += g * g;
      bias -= (lr * g) / (Math.sqrt(biasG2) + 1e-8);
    }
  }
  return {
    featureSet: options.features === "url" ? URL_FEATURE_SET : TEXT_FEATURE_SET,
    hashBits: options.hashBits,
    seed: options.seed,
    bias,
    normalized: options.normalized,
    gramWeight: options.gramWeight,
    weights: Float32Array.from(w),
  };
}

/** Trains a model on the items. */
export function trainLinear(
  items: readonly TrainItem[],
  options: Partial<TrainOptions> & { features: FeatureKind },
): FloatModel {
  const full = { ...DEFAULT_TRAIN_OPTIONS, ...options };
  return fitHashed(hashItems(items, full), full);
}

/** The float model's logit for hashed row i. */
export function logitOfRow(model: FloatModel, data: HashedItems, i: number): number {
  const from = data.offsets[i]!;
  const to = data.offsets[i + 1]!;
  let z = model.bias;
  for (let j = from; j < to; j++) z += model.weights[data.slots[j]!]! * data.values[j]!;
  return z;
}

/** The float model's logit for a text (a URL or a message). */
export function floatLogit(model: FloatModel, kind: FeatureKind, text: string): number {
  let z = 0;
  let norm = 0;
  for (const feature of featuresOf(kind)(text)) {
    const v = isCharGram(feature) ? model.gramWeight : 1;
    z += model.weights[featureSlot(feature, model.seed, model.hashBits)]! * v;
    norm += v * v;
  }
  return model.bias + (model.normalized && norm > 0 ? z / Math.sqrt(norm) : z);
}

/** The fold of an item: by a hash of its text, so it never depends on the items' order. */
export function foldOf(text: string, folds: number): number {
  return murmur3(text, 0xf01d) % folds;
}

/**
 * Out-of-fold logits: the items split into `folds` by a hash of their text, each fold scored by a model trained on
 * the others. What a model says of a training item without having seen it.
 */
export function outOfFoldLogits(
  items: readonly TrainItem[],
  folds: number,
  options: Partial<TrainOptions> & { features: FeatureKind } = { features: "text" },
): Float64Array {
  const full = { ...DEFAULT_TRAIN_OPTIONS, ...options };
  const data = hashItems(items, full);
  const fold = Int32Array.from(items, (it) => foldOf(it.text, folds));
  const out = new Float64Array(items.length);
  for (let f = 0; f < folds; f++) {
    const train = Int32Array.from(fold.keys()).filter((i) => fold[i] !== f);
    const model = fitHashed(data, full, train);
    for (let i = 0; i < items.length; i++) if (fold[i] === f) out[i] = logitOfRow(model, data, i);
  }
  return out;
}

// A hashed linear model (logistic regression over hashed feature strings) shipped as bytes: a small header, then
// quantised weights. Reading one sums the weights of an input's features into a logit (the log-odds of "scam") and
// keeps the features that pushed it up most, so a verdict can say which words weighed.
//
// Layout, little-endian:
//   0  "SVLM"           magic
//   4  u8  version      1
//   5  u8  feature set  URL_FEATURE_SET or TEXT_FEATURE_SET
//   6  u8  hash bits    the weight table has 2^bits slots
//   7  u8  width        bytes per weight: 1 (int8) or 2 (int16)
//   8  u32 seed         MurmurHash3 seed of the feature strings
//  12  f32 bias
//  16  f32 scale        a weight is its stored integer times scale
//  20  u8  layout       0 dense (every slot), 1 sparse (the non-zero slots)
//  21  u8  norm         0: the input's values as they are; 1: divided by their Euclidean norm
//  22  u16 reserved     0
//  24  u32 count        slots stored (2^bits when dense)
//  28  f32 gram weight  the value of a character n-gram feature (isCharGram); every other feature has value 1
//  32  dense: count weights; sparse: count slot gaps as LEB128 varints, then count weights
import { murmur3 } from "./murmur3.js";
import { isCharGram, TEXT_FEATURE_SET, URL_FEATURE_SET, type FeatureSetId } from "./features.js";

const MAGIC = 0x4d4c5653; // "SVLM" read as a little-endian u32
export const MODEL_FORMAT_VERSION = 1;
const HEADER_BYTES = 32;

export interface LinearModel {
  readonly featureSet: FeatureSetId;
  readonly hashBits: number;
  readonly seed: number;
  readonly bias: number;
  readonly scale: number;
  /** true when an input's feature values are divided by their Euclidean norm. */
  readonly normalized: boolean;
  /** The value of a character n-gram feature (the others have value 1). */
  readonly gramWeight: number;
  /** Quantised weights, one per slot (2^hashBits). */
  readonly weights: Int8Array | Int16Array;
}

export interface ModelReading {
  /** Log-odds that the input is a scam. */
  readonly logit: number;
  /** The features that pushed the logit up most, largest first, each with its share of the logit. */
  readonly top: readonly { readonly feature: string; readonly weight: number }[];
}

/** The slot of a feature string in a weight table of 2^bits slots. */
export function featureSlot(feature: string, seed: number, hashBits: number): number {
  return murmur3(feature, seed) & ((1 << hashBits) - 1);
}

/**
 * A reading under way: features come one at a time (each once), by their murmur3 hash; the reading keeps the logit's
 * sums and the `topK` features with the largest positive contributions, known by a name of the caller's (the
 * feature string, or a handle to it spelt out when the reading ends).
 */
export class ModelReader<Name = string> {
  private readonly mask: number;
  private words = 0;
  private grams = 0;
  private wordCount = 0;
  private gramCount = 0;
  private readonly top: { name: Name; weight: number }[] = [];

  constructor(
    private readonly model: LinearModel,
    private readonly topK = 5,
  ) {
    this.mask = (1 << model.hashBits) - 1;
  }

  /**
   * Counts a feature by its hash (a character n-gram at the model's gram weight). Returns its contribution when it
   * enters the top list (then `enter` it with its name), else 0.
   */
  add(hash: number, charGram: boolean): number {
    const q = this.model.weights[hash & this.mask]!;
    let w = q;
    if (charGram) {
      this.grams += q;
      this.gramCount++;
      w *= this.model.gramWeight;
    } else {
      this.words += q;
      this.wordCount++;
    }
    const { top, topK } = this;
    if (w <= 0 || topK === 0) return 0;
    if (top.length === topK && w <= top[topK - 1]!.weight) return 0;
    return w;
  }

  /** Puts a feature `add` let in at its place in the top list (after those of equal weight that came first). */
  enter(name: Name, weight: number): void {
    const { top, topK } = this;
    // Shifts the lighter ones down a place (the last falls off a full list) and puts this one in the gap.
    let i = Math.min(top.length, topK - 1);
    const entry = { name, weight };
    if (top.length < topK) top.push(entry);
    while (i > 0 && top[i - 1]!.weight < weight) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = entry;
  }

  /** The logit and the top features (named by `feature`), each with its share of the logit. */
  finish(feature: (name: Name) => string): ModelReading {
    const { model } = this;
    const alpha = model.gramWeight;
    const norm = this.wordCount + alpha * alpha * this.gramCount;
    const unit = model.normalized && norm > 0 ? model.scale / Math.sqrt(norm) : model.scale;
    return {
      logit: model.bias + (this.words + alpha * this.grams) * unit,
      top: this.top.map((t) => ({ feature: feature(t.name), weight: t.weight * unit })),
    };
  }
}

/**
 * The model's reading of an input's features (each counted once: urlFeatures and textFeatures give them distinct):
 * its logit and the `topK` features with the largest positive contributions.
 */
export function readModel(model: LinearModel, features: readonly string[], topK = 5): ModelReading {
  const reader = new ModelReader<string>(model, topK);
  for (const feature of features) {
    const w = reader.add(murmur3(feature, model.seed), isCharGram(feature));
    if (w > 0) reader.enter(feature, w);
  }
  return reader.finish((feature) => feature);
}

/** Probability from a logit. */
export function sigmoid(logit: number): number {
  return 1 / (1 + Math.exp(-logit));
}

export class ModelFormatError extends Error {
  override readonly name = "ModelFormatError";
}

/** Reads model bytes written by encodeModel; throws ModelFormatError on anything else. */
export function decodeModel(bytes: Uint8Array): LinearModel {
  if (bytes.length < HEADER_BYTES) throw new ModelFormatError("model bytes too short");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new ModelFormatError("not a model (bad magic)");
  const version = view.getUint8(4);
  if (version !== MODEL_FORMAT_VERSION) throw new ModelFormatError(`unsupported model version ${version}`);
  const featureSet = view.getUint8(5);
  if (featureSet !== URL_FEATURE_SET && featureSet !== TEXT_FEATURE_SET) {
    throw new ModelFormatError(`unknown feature set ${featureSet}`);
  }
  const hashBits = view.getUint8(6);
  const width = view.getUint8(7);
  if (hashBits < 1 || hashBits > 26) throw new ModelFormatError(`hash bits ${hashBits} out of range`);
  if (width !== 1 && width !== 2) throw new ModelFormatError(`weight width ${width} unsupported`);
  const slots = 2 ** hashBits;
  const layout = view.getUint8(20);
  const count = view.getUint32(24, true);
  const weights = width === 1 ? new Int8Array(slots) : new Int16Array(slots);
  const readWeight = (at: number): number => (width === 1 ? view.getInt8(at) : view.getInt16(at, true));
  if (layout === 0) {
    if (count !== slots || bytes.length !== HEADER_BYTES + slots * width) {
      throw new ModelFormatError("dense model of the wrong length");
    }
    for (let i = 0; i < slots; i++) weights[i] = readWeight(HEADER_BYTES + i * width);
  } else if (layout === 1) {
    if (count > slots) throw new ModelFormatError("sparse model with more weights than slots");
    let at = HEADER_BYTES;
    const slotOf = new Uint32Array(count);
    let slot = -1;
    for (let i = 0; i < count; i++) {
      let gap = 0;
      for (let shift = 0; ; shift += 7) {
        if (at >= bytes.length || shift > 28) throw new ModelFormatError("sparse model cut short");
        const b = bytes[at++]!;
        gap += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) break;
      }
      slot += gap + 1;
      if (slot >= slots) throw new ModelFormatError("sparse model slot out of range");
      slotOf[i] = slot;
    }
    if (bytes.length !== at + count * width) throw new ModelFormatError("sparse model of the wrong length");
    for (let i = 0; i < count; i++) weights[slotOf[i]!] = readWeight(at + i * width);
  } else {
    throw new ModelFormatError(`unknown layout ${layout}`);
  }
  return {
    featureSet,
    hashBits,
    seed: view.getUint32(8, true),
    bias: view.getFloat32(12, true),
    scale: view.getFloat32(16, true),
    normalized: view.getUint8(21) === 1,
    gramWeight: view.getFloat32(28, true),
    weights,
  };
}

/** A model as training leaves it, before quantisation. */
export interface FloatModel {
  readonly featureSet: FeatureSetId;
  readonly hashBits: number;
  readonly seed: number;
  readonly bias: number;
  readonly normalized: boolean;
  readonly gramWeight: number;
  readonly weights: Float32Array | Float64Array;
}

export interface QuantizeOptions {
  /** 1: int8 weights; 2: int16. */
  readonly width: 1 | 2;
  /**
   * Weights beyond this quantile of |w| are clipped to it, so the few largest do not take the resolution of the many
   * (1 keeps the largest as it is).
   */
  readonly clipQuantile?: number;
}

/**
 * Quantises a trained model and writes it in the format above, dense or sparse, whichever is smaller. The reading of
 * the result differs from the float model's only by the rounding of each weight.
 */
export function encodeModel(model: FloatModel, options: QuantizeOptions): Uint8Array {
  const { width } = options;
  const slots = 2 ** model.hashBits;
  if (model.weights.length !== slots) throw new ModelFormatError("weights do not fill the hash table");
  const maxQ = width === 1 ? 127 : 32767;
  const limit = clipLimit(model.weights, options.clipQuantile ?? 1);
  const scale = limit > 0 ? Math.fround(limit / maxQ) : 1;
  const q = width === 1 ? new Int8Array(slots) : new Int16Array(slots);
  let nonZero = 0;
  for (let i = 0; i < slots; i++) {
    const v = Math.max(-maxQ, Math.min(maxQ, Math.round(model.weights[i]! / scale)));
    q[i] = v;
    if (v !== 0) nonZero++;
  }
  let gapBytes = 0;
  let last = -1;
  for (let i = 0; i < slots; i++) {
    if (q[i] === 0) continue;
    gapBytes += varintLength(i - last - 1);
    last = i;
  }
  const sparse = gapBytes + nonZero * width < slots * width;
  const count = sparse ? nonZero : slots;
  const bytes = new Uint8Array(HEADER_BYTES + (sparse ? gapBytes : 0) + count * width);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint8(4, MODEL_FORMAT_VERSION);
  view.setUint8(5, model.featureSet);
  view.setUint8(6, model.hashBits);
  view.setUint8(7, width);
  view.setUint32(8, model.seed >>> 0, true);
  view.setFloat32(12, model.bias, true);
  view.setFloat32(16, scale, true);
  view.setUint8(20, sparse ? 1 : 0);
  view.setUint8(21, model.normalized ? 1 : 0);
  view.setUint32(24, count, true);
  view.setFloat32(28, model.gramWeight, true);
  let at = HEADER_BYTES;
  const writeWeight = (v: number): void => {
    if (width === 1) view.setInt8(at, v);
    else view.setInt16(at, v, true);
    at += width;
  };
  if (!sparse) {
    for (let i = 0; i < slots; i++) writeWeight(q[i]!);
    return bytes;
  }
  last = -1;
  for (let i = 0; i < slots; i++) {
    if (q[i] === 0) continue;
    for (let gap = i - last - 1; ; gap = Math.floor(gap / 128)) {
      if (gap < 0x80) {
        bytes[at++] = gap;
        break;
      }
      bytes[at++] = (gap & 0x7f) | 0x80;
    }
    last = i;
  }
  for (let i = 0; i < slots; i++) if (q[i] !== 0) writeWeight(q[i]!);
  return bytes;
}

function varintLength(n: number): number {
  let length = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    length++;
  }
  return length;
}

/** The quantile `quantile` of the non-zero |weights|. */
function clipLimit(weights: Float32Array | Float64Array, quantile: number): number {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  if (quantile >= 1 || max === 0) return max;
  const abs = Float64Array.from(weights, Math.abs)
    .filter((w) => w > 0)
    .sort();
  return abs[Math.min(abs.length - 1, Math.floor(quantile * abs.length))] ?? max;
}

/** Decodes a base64 string (the generated model modules carry their bytes so). */
export function base64Bytes(b64: string): Uint8Array {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

import { describe, expect, it } from "vitest";
import { TEXT_FEATURE_SET, URL_FEATURE_SET } from "../../src/models/features.js";
import {
  decodeModel,
  encodeModel,
  featureSlot,
  ModelFormatError,
  readModel,
  type FloatModel,
} from "../../src/models/linear-model.js";

function floatModel(bits: number, fill: (i: number) => number, bias = -1.5): FloatModel {
  return {
    featureSet: TEXT_FEATURE_SET,
    hashBits: bits,
    seed: 1234,
    bias,
    normalized: true,
    gramWeight: 1,
    weights: Float32Array.from({ length: 2 ** bits }, (_, i) => fill(i)),
  };
}

/** A float model's logit, computed directly. */
function floatLogit(model: FloatModel, features: readonly string[]): number {
  let z = 0;
  for (const f of features) z += model.weights[featureSlot(f, model.seed, model.hashBits)]!;
  return model.bias + (model.normalized ? z / Math.sqrt(features.length) : z);
}

describe("model format", () => {
  it.each([
    ["dense int8", 1, (i: number) => Math.sin(i) * 3],
    ["dense int16", 2, (i: number) => Math.sin(i) * 3],
    ["sparse int8", 1, (i: number) => (i % 97 === 0 ? Math.cos(i) : 0)],
    ["sparse int16", 2, (i: number) => (i % 1000 === 3 ? -2 + (i % 7) : 0)],
  ] as const)("round-trips a %s model to within its rounding", (_, width, fill) => {
    const model = floatModel(12, fill);
    const bytes = encodeModel(model, { width });
    const decoded = decodeModel(bytes);
    expect(decoded).toMatchObject({ featureSet: TEXT_FEATURE_SET, hashBits: 12, seed: 1234, normalized: true });
    expect(decoded.bias).toBeCloseTo(-1.5, 6);
    expect(decoded.weights).toBeInstanceOf(width === 1 ? Int8Array : Int16Array);
    const step = decoded.scale / 2 + 1e-7;
    for (let i = 0; i < 2 ** 12; i++) {
      expect(Math.abs(decoded.weights[i]! * decoded.scale - model.weights[i]!)).toBeLessThanOrEqual(step);
    }
    // Encoding the decoded weights again gives the same bytes.
    const again = encodeModel(
      { ...model, bias: decoded.bias, weights: Float32Array.from(decoded.weights, (q) => q * decoded.scale) },
      { width },
    );
    expect(again).toEqual(bytes);
  });

  it("stores a mostly empty table sparsely and a full one densely", () => {
    const sparse = encodeModel(
      floatModel(16, (i) => (i % 512 === 0 ? 1 : 0)),
      { width: 1 },
    );
    const dense = encodeModel(
      floatModel(16, (i) => 1 + (i % 5)),
      { width: 1 },
    );
    expect(sparse.length).toBeLessThan(1_000);
    expect(dense.length).toBe(32 + 2 ** 16);
    expect(sparse[20]).toBe(1);
    expect(dense[20]).toBe(0);
  });

  it("clips the largest weights to a quantile so the rest keep their resolution", () => {
    const model = floatModel(10, (i) => (i === 0 ? 1000 : (i % 10) / 10));
    const clipped = decodeModel(encodeModel(model, { width: 1, clipQuantile: 0.99 }));
    expect(clipped.weights[0]).toBe(127);
    expect(clipped.weights[5]! * clipped.scale).toBeCloseTo(0.5, 2);
  });

  it("refuses bytes that are no model, another version, or cut short", () => {
    const bytes = encodeModel(
      floatModel(8, (i) => i / 100),
      { width: 1 },
    );
    expect(() => decodeModel(new Uint8Array(10))).toThrow(ModelFormatError);
    const badMagic = bytes.slice();
    badMagic[0] = 0;
    expect(() => decodeModel(badMagic)).toThrow(/magic/);
    const badVersion = bytes.slice();
    badVersion[4] = 99;
    expect(() => decodeModel(badVersion)).toThrow(/version/);
    expect(() => decodeModel(bytes.slice(0, bytes.length - 1))).toThrow(/length/);
    const sparse = encodeModel(
      floatModel(12, (i) => (i === 4000 ? 1 : 0)),
      { width: 2 },
    );
    expect(() => decodeModel(sparse.slice(0, sparse.length - 3))).toThrow(ModelFormatError);
    const badSet = bytes.slice();
    badSet[5] = 9;
    expect(() => decodeModel(badSet)).toThrow(/feature set/);
    expect(decodeModel(bytes).featureSet).toBe(TEXT_FEATURE_SET);
    expect(URL_FEATURE_SET).not.toBe(TEXT_FEATURE_SET);
  });
});

describe("readModel", () => {
  const features = ["w:claim", "w:prize", "b:call <phone>", "w:the", "w:hello", "w:meeting"];
  const weightOf: Record<string, number> = {
    "w:claim": 2,
    "w:prize": 1.5,
    "b:call <phone>": 3,
    "w:the": 0.1,
    "w:hello": -1,
    "w:meeting": -2,
  };
  const base = floatModel(16, () => 0, -0.5);
  const weights = new Float32Array(2 ** 16);
  for (const f of features) weights[featureSlot(f, base.seed, base.hashBits)] = weightOf[f]!;
  const model: FloatModel = { ...base, weights };

  it("sums the weights into the logit, scaled by 1/sqrt(n), as the float model does", () => {
    const decoded = decodeModel(encodeModel(model, { width: 2 }));
    const reading = readModel(decoded, features);
    expect(reading.logit).toBeCloseTo(floatLogit(model, features), 3);
    expect(reading.logit).toBeCloseTo(-0.5 + 3.6 / Math.sqrt(6), 3);
  });

  it("keeps the features that pushed the logit up most, largest first, and none that pulled it down", () => {
    const decoded = decodeModel(encodeModel(model, { width: 2 }));
    const { top } = readModel(decoded, features, 3);
    expect(top.map((t) => t.feature)).toEqual(["b:call <phone>", "w:claim", "w:prize"]);
    expect(top[0]!.weight).toBeCloseTo(3 / Math.sqrt(6), 3);
    expect(readModel(decoded, features, 10).top.map((t) => t.feature)).toEqual([
      "b:call <phone>",
      "w:claim",
      "w:prize",
      "w:the",
    ]);
    expect(readModel(decoded, ["w:hello", "w:meeting"]).top).toEqual([]);
    expect(readModel(decoded, features, 0).top).toEqual([]);
  });

  it("counts character n-grams at the model's n-gram weight, in the sum and in the norm", () => {
    const grams = ["c:_cl", "c:cla", "w:claim"];
    const g = new Float32Array(2 ** 16);
    g[featureSlot("c:_cl", base.seed, 16)] = 1;
    g[featureSlot("c:cla", base.seed, 16)] = 2;
    g[featureSlot("w:claim", base.seed, 16)] = 3;
    const decoded = decodeModel(encodeModel({ ...base, gramWeight: 0.25, weights: g }, { width: 2 }));
    expect(decoded.gramWeight).toBe(0.25);
    const reading = readModel(decoded, grams);
    expect(reading.logit).toBeCloseTo(-0.5 + (3 + 0.25 * 3) / Math.sqrt(1 + 2 * 0.0625), 3);
    expect(reading.top.map((t) => t.feature)).toEqual(["w:claim", "c:cla", "c:_cl"]);
    expect(reading.top[1]!.weight).toBeCloseTo(0.5 / Math.sqrt(1.125), 3);
  });

  it("reads an empty feature list as the bias", () => {
    const decoded = decodeModel(encodeModel(model, { width: 1 }));
    expect(readModel(decoded, []).logit).toBeCloseTo(-0.5, 6);
  });
});

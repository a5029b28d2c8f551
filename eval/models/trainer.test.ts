import { describe, expect, it } from "vitest";
import { auc, recallAtFpr } from "./metrics.js";
import type { ModelItem } from "./model-items.js";
import { shippedTrainingItems } from "./train.js";
import { floatLogit, hashItems, outOfFoldLogits, rowWeights, trainLinear, type TrainItem } from "./trainer.js";

const SCAM = ["claim your prize now", "you won cash call now", "urgent prize claim today", "win cash prize reply"];
const LEGIT = ["see you at dinner", "meeting moved to friday", "thanks for the notes", "dinner at seven then"];
const items: TrainItem[] = [];
for (let i = 0; i < 40; i++) {
  items.push({ source: i % 2 ? "a" : "b", label: "scam", text: `${SCAM[i % 4]} ${i}` });
  items.push({ source: "c", label: "legit", text: `${LEGIT[i % 4]} ${i}` });
}

describe("trainLinear", () => {
  it("gives the same weights for the same items and options", () => {
    const a = trainLinear(items, { features: "text", hashBits: 12 });
    const b = trainLinear(items, { features: "text", hashBits: 12 });
    expect(a.bias).toBe(b.bias);
    expect(a.weights).toEqual(b.weights);
  });

  it("separates the classes it was shown", () => {
    const model = trainLinear(items, { features: "text", hashBits: 12, gramWeight: 0.1 });
    expect(floatLogit(model, "text", "claim your cash prize")).toBeGreaterThan(0);
    expect(floatLogit(model, "text", "thanks, see you at the meeting")).toBeLessThan(0);
  });

  it("weighs each class half and each source by the square root of its size", () => {
    const data = hashItems(items, {
      features: "text",
      hashBits: 10,
      epochs: 1,
      l2: 0,
      learningRate: 0.1,
      seed: 1,
      normalized: true,
      gramWeight: 1,
      minCount: 1,
      sourcePower: 0.5,
    });
    const w = rowWeights(data, Int32Array.from(items.keys()), 0.5);
    const total = (label: string): number => items.reduce((t, it, i) => t + (it.label === label ? w[i]! : 0), 0);
    expect(total("scam")).toBeCloseTo(total("legit"), 9);
    expect(total("scam") + total("legit")).toBeCloseTo(items.length, 9);
  });
});

describe("outOfFoldLogits", () => {
  it("scores every item with a model that did not see it", () => {
    const oof = outOfFoldLogits(items, 4, { features: "text", hashBits: 12 });
    expect(oof.length).toBe(items.length);
    const pos = items.flatMap((it, i) => (it.label === "scam" ? [oof[i]!] : []));
    const neg = items.flatMap((it, i) => (it.label === "legit" ? [oof[i]!] : []));
    expect(auc(pos, neg)).toBeGreaterThan(0.9);
  });
});

describe("metrics", () => {
  it("computes AUC with ties and recall at a false-positive rate", () => {
    expect(auc([3, 4], [1, 2])).toBe(1);
    expect(auc([1], [1])).toBe(0.5);
    expect(Number.isNaN(auc([], [1]))).toBe(true);
    const neg = Array.from({ length: 100 }, (_, i) => i);
    // One negative in a hundred (99) lies above the threshold 98.
    expect(recallAtFpr([98.5, 99.5, 50], neg, 0.01)).toEqual({ recall: 2 / 3, threshold: 98 });
  });
});

describe("shippedTrainingItems", () => {
  it("keeps items of sources not marked non-commercial that are not held out", () => {
    const item = (source: string, commercial: boolean | null, heldOut: boolean): ModelItem => ({
      channel: "sms",
      source,
      label: "scam",
      text: source,
      commercial,
      heldOut,
    });
    const kept = shippedTrainingItems([
      item("yes", true, false),
      item("held", true, true),
      item("unknown", null, false),
      item("no", false, false),
    ]);
    expect(kept.map((it) => it.source)).toEqual(["yes", "unknown"]);
  });

  it("leaves out the sources a model's spec skips", () => {
    const item = (source: string): ModelItem => ({
      channel: "email",
      source,
      label: "scam",
      text: source,
      commercial: null,
      heldOut: false,
    });
    const kept = shippedTrainingItems([item("kept"), item("skipped")], { skipSources: ["skipped"] });
    expect(kept.map((it) => it.source)).toEqual(["kept"]);
  });
});

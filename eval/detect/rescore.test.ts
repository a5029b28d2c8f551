import { describe, expect, it, vi } from "vitest";
import type { CorpusItem } from "../corpora/load.js";
import { fitSettings, printRuleTable, rowWeights, ruleStats, type ChannelData } from "./rescore.js";
import type { ChannelRun } from "./run-channel.js";

const item = (source: string, label: "scam" | "legit"): CorpusItem => ({ source, label, text: `${source} ${label}` });
const run = (...ids: string[]): ChannelRun => ({
  score: 50,
  floor: 0,
  hits: ids.map((id) => ({ id, source: "rules", label: id, points: 40 })),
});

describe("the per-rule table", () => {
  const data: ChannelData = {
    channel: "sms",
    items: [item("train", "scam"), item("train", "legit"), item("kept-apart", "scam"), item("mixed", "scam")],
    heldOut: [false, false, true, true],
    fitted: [run("a"), run("a"), run("a", "b"), run("b")],
    hand: [],
  };

  it("counts hits per source on training items only", () => {
    const stats = ruleStats(data);
    const a = stats.find((r) => r.key === "rules/a");
    expect([...(a?.bySource ?? new Map())]).toEqual([["train", [1, 1]]]);
    expect(a?.fitHits).toBe(2);
    // A rule that fired only on held-out items has no per-source row and no fitting hit.
    const b = stats.find((r) => r.key === "rules/b");
    expect(b?.bySource.size).toBe(0);
    expect(b?.fitHits).toBe(0);
  });

  it("prints no column for a source whose items are all held out", () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    try {
      printRuleTable(data, ruleStats(data));
    } finally {
      spy.mockRestore();
    }
    const text = lines.join("\n");
    expect(text).toContain("[0] train (1 scam, 1 legitimate)");
    expect(text).not.toContain("kept-apart");
    expect(text).not.toContain("mixed");
  });
});

describe("the row weights", () => {
  // One large and one small scam source beside one legitimate source.
  const items = [
    ...Array.from({ length: 9 }, () => item("large", "scam")),
    item("small", "scam"),
    item("ham", "legit"),
  ];
  const share = (weights: number[], source: string): number =>
    items.reduce((t, it, i) => t + (it.source === source ? (weights[i] as number) : 0), 0);

  it("gives every source of a label the same share at exponent 0", () => {
    const w = rowWeights(items, 1, 0);
    expect(share(w, "large")).toBeCloseTo(share(w, "small"));
  });

  it("gives a source its size to the power of the exponent", () => {
    expect(share(rowWeights(items, 1, 0.5), "large") / share(rowWeights(items, 1, 0.5), "small")).toBeCloseTo(3);
    const w = rowWeights(items, 1, 1);
    expect(w[0]).toBeCloseTo(w[9] as number);
  });

  it("counts a legitimate item fpCost times a scam", () => {
    const w = rowWeights(items, 10, 0);
    expect(share(w, "ham")).toBeCloseTo(10 * (share(w, "large") + share(w, "small")));
  });
});

describe("the fit's settings from a command line", () => {
  it("takes the defaults when none is named", () => {
    expect(fitSettings(["sms", "--why"])).toEqual({ fpCost: 10, lambda: 3, groupExponent: 0 });
  });

  it("reads each setting named, whatever the order", () => {
    expect(fitSettings(["--group-exponent=0.5", "sms", "--fp-cost=5", "--lambda=1"])).toEqual({
      fpCost: 5,
      lambda: 1,
      groupExponent: 0.5,
    });
  });
});

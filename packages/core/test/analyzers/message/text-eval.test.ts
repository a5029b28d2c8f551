import { describe, expect, it } from "vitest";
import { rates, scoreAll } from "../../../../../eval/text-eval.js";

// The tuning half of the labelled text messages: a change that costs recall or adds false positives fails here.
// The held-out half is reported by `pnpm eval text` and is never asserted on, so it stays unseen by tuning.
describe("text evaluation, tuning half", () => {
  const { tuning } = scoreAll();
  const r = rates(tuning);

  it("covers enough messages of both kinds to mean something", () => {
    expect(r.scams).toBeGreaterThanOrEqual(100);
    expect(r.legit).toBeGreaterThanOrEqual(50);
    expect(r.hardLegit / r.legit).toBeGreaterThanOrEqual(1 / 3);
  });

  it("catches at least 90% of scams at medium risk and 75% at high risk", () => {
    expect(r.recallMedium).toBeGreaterThanOrEqual(0.9);
    expect(r.recallHigh).toBeGreaterThanOrEqual(0.75);
  });

  // The hand weights held these written texts at 0.5%; the weights fitted on real corpora read 10.8% of them at
  // medium risk (codes, bank alerts and marketing the corpora lack): a known regression, reported in
  // docs/detection.md. This guards against it growing.
  it("puts at most 12% of legitimate messages at medium risk or above", () => {
    expect(r.falsePositives).toBeLessThanOrEqual(0.12);
  });
});

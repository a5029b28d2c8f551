import { describe, expect, it } from "vitest";
import type { Evidence } from "../../src/ports/signal-source.js";
import { assess } from "../../src/scoring/score.js";

const answered = (...points: number[]): Evidence => ({
  source: "link",
  status: "ok",
  signals: {},
  factors: points.map((p, i) => ({ id: `link_${i}`, source: "link", label: "The link", points: p })),
});

describe("assess: confidence bounded by the lookup an answer rests on", () => {
  it("claims no more confidence than it is allowed", () => {
    expect(assess([{ evidence: answered(50), weight: 1 }]).confidence).toBeGreaterThan(0.8);
    expect(assess([{ evidence: answered(50), weight: 1 }], { confidenceAtMost: 0.3 }).confidence).toBe(0.3);
  });

  it("then says too little is known to call a low score safe", () => {
    // 10 points against, 19 for: under 20, sure enough to stand without vouching.
    const free = assess([{ evidence: answered(10, -19), weight: 1 }]);
    expect(free.confidence).toBeGreaterThanOrEqual(0.75);
    expect(free.riskScore).toBeLessThan(20);
    expect(free.factors.map((f) => f.id)).not.toContain("limited_evidence");
    const bounded = assess([{ evidence: answered(10, -19), weight: 1 }], { confidenceAtMost: 0.3 });
    expect(bounded.factors.map((f) => f.id)).toContain("limited_evidence");
    expect(bounded.riskScore).toBe(20);
  });

  it("never calls safe what a finding of substance speaks against, unless something vouches for it", () => {
    // 30 points against, 15 for: under 20 and sure, but the 30-point finding still adds risk.
    const weighedDown = assess([{ evidence: answered(30, -15), weight: 1 }]);
    expect(weighedDown.confidence).toBeGreaterThanOrEqual(0.75);
    expect(weighedDown.factors.map((f) => f.id)).toContain("limited_evidence");
    expect(weighedDown.verdict).toBe("low_risk");
    // Vouched for (20 points of legitimacy or more), the same finding may read safe.
    const vouched = assess([{ evidence: answered(30, -25), weight: 1 }]);
    expect(vouched.factors.map((f) => f.id)).not.toContain("limited_evidence");
    expect(vouched.verdict).toBe("safe");
  });

  it("leaves a less confident answer as it is", () => {
    const items = [{ evidence: { ...answered(), status: "unavailable" as const }, weight: 1 }];
    expect(assess(items, { confidenceAtMost: 0.9 }).confidence).toBe(assess(items).confidence);
  });
});

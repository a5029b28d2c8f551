import { describe, expect, it } from "vitest";
import type { Evidence } from "../../src/ports/signal-source.js";
import { assess, combineLogOdds, HAND_SCORING } from "../../src/scoring/score.js";
import { PRIOR_BIAS, priorWeight, ruleKey, type ChannelWeights, type RuleHit } from "../../src/scoring/weights.js";

const hit = (id: string, points: number, strength?: number): RuleHit => ({
  id,
  source: "rules",
  label: id,
  points,
  ...(strength === undefined ? {} : { strength }),
});
const weights = (rules: Record<string, number>, bias = PRIOR_BIAS): ChannelWeights => ({
  channel: "text",
  bias,
  fittedOn: "test",
  rules: Object.fromEntries(
    Object.entries(rules).map(([k, weight]) => [k, { weight, prior: 0, scamHits: 10, legitHits: 10 }]),
  ),
});
const evidence = (...factors: RuleHit[]): Evidence => ({ source: "rules", status: "ok", signals: {}, factors });

describe("combineLogOdds: the one combination", () => {
  it("scores a lone finding on its prior at the points its detector states", () => {
    for (const p of [15, 40, 65, 90]) expect(combineLogOdds([hit("a", p)], undefined, 0).score).toBe(p);
  });

  it("adds findings as log-odds", () => {
    const two = combineLogOdds([hit("a", 40), hit("b", 40)], undefined, 0).score;
    const z = PRIOR_BIAS + 2 * priorWeight(hit("a", 40));
    expect(two).toBe(Math.round(100 / (1 + Math.exp(-z))));
  });

  it("takes a rule's fitted weight over its prior, and the fitted bias", () => {
    const w = weights({ "rules/a": 0 }, 0);
    expect(combineLogOdds([hit("a", 90)], w, 0).score).toBe(50);
    expect(combineLogOdds([hit("b", 90)], w, 0).score).toBe(
      Math.round(100 / (1 + Math.exp(-priorWeight(hit("b", 90))))),
    );
  });

  it("counts a rule once however often it fires, at its strongest hit", () => {
    const once = combineLogOdds([hit("a", 40)], undefined, 0);
    const thrice = combineLogOdds([hit("a", 30), hit("a", 40), hit("a", 20)], undefined, 0);
    expect(thrice.score).toBe(once.score);
    expect(thrice.points.filter((p) => p !== 0)).toHaveLength(1);
  });

  it("weighs a graded detector by its strength", () => {
    const w = weights({ "rules/model": 0.5 });
    const up = combineLogOdds([hit("model", 0, 4)], w, 0).score;
    const down = combineLogOdds([hit("model", 0, -4)], w, 0).score;
    expect(up).toBe(Math.round(100 / (1 + Math.exp(-(PRIOR_BIAS + 2)))));
    expect(down).toBeLessThan(5);
  });

  it("gives each factor its share of the move, so the points add up", () => {
    const { score, points } = combineLogOdds([hit("a", 40), hit("b", 30), hit("c", -20)], undefined, 0);
    const base = 100 / (1 + Math.exp(-PRIOR_BIAS));
    expect(points.reduce((t, p) => t + p, 0)).toBeCloseTo(score - base, 0);
    expect(points[2]).toBeLessThan(0);
  });

  it("keeps a detector's grading of one rule under its fitted weight", () => {
    const reference = priorWeight(hit("a", 40));
    const w: ChannelWeights = {
      ...weights({}),
      rules: { "rules/a": { weight: 2, prior: reference, scamHits: 10, legitHits: 10 } },
    };
    const at = (p: number): number => combineLogOdds([hit("a", p)], w, 0).score;
    expect(at(40)).toBe(Math.round(100 / (1 + Math.exp(-(PRIOR_BIAS + 2)))));
    expect(at(70)).toBeGreaterThan(at(40));
    expect(at(25)).toBeLessThan(at(40));
  });

  it("shares what the rules moved among them; a floor's lift flips no sign", () => {
    const { score, points } = combineLogOdds([hit("a", 30), hit("b", -40)], undefined, 90);
    expect(score).toBe(90);
    expect(points[0]).toBeGreaterThan(0);
    expect(points[1]).toBeLessThan(0);
  });

  it("holds a model's reading under the ceiling unless a rule of substance, or for a confident one a named rule, backs it", () => {
    const capped: ChannelWeights = {
      ...weights({ "rules/model": 1, "rules/link_low": 0.1, "rules/hint": 0.1 }),
      uncorroboratedCeiling: 39,
      confidentReading: { strength: 7, backedBy: ["rules/link_"] },
    };
    const score = (...hits: RuleHit[]): number => combineLogOdds(hits, capped, 0).score;
    // Alone, or beside a weak rule the policy does not name, the model stays under the ceiling.
    expect(score(hit("model", 0, 8))).toBe(39);
    expect(score(hit("model", 0, 8), hit("hint", 5))).toBe(39);
    // A weak rule the policy names backs a confident reading, not a middling one.
    expect(score(hit("model", 0, 8), hit("link_low", 5))).toBeGreaterThan(39);
    expect(score(hit("model", 0, 6), hit("link_low", 5))).toBe(39);
    // Without the policy, the named rule is a hint like any other.
    const { confidentReading: _, ...plain } = capped;
    expect(combineLogOdds([hit("model", 0, 8), hit("link_low", 5)], plain, 0).score).toBe(39);
  });

  it("lets a rule of substance the fit weighs at zero back a reading, and never one the fit weighs against", () => {
    const capped: ChannelWeights = {
      ...weights({ "rules/model": 1, "rules/click": 0, "rules/own_site": -0.1 }),
      uncorroboratedCeiling: 39,
    };
    const { uncorroboratedCeiling: _, ...uncapped } = capped;
    const score = (...hits: RuleHit[]): number => combineLogOdds(hits, capped, 0).score;
    // "Click here" found, but weighed at zero beside the model that reads the same texts: still a finding.
    expect(score(hit("model", 0, 3), hit("click", 40))).toBe(combineLogOdds([hit("model", 0, 3)], undefined, 0).score);
    expect(score(hit("model", 0, 3), hit("click", 40))).toBeGreaterThan(39);
    // A rule the fit counts against a scam backs nothing, whatever its prior; a hint under the prior backs nothing.
    expect(combineLogOdds([hit("model", 0, 3), hit("own_site", 40)], uncapped, 0).score).toBeGreaterThan(39);
    expect(score(hit("model", 0, 3), hit("own_site", 40))).toBe(39);
    expect(score(hit("model", 0, 3), hit("own_site", 40), hit("own_site", 30))).toBe(39);
    expect(score(hit("model", 0, 3), hit("click", 5))).toBe(39);
  });

  it("lets a model lift to a scam only what the rules call high risk by themselves", () => {
    const policy: ChannelWeights = {
      ...weights({ "rules/model": 1, "rules/threat": 2, "rules/link": 2 }, -2),
      scamTakesFindings: { score: 84, rulesAlone: 70 },
    };
    const { scamTakesFindings: _, ...plain } = policy;
    const score = (w: ChannelWeights, hits: RuleHit[], floor = 0): number => combineLogOdds(hits, w, floor).score;
    // One finding the rules alone read at 50: the model makes it high risk, not a scam.
    const lone = [hit("model", 0, 6), hit("threat", 40)];
    expect(score(plain, lone)).toBeGreaterThan(84);
    expect(score(policy, lone)).toBe(84);
    // Two that read 88 by themselves: the model lifts them past the line.
    const two = [hit("model", 0, 6), hit("threat", 40), hit("link", 40)];
    expect(score(policy, two)).toBe(score(plain, two));
    expect(score(policy, two)).toBeGreaterThan(84);
    // Near-conclusive evidence still floors it; under the line the policy changes nothing.
    expect(score(policy, lone, 90)).toBe(90);
    const weak = [hit("model", 0, 1), hit("threat", 40)];
    expect(score(policy, weak)).toBe(score(plain, weak));
    expect(score(policy, weak)).toBeLessThan(84);
  });

  it("never goes under the floor of near-conclusive evidence", () => {
    expect(combineLogOdds([hit("a", 10)], weights({ "rules/a": 0 }), 90).score).toBe(90);
  });
});

describe("assess: fitted weights by channel, the hand-weighted baseline on request", () => {
  it("scores with the channel's weights", () => {
    const items = [{ evidence: evidence(hit("a", 40)), weight: 1 }];
    const scoring = { combination: "fitted" as const, weights: { text: weights({ "rules/a": 6 }, -3) } };
    expect(assess(items, { channel: "text", scoring }).riskScore).toBe(95);
    expect(assess(items, { channel: "url", scoring }).riskScore).toBe(40);
  });

  it("keeps a letter's model reading alone under medium risk, as a text's, and lets a rule of substance lift it", () => {
    const model = hit("document_model", 50, 8);
    const alone = [{ evidence: evidence(model), weight: 1 }];
    expect(assess(alone, { channel: "document" }).riskScore).toBeLessThan(40);
    expect(assess(alone, { channel: "document", scoring: { combination: "fitted", weights: {} } }).riskScore).toBe(
      combineLogOdds([model], undefined, 0).score,
    );
    const backed = [{ evidence: evidence(model, hit("gift_card", 55)), weight: 1 }];
    expect(assess(backed, { channel: "document" }).riskScore).toBeGreaterThanOrEqual(40);
  });

  it("keeps the earlier combination as the baseline", () => {
    const items = [{ evidence: evidence(hit("a", 40), hit("b", 40)), weight: 1 }];
    expect(assess(items, { scoring: HAND_SCORING }).riskScore).toBe(64);
  });

  it("lets an observer see the hits before they are combined", () => {
    const seen: string[] = [];
    const scoring = {
      combination: "fitted" as const,
      weights: {},
      observe: (_c: unknown, hits: readonly RuleHit[]) => seen.push(...hits.map((h) => h.id)),
    };
    assess([{ evidence: evidence(hit("a", 40), hit("b", 10)), weight: 1 }], { channel: "text", scoring });
    expect(seen).toEqual(["a", "b"]);
  });
});

describe("ruleKey", () => {
  it("names a rule by its source and id, the same string however often it is asked, past the keys it keeps too", () => {
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 9_000; n++) {
        const source = `source_${n % 7}`;
        const id = `rule_${n % 1_000}`;
        expect(ruleKey({ source, id })).toBe(`${source}/${id}`);
      }
    }
    // Ids that read as another split of the same text stay apart.
    expect(ruleKey({ source: "a/b", id: "c" })).toBe("a/b/c");
    expect(ruleKey({ source: "a", id: "b/c" })).toBe("a/b/c");
  });
});

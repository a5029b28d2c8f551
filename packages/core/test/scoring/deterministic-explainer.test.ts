import { describe, expect, it } from "vitest";
import { explainDeterministically } from "../../src/scoring/deterministic-explainer.js";
import type { ExplanationInput } from "../../src/ports/explainer.js";

const input = (over: Partial<ExplanationInput>): ExplanationInput => ({
  subject: "qhbx.top",
  channel: "url",
  riskScore: 96,
  verdict: "scam",
  confidence: 0.9,
  factors: [
    { id: "risky_tld", source: "url_heuristics", label: "The ending .top is cheap and often abused", points: 30 },
  ],
  unavailableSources: [],
  ...over,
});

describe("the deterministic explanation's first sentence", () => {
  it("calls a sure scam almost certainly one, and an unsure one what it reads as", () => {
    expect(explainDeterministically(input({}))).toMatch(/^qhbx\.top is almost certainly a scam \(risk 96\/100, high/);
    expect(explainDeterministically(input({ confidence: 0.6 }))).toMatch(/^qhbx\.top is almost certainly a scam /);
    expect(explainDeterministically(input({ confidence: 0.45 }))).toMatch(
      /^qhbx\.top reads as a scam \(risk 96\/100, low confidence\)\./,
    );
    expect(explainDeterministically(input({ verdict: "high_risk", riskScore: 70, confidence: 0.45 }))).toMatch(
      /^qhbx\.top may be dangerous \(risk 70\/100, low confidence\)\./,
    );
    // The other verdicts say no more than they did.
    expect(explainDeterministically(input({ verdict: "medium_risk", riskScore: 50, confidence: 0.45 }))).toMatch(
      /^qhbx\.top shows some warning signs /,
    );
  });
});

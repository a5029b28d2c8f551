// Evidence -> score -> verdict -> confidence. Every number that moves the score is a Factor, so a result can be
// explained line by line; a source that failed lowers confidence and can never make an input read as safe.
import type { Factor, SourceStatus, Verdict } from "../schemas/common.js";
import type { Evidence } from "../ports/signal-source.js";
import { verdictFor } from "./verdict.js";

export interface WeightedEvidence {
  readonly evidence: Evidence;
  /** 0..1: how much this source's answer adds to confidence. */
  readonly weight: number;
}

export interface Assessment {
  readonly riskScore: number;
  readonly verdict: Verdict;
  readonly confidence: number;
  /** Largest contribution first. */
  readonly factors: Factor[];
  readonly sources: SourceStatus[];
  readonly sourcesChecked: string[];
  readonly unavailableSources: string[];
  /** Merged signals: later sources fill what earlier ones left null or absent, and `true` beats `false`. */
  readonly signals: Record<string, unknown>;
}

/**
 * A `safe` verdict needs evidence of legitimacy (VOUCHING_POINTS of negative points) or this much confidence; otherwise
 * the score is lifted to low_risk. Nothing known against an input is not evidence that it is safe.
 */
export const SAFE_MIN_CONFIDENCE = 0.75;
/** Legitimacy points that count as vouching (a popular or official domain does; "no complaints found" alone does not). */
export const VOUCHING_POINTS = 20;
const LIMITED_EVIDENCE_SCORE = 20;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function combineScore(factors: readonly Factor[], floor: number): number {
  let keep = 1;
  let trust = 0;
  for (const f of factors) {
    if (f.points > 0) keep *= 1 - Math.min(f.points, 99) / 100;
    else trust += -f.points;
  }
  const risk = (1 - keep) * 100;
  return Math.max(0, Math.min(100, Math.round(Math.max(risk - trust, floor))));
}

export interface AssessOptions {
  /**
   * The most confidence the answer may claim: a verdict that rests on another lookup's (a QR code's link) is no
   * surer than that lookup was.
   */
  readonly confidenceAtMost?: number;
}

export function assess(items: readonly WeightedEvidence[], options: AssessOptions = {}): Assessment {
  const factors: Factor[] = [];
  const sources: SourceStatus[] = [];
  const signals: Record<string, unknown> = {};
  let floor = 0;
  let answered = 0;
  let considered = 0;
  for (const { evidence, weight } of items) {
    sources.push({
      name: evidence.source,
      status: evidence.status,
      ...(evidence.reason !== undefined ? { reason: evidence.reason } : {}),
    });
    for (const [k, v] of Object.entries(evidence.signals)) {
      // A listing flag set by any source stands (a feed says false, a live API says true: listed).
      const prev = signals[k];
      if (prev === undefined || (prev === null && v !== null) || (prev === false && v === true)) signals[k] = v;
    }
    // A skipped source (not configured, not applicable) counts half: it is missing knowledge, not a failure.
    if (evidence.status === "ok") {
      answered += weight;
      considered += weight;
      factors.push(...evidence.factors);
      floor = Math.max(floor, evidence.floor ?? 0);
    } else {
      considered += evidence.status === "unavailable" ? weight : weight / 2;
    }
  }
  factors.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  const coverage = considered > 0 ? answered / considered : 0;
  const strongest = factors.reduce((m, f) => Math.max(m, Math.abs(f.points)), floor) / 100;
  let score = combineScore(factors, floor);
  const confidence = round2(
    Math.min(
      0.99,
      options.confidenceAtMost ?? 1,
      Math.max(0.05, 0.15 + 0.55 * coverage + 0.3 * Math.min(1, strongest)),
    ),
  );
  const vouched = factors.reduce((t, f) => t + Math.max(0, -f.points), 0) >= VOUCHING_POINTS;
  if (score < LIMITED_EVIDENCE_SCORE && !vouched && confidence < SAFE_MIN_CONFIDENCE) {
    factors.push({
      id: "limited_evidence",
      source: "scoring",
      label: "Nothing vouches for it yet: too little is known to call it safe",
      points: LIMITED_EVIDENCE_SCORE - score,
    });
    score = LIMITED_EVIDENCE_SCORE;
  }
  return {
    riskScore: score,
    verdict: verdictFor(score),
    confidence,
    factors,
    sources,
    sourcesChecked: sources.filter((s) => s.status === "ok").map((s) => s.name),
    unavailableSources: sources.filter((s) => s.status === "unavailable").map((s) => s.name),
    signals,
  };
}

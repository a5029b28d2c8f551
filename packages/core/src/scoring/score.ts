// Evidence -> score -> verdict -> confidence. Every number that moves the score is a Factor, so a result can be
// explained line by line; a source that failed lowers confidence and can never make an input read as safe.
import type { Factor, SourceStatus, Verdict } from "../schemas/common.js";
import type { Evidence } from "../ports/signal-source.js";
import { verdictFor } from "./verdict.js";
import { FITTED_WEIGHTS } from "./weights/index.js";
import {
  hitValue,
  PRIOR_BIAS,
  priorWeight,
  ruleKey,
  type ChannelWeights,
  type RuleHit,
  type ScoredChannel,
  type Scoring,
} from "./weights.js";

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
 * A `safe` verdict needs evidence of legitimacy (VOUCHING_POINTS of negative points) or this much confidence and no
 * finding of substance against it; otherwise the score is lifted to low_risk. Nothing known against an input is not
 * evidence that it is safe.
 */
export const SAFE_MIN_CONFIDENCE = 0.75;
/** Legitimacy points that count as vouching (a popular or official domain does; "no complaints found" alone does not). */
export const VOUCHING_POINTS = 20;
const LIMITED_EVIDENCE_SCORE = 20;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The engine's earlier combination, kept as the evaluations' measured baseline ("hand" scoring): each finding's
 * points read as a percent risk, combined as 1 - prod(1 - p/100), legitimacy points subtracted.
 */
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

/** The weights the engine ships: fitted per channel on the training corpora (scoring/weights/). */
export const FITTED_SCORING: Scoring = { combination: "fitted", weights: FITTED_WEIGHTS };
export const HAND_SCORING: Scoring = { combination: "hand" };

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
/** A rule whose detector states at least this prior backs a model's reading (a weaker one is a hint). */
export const CORROBORATING_PRIOR = 20;
/** The log-odds a finding of substance must still add to keep an answer out of `safe` (see assess). */
const SIGN_LOG_ODDS = 0.5;

/** A hit's log-odds: its rule's fitted weight times the hit's value when the channel's file has the rule, else its prior. */
function logOddsOf(hit: RuleHit, key: string, weights: ChannelWeights | undefined): number {
  const fitted = weights?.rules[key];
  if (fitted === undefined) return priorWeight(hit) * (hit.strength ?? 1);
  return fitted.weight * hitValue(hit, fitted.prior);
}

export interface Combined {
  readonly score: number;
  /** Each hit's share of the score, in the order given: they add up to the score less the bias's own score. */
  readonly points: number[];
}

/**
 * The one combination: the log-odds of every rule that fired (each rule once, at its strongest hit) added to the
 * channel's bias and turned into a 0-100 score. A factor's points are its share of how far the score moved from the
 * bias's score, in proportion to its log-odds, so the explanation still adds up line by line.
 */
export function combineLogOdds(hits: readonly RuleHit[], weights: ChannelWeights | undefined, floor: number): Combined {
  const bias = weights?.bias ?? PRIOR_BIAS;
  const keys = hits.map(ruleKey);
  const logOdds = hits.map((hit, i) => logOddsOf(hit, keys[i]!, weights));
  // A rule counts once, at the hit that moves the score most.
  const strongest = new Map<string, number>();
  for (let i = 0; i < hits.length; i++) {
    const best = strongest.get(keys[i]!);
    if (best === undefined || Math.abs(logOdds[i]!) > Math.abs(logOdds[best]!)) strongest.set(keys[i]!, i);
  }
  let sum = 0;
  for (let i = 0; i < hits.length; i++) {
    if (strongest.get(keys[i]!) !== i) logOdds[i] = 0;
    sum += logOdds[i]!;
  }
  const z = bias + sum;
  let raw = 100 * sigmoid(z);
  // Policy: where the channel sets a ceiling, a model's reading that no rule of substance backs stays under it; a
  // very confident one is backed by the weaker rules the channel names as well (see ChannelWeights).
  const ceiling = weights?.uncorroboratedCeiling;
  const confident = weights?.confidentReading;
  if (ceiling !== undefined && !backed(hits, keys, logOdds, confident)) {
    raw = Math.min(raw, ceiling);
  }
  // Policy: past the channel's scam line less one, the rules that are no reading must call it high risk by
  // themselves; a model lifts what they found, it does not make a scam of it (see ChannelWeights).
  const findings = weights?.scamTakesFindings;
  if (
    findings !== undefined &&
    raw > findings.score &&
    100 * sigmoid(bias + rulesAlone(hits, logOdds)) < findings.rulesAlone
  ) {
    raw = findings.score;
  }
  const score = Math.max(0, Math.min(100, Math.round(Math.max(raw, floor))));
  // The points share what the rules moved; a floor's lift above that is the floor's (its evidence names it).
  const moved = raw - 100 * sigmoid(bias);
  const total = z - bias;
  const points = logOdds.map((c) => (total === 0 ? 0 : Math.round(((c * moved) / total) * 10) / 10));
  return { score, points };
}

/** The log-odds the rules add that are no statistical reading (a graded hit is a model's reading). */
function rulesAlone(hits: readonly RuleHit[], logOdds: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < hits.length; i++) if (hits[i]!.strength === undefined) sum += logOdds[i]!;
  return sum;
}

/** Whether some hit of the rule counts against a scam. */
function againstAt(keys: readonly string[], logOdds: readonly number[], key: string): boolean {
  for (let j = 0; j < keys.length; j++) if (keys[j] === key && (logOdds[j] ?? 0) < 0) return true;
  return false;
}

/**
 * Whether a rule of substance backs the hits (a model's reading aside): one with a prior of at least
 * CORROBORATING_PRIOR that the fit does not weigh against a scam (a weight of zero counts: "click here" in a text the
 * model reads as phishing adds nothing the model had not read, but it is a finding), or, when some reading is
 * confident, one of the weaker rules the channel names that moved the score up. A plain
 * function, not a closure made on every scoring (under tsx each named closure costs a property definition a call).
 */
function backed(
  hits: readonly RuleHit[],
  keys: readonly string[],
  logOdds: readonly number[],
  confident: ChannelWeights["confidentReading"],
): boolean {
  let isConfident = false;
  if (confident !== undefined) {
    for (const h of hits) if ((h.strength ?? 0) >= confident.strength) isConfident = true;
  }
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i]!;
    const own = logOdds[i] ?? 0;
    if (h.strength !== undefined || own < 0) continue;
    // A rule's weaker hits count zero: the rule's sign is its strongest hit's.
    if (own === 0 && againstAt(keys, logOdds, keys[i]!)) continue;
    if (h.points >= CORROBORATING_PRIOR) return true;
    if (!(own > 0)) continue;
    if (isConfident && confident !== undefined)
      for (const k of confident.backedBy) if (keys[i]!.startsWith(k)) return true;
  }
  return false;
}

export interface AssessOptions {
  /**
   * The most confidence the answer may claim: a verdict that rests on another lookup's (a QR code's link) is no
   * surer than that lookup was.
   */
  readonly confidenceAtMost?: number;
  /** Whose weights score the findings; none: priors alone. */
  readonly channel?: ScoredChannel;
  /** Fitted (the default) or the hand-weighted baseline. */
  readonly scoring?: Scoring;
}

/** The names of the sources whose answer ended as `status`, in order. */
function namesOf(sources: readonly SourceStatus[], status: SourceStatus["status"]): string[] {
  const names: string[] = [];
  for (const s of sources) if (s.status === status) names.push(s.name);
  return names;
}

export function assess(items: readonly WeightedEvidence[], options: AssessOptions = {}): Assessment {
  const hits: RuleHit[] = [];
  const sources: SourceStatus[] = [];
  const signals: Record<string, unknown> = {};
  let floor = 0;
  let answered = 0;
  let considered = 0;
  for (const { evidence, weight } of items) {
    const source: { -readonly [K in keyof SourceStatus]: SourceStatus[K] } = {
      name: evidence.source,
      status: evidence.status,
    };
    if (evidence.reason !== undefined) source.reason = evidence.reason;
    if (evidence.until !== undefined) source.until = evidence.until.toISOString();
    sources.push(source);
    for (const k in evidence.signals) {
      // A listing flag set by any source stands (a feed says false, a live API says true: listed).
      const v = evidence.signals[k];
      const prev = signals[k];
      if (prev === undefined || (prev === null && v !== null) || (prev === false && v === true)) signals[k] = v;
    }
    // A skipped source (not configured, not applicable) counts half: it is missing knowledge, not a failure.
    if (evidence.status === "ok") {
      answered += weight;
      considered += weight;
      for (const f of evidence.factors) hits.push(f);
      floor = Math.max(floor, evidence.floor ?? 0);
    } else {
      considered += evidence.status === "unavailable" ? weight : weight / 2;
    }
  }
  const coverage = considered > 0 ? answered / considered : 0;
  // Confidence and vouching read the detectors' own statements (their priors), whatever the weights.
  let strongestPoints = floor;
  let vouching = 0;
  for (const f of hits) {
    strongestPoints = Math.max(strongestPoints, Math.abs(f.points));
    vouching += Math.max(0, -f.points);
  }
  const strongest = strongestPoints / 100;
  const vouched = vouching >= VOUCHING_POINTS;
  const scoring = options.scoring ?? FITTED_SCORING;
  // A test key's magic input states its own score: no weights apply to it.
  const hand = scoring.combination === "hand" || hits.some((f) => f.source === "test_mode");
  let score: number;
  let factors: Factor[];
  // A finding of substance (a detector's prior of CORROBORATING_PRIOR or more: a gift-card request, a call to dispute a
  // charge) that the weights still count as risk (half a log-odds or more) is a sign against the input: with nothing
  // vouching, it is not called safe however surely the other readings weigh it down. One the fit weighs next to
  // nothing (a brand's name on another of its own country domains) is no sign.
  let sign: boolean;
  if (hand) {
    score = combineScore(hits, floor);
    factors = hits.map(({ id, source, label, points }) => ({ id, source, label, points }));
    sign = hits.some((h) => h.strength === undefined && h.points >= CORROBORATING_PRIOR);
  } else {
    const weights = options.channel === undefined ? undefined : scoring.weights[options.channel];
    scoring.observe?.(options.channel, hits, floor);
    const combined = combineLogOdds(hits, weights, floor);
    score = combined.score;
    factors = hits.map(({ id, source, label }, i) => ({ id, source, label, points: combined.points[i] ?? 0 }));
    sign = hits.some(
      (h) =>
        h.strength === undefined &&
        h.points >= CORROBORATING_PRIOR &&
        logOddsOf(h, ruleKey(h), weights) >= SIGN_LOG_ODDS,
    );
  }
  factors.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  const confidence = round2(
    Math.min(
      0.99,
      options.confidenceAtMost ?? 1,
      Math.max(0.05, 0.15 + 0.55 * coverage + 0.3 * Math.min(1, strongest)),
    ),
  );
  if (score < LIMITED_EVIDENCE_SCORE && !vouched && (confidence < SAFE_MIN_CONFIDENCE || sign)) {
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
    sourcesChecked: namesOf(sources, "ok"),
    unavailableSources: namesOf(sources, "unavailable"),
    signals,
  };
}

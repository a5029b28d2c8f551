// Rule weights as data. A detector names what it found (a rule id and its evidence); how much that finding is worth
// is a number in a per-channel weights file, fitted on labelled public corpora by `pnpm eval rescore` and committed
// like code (scoring/weights/<channel>.ts). A rule the corpora never saw often enough keeps a reviewed prior: the
// points its detector states, read as the score that finding alone would give.

import type { ChannelId } from "../channels/registry.js";
import type { Factor } from "../schemas/common.js";

/** A channel of the registry, as a weights file names it; a channel without a file (phone) scores on priors alone. */
export type ScoredChannel = ChannelId;

/** The log-odds of a finding-free input before any rule: 5%, the score a lone prior is measured from. */
export const PRIOR_BIAS = Math.log(0.05 / 0.95);

/** One fitted rule: its weight in log-odds, and how often it fired on the training corpora (for review). */
export interface FittedRule {
  readonly weight: number;
  /** Points the detector stated when the weight was fitted (the prior the fit was pulled towards). */
  readonly prior: number;
  readonly scamHits: number;
  readonly legitHits: number;
}

export interface ChannelWeights {
  readonly channel: ScoredChannel;
  /** Log-odds of an input on which no rule fired. */
  readonly bias: number;
  /** Rule key ("<source>/<id>") -> fitted weight. Rules absent here keep their prior. */
  readonly rules: Readonly<Record<string, FittedRule>>;
  /** What the weights were fitted on, for the record. */
  readonly fittedOn: string;
  /**
   * Policy, not fitted: the highest score a statistical model's reading reaches when no rule of substance fired (a
   * channel whose training corpora lack the legitimate kinds its users receive: marketing and transactional texts).
   */
  readonly uncorroboratedCeiling?: number;
  /**
   * Policy, not fitted, beside the ceiling: a model's reading at least `strength` log-odds strong is backed past the
   * ceiling by any rule whose key starts with one of `backedBy` and adds risk, however little (a link the URL channel
   * read anything against). A very confident reading of a text with a link of no known kind is not a hint alone.
   */
  readonly confidentReading?: { readonly strength: number; readonly backedBy: readonly string[] };
  /**
   * Policy, not fitted: the scam verdict rests on findings. A score above `score` (the scam line less one) takes the
   * rules that are no statistical reading (graded hits, a model's, left out) to read the input, by themselves, at
   * `rulesAlone` or more: a model lifts to a scam what the findings already call high risk, never what they do not.
   * A floor of near-conclusive evidence still stands.
   */
  readonly scamTakesFindings?: { readonly score: number; readonly rulesAlone: number };
}

/**
 * How assess() combines findings. "fitted": log-odds, each rule at its fitted weight (or its prior), calibrated by
 * the fitted bias; "hand": the engine's earlier combination (1 - prod(1 - points/100), negatives subtracted), kept as
 * the measured baseline of the evaluations.
 */
export type Scoring =
  | {
      readonly combination: "fitted";
      readonly weights: Partial<Readonly<Record<ScoredChannel, ChannelWeights>>>;
      /**
       * Sees every scoring's rule hits before they are combined (the evaluations' mass-check reads what fired this
       * way, through the channels exactly as clients call them). Never given the input itself.
       */
      readonly observe?: (channel: ScoredChannel | undefined, hits: readonly RuleHit[], floor: number) => void;
    }
  | { readonly combination: "hand" };

/**
 * A finding as a detector reports it: a Factor whose points are its reviewed prior, and for a graded detector (a
 * statistical model) its strength, the log-odds it read (the rule's feature value; 1 when absent).
 */
export interface RuleHit extends Factor {
  readonly strength?: number;
}

/**
 * A hit's value as a feature of its rule: a graded detector's strength; else how strong this hit is beside the
 * rule's reference prior (a detector may grade one rule: a typosquat of a long name beside a short one), within
 * a quarter and four times, so a fitted weight keeps the detector's grading.
 */
export function hitValue(hit: RuleHit, referencePrior: number): number {
  if (hit.strength !== undefined) return hit.strength;
  if (referencePrior === 0) return 1;
  return Math.max(0.25, Math.min(4, priorWeight(hit) / referencePrior));
}

/** The rule keys made so far, by source and id: rules are few, and one key string read again keeps its hash. */
const ruleKeys = new Map<string, Map<string, string>>();
/** More distinct rules than any weights file holds: past this, keys are made afresh and not kept. */
const MAX_KEPT_RULE_KEYS = 4_096;
let keptRuleKeys = 0;

export function ruleKey(f: Pick<Factor, "source" | "id">): string {
  let ids = ruleKeys.get(f.source);
  const known = ids?.get(f.id);
  if (known !== undefined) return known;
  const key = `${f.source}/${f.id}`;
  if (keptRuleKeys < MAX_KEPT_RULE_KEYS) {
    if (ids === undefined) ruleKeys.set(f.source, (ids = new Map()));
    ids.set(f.id, key);
    keptRuleKeys++;
  }
  return key;
}

const logit = (p: number): number => Math.log(p / (1 - p));

/**
 * A prior in log-odds from a detector's points: the weight that makes the finding alone give that score from
 * PRIOR_BIAS. Negative points vouch as strongly the other way. A graded hit's prior is its strength, taken as is.
 */
export function priorWeight(hit: RuleHit): number {
  if (hit.strength !== undefined) return 1;
  const p = Math.min(Math.abs(hit.points), 99) / 100;
  if (p === 0) return 0;
  const w = Math.max(0, logit(Math.max(p, 0.051)) - PRIOR_BIAS);
  return hit.points < 0 ? -w : w;
}

/**
 * The channel's weights key: the channel's id. A channel with no weights file (or one outside the default registry)
 * finds no weights under it and scores on its detectors' priors.
 */
export function scoredChannel(id: string): ScoredChannel {
  return id as ScoredChannel;
}

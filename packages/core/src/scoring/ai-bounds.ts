// The AI's say in a score is one labelled factor inside fixed bounds. The rules decide; the model may nudge. Whatever
// the model answers (or is talked into answering by the content it reads), the score stays at or above the rules'
// floors, the verdict moves at most one band, a dangerous verdict (high_risk, scam) stays dangerous, a verdict of safe
// needs the rules' own evidence, and content that tried to steer the model cannot be scored down by it.
import type { Evidence } from "../ports/signal-source.js";
import type { Factor, Verdict } from "../schemas/common.js";
import { PROMPT_INJECTION_SOURCE } from "../analyzers/injection/prompt-injection.js";
import { VERDICT_THRESHOLDS, verdictFor } from "./verdict.js";

export const AI_FACTOR_SOURCE = "ai";
export const AI_FACTOR_ID = "ai_review";
/** The AI's contribution is clamped to this range (points of risk). */
export const AI_MIN_POINTS = -15;
export const AI_MAX_POINTS = 25;
/** Lowest score of low_risk: the AI alone never brings a scored-up input down to safe. */
const NOT_SAFE_MIN = 20;
/** Lowest score of high_risk: clients treat high_risk and scam as dangerous, and the AI never clears that. */
const DANGEROUS_MIN = 65;
const MAX_LABEL = 240;

export const AI_SCAM_TYPES = [
  "none",
  "phishing",
  "brand_impersonation",
  "government_impersonation",
  "bank_fraud",
  "delivery",
  "toll",
  "tax",
  "tech_support",
  "advance_fee",
  "lottery_prize",
  "investment",
  "romance",
  "job",
  "marketplace",
  "extortion",
  "invoice",
  "malware",
  "other",
] as const;
export type AiScamType = (typeof AI_SCAM_TYPES)[number];

/** The one factor the AI may propose. */
export interface AiFactorProposal {
  readonly scam_type: string;
  readonly points: number;
  readonly rationale: string;
}

/** What the rules decided, before the AI. */
export interface RulesOutcome {
  readonly riskScore: number;
  readonly verdict: Verdict;
  readonly factors: readonly Factor[];
  /** The highest evidence floor (a listed URL, a brand lookalike, a claimed-issuer mismatch); 0 when none. */
  readonly floor: number;
}

export interface AiBoundedOutcome {
  readonly riskScore: number;
  readonly verdict: Verdict;
  /** The rules' factors plus the AI factor when it moved the score, largest first. */
  readonly factors: Factor[];
  /** The factor added, with the points it actually moved the score by; null when it moved nothing. */
  readonly aiFactor: Factor | null;
}

/** The floor the rules set: the highest `floor` of the evidence that answered, as `assess` applies it. */
export function evidenceFloor(items: ReadonlyArray<{ readonly evidence: Evidence }>): number {
  let floor = 0;
  for (const { evidence } of items) if (evidence.status === "ok") floor = Math.max(floor, evidence.floor ?? 0);
  return floor;
}

const ORDER: readonly Verdict[] = [...VERDICT_THRESHOLDS].sort((a, b) => a[1] - b[1]).map(([v]) => v);

export function verdictRank(verdict: Verdict): number {
  return ORDER.indexOf(verdict);
}

function minScoreOf(rank: number): number {
  const verdict = ORDER[rank];
  return VERDICT_THRESHOLDS.find(([v]) => v === verdict)?.[1] ?? 0;
}

function maxScoreOf(rank: number): number {
  return rank >= ORDER.length - 1 ? 100 : minScoreOf(rank + 1) - 1;
}

function clampInt(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Math.round(n)));
}

function words(id: string): string {
  return id.replace(/_/g, " ");
}

function label(proposal: AiFactorProposal): string {
  const kind = proposal.scam_type === "none" ? "no scam pattern recognised" : words(proposal.scam_type);
  const text = `AI review (${kind}): ${proposal.rationale.trim().replace(/\s+/g, " ")}`;
  return text.length <= MAX_LABEL ? text : `${text.slice(0, MAX_LABEL - 1).trimEnd()}…`;
}

/** true when the content tried to steer a model: its score may then only go up. */
export function carriesInjection(factors: readonly Factor[]): boolean {
  return factors.some((f) => f.source === PROMPT_INJECTION_SOURCE && f.points > 0);
}

/**
 * Adds the AI's factor within its bounds. Pure: the same rules and proposal give the same outcome.
 * - points are rounded and clamped to [AI_MIN_POINTS, AI_MAX_POINTS] and added to the rules' score;
 * - the score never goes below the rules' floor, nor out of the bands next to the rules' verdict, nor below low_risk
 *   when the rules did not say safe, nor below high_risk when the rules said high_risk or scam, and never moves
 *   against the sign of the proposal;
 * - when the rules found prompt-injection text, a negative proposal moves nothing.
 * A missing, non-finite or zero-effect proposal leaves the rules' outcome as it is (aiFactor null).
 */
export function applyAiFactor(rules: RulesOutcome, proposal: AiFactorProposal | null | undefined): AiBoundedOutcome {
  const unchanged: AiBoundedOutcome = {
    riskScore: rules.riskScore,
    verdict: rules.verdict,
    factors: [...rules.factors],
    aiFactor: null,
  };
  if (proposal === null || proposal === undefined || !Number.isFinite(proposal.points)) return unchanged;
  let points = clampInt(proposal.points, AI_MIN_POINTS, AI_MAX_POINTS);
  if (points < 0 && carriesInjection(rules.factors)) points = 0;
  const rank = verdictRank(rules.verdict);
  const lower = Math.max(
    rules.floor,
    minScoreOf(Math.max(0, rank - 1)),
    rules.verdict === "safe" ? 0 : NOT_SAFE_MIN,
    rules.verdict === "high_risk" || rules.verdict === "scam" ? DANGEROUS_MIN : 0,
  );
  const upper = Math.min(maxScoreOf(Math.min(ORDER.length - 1, rank + 1)), 100);
  const raw = rules.riskScore + points;
  const score =
    points < 0 ? Math.min(rules.riskScore, Math.max(lower, raw)) : Math.max(rules.riskScore, Math.min(upper, raw));
  const moved = score - rules.riskScore;
  if (moved === 0) return unchanged;
  const aiFactor: Factor = { id: AI_FACTOR_ID, source: AI_FACTOR_SOURCE, label: label(proposal), points: moved };
  const factors = [...rules.factors, aiFactor].sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  return { riskScore: score, verdict: verdictFor(score), factors, aiFactor };
}

// Contact details in the model's prose that the input never contained are what an injected message would plant
// ("call 0800 ... to verify"), so prose carrying one is not shown.
const DOMAIN_LIKE = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b/gi;
const LONG_NUMBER = /\+?\d[\d ().-]{5,}\d/g;

function digitsOf(s: string): string {
  return s.replace(/\D/g, "");
}

/** The domains, addresses and numbers of seven digits or more in `prose` that `known` does not contain. */
export function foreignContacts(prose: string, known: string): string[] {
  const knownLower = known.toLowerCase();
  const knownDigits = digitsOf(known);
  const foreign: string[] = [];
  for (const m of prose.matchAll(DOMAIN_LIKE)) {
    if (!knownLower.includes(m[0].toLowerCase())) foreign.push(m[0]);
  }
  for (const m of prose.matchAll(LONG_NUMBER)) {
    const digits = digitsOf(m[0]);
    if (digits.length >= 7 && !knownDigits.includes(digits)) foreign.push(m[0]);
  }
  return foreign;
}

export interface AiAnswerLike {
  /** The model's own reading of the risk. */
  readonly verdict: Verdict;
  readonly explanation: string;
  readonly factor?: AiFactorProposal;
}

export interface AiAppliedOutcome extends AiBoundedOutcome {
  /** The model's explanation when it fits the final verdict; null means: write the rules' explanation. */
  readonly explanation: string | null;
}

/**
 * Applies an AI answer to the rules' outcome: the factor within its bounds (a rationale that names a contact detail the
 * input lacks is dropped from the label), and the explanation only when it can stand beside the final result: the
 * model's verdict is within one band of the final verdict, not below it when the content tried to steer the model, and
 * the prose names no domain or number the input (`known`: subject, lookups, content, factor labels) did not contain.
 */
export function applyAiAnswer(rules: RulesOutcome, answer: AiAnswerLike | null, known: string): AiAppliedOutcome {
  if (answer === null) return { ...applyAiFactor(rules, null), explanation: null };
  const proposal =
    answer.factor === undefined
      ? undefined
      : foreignContacts(answer.factor.rationale, known).length > 0
        ? { ...answer.factor, rationale: "the model's reasons named details the input does not contain" }
        : answer.factor;
  const bounded = applyAiFactor(rules, proposal);
  const distance = verdictRank(answer.verdict) - verdictRank(bounded.verdict);
  const steeredDown = distance < 0 && carriesInjection(rules.factors);
  const explanation = answer.explanation.trim();
  const fits =
    explanation.length > 0 &&
    Math.abs(distance) <= 1 &&
    !steeredDown &&
    foreignContacts(explanation, known).length === 0;
  return { ...bounded, explanation: fits ? explanation : null };
}

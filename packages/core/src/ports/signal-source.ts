import type { RuleHit } from "../scoring/weights.js";

/** What one source said about one input. */
export interface Evidence {
  readonly source: string;
  /** ok: the source answered (finding something or not); unavailable: it failed; skipped: not applicable. */
  readonly status: "ok" | "unavailable" | "skipped";
  readonly reason?: string;
  /** Fields merged into the result's `signals` object. */
  readonly signals: Readonly<Record<string, unknown>>;
  /** What the source found, as named rules; each hit's points are its detector's prior (scoring/weights.ts). */
  readonly factors: readonly RuleHit[];
  /** Lowest score the evidence allows (a feed listing is near-conclusive); 0 when none. */
  readonly floor?: number;
  /** Set when the source has switched itself off (status unavailable): when it will try again. */
  readonly until?: Date;
}

/** A source that has switched itself off for a while (its dependency unreachable): until when, and why. */
export interface SourcePause {
  readonly until: Date;
  readonly reason: string;
}

export interface SignalContext {
  readonly signal: AbortSignal;
}

/**
 * One provider of evidence for a channel (a feed index, a vendor API, a network inspector).
 * `check` resolves with status "unavailable" instead of rejecting when the provider fails.
 */
/**
 * What a source is. `threat_feed`: a threat feed or threat database whose listing is near-conclusive, so that an
 * account's allow entry caps the result lower and says the feed lists it (lists/apply-lists.ts); `analysis`: anything
 * else (a network inspector, a reputation score, a carrier database).
 */
export type SourceKind = "threat_feed" | "analysis";

export interface SignalSource<TInput> {
  readonly name: string;
  /** What the source is; a source that leaves it out is an `analysis`. Its factors carry `name` as their source. */
  readonly kind?: SourceKind;
  /** 0..1: how much this source's answer adds to confidence. */
  readonly weight: number;
  /** Per-call time budget; the engine aborts and counts the source unavailable after it. */
  readonly timeoutMs: number;
  check(input: TInput, ctx: SignalContext): Promise<Evidence>;
  /**
   * Whether the source has switched itself off now (every check answers unavailable at once until then); null
   * when it is on. Never probes anything. Sources that never pause leave it out.
   */
  paused?(): SourcePause | null;
}

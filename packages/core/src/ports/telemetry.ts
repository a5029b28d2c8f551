import type { ErrorCode } from "../errors.js";
import type { Verdict } from "../schemas/common.js";

/** How one signal source's answer to one lookup ended. */
export type SourceOutcome = "ok" | "unavailable" | "skipped" | "timeout" | "failed";

/** Why the engine refused an admitted call (counted, never logged with the caller's input). */
export type Refusal = "quota_exhausted" | "rate_limit_exceeded";

/** How one item's lookup ended: its verdict and whether it came from the cache, or the error code it failed with. */
export interface LookupEnd {
  readonly verdict?: Verdict;
  readonly cached?: boolean;
  readonly error?: ErrorCode;
}

/**
 * What the engine tells operators as it works: counts and durations only. No member is ever given message content,
 * a URL, a number, a key or a token: channel ids, verdicts, source names and outcome words are the only labels.
 * Every member returns at once, never throws, and is called on the hot path (a cached lookup): implementations keep
 * them to a counter increment.
 */
export interface Telemetry {
  /** An item was answered on a live key (computed or from the cache): its channel and verdict. */
  answered(channel: string, verdict: Verdict): void;
  /** The result cache was read for a lookup: whether it held a fresh answer. */
  cacheRead(hit: boolean): void;
  /** The engine refused a call for its quota or its rate limit. */
  refused(reason: Refusal): void;
  /**
   * A signal source was asked about one input. The returned function is called exactly once, when the source has
   * answered (or failed, or run out of time), with how it ended; the implementation measures the time between.
   */
  sourceStarted(source: string): (outcome: SourceOutcome) => void;
  /**
   * Runs one item's lookup on a channel and returns what `run` returns (a rejection passes through). `end` reads how
   * the lookup ended from that answer. Signal sources asked while `run` works belong to this lookup (a tracer makes
   * their spans its children).
   */
  lookup<T>(channel: string, run: () => Promise<T>, end: (answer: T) => LookupEnd): Promise<T>;
  /**
   * One item's lookup answered at once from what the process holds (no source asked, nothing awaited), counted as
   * `lookup` counts one. Optional: without it, the engine reports such a lookup through `lookup`.
   */
  lookupAnswered?(channel: string, end: LookupEnd): void;
}

const ignore = (): void => undefined;

/**
 * Reports a lookup answered at once to `telemetry`: through its `lookupAnswered`, or, for one without it, through
 * `lookup` as a lookup that ended so (its failure ignored: reporting never fails the answer).
 */
export function reportAnswered(telemetry: Telemetry, channel: string, end: LookupEnd): void {
  if (telemetry.lookupAnswered) telemetry.lookupAnswered(channel, end);
  else {
    void telemetry
      .lookup(
        channel,
        () => Promise.resolve(end),
        (e) => e,
      )
      .then(undefined, ignore);
  }
}

/** Telemetry that records nothing: the engine's default. */
export const noTelemetry: Telemetry = {
  answered: ignore,
  cacheRead: ignore,
  refused: ignore,
  sourceStarted: () => ignore,
  lookup: (_channel, run) => run(),
  lookupAnswered: ignore,
};

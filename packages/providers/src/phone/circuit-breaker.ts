// A small circuit breaker for the phone vendors (none was shared in providers when these were written): after
// `failureThreshold` consecutive failures calls are refused for `openMs`, then one trial call decides.
import type { Clock } from "@scamverify/core";

export type BreakerState = "closed" | "open" | "half_open";

export interface CircuitBreakerOptions {
  readonly clock: Clock;
  readonly failureThreshold?: number;
  readonly openMs?: number;
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private trialInFlight = false;
  private current: BreakerState = "closed";
  private readonly threshold: number;
  private readonly openMs: number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.threshold = options.failureThreshold ?? 5;
    this.openMs = options.openMs ?? 30_000;
  }

  get state(): BreakerState {
    if (this.current === "open" && this.options.clock.now().getTime() - this.openedAt >= this.openMs) {
      this.current = "half_open";
      this.trialInFlight = false;
    }
    return this.current;
  }

  /** true when a call may go out now; in half-open state only one trial call is let through. */
  tryAcquire(): boolean {
    const s = this.state;
    if (s === "closed") return true;
    if (s === "half_open" && !this.trialInFlight) {
      this.trialInFlight = true;
      return true;
    }
    return false;
  }

  success(): void {
    this.failures = 0;
    this.trialInFlight = false;
    this.current = "closed";
  }

  failure(): void {
    this.failures++;
    this.trialInFlight = false;
    if (this.current === "half_open" || this.failures >= this.threshold) {
      this.current = "open";
      this.openedAt = this.options.clock.now().getTime();
    }
  }
}

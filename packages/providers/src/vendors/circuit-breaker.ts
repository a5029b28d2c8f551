// A small circuit breaker for outbound vendors: opens after N consecutive failures, lets one trial call through
// after a cool-down (half-open), and closes again on its success. Time comes from the injected Clock.

import type { Clock } from "@scamverify/core";

export type CircuitState = "closed" | "open" | "half_open";

export interface CircuitBreakerOptions {
  readonly clock: Clock;
  /** Consecutive failures that open the circuit; default 5. */
  readonly failureThreshold?: number;
  /** How long the circuit stays open before a trial call; default 30 s. */
  readonly coolDownMs?: number;
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;
  private readonly threshold: number;
  private readonly coolDownMs: number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.threshold = options.failureThreshold ?? 5;
    this.coolDownMs = options.coolDownMs ?? 30_000;
  }

  state(): CircuitState {
    if (this.openedAt === null) return "closed";
    return this.options.clock.now().getTime() - this.openedAt >= this.coolDownMs ? "half_open" : "open";
  }

  /** true when a call may go out now; in half-open state only one trial call at a time is let through. */
  tryAcquire(): boolean {
    const state = this.state();
    if (state === "closed") return true;
    if (state === "open" || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.failures++;
    const wasTrial = this.trialInFlight;
    this.trialInFlight = false;
    if (wasTrial || this.failures >= this.threshold) this.openedAt = this.options.clock.now().getTime();
  }
}

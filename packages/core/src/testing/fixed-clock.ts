// A Clock the test drives: it stands still until set or advanced, so expiry, quota periods and rate-limit
// windows are deterministic.
import type { Clock } from "../ports/clock.js";

export class FixedClock implements Clock {
  private ms: number;

  constructor(start: Date | string | number = "2025-01-15T12:00:00.000Z") {
    this.ms = new Date(start).getTime();
    if (Number.isNaN(this.ms)) throw new RangeError(`invalid start time: ${String(start)}`);
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(at: Date | string | number): void {
    const ms = new Date(at).getTime();
    if (Number.isNaN(ms)) throw new RangeError(`invalid time: ${String(at)}`);
    this.ms = ms;
  }

  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }
}

// The Clock port on the system time, for the composition root; tests use FixedClock from core/testing.
import type { Clock } from "@scamverify/core";

/**
 * The system time, read once per turn of the event loop and shared by every reading in that turn. A cached lookup
 * reads the clock about ten times (the key and account memos, the rate limit, the billing period, the cache), and
 * on some hosts reading the system time costs half a microsecond, more than most of those steps. A turn never waits
 * while a reading is current (the pending immediate keeps the loop from blocking for I/O), so a reading is at most
 * as old as the work the turn has done since.
 */
export class SystemClock implements Clock {
  private ms = 0;
  private current = false;
  private readonly expire = (): void => {
    this.current = false;
  };

  now(): Date {
    if (!this.current) {
      this.ms = Date.now();
      this.current = true;
      setImmediate(this.expire);
    }
    return new Date(this.ms);
  }
}

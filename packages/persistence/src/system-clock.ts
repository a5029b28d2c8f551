// The Clock port on the system time, for the composition root; tests use FixedClock from core/testing.
import type { Clock } from "@scamverify/core";

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

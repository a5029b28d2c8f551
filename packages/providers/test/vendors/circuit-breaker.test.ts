import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "../../src/vendors/circuit-breaker.js";

describe("CircuitBreaker", () => {
  it("opens after N consecutive failures, half-opens after the cool-down, closes on a good trial", () => {
    let t = 0;
    const breaker = new CircuitBreaker({ clock: { now: () => new Date(t) }, failureThreshold: 3, coolDownMs: 1000 });
    for (let i = 0; i < 2; i++) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.recordFailure();
    }
    breaker.recordSuccess();
    expect(breaker.state()).toBe("closed");
    for (let i = 0; i < 3; i++) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.recordFailure();
    }
    expect(breaker.state()).toBe("open");
    expect(breaker.tryAcquire()).toBe(false);
    t = 999;
    expect(breaker.tryAcquire()).toBe(false);
    t = 1000;
    expect(breaker.state()).toBe("half_open");
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordFailure();
    expect(breaker.state()).toBe("open");
    t = 2000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordSuccess();
    expect(breaker.state()).toBe("closed");
    expect(breaker.tryAcquire()).toBe(true);
  });
});

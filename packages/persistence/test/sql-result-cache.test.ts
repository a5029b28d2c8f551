import { afterEach, describe, expect, it, vi } from "vitest";
import { FixedClock } from "@scamverify/core/testing";
import { startCachePurge } from "@scamverify/persistence";

describe("startCachePurge", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("purges at every interval with the clock's time until stopped, reporting failures", async () => {
    vi.useFakeTimers();
    const clock = new FixedClock("2025-03-01T00:00:00Z");
    const calls: string[] = [];
    const errors: unknown[] = [];
    let fail = false;
    const cache = {
      purgeExpired: async (now: Date): Promise<number> => {
        calls.push(now.toISOString());
        if (fail) throw new Error("database down");
        return 0;
      },
    };
    const stop = startCachePurge({ cache, clock, intervalMs: 60_000, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["2025-03-01T00:00:00.000Z"]);
    clock.advance(3_600_000);
    fail = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual(["2025-03-01T00:00:00.000Z", "2025-03-01T01:00:00.000Z"]);
    expect(errors).toHaveLength(1);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(2);
  });
});

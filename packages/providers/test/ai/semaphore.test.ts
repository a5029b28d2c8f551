import { describe, expect, it } from "vitest";
import { Semaphore, type Release } from "../../src/ai/semaphore.js";

const never = new AbortController().signal;

describe("Semaphore", () => {
  it("admits up to its limit and hands each released slot to the next waiter in order", async () => {
    const s = new Semaphore(2);
    const a = (await s.acquire(never)) as Release;
    const b = (await s.acquire(never)) as Release;
    const order: string[] = [];
    const c = s.acquire(never).then((r) => (order.push("c"), r));
    const d = s.acquire(never).then((r) => (order.push("d"), r));
    expect(s.inFlight).toBe(2);
    expect(s.queued).toBe(2);
    a();
    a(); // a second release of the same slot is ignored
    const rc = (await c) as Release;
    expect(order).toEqual(["c"]);
    expect(s.inFlight).toBe(2);
    b();
    rc();
    const rd = (await d) as Release;
    expect(order).toEqual(["c", "d"]);
    rd();
    expect(s.inFlight).toBe(0);
  });

  it("a waiter whose signal aborts leaves the queue with null", async () => {
    const s = new Semaphore(1);
    const held = (await s.acquire(never)) as Release;
    const gone = new AbortController();
    const waiting = s.acquire(gone.signal);
    gone.abort();
    expect(await waiting).toBeNull();
    expect(s.queued).toBe(0);
    held();
    expect(s.inFlight).toBe(0);
    expect(await s.acquire(AbortSignal.abort())).toBeNull();
  });

  it("refuses a limit below one", () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

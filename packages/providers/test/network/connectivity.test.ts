import { describe, expect, it } from "vitest";
import type { Resolver } from "../../src/net/address-guard.js";
import { CONNECTIVITY_PROBE_NAMES, createConnectivityProbe } from "../../src/network/connectivity.js";

function manualClock(start = Date.parse("2026-11-23T12:00:00Z")) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

function countingResolver(answer: (name: string) => Promise<readonly { address: string; family: 4 | 6 }[]>) {
  const asked: string[] = [];
  const resolver: Resolver = (name) => {
    asked.push(name);
    return answer(name);
  };
  return { resolver, asked };
}

describe("connectivity probe", () => {
  it("is online when one name that must exist resolves", async () => {
    const { resolver } = countingResolver(async (name) =>
      name === "iana.org" ? [{ address: "192.0.43.8", family: 4 }] : [],
    );
    const probe = createConnectivityProbe({ resolver, clock: manualClock() });
    expect(await probe.state()).toEqual({ online: true });
  });

  it("is offline, with the reason, when the resolver knows none of them", async () => {
    const { resolver, asked } = countingResolver(async () => []);
    const probe = createConnectivityProbe({ resolver, clock: manualClock() });
    const state = await probe.state();
    expect(state.online).toBe(false);
    expect(!state.online && state.reason).toMatch(/DNS knows none of example\.com/);
    expect(asked.sort()).toEqual([...CONNECTIVITY_PROBE_NAMES].sort());
  });

  it("names the resolver's error codes and counts a hanging resolver as offline", async () => {
    const failing = createConnectivityProbe({
      resolver: () => Promise.reject(Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" })),
      clock: manualClock(),
    });
    const s1 = await failing.state();
    expect(!s1.online && s1.reason).toMatch(/DNS lookups fail \(EAI_AGAIN\)/);

    const hanging = createConnectivityProbe({
      resolver: () => new Promise(() => undefined),
      clock: manualClock(),
      timeoutMs: 5,
    });
    const s2 = await hanging.state();
    expect(!s2.online && s2.reason).toBe("DNS did not answer within 5 ms");
  });

  it("asks once per minute, shares one probe between concurrent callers, and asks again after", async () => {
    let up = false;
    const { resolver, asked } = countingResolver(async () => (up ? [{ address: "192.0.2.1", family: 4 }] : []));
    const clock = manualClock();
    const probe = createConnectivityProbe({ resolver, clock, probeNames: ["example.com"] });
    const [a, b] = await Promise.all([probe.state(), probe.state()]);
    expect(a.online).toBe(false);
    expect(b).toBe(a);
    expect(asked).toHaveLength(1);
    up = true;
    clock.advance(59_000);
    expect((await probe.state()).online).toBe(false);
    expect(asked).toHaveLength(1);
    clock.advance(1_000);
    expect((await probe.state()).online).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it("reads offline after a failure is reported, until the ttl runs out", async () => {
    const { resolver, asked } = countingResolver(async () => [{ address: "192.0.2.1", family: 4 }]);
    const clock = manualClock();
    const probe = createConnectivityProbe({ resolver, clock, ttlMs: 10_000 });
    expect((await probe.state()).online).toBe(true);
    const at = clock.now().getTime();
    probe.markOffline("nothing could be reached");
    const until = new Date(at + 10_000);
    expect(await probe.state()).toEqual({ online: false, reason: "nothing could be reached", until });
    expect(probe.offlineNow()).toEqual({ online: false, reason: "nothing could be reached", until });
    clock.advance(10_000);
    expect(probe.offlineNow()).toBeNull();
    expect((await probe.state()).online).toBe(true);
    expect(asked.length).toBe(2 * CONNECTIVITY_PROBE_NAMES.length);
  });
});

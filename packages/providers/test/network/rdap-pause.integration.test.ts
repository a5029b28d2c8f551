// When nothing answers, not even the registry's RDAP service (a local server on 127.0.0.1 that refuses connections,
// or one that accepts and never answers), the network inspector switches itself off for 60 s: every lookup meanwhile
// answers unavailable at once, saying until when, without touching the network; paused() tells the same to the
// status resource. The clock is injected: the minute passes without waiting.
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Resolver } from "../../src/net/address-guard.js";
import { createSafeFetcher } from "../../src/net/safe-fetch.js";
import { createNetworkInspector } from "../../src/network/network-inspector.js";
import { countingFetcher } from "../support/counting-fetcher.js";
import { startLocalServer } from "../support/local-server.js";
import { nurl } from "../support/normalized-url.js";

const T0 = Date.parse("2026-06-01T08:00:00.000Z");
const ctx = { signal: new AbortController().signal };
// The site and the names that must exist resolve, so the machine looks online until the inspector learns otherwise.
const resolver: Resolver = async (name) =>
  name === "gone.test" || name === "example.com" ? [{ address: "127.0.0.1", family: 4 }] : [];

/** An inspector over a counting fetcher and a clock the test moves. */
function inspectorFor(rdapPort: number, partTimeoutMs: number) {
  const fetcher = createSafeFetcher({ resolver, allowLoopbackForTests: true });
  const counting = countingFetcher(fetcher);
  let t = T0;
  const inspector = createNetworkInspector({
    fetcher: counting.fetcher,
    clock: { now: () => new Date(t) },
    resolver,
    rdapBootstrapUrl: `http://127.0.0.1:${rdapPort}/bootstrap.json`,
    partTimeoutMs,
  });
  return {
    inspector,
    fetches: counting.fetches,
    at: (ms: number) => (t = T0 + ms),
    close: () => fetcher.close(),
  };
}

let refusing: number;
let silent: Server;
let silentPort: number;
const held = new Set<Socket>();

beforeAll(async () => {
  const closed = await startLocalServer();
  refusing = closed.port;
  await closed.close();
  // Accepts every connection and never answers a byte.
  silent = createServer((socket) => {
    held.add(socket);
    socket.on("close", () => held.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentPort = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe("RDAP unreachable: the network inspector pauses for 60 s", () => {
  it.each([
    ["refuses connections", () => refusing, 2_000],
    ["never answers", () => silentPort, 300],
  ])("when the RDAP server %s", async (_what, port, partTimeoutMs) => {
    const kit = inspectorFor(port(), partTimeoutMs);
    try {
      const until = new Date(T0 + 60_000);
      expect(kit.inspector.paused?.()).toBeNull();

      const first = await kit.inspector.check(nurl(`http://gone.test:${port()}/`), ctx);
      expect(first.status).toBe("unavailable");
      expect(first.factors).toEqual([]);
      expect(first.until).toEqual(until);
      expect(first.reason).toMatch(/^no network: nothing could be reached \(fetch, rdap\)/);
      expect(first.reason).toContain(`paused until ${until.toISOString()}`);
      expect(kit.inspector.paused?.()).toEqual({ until, reason: "no network: nothing could be reached (fetch, rdap)" });
      const spent = kit.fetches();

      // Every lookup in the minute, of any site, answers at once from the pause.
      for (const [ms, href] of [
        [1, "http://gone.test/elsewhere"],
        [30_000, "https://another.example/"],
        [59_999, `http://gone.test:${port()}/`],
      ] as const) {
        kit.at(ms);
        const during = await kit.inspector.check(nurl(href), ctx);
        expect(during).toMatchObject({ status: "unavailable", until, factors: [] });
        expect(during.reason).toBe(
          `no network: nothing could be reached (fetch, rdap); paused until ${until.toISOString()}`,
        );
      }
      expect(kit.fetches()).toBe(spent);
      expect(kit.inspector.paused?.()?.until).toEqual(until);

      // A minute on, it tries again (and, nothing answering still, pauses anew from then).
      kit.at(60_000);
      expect(kit.inspector.paused?.()).toBeNull();
      const again = await kit.inspector.check(nurl(`http://gone.test:${port()}/`), ctx);
      expect(kit.fetches()).toBe(spent + 2);
      expect(again.until).toEqual(new Date(T0 + 120_000));
    } finally {
      await kit.close();
    }
  });
});

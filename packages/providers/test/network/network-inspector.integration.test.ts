import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer as createHttpsServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Resolver } from "../../src/net/address-guard.js";
import { createSafeFetcher } from "../../src/net/safe-fetch.js";
import { createNetworkInspector, fromRdapDomain, rdapBaseUrls } from "../../src/network/network-inspector.js";
import { sendJson, startLocalServer, type LocalServer } from "../support/local-server.js";
import { nurl } from "../support/normalized-url.js";

const certPem = readFileSync(new URL("../fixtures/tls/cert.pem", import.meta.url));
const keyPem = readFileSync(new URL("../fixtures/tls/key.pem", import.meta.url));
const certValidFrom = new Date(new X509Certificate(certPem).validFrom);
const NOW = new Date(certValidFrom.getTime() + 3 * 86_400_000 + 3_600_000);
const clock = { now: () => NOW };
const ctx = { signal: new AbortController().signal };

const registrarEntity = {
  objectClassName: "entity",
  handle: "9999",
  roles: ["registrar"],
  vcardArray: [
    "vcard",
    [
      ["version", {}, "text", "4.0"],
      ["fn", {}, "text", "Example Registrar, Inc."],
    ],
  ],
};
const rdapDomain = (name: string, registered: Date) => ({
  objectClassName: "domain",
  ldhName: name.toUpperCase(),
  events: [
    { eventAction: "registration", eventDate: registered.toISOString() },
    { eventAction: "expiration", eventDate: "2030-01-01T00:00:00Z" },
  ],
  entities: [
    { objectClassName: "entity", roles: ["abuse"], vcardArray: ["vcard", [["fn", {}, "text", "Abuse Desk"]]] },
    registrarEntity,
  ],
});

describe("RDAP mapping", () => {
  it("reads registration and registrar", () => {
    const r = fromRdapDomain(rdapDomain("a.test", new Date("2020-05-01T00:00:00Z")));
    expect(r).toEqual({ registeredAt: new Date("2020-05-01T00:00:00Z"), registrar: "Example Registrar, Inc." });
    expect(fromRdapDomain({})).toEqual({ registeredAt: null, registrar: null });
  });

  it("finds the RDAP base in the IANA bootstrap", () => {
    const bootstrap = {
      version: "1.0",
      publication: "2026-11-01T00:00:00Z",
      services: [
        [["com", "net"], ["https://rdap.verisign.com/com/v1/"]],
        [["uk"], ["http://rdap.nominet.uk/uk/", "https://rdap.nominet.uk/uk/"]],
      ],
    };
    expect(rdapBaseUrls(bootstrap, "example.com")).toEqual(["https://rdap.verisign.com/com/v1/"]);
    expect(rdapBaseUrls(bootstrap, "example.co.uk")[0]).toBe("https://rdap.nominet.uk/uk/");
    expect(rdapBaseUrls(bootstrap, "example.zz")).toEqual([]);
  });
});

describe("network inspector against local servers", () => {
  let http: LocalServer;
  let tls: Server;
  let tlsPort = 0;
  let bootstrapHits = 0;
  const table: Record<string, string[]> = {
    "young.test": ["127.0.0.1"],
    "other.test": ["127.0.0.1"],
    "old.test": ["127.0.0.1"],
    "tls.test": ["127.0.0.1"],
    "intranet.test": ["10.0.0.7"],
    "bit.ly": ["127.0.0.1"],
    // A name that must exist: the resolver is known to work, so a missing name is a finding.
    "example.com": ["192.0.2.10"],
  };
  const resolver: Resolver = async (name) => (table[name] ?? []).map((address) => ({ address, family: 4 }) as const);
  const fetcher = createSafeFetcher({ resolver, allowLoopbackForTests: true });
  let inspector: ReturnType<typeof createNetworkInspector>;

  beforeAll(async () => {
    http = await startLocalServer((req, res) => {
      const origin = `http://127.0.0.1:${http.port}`;
      if (req.url === "/bootstrap.json") {
        bootstrapHits++;
        return sendJson(res, 200, { version: "1.0", services: [[["test"], [`${origin}/rdap/`]]] });
      }
      if (req.url === "/rdap/domain/young.test") {
        return sendJson(res, 200, rdapDomain("young.test", new Date(NOW.getTime() - 10 * 86_400_000)));
      }
      if (req.url === "/rdap/domain/old.test")
        return sendJson(res, 200, rdapDomain("old.test", new Date("2009-03-02T00:00:00Z")));
      if (req.url.startsWith("/rdap/")) return sendJson(res, 404, { errorCode: 404, title: "Not Found" });
      const port = http.port;
      if (req.url === "/r1") return res.writeHead(301, { location: "/r2" }).end();
      if (req.url === "/r2") return res.writeHead(302, { location: `http://young.test:${port}/r3` }).end();
      if (req.url === "/r3") return res.writeHead(302, { location: `http://other.test:${port}/final` }).end();
      if (req.url === "/to-intranet") return res.writeHead(302, { location: "http://intranet.test/" }).end();
      if (req.url === "/short") return res.writeHead(301, { location: `http://other.test:${port}/final` }).end();
      if (req.url === "/to-gone") return res.writeHead(302, { location: `http://gone.test:${port}/lure` }).end();
      return res.end("<html>page</html>");
    });
    tls = createHttpsServer({ cert: certPem, key: keyPem }, (_req, res) => res.end("secure"));
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    tlsPort = (tls.address() as AddressInfo).port;
    inspector = createNetworkInspector({
      fetcher,
      clock,
      resolver,
      rdapBootstrapUrl: `${http.origin}/bootstrap.json`,
      partTimeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await fetcher.close();
    await http.close();
    tls.closeAllConnections();
    await new Promise<void>((resolve) => tls.close(() => resolve()));
  });

  it("reports the redirect chain and a young domain", async () => {
    const ev = await inspector.check(nurl(`http://young.test:${http.port}/r1`), ctx);
    expect(ev.status).toBe("ok");
    expect(ev.signals).toMatchObject({
      redirect_count: 3,
      final_url: `http://other.test:${http.port}/final`,
      domain_age_days: 10,
      registrar: "Example Registrar, Inc.",
      ssl_issuer: null,
      ssl_age_days: null,
    });
    const ids = ev.factors.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(["domain_very_young", "many_redirects", "redirects_off_domain"]));
    expect(ev.factors.find((f) => f.id === "domain_very_young")?.points).toBeGreaterThanOrEqual(60);
  });

  it("follows a shortener's link to where it leads without calling that a finding of its own", async () => {
    const ev = await inspector.check(nurl(`http://bit.ly:${http.port}/short`), ctx);
    expect(ev.signals).toMatchObject({ redirect_count: 1, final_url: `http://other.test:${http.port}/final` });
    expect(ev.factors.map((f) => f.id)).not.toContain("redirects_off_domain");
  });

  it("names where a redirect chain led when that site does not answer", async () => {
    const ev = await inspector.check(nurl(`http://old.test:${http.port}/to-gone`), ctx);
    expect(ev.status).toBe("ok");
    expect(ev.signals).toMatchObject({ redirect_count: 1, final_url: `http://gone.test:${http.port}/lure` });
    // A name with no address is nothing private: the chain's end is read, not called a private network.
    expect(ev.factors.map((f) => f.id)).not.toContain("redirects_to_private_network");
  });

  it("counts an old domain as legitimacy evidence and caches the bootstrap", async () => {
    const before = bootstrapHits;
    const ev = await inspector.check(nurl(`http://old.test:${http.port}/`), ctx);
    expect(ev.signals).toMatchObject({ redirect_count: 0, domain_age_days: expect.any(Number) });
    expect(ev.factors).toEqual([expect.objectContaining({ id: "domain_established", points: -10 })]);
    expect(bootstrapHits).toBe(before === 0 ? 1 : before);
  });

  it("reads the TLS certificate issuer and age through the guard", async () => {
    const ev = await inspector.check(nurl(`https://tls.test:${tlsPort}/`), ctx);
    expect(ev.status).toBe("ok");
    expect(ev.signals).toMatchObject({ ssl_issuer: "Scamverify Test Issuer", ssl_age_days: 3 });
    expect(ev.factors.map((f) => f.id)).toEqual(expect.arrayContaining(["ssl_recently_issued", "ssl_untrusted"]));
  });

  it("flags missing DNS records and private destinations", async () => {
    const nx = await inspector.check(nurl("http://nothing-here.test/"), ctx);
    expect(nx.factors.map((f) => f.id)).toContain("no_dns_records");
    const internal = await inspector.check(nurl("https://intranet.test/"), ctx);
    expect(internal.factors.map((f) => f.id)).toEqual(["resolves_to_private_network"]);
    const internalHttp = await inspector.check(nurl("http://10.1.2.3/"), ctx);
    expect(internalHttp.factors.map((f) => f.id)).toEqual(["resolves_to_private_network"]);
    const redirect = await inspector.check(nurl(`http://old.test:${http.port}/to-intranet`), ctx);
    expect(redirect.factors.map((f) => f.id)).toContain("redirects_to_private_network");
  });

  it("answers unavailable when nothing can be learned", async () => {
    const offline = createNetworkInspector({
      fetcher,
      clock,
      resolver: async () => {
        throw new Error("resolver down");
      },
      rdapBootstrapUrl: `${http.origin}/missing-bootstrap`,
      partTimeoutMs: 500,
    });
    const ev = await offline.check(nurl("http://down.test/"), ctx);
    expect(ev.status).toBe("unavailable");
    expect(ev.reason).toMatch(/^no network: DNS lookups fail \(resolver down\)/);
    expect(ev.factors).toEqual([]);
  });
});

describe("network inspector without a network", () => {
  const silentResolver: Resolver = async () => [];

  it("does not read a resolver that answers nothing as missing address records", async () => {
    const fetcher = createSafeFetcher({ resolver: silentResolver });
    const calls: string[] = [];
    const counting = {
      ...fetcher,
      fetch: (u: string | URL, init?: Parameters<typeof fetcher.fetch>[1]) => {
        calls.push(String(u));
        return fetcher.fetch(u, init);
      },
    };
    const inspector = createNetworkInspector({ fetcher: counting, clock, resolver: silentResolver });
    for (const href of ["http://example.org/", "https://a1.com/login"]) {
      const ev = await inspector.check(nurl(href), ctx);
      expect(ev.status).toBe("unavailable");
      expect(ev.factors).toEqual([]);
      expect(ev.reason).toMatch(/^no network: DNS knows none of example\.com, iana\.org/);
    }
    expect(calls).toEqual([]);
    await fetcher.close();
  });

  it("fails fast once nothing can be reached, then asks again after a minute", async () => {
    // Names resolve but no connection gets through: a port where nothing listens stands for a dropped route.
    const closed = await startLocalServer();
    const closedPort = closed.port;
    await closed.close();
    const resolver: Resolver = async (name) =>
      name === "gone.test" || name === "example.com" ? [{ address: "127.0.0.1", family: 4 }] : [];
    const fetcher = createSafeFetcher({ resolver, allowLoopbackForTests: true });
    let fetches = 0;
    const counting = {
      ...fetcher,
      fetch: (u: string | URL, init?: Parameters<typeof fetcher.fetch>[1]) => {
        fetches++;
        return fetcher.fetch(u, init);
      },
    };
    let t = NOW.getTime();
    const inspector = createNetworkInspector({
      fetcher: counting,
      clock: { now: () => new Date(t) },
      resolver,
      rdapBootstrapUrl: `http://127.0.0.1:${closedPort}/bootstrap.json`,
      partTimeoutMs: 2_000,
    });
    const first = await inspector.check(nurl(`http://gone.test:${closedPort}/`), ctx);
    expect(first.status).toBe("unavailable");
    expect(first.factors).toEqual([]);
    expect(first.reason).toMatch(/^no network: nothing could be reached \(fetch, rdap\)/);
    const afterFirst = fetches;
    expect(afterFirst).toBe(2);

    const second = await inspector.check(nurl(`http://gone.test:${closedPort}/other`), ctx);
    expect(second.status).toBe("unavailable");
    expect(second.reason).toMatch(/^no network: nothing could be reached \(fetch, rdap\); paused until /);
    expect(second.until).toEqual(first.until);
    expect(fetches).toBe(afterFirst);

    t += 60_000;
    await inspector.check(nurl(`http://gone.test:${closedPort}/`), ctx);
    expect(fetches).toBe(afterFirst + 2);
    await fetcher.close();
  });

  it("does not count a lookup the engine gave up on as a missing network", async () => {
    const resolver: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const fetcher = createSafeFetcher({ resolver, allowLoopbackForTests: true });
    let fetches = 0;
    const counting = {
      ...fetcher,
      fetch: (u: string | URL, init?: Parameters<typeof fetcher.fetch>[1]) => {
        fetches++;
        return fetcher.fetch(u, init);
      },
    };
    const inspector = createNetworkInspector({
      fetcher: counting,
      clock,
      resolver,
      rdapBootstrapUrl: "http://127.0.0.1:9/bootstrap.json",
    });
    const cancelled = new AbortController();
    cancelled.abort();
    const given = await inspector.check(nurl("http://slow.test:9/"), { signal: cancelled.signal });
    expect(given.reason ?? "").not.toMatch(/^no network/);
    const before = fetches;
    await inspector.check(nurl("http://slow.test:9/"), { signal: cancelled.signal });
    expect(fetches).toBe(before + 2);
    await fetcher.close();
  });

  it("does not take one unreachable site for a missing network", async () => {
    const closed = await startLocalServer();
    const closedPort = closed.port;
    await closed.close();
    const rdapServer = await startLocalServer((req, res) =>
      req.url === "/bootstrap.json"
        ? sendJson(res, 200, { version: "1.0", services: [[["test"], [`http://127.0.0.1:${rdapServer.port}/rdap/`]]] })
        : sendJson(res, 404, { errorCode: 404 }),
    );
    const resolver: Resolver = async (name) =>
      ["gone.test", "example.com", "gone.zz"].includes(name) ? [{ address: "127.0.0.1", family: 4 }] : [];
    const fetcher = createSafeFetcher({ resolver, allowLoopbackForTests: true });
    const inspector = createNetworkInspector({
      fetcher,
      clock,
      resolver,
      rdapBootstrapUrl: `${rdapServer.origin}/bootstrap.json`,
      partTimeoutMs: 2_000,
    });
    // The registry answers (no record) while the site refuses connections: the source still answered.
    const dead = await inspector.check(nurl(`http://gone.test:${closedPort}/`), ctx);
    expect(dead.status).toBe("ok");
    expect(dead.reason).toMatch(/fetch: .*ECONNREFUSED/);
    // No RDAP service for the suffix and the site refuses: nothing says the network is down either.
    const noRegistry = await inspector.check(nurl(`http://gone.zz:${closedPort}/`), ctx);
    expect(noRegistry.reason ?? "").not.toMatch(/^no network/);
    const next = await inspector.check(nurl(`http://gone.test:${closedPort}/again`), ctx);
    expect(next.reason ?? "").not.toMatch(/^no network/);
    await fetcher.close();
    await rdapServer.close();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { request } from "undici";
import { createAddressGuard, type Resolver } from "../../src/net/address-guard.js";
import { SafeFetchError, createGuardedDispatcher, createSafeFetcher } from "../../src/net/safe-fetch.js";
import { startLocalServer, type LocalServer } from "../support/local-server.js";

const table: Record<string, string[]> = {
  "public.example": ["93.184.216.34"],
  "private.example": ["10.0.0.5"],
  "mixed.example": ["93.184.216.34", "127.0.0.1"],
  "loop.example": ["127.0.0.1"],
  "v6loop.example": ["::1"],
  "meta.example": ["169.254.169.254"],
  "ula.example": ["fd12:3456::1"],
  "mapped.example": ["::ffff:192.168.0.1"],
};
const tableResolver: Resolver = async (name) =>
  (table[name] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }) as const);

async function refusal(p: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await p;
  } catch (err) {
    return err as SafeFetchError;
  }
  throw new Error("expected the fetch to be refused");
}

describe("guarded fetcher with the loopback allowance off", () => {
  let server: LocalServer;
  const fetcher = createSafeFetcher({ resolver: tableResolver });

  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  const bypasses = [
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://127.1/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::1]/",
    "http://0.0.0.0/",
    "http://0/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:169.254.169.254]/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata/computeMetadata/v1/",
    "http://localhost/",
    "http://app.localhost/",
    "http://printer.local/",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://240.0.0.1/",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    "http://private.example/",
    "http://mixed.example/",
    "http://loop.example/",
    "http://v6loop.example/",
    "http://meta.example/",
    "http://ula.example/",
    "http://mapped.example/",
    "http://nxdomain.example/",
    "http://public.example:8080/",
    "https://public.example:22/",
    "http://user:pw@public.example/",
    "ftp://public.example/file",
    "file:///etc/passwd",
    "gopher://public.example/",
    "ws://public.example/",
  ];

  it.each(bypasses)("refuses %s", async (url) => {
    const err = await refusal(fetcher.fetch(url));
    expect(err).toBeInstanceOf(SafeFetchError);
    expect(err.code).toBe("blocked");
  });

  it("never connects to a 127.0.0.1 listener, whatever form the address takes", async () => {
    const forms = [
      server.origin,
      `http://localhost:${server.port}/`,
      `http://2130706433:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
      `http://loop.example:${server.port}/`,
    ];
    for (const url of forms) {
      const err = await refusal(fetcher.fetch(url));
      expect(err.code).toBe("blocked");
    }
    // The dispatcher alone, without the pre-flight URL checks, refuses at connect time too.
    const dispatcher = createGuardedDispatcher(createAddressGuard({ resolver: tableResolver }));
    await expect(request(`http://loop.example:${server.port}/`, { dispatcher })).rejects.toThrow(/loopback/);
    await expect(request(`http://127.0.0.1:${server.port}/`, { dispatcher })).rejects.toThrow(/loopback/);
    await dispatcher.close();
    expect(server.connections).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it("checks the address again when it connects (DNS rebinding)", async () => {
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls++;
      return [{ address: calls === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
    };
    const rebindFetcher = createSafeFetcher({ resolver: rebinding });
    const err = await refusal(rebindFetcher.fetch("http://rebind.example/"));
    expect(err.code).toBe("blocked");
    expect(err.message).toMatch(/loopback/);
    expect(calls).toBe(2);
    await rebindFetcher.close();

    let dispatcherCalls = 0;
    const dispatcher = createGuardedDispatcher(
      createAddressGuard({
        resolver: async () => {
          dispatcherCalls++;
          return [{ address: "127.0.0.1", family: 4 }];
        },
      }),
    );
    await expect(request(`http://rebind.example:${server.port}/`, { dispatcher })).rejects.toThrow(/loopback/);
    await dispatcher.close();
    expect(dispatcherCalls).toBe(1);
    expect(server.connections).toBe(0);
  });
});

describe("guarded fetcher with the test allowance", () => {
  let server: LocalServer;
  const fetcher = createSafeFetcher({ resolver: tableResolver, allowLoopbackForTests: true });

  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterEach(() => {
    server.handle((_req, res) => res.end("ok"));
  });
  afterAll(async () => {
    await fetcher.close();
    await server.close();
  });

  it("fetches from the loopback server and returns the body", async () => {
    const res = await fetcher.fetch(`${server.origin}/hello`);
    expect(res.status).toBe(200);
    expect(res.text()).toBe("ok");
    expect(res.redirects).toEqual([]);
  });

  it("follows redirects, re-checking each hop", async () => {
    server.handle((req, res) => {
      if (req.url === "/a") res.writeHead(302, { location: "/b" }).end();
      else if (req.url === "/b") res.writeHead(301, { location: `${server.origin}/c` }).end();
      else if (req.url === "/to-private") res.writeHead(302, { location: "http://10.0.0.5/admin" }).end();
      else if (req.url === "/to-metadata") res.writeHead(307, { location: "http://169.254.169.254/" }).end();
      else if (req.url === "/to-name") res.writeHead(302, { location: "http://private.example/" }).end();
      else if (req.url === "/to-file") res.writeHead(302, { location: "file:///etc/passwd" }).end();
      else res.end("final");
    });
    const ok = await fetcher.fetch(`${server.origin}/a`);
    expect(ok.text()).toBe("final");
    expect(ok.redirects).toEqual([`${server.origin}/a`, `${server.origin}/b`]);
    expect(ok.url).toBe(`${server.origin}/c`);
    for (const path of ["/to-private", "/to-metadata", "/to-name", "/to-file"]) {
      const err = await refusal(fetcher.fetch(`${server.origin}${path}`));
      expect(err.code).toBe("blocked");
      expect(err.redirects).toEqual([`${server.origin}${path}`]);
    }
  });

  it("stops after five redirects", async () => {
    server.handle((req, res) => {
      const n = Number(req.url.slice(1));
      res.writeHead(302, { location: `/${n + 1}` }).end();
    });
    const err = await refusal(fetcher.fetch(`${server.origin}/0`));
    expect(err.code).toBe("too_many_redirects");
    expect(err.redirects).toHaveLength(6);
  });

  it("caps the body size, declared or streamed", async () => {
    server.handle((req, res) => {
      if (req.url === "/declared") res.writeHead(200, { "content-length": "5000" }).end("x".repeat(5000));
      else {
        res.writeHead(200);
        res.write("y".repeat(3000));
        res.end("y".repeat(3000));
      }
    });
    expect((await refusal(fetcher.fetch(`${server.origin}/declared`, { maxBytes: 1000 }))).code).toBe("too_large");
    expect((await refusal(fetcher.fetch(`${server.origin}/chunked`, { maxBytes: 4000 }))).code).toBe("too_large");
    expect((await fetcher.fetch(`${server.origin}/chunked`, { maxBytes: 6000 })).body.length).toBe(6000);
  });

  it("gives up after the overall time limit", async () => {
    server.handle(() => {
      // never answers
    });
    const err = await refusal(fetcher.fetch(`${server.origin}/slow`, { timeoutMs: 50 }));
    expect(err.code).toBe("timeout");
  });

  it("still refuses private and metadata addresses", async () => {
    expect((await refusal(fetcher.fetch("http://10.0.0.1/"))).code).toBe("blocked");
    expect((await refusal(fetcher.fetch("http://meta.example/"))).code).toBe("blocked");
  });
});

// A real PostgreSQL pool behind a TCP proxy on 127.0.0.1 that the test cuts and restores: /api/v1/status must say
// 503 within 1.5 s of the cut, keep the process answering, and say 200 again once the database is back.
import { Socket, createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDb, SystemClock, type Db } from "@scamverify/persistence";
import { call, engineOver, serve, testDatabaseUrl, type TestServer } from "./support/harness.js";

/** Pipes sockets to the real server; `cut` drops every connection and refuses new ones, `restore` listens again. */
class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private stalled = false;
  private held: (() => void)[] = [];
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => undefined);
      }
      // Forwarded by hand (not pipe) so a stall can hold bytes back without the stream machinery resuming them.
      const forward = (from: Socket, to: Socket): void => {
        from.on("data", (chunk: Buffer) => {
          if (this.stalled) this.held.push(() => to.write(chunk));
          else to.write(chunk);
        });
      };
      forward(client, upstream);
      forward(upstream, client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** The database stops answering without closing anything (a hung server or a silent network). */
  stall(): void {
    this.stalled = true;
  }

  unstall(): void {
    this.stalled = false;
    const held = this.held;
    this.held = [];
    for (const send of held) send();
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const target = new URL(testDatabaseUrl());
const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
let db: Db;
let server: TestServer;

beforeAll(async () => {
  await proxy.open();
  const viaProxy = new URL(target.href);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  db = await createPostgresDb({ connectionString: viaProxy.href, max: 4 });
  const kit = engineOver(db, { override: () => ({ clock: new SystemClock() }) });
  server = await serve(kit.engine);
});

afterAll(async () => {
  await server?.close();
  await proxy.cut();
  await db?.close().catch(() => undefined);
});

async function pollUntil(status: number, withinMs: number): Promise<{ elapsed: number; codes: number[] }> {
  const started = performance.now();
  const codes: number[] = [];
  for (;;) {
    const r = await call(server.url, "GET", "/api/v1/status");
    codes.push(r.status);
    if (r.status === status) return { elapsed: performance.now() - started, codes };
    if (performance.now() - started > withinMs)
      throw new Error(`no ${status} within ${withinMs} ms; saw ${codes.join(",")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("status against a database that goes away", () => {
  it("is 503 within 2.5 s when the database hangs, and 200 once it answers again", async () => {
    expect((await pollUntil(200, 35_000)).codes.at(-1)).toBe(200);
    proxy.stall();
    try {
      // Interval (0.5 s) + probe timeout (1 s) + polling and request time.
      const down = await pollUntil(503, 2_500);
      expect(down.elapsed).toBeLessThan(2_500);
      expect((await call(server.url, "GET", "/api/v1/openapi.json")).status).toBe(200);
    } finally {
      proxy.unstall();
    }
    expect((await pollUntil(200, 35_000)).elapsed).toBeLessThan(35_000);
  });

  it("is 503 within 1.5 s of the cut, stays up, and is 200 again after the database returns", async () => {
    expect((await call(server.url, "GET", "/api/v1/status")).status).toBe(200);

    await proxy.cut();
    const down = await pollUntil(503, 1_500);
    expect(down.elapsed).toBeLessThan(1_500);
    const body = (await call(server.url, "GET", "/api/v1/status")).body as {
      status: string;
      components: { database: string };
    };
    expect(body.status).toBe("unavailable");
    expect(body.components.database).toBe("unavailable");

    // The process keeps answering every route while the database is away.
    expect((await call(server.url, "GET", "/api/v1/openapi.json")).status).toBe(200);
    expect((await call(server.url, "GET", "/nowhere")).status).toBe(404);

    await proxy.open();
    const up = await pollUntil(200, 35_000);
    expect(up.elapsed).toBeLessThan(35_000);
  });
});

// The integration tests' service finder against local stand-ins that speak just enough of each wire protocol: a
// PostgreSQL server (startup message in; AuthenticationOk / ReadyForQuery or an ErrorResponse out) and a Redis
// server (PING in, one reply line out).
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { findTestDatabase, findTestRedis } from "@scamverify/persistence/testing";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

async function listen(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const port = await listen(() => undefined);
  await new Promise<void>((r) => servers.pop()?.close(() => r()));
  return port;
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function pgError(code: string, text: string): Buffer {
  const fields = [`SFATAL`, `VFATAL`, `C${code}`, `M${text}`].map((f) => Buffer.from(`${f}\0`, "utf8"));
  return message("E", Buffer.concat([...fields, Buffer.from([0])]));
}

/** A PostgreSQL stand-in: answers the startup message with `reply`, records the startup parameters. */
async function fakePostgres(reply: "ok" | Buffer, seen: Record<string, string>[] = []): Promise<number> {
  return listen((socket) => {
    let started = false;
    socket.on("data", (chunk: Buffer) => {
      if (!started) {
        started = true;
        const params = chunk.subarray(8, chunk.readInt32BE(0)).toString("utf8").split("\0");
        const record: Record<string, string> = {};
        for (let i = 0; i + 1 < params.length; i += 2) if (params[i]) record[params[i] as string] = params[i + 1] ?? "";
        seen.push(record);
        if (reply === "ok") {
          const auth = Buffer.alloc(4);
          socket.write(Buffer.concat([message("R", auth), message("Z", Buffer.from("I"))]));
        } else {
          socket.end(reply);
        }
        return;
      }
      if (chunk[0] === "X".charCodeAt(0)) socket.end();
    });
    socket.on("error", () => undefined);
  });
}

describe("findTestDatabase", () => {
  it("uses the local default when a server answers there", async () => {
    const seen: Record<string, string>[] = [];
    const port = await fakePostgres("ok", seen);
    const fallbackUrl = `postgres://postgres@127.0.0.1:${port}/test`;
    expect(await findTestDatabase({}, { fallbackUrl })).toEqual({ ok: true, url: fallbackUrl });
    expect(seen[0]).toMatchObject({ user: "postgres", database: "test" });
  });

  it("prefers TEST_DATABASE_URL", async () => {
    const port = await fakePostgres("ok");
    const url = `postgres://app:secret@127.0.0.1:${port}/ci`;
    const closed = await closedPort();
    const found = await findTestDatabase(
      { TEST_DATABASE_URL: url },
      { fallbackUrl: `postgres://postgres@127.0.0.1:${closed}/test` },
    );
    expect(found).toEqual({ ok: true, url });
  });

  it("says in one line what to install or set when nothing answers", async () => {
    const port = await closedPort();
    const found = await findTestDatabase({}, { fallbackUrl: `postgres://postgres@127.0.0.1:${port}/test` });
    expect(found).toEqual({
      ok: false,
      message:
        `PostgreSQL for the integration tests: nothing answers at postgres://postgres@127.0.0.1:${port}/test; ` +
        "install PostgreSQL 15+ on 127.0.0.1:5432 with trust auth for user postgres and a database named test " +
        "(createdb -U postgres test), or set TEST_DATABASE_URL.",
    });
  });

  it("names a refused login and a missing database, and never shows a password", async () => {
    const auth = await fakePostgres(pgError("28P01", 'password authentication failed for user "app"'));
    const refused = await findTestDatabase({ TEST_DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${auth}/test` });
    expect(refused.ok).toBe(false);
    const text = refused.ok ? "" : refused.message;
    expect(text).toMatch(/refused the login \(password authentication failed for user "app"\)/);
    expect(text).toContain("TEST_DATABASE_URL");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("\n");

    const nodb = await fakePostgres(pgError("3D000", 'database "test" does not exist'));
    const missing = await findTestDatabase({}, { fallbackUrl: `postgres://postgres@127.0.0.1:${nodb}/test` });
    expect(missing.ok ? "" : missing.message).toMatch(/has no such database; create it \(createdb -U postgres test\)/);
  });

  it("requires the URL in CI", async () => {
    const found = await findTestDatabase({ CI: "true" });
    expect(found.ok ? "" : found.message).toMatch(/TEST_DATABASE_URL must be set in CI/);
  });
});

async function fakeRedis(line: string): Promise<number> {
  return listen((socket) => {
    socket.once("data", () => socket.end(`${line}\r\n`));
    socket.on("error", () => undefined);
  });
}

describe("findTestRedis", () => {
  it("uses the local default when Redis answers PING", async () => {
    const port = await fakeRedis("+PONG");
    const fallbackUrl = `redis://127.0.0.1:${port}`;
    expect(await findTestRedis({}, { fallbackUrl })).toEqual({ ok: true, url: fallbackUrl });
  });

  it("says what to install or set when nothing answers", async () => {
    const port = await closedPort();
    const found = await findTestRedis({}, { fallbackUrl: `redis://127.0.0.1:${port}` });
    expect(found).toEqual({
      ok: false,
      message:
        `Redis for the integration tests: nothing answers at redis://127.0.0.1:${port} (ECONNREFUSED); ` +
        "install Redis on 127.0.0.1:6379 (apt-get install redis-server), or set TEST_REDIS_URL.",
    });
  });

  it("accepts a password-protected server only when the URL carries the password", async () => {
    const port = await fakeRedis("-NOAUTH Authentication required.");
    expect((await findTestRedis({ TEST_REDIS_URL: `redis://:pw@127.0.0.1:${port}` })).ok).toBe(true);
    const bare = await findTestRedis({ TEST_REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(bare.ok ? "" : bare.message).toMatch(/requires a password; put it in TEST_REDIS_URL/);
  });

  it("tells a server that is not Redis", async () => {
    const port = await fakeRedis("HTTP/1.1 400 Bad Request");
    const found = await findTestRedis({ REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(found.ok ? "" : found.message).toMatch(/answered "HTTP\/1\.1 400 Bad Request", not Redis/);
  });
});

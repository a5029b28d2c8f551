// The HTTP face's own behaviour, whatever the engine says: error envelopes for unreadable requests, request ids,
// CORS preflight, and access logs that never hold a credential. The server must keep answering after each.
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  capturingLogger,
  engineInMemory,
  seedAccount,
  serve,
  type CapturingLogger,
  type TestServer,
} from "./support/harness.js";

let server: TestServer;
let logger: CapturingLogger;
let key: string;

beforeAll(async () => {
  const kit = engineInMemory();
  logger = await capturingLogger();
  server = await serve(kit.engine, logger);
  key = (await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 })).key;
});

afterAll(async () => {
  await server.close();
});

async function stillAnswers(): Promise<void> {
  const r = await call(server.url, "GET", "/api/v1/status");
  expect(r.status).toBe(200);
}

describe("unreadable requests get the error envelope", () => {
  it("malformed JSON is 400 validation_error with issues", async () => {
    const r = await call(server.url, "POST", "/api/v1/url/lookup", { key, body: '{"url": "https://a.example.com"' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation_error");
    expect(r.body.error.details.issues[0]).toEqual({ field: "body", message: expect.any(String) });
    expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"));
    await stillAnswers();
  });

  it("a 2 MB body is 413 payload_too_large", async () => {
    const big = JSON.stringify({ url: "https://a.example.com", pad: "x".repeat(2 * 1024 * 1024) });
    const r = await call(server.url, "POST", "/api/v1/url/lookup", { key, body: big });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("payload_too_large");
    await stillAnswers();
  });

  it("a text/plain body on a JSON endpoint is 415 unsupported_media_type", async () => {
    const r = await call(server.url, "POST", "/api/v1/url/lookup", {
      key,
      body: "https://a.example.com",
      headers: { "content-type": "text/plain" },
    });
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe("unsupported_media_type");
    expect(r.body.error.details).toEqual({ content_type: "text/plain" });
    await stillAnswers();
  });

  it("a JSON body whose bytes are not UTF-8 is 415, not read with replacement characters", async () => {
    const res = await fetch(`${server.url}/api/v1/url/lookup`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: Buffer.concat([
        Buffer.from('{"url":"https://a.example.com/'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");
    await stillAnswers();
  });

  it("an unknown route is 404 not_found, under /api/v1 and outside it", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/nope"],
      ["POST", "/api/v1/url/lookups"],
      ["GET", "/definitely/not/here"],
      ["DELETE", "/api/v1/statuses"],
    ] as const) {
      const r = await call(server.url, method, path);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error.code).toBe("not_found");
      expect(r.body.error.message).toContain(path);
    }
    await stillAnswers();
  });

  it("a valid body with a bad field is 400 with the field named", async () => {
    const r = await call(server.url, "POST", "/api/v1/url/lookup", { key, body: { url: 42 } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation_error");
    expect(r.body.error.details.issues.map((i: { field: string }) => i.field)).toContain("url");
  });
});

describe("request ids", () => {
  it("every response carries X-Request-Id, fresh and distinct when none is sent", async () => {
    const responses = await Promise.all([
      call(server.url, "GET", "/api/v1/status"),
      call(server.url, "GET", "/nope"),
      call(server.url, "POST", "/api/v1/url/lookup", { body: { url: "https://a.example.com" } }),
      call(server.url, "OPTIONS", "/api/v1/url/lookup", { headers: { origin: "https://app.example" } }),
    ]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a sane incoming id is echoed; an insane one is replaced", async () => {
    const sane = await call(server.url, "GET", "/api/v1/status", { headers: { "x-request-id": "trace-abc_123.4:5" } });
    expect(sane.headers.get("x-request-id")).toBe("trace-abc_123.4:5");
    const insane = await call(server.url, "GET", "/nope", {
      headers: { "x-request-id": "bad id\twith spaces" + "x".repeat(200) },
    });
    expect(insane.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(insane.body.error.request_id).toBe(insane.headers.get("x-request-id"));
  });
});

describe("CORS", () => {
  it("answers a preflight with 204 and the allow headers", async () => {
    const r = await call(server.url, "OPTIONS", "/api/v1/url/lookup", {
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-allow-methods")).toContain("POST");
    expect(r.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(r.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
    expect(Number(r.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  it("exposes the quota, rate-limit and request-id headers to browsers", async () => {
    const r = await call(server.url, "GET", "/api/v1/status", { headers: { origin: "https://app.example" } });
    const exposed = r.headers.get("access-control-expose-headers") ?? "";
    for (const h of ["X-Request-Id", "Retry-After", "RateLimit-Remaining", "X-Quota-Url-Used", "X-Quota-Phone-Limit"])
      expect(exposed).toContain(h);
  });

  it("sends no CORS headers to clients that send no Origin (only browsers need them)", async () => {
    const r = await call(server.url, "GET", "/api/v1/status");
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    expect(r.headers.get("access-control-expose-headers")).toBeNull();
  });
});

describe("access log", () => {
  it("holds the request id and never a key, token or password", async () => {
    const secretKey = `sv_live_${"S3cr3tKeyMaterial".repeat(3)}`;
    const before = logger.lines.length;
    const sent = [
      await call(server.url, "POST", "/api/v1/url/lookup", {
        headers: { authorization: `Bearer ${secretKey}`, "x-request-id": "log-check-1" },
        body: { url: "https://a.example.com", password: "hunter2-Password!", token: "svat_TokenMaterial123" },
      }),
      await call(server.url, "POST", "/api/v1/url/lookup", {
        headers: { authorization: "Bearer svat_AccessTokenMaterial456", "x-request-id": "log-check-2" },
        body: '{"password": "hunter2-Password!", ',
      }),
      await call(server.url, "POST", `/api/v1/url/lookup?api_key=${secretKey}`, {
        headers: { "x-request-id": "log-check-3", cookie: "session=CookieMaterial789" },
        body: { url: "https://a.example.com" },
      }),
      await call(server.url, "GET", "/api/v1/usage", { key, headers: { "x-request-id": "log-check-4" } }),
    ];
    // The caller is authenticated before its body is read: a bad token is 401 whatever the body.
    expect(sent.map((r) => r.status)).toEqual([401, 401, 401, 200]);
    const lines = logger.lines.slice(before);
    const text = lines.join("");
    for (const id of ["log-check-1", "log-check-2", "log-check-3", "log-check-4"])
      expect(text).toContain(`"request_id":"${id}"`);
    for (const secret of [
      "S3cr3tKeyMaterial",
      "hunter2",
      "TokenMaterial",
      "AccessTokenMaterial",
      "CookieMaterial",
      key.slice(8),
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry).toMatchObject({ level: expect.any(String), msg: expect.any(String), time: expect.any(String) });
    }
  });
});

describe("JSON bodies as clients send them", () => {
  const lookup = (
    body: NonNullable<RequestInit["body"]>,
    headers: Record<string, string>,
    extra: RequestInit = {},
  ): Promise<Response> =>
    fetch(`${server.url}/api/v1/url/lookup`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, ...headers },
      body,
      ...extra,
    });
  const json = JSON.stringify({ url: "https://body-forms.example.com/" });

  it("reads gzip, deflate and br bodies", async () => {
    for (const [encoding, bytes] of [
      ["gzip", gzipSync(json)],
      ["deflate", deflateSync(json)],
      ["br", brotliCompressSync(json)],
    ] as const) {
      const r = await lookup(bytes, { "content-type": "application/json", "content-encoding": encoding });
      expect(r.status, encoding).toBe(200);
      expect(((await r.json()) as { url: string }).url).toBe("https://body-forms.example.com/");
    }
  });

  it("reads a chunked body with no Content-Length, and a leading byte-order mark", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`\uFEFF${json.slice(0, 10)}`));
        controller.enqueue(new TextEncoder().encode(json.slice(10)));
        controller.close();
      },
    });
    const r = await lookup(stream, { "content-type": "application/json" }, { duplex: "half" } as RequestInit);
    expect(r.status).toBe(200);
  });

  it("accepts a +json media type and an explicit UTF-8 charset", async () => {
    for (const type of [
      "application/vnd.api+json",
      "application/json; charset=UTF-8",
      'application/json;charset="utf-8"',
    ]) {
      const r = await lookup(json, { "content-type": type });
      expect(r.status, type).toBe(200);
    }
  });

  it("refuses another charset or an unknown encoding with 415, and bytes that do not decode with 400", async () => {
    const latin1 = await lookup(json, { "content-type": "application/json; charset=iso-8859-1" });
    expect(latin1.status).toBe(415);
    expect(((await latin1.json()) as { error: { details: unknown } }).error.details).toEqual({ charset: "iso-8859-1" });
    const compress = await lookup(json, { "content-type": "application/json", "content-encoding": "compress" });
    expect(compress.status).toBe(415);
    expect(((await compress.json()) as { error: { code: string } }).error.code).toBe("unsupported_media_type");
    const notGzip = await lookup(json, { "content-type": "application/json", "content-encoding": "gzip" });
    expect(notGzip.status).toBe(400);
    expect(((await notGzip.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    await stillAnswers();
  });

  it("limits the decoded size: a small gzip body that inflates past 1 MiB is 413", async () => {
    const bomb = gzipSync(JSON.stringify({ url: "https://a.example.com", pad: "0".repeat(4 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const r = await lookup(bomb, { "content-type": "application/json", "content-encoding": "gzip" });
    expect(r.status).toBe(413);
    const body = (await r.json()) as { error: { code: string; details: unknown } };
    expect(body.error).toMatchObject({ code: "payload_too_large", details: { limit_bytes: 1024 * 1024 } });
    await stillAnswers();
  });

  it("a declared Content-Length over the limit is 413", async () => {
    const r = await lookup("x".repeat(1024 * 1024 + 1), { "content-type": "application/json" });
    expect(r.status).toBe(413);
    await stillAnswers();
  });
});

describe("routing of the JSON API", () => {
  it("answers HEAD like GET without a body, and ignores case and one trailing slash", async () => {
    const head = await fetch(`${server.url}/api/v1/status`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const path of ["/api/v1/status/", "/API/V1/Status", "/api/v1/status?verbose=1"]) {
      const r = await call(server.url, "GET", path);
      expect(r.status, path).toBe(200);
      expect(r.body.status).toBe("operational");
    }
  });

  it("sets nosniff on API answers and on the 404 envelope", async () => {
    for (const path of ["/api/v1/status", "/api/v1/nope"]) {
      const r = await call(server.url, "GET", path);
      expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});

describe("a failure inside the engine", () => {
  it("is a 500 internal_error envelope with the request id, logged, and the server keeps answering", async () => {
    const kit = engineInMemory();
    const failing = await capturingLogger();
    const broken: typeof kit.engine = {
      ...kit.engine,
      lookupUrl: () => Promise.reject(new Error("store exploded")),
    };
    const local = await serve(broken, failing);
    try {
      const { key: localKey } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
      const r = await call(local.url, "POST", "/api/v1/url/lookup", {
        key: localKey,
        body: { url: "https://a.example.com" },
        headers: { "x-request-id": "boom-1" },
      });
      expect(r.status).toBe(500);
      expect(r.body.error).toMatchObject({ code: "internal_error", request_id: "boom-1" });
      expect(r.body.error.message).not.toContain("exploded");
      expect(failing.lines.join("")).toContain("store exploded");
      const status = await call(local.url, "GET", "/api/v1/status");
      expect(status.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

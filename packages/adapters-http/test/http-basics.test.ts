// The HTTP face's own behaviour, whatever the engine says: error envelopes for unreadable requests, request ids,
// CORS preflight, and access logs that never hold a credential. The server must keep answering after each.
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

  it("an unknown route is 404 not_found, under /api/v1 and outside it", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/nope"],
      ["POST", "/api/v1/url/lookups"],
      ["GET", "/definitely/not/here"],
      ["DELETE", "/api/v1/status"],
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
    expect(sent.map((r) => r.status)).toEqual([401, 400, 401, 200]);
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

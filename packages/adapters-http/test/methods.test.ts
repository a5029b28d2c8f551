// A known path asked with a method it does not take answers 405 method_not_allowed with Allow, read from the route
// tables (the JSON API's endpoint table and the mounted Express routers); OPTIONS answers 204 with the same Allow;
// unknown paths stay 404. HSTS rides on every answer when the public base URL is https, and on none when it is http.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOAuthConfig } from "@scamverify/core";
import { FixedClock, InMemoryAccountStore } from "@scamverify/core/testing";
import { InMemoryOAuthStore } from "../../core/src/testing/oauth/in-memory-oauth-store.js";
import { createOAuthRouter } from "../src/oauth/create-oauth-router.js";
import { createWellKnownRouter } from "../src/oauth/create-well-known-router.js";
import { nodeHasher } from "./oauth/support.js";
import { call, engineInMemory, fastPasswords, seedAccount, serve, type TestServer } from "./support/harness.js";

let server: TestServer;
let key: string;

beforeAll(async () => {
  const kit = engineInMemory();
  key = (await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 })).key;
  const oauth = {
    store: new InMemoryOAuthStore(),
    accounts: new InMemoryAccountStore(),
    clock: new FixedClock("2026-03-10T12:00:00.000Z"),
    ids: { uuid: () => randomUUID(), token: (n: number) => randomBytes(n).toString("base64url") },
    hasher: nodeHasher,
    passwords: fastPasswords,
    config: createOAuthConfig("http://127.0.0.1"),
  };
  server = await serve(kit.engine, undefined, {
    mount: (app) => {
      app.use(createWellKnownRouter({ config: oauth.config, clientIdMetadataDocuments: false }));
      app.use(createOAuthRouter({ oauth }));
    },
  });
});

afterAll(async () => {
  await server.close();
});

describe("405 method_not_allowed with Allow", () => {
  it.each([
    ["GET", "/api/v1/url/lookup", "POST, OPTIONS"],
    ["PUT", "/api/v1/batch/phone", "POST, OPTIONS"],
    ["POST", "/api/v1/status", "GET, HEAD, OPTIONS"],
    ["DELETE", "/api/v1/jobs/6d1f4c1e-3c6e-4f4b-9a57-0f4b3f1f2a10", "GET, HEAD, OPTIONS"],
    ["GET", "/api/v1/jobs/abc/cancel", "POST, OPTIONS"],
    ["DELETE", "/api/v1/jobs", "POST, OPTIONS"],
    ["PUT", "/api/oauth/token", "POST, OPTIONS"],
    ["DELETE", "/api/oauth/authorize", "GET, HEAD, POST, OPTIONS"],
    ["POST", "/.well-known/oauth-authorization-server", "GET, HEAD, OPTIONS"],
  ])("%s %s", async (method, path, allow) => {
    const r = await call(server.url, method, path, { key });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe(allow);
    expect(r.body.error.code).toBe("method_not_allowed");
    expect(r.body.error.message).toContain(allow);
    expect(r.body.error.details.allow).toEqual(allow.split(", "));
    expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"));
  });

  it("HEAD on a POST-only path is 405 with Allow and no body", async () => {
    const r = await fetch(`${server.url}/api/v1/url/lookup`, { method: "HEAD" });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("the methods a path takes still answer", async () => {
    expect((await fetch(`${server.url}/api/v1/status`, { method: "HEAD" })).status).toBe(200);
    expect((await call(server.url, "GET", "/api/v1/status")).status).toBe(200);
  });

  it.each([
    ["/api/v1/url/lookup", "POST, OPTIONS"],
    ["/api/v1/status", "GET, HEAD, OPTIONS"],
    ["/api/oauth/token", "POST, OPTIONS"],
  ])("OPTIONS %s without an Origin is 204 with Allow", async (path, allow) => {
    const r = await fetch(`${server.url}${path}`, { method: "OPTIONS" });
    expect(r.status).toBe(204);
    expect(r.headers.get("allow")).toBe(allow);
  });

  it("a browser's preflight is still answered by CORS", async () => {
    const r = await fetch(`${server.url}/api/v1/url/lookup`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST" },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("a browser can read the 405 and its Allow", async () => {
    const r = await fetch(`${server.url}/api/v1/url/lookup`, { headers: { origin: "https://app.example" } });
    expect(r.status).toBe(405);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-expose-headers")).toContain("Allow");
  });

  it.each([
    ["GET", "/api/v1/nothing/here"],
    ["DELETE", "/api/v1/jobs/abc/elsewhere"],
    ["PUT", "/api/oauth/nowhere"],
    ["OPTIONS", "/not/a/path"],
  ])("unknown path %s %s stays 404", async (method, path) => {
    const r = await call(server.url, method, path, { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("not_found");
    expect(r.headers.get("allow")).toBeNull();
  });
});

describe("Strict-Transport-Security", () => {
  const HSTS = "max-age=31536000; includeSubDomains";
  /** The header of each kind of answer: the API's, a refused body's, a 405, Express's 404. */
  const hstsOf = async (base: string): Promise<(string | null)[]> => {
    const answers = [];
    for (const [method, path] of [
      ["GET", "/api/v1/status"],
      ["POST", "/api/v1/url/lookup"],
      ["GET", "/api/v1/url/lookup"],
      ["GET", "/not/a/path"],
    ] as const) {
      const r = await call(base, method, path, method === "POST" ? { body: "{}" } : {});
      answers.push(r.headers.get("strict-transport-security"));
    }
    return answers;
  };

  it("rides on every answer when the public base URL is https", async () => {
    const kit = engineInMemory({ config: { baseUrl: "https://scamverify.example" } });
    const tls = await serve(kit.engine);
    try {
      expect(await hstsOf(tls.url)).toEqual([HSTS, HSTS, HSTS, HSTS]);
    } finally {
      await tls.close();
    }
  });

  it("is absent when the public base URL is http", async () => {
    expect(await hstsOf(server.url)).toEqual([null, null, null, null]);
  });
});

// Regressions found by fuzzing the HTTP face and by a new user's first hour, each driven over real sockets against
// PostgreSQL: a keep-alive connection after an oversized MCP body, NUL characters and bytes that are not UTF-8,
// corrupt gzip bodies, password guessing spread over many addresses, sign-up as an account oracle, redirect URIs that
// rewrite the consent page's CSP, the registered scope, CSRF tokens outside their session, and what the log says.
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { InMemoryRateLimiter } from "@scamverify/core/testing";
import { ipRateLimit } from "../../src/ip-rate-limit.js";
import { gzipSync } from "node:zlib";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter, type ClosableRateLimiter } from "@scamverify/persistence";
import { rateLimiterReady } from "../../../persistence/src/create-rate-limiter.js";
import { toolErrorOf } from "@scamverify/adapters-mcp";
import { SIGN_IN_THROTTLE } from "../../../core/src/policies/oauth/sign-in-throttle.js";
import { CookieBrowser, hiddenFields } from "../oauth/support.js";
import {
  capturingLogger,
  postgresSchema,
  seedAccount,
  testRedisUrl,
  type CapturingLogger,
} from "../support/harness.js";
import { FORM, JSON_TYPE, rawRequest, startStack, type Stack } from "./support.js";

const pg = postgresSchema();
let stack: Stack;
let logger: CapturingLogger;

beforeAll(async () => {
  logger = await capturingLogger();
  stack = await startStack(await pg.open(), { logger, mcpMaxBodyBytes: 4096 });
});

afterAll(async () => {
  await stack?.close();
  await pg.drop();
});

const PASSWORD = "a long enough password";
const REDIRECT = "http://127.0.0.1:7777/callback";

async function register(
  metadata: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, string> }> {
  const res = await rawRequest(stack.port, "/api/oauth/register", {
    headers: JSON_TYPE,
    body: JSON.stringify({ client_name: "Hardening", redirect_uris: [REDIRECT], ...metadata }),
  });
  return { status: res.status, body: JSON.parse(res.text) as Record<string, string> };
}

function authorizePath(clientId: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    state: "s1",
    ...extra,
  });
  return `/api/oauth/authorize?${q.toString()}`;
}

async function signedUpBrowser(email = `user-${randomUUID()}@example.com`): Promise<CookieBrowser> {
  const browser = new CookieBrowser(stack.baseUrl);
  const form = await browser.request("/api/oauth/signup");
  const up = await browser.request("/api/oauth/signup", {
    form: { ...hiddenFields(form.html), email, password: PASSWORD },
  });
  const page = await browser.request(up.location ?? "");
  const done = await browser.request("/api/oauth/signin", {
    form: { ...hiddenFields(page.html), email, password: PASSWORD, return_to: "/dashboard" },
  });
  expect(done.status).toBe(303);
  return browser;
}

describe("/api/mcp bodies", () => {
  it("answers the next request on the same keep-alive connection after a 413", async () => {
    const { key } = await seedAccount(stack.kit.engine);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = { ...JSON_TYPE, authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" };
      const big = await rawRequest(stack.port, "/api/mcp", {
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", pad: "x".repeat(2 * 1024 * 1024) }),
        agent,
      });
      expect(big.status).toBe(413);
      const next = await rawRequest(stack.port, "/api/mcp", {
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
        agent,
        timeoutMs: 5_000,
      });
      expect(next.status).toBe(200);
      expect(next.localPort).toBe(big.localPort);
      expect(JSON.parse(next.text)).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
    } finally {
      agent.destroy();
    }
  });

  it("reads bodies with the server's one reader: not UTF-8 and not JSON are 415, malformed and corrupt gzip -32700", async () => {
    const { key } = await seedAccount(stack.kit.engine);
    const headers = { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" };
    const cases: [Record<string, string>, Buffer | string, number, number][] = [
      [JSON_TYPE, Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list","x":"\xff"}', "latin1"), 415, -32600],
      [{ "content-type": "text/plain" }, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 415, -32600],
      [JSON_TYPE, '{"jsonrpc":"2.0",', 400, -32700],
      [{ ...JSON_TYPE, "content-encoding": "gzip" }, Buffer.from("not gzip at all"), 400, -32700],
    ];
    for (const [type, body, status, code] of cases) {
      const res = await rawRequest(stack.port, "/api/mcp", { headers: { ...headers, ...type }, body });
      expect(res.status, String(body)).toBe(status);
      expect(JSON.parse(res.text)).toMatchObject({ jsonrpc: "2.0", id: null, error: { code } });
    }
    const gz = await rawRequest(stack.port, "/api/mcp", {
      headers: { ...headers, ...JSON_TYPE, "content-encoding": "gzip" },
      body: gzipSync(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" })),
    });
    expect(JSON.parse(gz.text)).toMatchObject({ id: 7, result: { tools: expect.any(Array) } });
  });

  it("answers an empty batch and other non-requests with a JSON-RPC Invalid Request error", async () => {
    const { key } = await seedAccount(stack.kit.engine);
    for (const body of ["[]", "1", "null", '["x"]']) {
      const res = await rawRequest(stack.port, "/api/mcp", {
        headers: { ...JSON_TYPE, authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" },
        body,
      });
      expect(res.status, body).toBe(400);
      expect(JSON.parse(res.text), body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    }
  });
});

describe("NUL characters never reach PostgreSQL", () => {
  it("are invalid_request or invalid metadata on the OAuth endpoints", async () => {
    expect((await rawRequest(stack.port, "/api/oauth/authorize?client_id=%00", { method: "GET" })).status).toBe(400);
    const name = await register({ client_name: "a\u0000b" });
    expect(name).toMatchObject({ status: 400, body: { error: "invalid_client_metadata" } });
    const uri = await register({ redirect_uris: ["http://127.0.0.1:7777/cb\u0000"] });
    expect(uri).toMatchObject({ status: 400, body: { error: "invalid_redirect_uri" } });
    const form = await rawRequest(stack.port, "/api/oauth/token", {
      headers: FORM,
      body: "grant_type=authorization_code&client_id=%00&code=svac_x",
    });
    expect(form.status).toBe(400);
    expect(JSON.parse(form.text)).toMatchObject({ error: "invalid_request" });
    const basic = await rawRequest(stack.port, "/api/oauth/token", {
      headers: { ...FORM, authorization: `Basic ${Buffer.from("%00:secret").toString("base64")}` },
      body: "grant_type=refresh_token&refresh_token=svrt_x",
    });
    expect(basic.status).toBe(401);
    expect(JSON.parse(basic.text)).toMatchObject({ error: "invalid_client" });
    const json = await rawRequest(stack.port, "/api/oauth/token", {
      headers: JSON_TYPE,
      body: JSON.stringify({ grant_type: "refresh_token", client_id: "\u0000", refresh_token: "svrt_x" }),
    });
    expect(json.status).toBe(400);
    expect(JSON.parse(json.text)).toMatchObject({ error: "invalid_request" });
  });

  it("are refused on the sign-in and sign-up forms", async () => {
    for (const path of ["/api/oauth/signin", "/api/oauth/signup"]) {
      const browser = new CookieBrowser(stack.baseUrl);
      const page = await browser.request(path);
      const res = await browser.request(path, {
        form: { ...hiddenFields(page.html), email: "a\u0000@example.com", password: PASSWORD },
      });
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
    }
  });

  it("are a validation_error in a report comment, on the API and through the MCP tool", async () => {
    const { key } = await seedAccount(stack.kit.engine);
    const report = { kind: "url", value: "https://nul.example.com/", category: "phishing", comment: "bad\u0000" };
    const api = await rawRequest(stack.port, "/api/v1/reports", {
      headers: { ...JSON_TYPE, authorization: `Bearer ${key}` },
      body: JSON.stringify(report),
    });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toMatchObject({ error: { code: "validation_error" } });
    const mcp = await rawRequest(stack.port, "/api/mcp", {
      headers: { ...JSON_TYPE, authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "report_scam", arguments: report },
      }),
    });
    expect(mcp.status).toBe(200);
    const answer = JSON.parse(mcp.text) as { id: number; result: { isError?: boolean } };
    expect(answer).toMatchObject({ id: 7, result: { isError: true } });
    expect(toolErrorOf(answer.result)).toMatchObject({ code: "validation_error" });
  });
});

describe("bodies that are not UTF-8", () => {
  it("are refused instead of read with replacement characters (415 on the pages, 400 invalid_request on token)", async () => {
    const browser = new CookieBrowser(stack.baseUrl);
    const page = await browser.request("/api/oauth/signin");
    const csrf = hiddenFields(page.html)["csrf_token"] ?? "";
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const escaped = await rawRequest(stack.port, "/api/oauth/signin", {
      headers: { ...FORM, cookie },
      body: `csrf_token=${csrf}&email=a%FF%40example.com&password=x`,
    });
    expect(escaped.status).toBe(415);
    const raw = await rawRequest(stack.port, "/api/oauth/signin", {
      headers: { ...FORM, cookie },
      body: Buffer.concat([Buffer.from(`csrf_token=${csrf}&email=`), Buffer.from([0xc3, 0x28]), Buffer.from("&p=1")]),
    });
    expect(raw.status).toBe(415);
    const token = await rawRequest(stack.port, "/api/oauth/token", {
      headers: FORM,
      body: "grant_type=refresh_token&client_id=%FF&refresh_token=svrt_x",
    });
    expect(token.status).toBe(400);
    expect(JSON.parse(token.text)).toMatchObject({ error: "invalid_request" });
  });
});

describe("corrupt gzip and deflate bodies", () => {
  it("are a 400 on the token endpoint, the forms and the dashboard, never a 500", async () => {
    const corrupt = Buffer.concat([gzipSync("grant_type=refresh_token").subarray(0, 12), Buffer.from("garbage!")]);
    for (const [path, encoding] of [
      ["/api/oauth/token", "gzip"],
      ["/api/oauth/token", "deflate"],
      ["/api/oauth/signin", "gzip"],
      ["/api/oauth/signup", "gzip"],
      ["/api/oauth/authorize", "gzip"],
      ["/dashboard/keys/create", "gzip"],
      ["/api/oauth/register", "gzip"],
    ] as const) {
      const res = await rawRequest(stack.port, path, {
        headers: { ...(path.endsWith("register") ? JSON_TYPE : FORM), "content-encoding": encoding },
        body: corrupt,
      });
      expect(res.status, `${path} ${encoding}`).toBe(400);
    }
  });
});

describe("sign-in throttle", () => {
  it("refuses even the right password after too many attempts on one account, shared by two processes", async () => {
    const limiter: ClosableRateLimiter = createRateLimiter({
      redisUrl: testRedisUrl(),
      keyPrefix: `sv:test:${randomUUID()}:`,
    });
    await rateLimiterReady(limiter, 2_000);
    const db = await pg.open();
    const a = await startStack(db, { rateLimiter: limiter });
    const b = await startStack(db, { rateLimiter: limiter });
    try {
      const email = `victim-${randomUUID()}@example.com`;
      const attempt = async (stackOf: Stack, password: string, who = email) => {
        const browser = new CookieBrowser(stackOf.baseUrl);
        const page = await browser.request("/api/oauth/signin");
        return browser.request("/api/oauth/signin", {
          form: { ...hiddenFields(page.html), email: who, password },
        });
      };
      const first = new CookieBrowser(a.baseUrl);
      const form = await first.request("/api/oauth/signup");
      await first.request("/api/oauth/signup", { form: { ...hiddenFields(form.html), email, password: PASSWORD } });
      // The sign-up was the email's first attempt.
      for (let i = 1; i < SIGN_IN_THROTTLE.attempts; i++) {
        expect((await attempt(i % 2 ? a : b, `wrong ${i}`)).status).toBe(401);
      }
      const right = await attempt(a, PASSWORD);
      expect(right.status).toBe(429);
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(right.html).toContain("Too many sign-in attempts for this email");
      expect(right.headers.getSetCookie().some((c) => c.includes("sv_oauth_session="))).toBe(false);

      // An unknown email is throttled and answered the same way.
      const ghost = `ghost-${randomUUID()}@example.com`;
      for (let i = 0; i < SIGN_IN_THROTTLE.attempts; i++) await attempt(i % 2 ? a : b, `wrong ${i}`, ghost);
      const ghostAnswer = await attempt(b, PASSWORD, ghost);
      expect(ghostAnswer.status).toBe(429);
      expect(ghostAnswer.html.replace(/value="[^"]*"/g, "")).toBe(right.html.replace(/value="[^"]*"/g, ""));
    } finally {
      await a.close();
      await b.close();
      await limiter.close();
    }
  });

  it("sign-up opens a session for a new email; a registered one needs its own password", async () => {
    const email = `taken-${randomUUID()}@example.com`;
    const signUp = async (address: string, password: string) => {
      const browser = new CookieBrowser(stack.baseUrl);
      const form = await browser.request("/api/oauth/signup?return_to=%2Fdashboard");
      const res = await browser.request("/api/oauth/signup", {
        form: { ...hiddenFields(form.html), email: address, password },
      });
      const session = res.headers.getSetCookie().some((c) => /sv_oauth_session=[^;]/.test(c));
      return { status: res.status, location: res.location, session, html: res.html };
    };
    const fresh = await signUp(email, PASSWORD);
    expect(fresh).toMatchObject({ status: 303, location: "/dashboard", session: true });
    const same = await signUp(email.toUpperCase(), PASSWORD);
    expect(same).toMatchObject({ status: 303, location: "/dashboard", session: true });
    const other = await signUp(email, `${PASSWORD} but another`);
    expect(other).toMatchObject({ status: 409, session: false });
    expect(other.html).toContain("An account with this email already exists.");
  });
});

describe("redirect URIs, scopes and CSRF", () => {
  it("refuses redirect hosts that are not DNS names at registration", async () => {
    for (const uri of ["https://x;sandbox.claude.ai/cb", "https://a'b.claude.ai/cb", "https://*.claude.ai/cb"]) {
      expect(await register({ redirect_uris: [uri] }), uri).toMatchObject({
        status: 400,
        body: { error: "invalid_redirect_uri" },
      });
    }
  });

  it("grants a client registered with a scope at most that scope when it asks for none", async () => {
    const reg = await register({ scope: "url:lookup", token_endpoint_auth_method: "none" });
    expect(reg.status).toBe(201);
    const browser = await signedUpBrowser();
    const consent = await browser.request(authorizePath(reg.body["client_id"] ?? ""));
    expect(consent.status).toBe(200);
    expect(consent.html).toContain("<code>url:lookup</code>");
    expect(consent.html).not.toContain("<code>phone:lookup</code>");
    expect(consent.html).not.toContain("<code>usage:read</code>");
  });

  it("binds the CSRF token to the session: a token of another session is refused", async () => {
    const reg = await register({ token_endpoint_auth_method: "none" });
    const alice = await signedUpBrowser();
    const consent = await alice.request(authorizePath(reg.body["client_id"] ?? ""));
    const fields = hiddenFields(consent.html);
    // Mallory has her own session and plants Alice's nonce cookie in it: the form token still does not fit.
    const mallory = await signedUpBrowser();
    const nonceName = [...alice.jar.keys()].find((k) => k.endsWith("sv_oauth_csrf")) ?? "";
    mallory.jar.set(nonceName, alice.jar.get(nonceName) ?? "");
    const forged = await mallory.request("/api/oauth/authorize", { form: { ...fields, decision: "approve" } });
    expect(forged.status).toBe(403);
    const own = await alice.request("/api/oauth/authorize", { form: { ...fields, decision: "approve" } });
    expect(own.status).toBe(303);
    expect(own.location).toMatch(/^http:\/\/127\.0\.0\.1:7777\/callback\?code=svac_/);
  });
});

describe("logs", () => {
  it("name the full path of OAuth and dashboard requests, and the cause of a 500 without the body", async () => {
    const failing = await startStack(await pg.open(), {
      logger,
      wrapStore: (store) =>
        Object.assign(Object.create(store) as typeof store, {
          findClient: async () => {
            throw new TypeError("simulated driver fault");
          },
        }),
    });
    try {
      const before = logger.lines.length;
      const secret = `svcs_${randomUUID()}`;
      const res = await rawRequest(failing.port, "/api/oauth/token", {
        headers: FORM,
        body: `grant_type=refresh_token&client_id=c1&client_secret=${secret}&refresh_token=svrt_zzz`,
      });
      expect(res.status).toBe(500);
      await rawRequest(failing.port, "/dashboard", { method: "GET" });
      const lines = logger.lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
      const tokenLine = lines.find((l) => l["msg"] === "request" && l["path"] === "/api/oauth/token");
      expect(tokenLine).toMatchObject({ level: "error", status: 500, error: "simulated driver fault" });
      expect(String(tokenLine?.["stack"])).toContain("TypeError: simulated driver fault");
      expect(lines.some((l) => l["path"] === "/dashboard" && l["status"] === 302)).toBe(true);
      expect(lines.some((l) => l["path"] === "/token" || l["path"] === "/")).toBe(false);
      const all = logger.lines.slice(before).join("\n");
      expect(all).not.toContain(secret);
      expect(all).not.toContain("svrt_zzz");
    } finally {
      await failing.close();
    }
  });
});

describe("the per-address limit", () => {
  it("answers a person's form with a page and an OAuth client with the RFC error", async () => {
    const app = express();
    const limited = () => ipRateLimit({ limiter: new InMemoryRateLimiter(), perMinute: 1, now: () => new Date(0) });
    app.use("/api/oauth/signin", limited());
    app.use("/api/oauth/token", limited());
    app.post(["/api/oauth/signin", "/api/oauth/token"], (_req, res) => res.status(204).end());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const port = (server.address() as AddressInfo).port;
    try {
      for (const path of ["/api/oauth/signin", "/api/oauth/token"]) {
        expect((await rawRequest(port, path, { headers: FORM, body: "a=1" })).status).toBe(204);
      }
      const page = await rawRequest(port, "/api/oauth/signin", { headers: FORM, body: "a=1" });
      expect(page.status).toBe(429);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.text).toContain("Too many requests from this address. Try again in 60 s.");
      const client = await rawRequest(port, "/api/oauth/token", { headers: FORM, body: "a=1" });
      expect(client.status).toBe(429);
      expect(JSON.parse(client.text)).toMatchObject({ error: "temporarily_unavailable" });
    } finally {
      server.close();
    }
  });
});

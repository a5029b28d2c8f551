// A small JSON body that arrives with its headers is taken from the request at once (takeArrivedBody); one that
// arrives later is read as a stream (readRequestBody). The JSON API answers the same either way: every case below is
// asked twice of the same server, once with the body in the same write as the headers and once with the body sent
// only after the server has answered `Expect: 100-continue` (so its handler has started before a byte of the body is
// there), and the two answers must have the same status, headers and body but for what is each request's own.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HotResultCache } from "@scamverify/persistence";
import { FixedClock } from "@scamverify/core/testing";
import {
  T0,
  call,
  engineInMemory,
  rawRequest,
  seedAccount,
  serve,
  uniqueUrl,
  type TestServer,
} from "./support/harness.js";

let server: TestServer;
let port: number;
let kit: ReturnType<typeof engineInMemory>;

beforeAll(async () => {
  const clock = new FixedClock(T0);
  kit = engineInMemory({ clock, override: (deps) => ({ cache: new HotResultCache(deps.cache, { clock }) }) });
  server = await serve(kit.engine);
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await server.close();
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * POSTs `body` to `path`. "whole": headers and body in one write. "late": the headers alone with Expect:
 * 100-continue, and the body once the server has answered 100 Continue.
 */
async function ask(
  path: string,
  key: string,
  body: string,
  how: "whole" | "late",
  type = "application/json",
): Promise<Answer> {
  const sent = { authorization: `Bearer ${key}`, "content-type": type };
  if (how === "whole") return rawRequest(port, "POST", path, sent, body);
  return new Promise((resolve, reject) => {
    const headers = { ...sent, "content-length": String(Buffer.byteLength(body)), expect: "100-continue" };
    const req = request({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) out[name] = String(value);
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
    req.on("continue", () => req.end(body));
    req.flushHeaders();
  });
}

/**
 * What is each request's own: its id (header and error body), the date, the rate limit it used up, and how its
 * connection goes on (the whole request is sent on a connection of its own, closed after the answer).
 */
const OWN = new Set(["x-request-id", "date", "ratelimit-remaining", "connection", "keep-alive"]);

function comparable(a: Answer): { status: number; headers: Record<string, string>; body: unknown } {
  const headers = Object.fromEntries(Object.entries(a.headers).filter(([name]) => !OWN.has(name)));
  const body = JSON.parse(a.body) as { error?: { request_id?: string } };
  if (body.error !== undefined) {
    expect(body.error.request_id).toBe(a.headers["x-request-id"]);
    delete body.error.request_id;
  }
  return { status: a.status, headers, body };
}

/** Asks the same twice, the body whole then late, and expects the same answer. */
async function same(path: string, key: string, body: string, type?: string): Promise<Answer> {
  const whole = await ask(path, key, body, "whole", type);
  const late = await ask(path, key, body, "late", type);
  expect(comparable(late)).toEqual(comparable(whole));
  if (whole.headers["ratelimit-remaining"] !== undefined && whole.headers["ratelimit-remaining"] !== "0") {
    expect(Number(late.headers["ratelimit-remaining"])).toBe(Number(whole.headers["ratelimit-remaining"]) - 1);
  }
  expect(late.headers["x-request-id"]).not.toBe(whole.headers["x-request-id"]);
  return whole;
}

const LOOKUP = "/api/v1/url/lookup";

describe("a JSON body taken as it arrived, against one read as a stream", () => {
  it("gives the same cached lookup: headers, counters and bytes", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const body = JSON.stringify({ url: uniqueUrl("arrived") });
    expect((await ask(LOOKUP, key, body, "whole")).status).toBe(200);
    const hit = await same(LOOKUP, key, body);
    expect(hit.status).toBe(200);
    expect(JSON.parse(hit.body)).toMatchObject({ cached: true });
    for (const name of ["x-quota-url-used", "x-quota-url-limit", "ratelimit-limit", "ratelimit-reset"]) {
      expect(hit.headers[name], name).toBeDefined();
    }
    expect(hit.headers["x-quota-url-used"]).toBe("1");
  });

  it("gives the same refusal to a key whose quota is used up", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", quotas: { url: 1 } });
    expect((await ask(LOOKUP, key, JSON.stringify({ url: uniqueUrl("spent") }), "whole")).status).toBe(200);
    const refused = await same(LOOKUP, key, JSON.stringify({ url: uniqueUrl("over") }));
    expect(refused.status).toBe(402);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "quota_exhausted" } });
    expect(refused.headers["x-quota-url-used"]).toBeDefined();
  });

  it("gives the same refusal to a key over its rate limit", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 1 });
    const body = JSON.stringify({ url: uniqueUrl("limited") });
    expect((await ask(LOOKUP, key, body, "whole")).status).toBe(200);
    const refused = await same(LOOKUP, key, body);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "rate_limit_exceeded" } });
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
  });

  it("applies the account's block list to the cached result the same way", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const site = new URL(uniqueUrl("blocked"));
    const body = JSON.stringify({ url: `https://login.${site.host}/` });
    expect((await ask(LOOKUP, key, body, "whole")).status).toBe(200);
    const added = await call(server.url, "POST", "/api/v1/lists/block", {
      key,
      body: { kind: "domain", value: site.host },
    });
    expect(added.status).toBe(200);
    const hit = await same(LOOKUP, key, body);
    const answer = JSON.parse(hit.body) as { cached: boolean; verdict: string; factors: { id: string }[] };
    expect(answer.cached).toBe(true);
    expect(answer.verdict).toBe("scam");
    expect(answer.factors[0]).toMatchObject({ id: "account_blocklist" });
  });

  it("gives the same error envelope to a body that is not JSON, or not of the schema, or of another type", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const broken = await same(LOOKUP, key, '{"url": "https://example.test/",');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ error: { code: "validation_error" } });
    const wrong = await same(LOOKUP, key, '{"link": "https://example.test/"}');
    expect(wrong.status).toBe(400);
    const typed = await same(LOOKUP, key, "url=https://example.test/", "application/x-www-form-urlencoded");
    expect(typed.status).toBe(415);
    const latin = await same(LOOKUP, key, '{"url":"https://example.test/"}', "application/json; charset=iso-8859-1");
    expect(latin.status).toBe(415);
  });
});

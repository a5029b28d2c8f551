// Host names that cannot exist in DNS (a label over 63 characters, a name over 253, more than 127 labels) and
// ports out of 1..65535 are refused as input wherever a URL is asked about (400 validation_error naming the field,
// nothing charged), and skipped without failing the message wherever a URL is only found in a text or an email.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "@scamverify/core";
import { call, engineInMemory, seedAccount, serve, unlimited, type TestServer } from "./support/harness.js";

const LONG_LABEL = `https://${"a".repeat(64)}.example.com/login`;
const LONG_NAME = `https://${`${"b".repeat(62)}.`.repeat(4)}com/`;
const MANY_LABELS = `https://${"c.".repeat(127)}com/`;
const PORT_ZERO = "https://example.com:0/";
const PORT_HIGH = "https://example.com:70000/";

let server: TestServer;
let engine: Engine;
let key: string;

beforeAll(async () => {
  engine = engineInMemory({ rateLimiter: unlimited }).engine;
  server = await serve(engine);
  ({ key } = await seedAccount(engine, { plan: "enterprise", rpm: 100_000 }));
});

afterAll(async () => {
  await server.close();
});

const urlUsed = async (): Promise<number> =>
  (await call(server.url, "GET", "/api/v1/usage", { key })).body.quotas.url.used as number;

describe("URLs that cannot exist are refused, not judged", () => {
  it.each([
    [LONG_LABEL, "a label has at most 63"],
    [LONG_NAME, "a host name has at most 253"],
    [MANY_LABELS, "a host name has at most 127"],
    [PORT_ZERO, "port is 0"],
    [PORT_HIGH, "port 70000 is out of range"],
  ])("POST /api/v1/url/lookup %#", async (url, words) => {
    const before = await urlUsed();
    const r = await call(server.url, "POST", "/api/v1/url/lookup", { key, body: { url } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation_error");
    expect(r.body.error.message).toContain(words);
    expect(r.body.error.message).toMatch(/^url\b/);
    expect(r.body.error.details.issues).toEqual([{ field: "url", message: expect.stringContaining(words) }]);
    expect(await urlUsed()).toBe(before);
  });

  it("a batch answers such an item with an error in its place and checks the others", async () => {
    const r = await call(server.url, "POST", "/api/v1/batch/url", {
      key,
      body: { urls: ["https://example.org/", LONG_LABEL, PORT_ZERO] },
    });
    expect(r.status).toBe(200);
    expect(r.body.summary).toMatchObject({ total: 3, succeeded: 1, failed: 2 });
    expect(r.body.results[1].error.code).toBe("validation_error");
    expect(r.body.results[1].error.details.issues[0].field).toBe("urls[1]");
    expect(r.body.results[1].error.message).toContain("a label has at most 63");
    expect(r.body.results[2].error.message).toContain("port is 0");
  });

  it("a text with such links is analysed; the links are skipped, the others checked", async () => {
    const r = await call(server.url, "POST", "/api/v1/text/analyze", {
      key,
      body: {
        text: `Your parcel is held. Pay at ${LONG_LABEL} or ${PORT_ZERO} or https://parcel-help.example.net/pay`,
      },
    });
    expect(r.status).toBe(200);
    const urls = JSON.stringify(r.body.signals.extracted_urls);
    expect(urls).toContain("parcel-help.example.net");
    expect(urls).not.toContain("a".repeat(64));
    expect(urls).not.toContain("example.com:0");
  });
});

// Validation messages in plain words, over the channel endpoints: each issue names its field by its path in the body
// (items[1].url) and says what is wrong and what is expected; the envelope's message is the first issue's. No schema
// library's wording ("Invalid input: expected string, received number", "Unrecognized key") reaches the caller.
//
// Host names that cannot exist in DNS (a label over 63 characters, a name over 253, more than 127 labels) and ports
// out of 1..65535 are refused as input wherever a URL is asked about (400 validation_error naming the field, nothing
// charged), and skipped without failing the message wherever a URL is only found in a text or an email.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, serveWithAccount, type TestServer } from "./support/harness.js";

let server: TestServer;
let key: string;

beforeAll(async () => {
  ({ server, key } = await serveWithAccount());
});

afterAll(async () => {
  await server.close();
});

const RAW_WORDING =
  /Invalid input|expected \w+, received|Too (?:big|small)|Unrecognized key|Invalid option|must NOT|Malformed JSON|Required$/;

type Case = readonly [what: string, path: string, body: unknown, field: string, message: string | RegExp];

const CASES: readonly Case[] = [
  // wrong type
  ["wrong type", "/api/v1/url/lookup", { url: 42 }, "url", "url must be a string, not the number 42."],
  ["wrong type", "/api/v1/text/analyze", { text: ["hi"] }, "text", "text must be a string, not a list."],
  [
    "wrong type",
    "/api/v1/url/lookup",
    { url: "https://a.example", force_refresh: "yes" },
    "force_refresh",
    "force_refresh must be true or false, not a string.",
  ],
  [
    "wrong type",
    "/api/v1/batch/url",
    { items: [{ url: "https://a.example" }, { url: 3 }] },
    "items[1].url",
    "items[1].url must be a string, not the number 3.",
  ],
  [
    "wrong type",
    "/api/v1/email/analyze",
    { email_body: { text: "hi" } },
    "email_body",
    "email_body must be a string, not an object.",
  ],
  ["wrong type (whole body)", "/api/v1/phone/lookup", [1, 2], "body", "body must be a JSON object, not a list."],
  // missing field
  ["missing field", "/api/v1/url/lookup", {}, "url", /^url is missing: send a string \(The URL to check/],
  [
    "missing field",
    "/api/v1/phone/lookup",
    { force_refresh: true },
    "phone_number",
    /^phone_number is missing: send a string/,
  ],
  ["missing field", "/api/v1/text/analyze", {}, "text", /^text is missing: send a string/],
  ["missing field", "/api/v1/reports", { kind: "url", value: "https://a.example" }, "category", /^category is missing/],
  [
    "missing field",
    "/api/v1/email/analyze",
    {},
    "email_body",
    /^email_body: Required: email_body \(the message\), or raw_message/,
  ],
  // unknown field
  [
    "unknown field",
    "/api/v1/url/lookup",
    { url: "https://a.example", force_refesh: true },
    "force_refesh",
    "force_refesh is not a field this request takes; its fields are url, force_refresh.",
  ],
  [
    "unknown field",
    "/api/v1/text/analyze",
    { text: "hello", sender: "+14155552671" },
    "sender",
    /^sender is not a field this request takes; its fields are text, sender_number, force_refresh\.$/,
  ],
  [
    "unknown field",
    "/api/v1/batch/phone",
    { items: [{ phone_number: "+14155552671", name: "Bob" }] },
    "items[0].name",
    "items[0].name is not a field this request takes; its fields are phone_number.",
  ],
  // too long
  [
    "too long",
    "/api/v1/url/lookup",
    { url: `https://a.example/${"a".repeat(2100)}` },
    "url",
    "url is too long: at most 2048 characters (this one has 2118).",
  ],
  [
    "too long",
    "/api/v1/phone/lookup",
    { phone_number: "1".repeat(65) },
    "phone_number",
    "phone_number is too long: at most 64 characters (this one has 65).",
  ],
  [
    "too long (the schema's own words)",
    "/api/v1/text/analyze",
    { text: "a".repeat(5001) },
    "text",
    /^text: A message is at most 5000 characters; send longer mail to \/api\/v1\/email\/analyze/,
  ],
  [
    "too short",
    "/api/v1/phone/lookup",
    { phone_number: "" },
    "phone_number",
    "phone_number is empty: send at least 1 character.",
  ],
  // too many items
  [
    "too many items",
    "/api/v1/batch/url",
    { urls: Array.from({ length: 101 }, (_, i) => `https://s${i}.example`) },
    "urls",
    "urls has too many items: at most 100 (this one has 101).",
  ],
  [
    "too many items",
    "/api/v1/batch/phone",
    { phone_numbers: Array.from({ length: 150 }, () => "+14155552671") },
    "phone_numbers",
    "phone_numbers has too many items: at most 100 (this one has 150).",
  ],
  [
    "too few items",
    "/api/v1/batch/phone",
    { phone_numbers: [] },
    "phone_numbers",
    "phone_numbers is an empty list: send at least 1 item.",
  ],
  // bad enum value
  [
    "bad enum value",
    "/api/v1/reports",
    { kind: "sms", value: "x", category: "phishing" },
    "kind",
    'kind must be one of "url", "phone", not "sms".',
  ],
  [
    "bad enum value",
    "/api/v1/reports",
    { kind: "url", value: "https://a.example", category: "nasty" },
    "category",
    /^category must be one of "phishing", "scam_call", .*"other", not "nasty"\.$/,
  ],
];

describe("validation messages name the field and say what is expected", () => {
  it.each(CASES)("%s: POST %s %j", async (_what, path, body, field, message) => {
    const r = await call(server.url, "POST", path, { key, body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation_error");
    const issue = r.body.error.details.issues.find((i: { field: string }) => i.field === field);
    expect(issue, JSON.stringify(r.body.error.details.issues)).toBeDefined();
    if (typeof message === "string") expect(issue.message).toBe(message);
    else expect(issue.message).toMatch(message);
    expect(r.body.error.message.startsWith(r.body.error.details.issues[0].message)).toBe(true);
    for (const i of r.body.error.details.issues) expect(i.message.startsWith(i.field)).toBe(true);
    expect(JSON.stringify(r.body)).not.toMatch(RAW_WORDING);
  });

  it("counts the further problems in the envelope's message", async () => {
    const r = await call(server.url, "POST", "/api/v1/reports", { key, body: { kind: 1, value: 2, category: 3 } });
    expect(r.body.error.details.issues).toHaveLength(3);
    expect(r.body.error.message).toBe('kind must be one of "url", "phone", not 1. (and 2 more: see details.issues)');
  });

  it.each([
    ['{"url": "https://a.example",}', "line 1, column 29"],
    ['{\n  "url": "https://a.example"\n  "force_refresh": true\n}', "line 3, column 3"],
    ['{"url": "https://a.example"', "line 1, column 28"],
    ["", null],
  ])("malformed JSON says where: %j", async (raw, where) => {
    const r = await call(server.url, "POST", "/api/v1/url/lookup", { key, body: raw });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation_error");
    if (where === null) {
      // An empty body is an empty request: the missing field is named.
      expect(r.body.error.details.issues[0].field).toBe("url");
      return;
    }
    expect(r.body.error.details.issues).toEqual([{ field: "body", message: r.body.error.message }]);
    expect(r.body.error.message).toMatch(
      /^body is not valid JSON \(the problem is at line \d+, column \d+\): send one JSON object/,
    );
    expect(r.body.error.message).toContain(where);
    expect(r.body.error.message).not.toContain("https://a.example");
  });
});

const LONG_LABEL = `https://${"a".repeat(64)}.example.com/login`;
const LONG_NAME = `https://${`${"b".repeat(62)}.`.repeat(4)}com/`;
const MANY_LABELS = `https://${"c.".repeat(127)}com/`;
const PORT_ZERO = "https://example.com:0/";
const PORT_HIGH = "https://example.com:70000/";

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

// Validation messages in plain words, over the channel endpoints: each issue names its field by its path in the body
// (items[1].url) and says what is wrong and what is expected; the envelope's message is the first issue's. No schema
// library's wording ("Invalid input: expected string, received number", "Unrecognized key") reaches the caller.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, engineInMemory, seedAccount, serve, unlimited, type TestServer } from "./support/harness.js";

let server: TestServer;
let key: string;

beforeAll(async () => {
  const kit = engineInMemory({ rateLimiter: unlimited });
  server = await serve(kit.engine);
  ({ key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 100_000 }));
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
    ['{"url": "https://a.example"', "line 1"],
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

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { redactForModel, type AiInput } from "@scamverify/core";
import { CircuitBreaker } from "../../src/vendors/circuit-breaker.js";
import { createOpenAiAnalyst } from "../../src/ai/create-openai-analyst.js";
import {
  notConfiguredAiAnalyst,
  type AiLogLevel,
  type OpenAiAnalystConfig,
} from "../../src/ai/openai-analyst-config.js";
import { USAGE, startFakeOpenAi, type FakeOpenAi } from "./fake-openai-server.js";

const API_KEY = "sk-test-abcdefghijklmnopqrstuvwxyz";
const RECIPIENT = "jane.doe@example.net";
const CONTENT =
  "USPS: your parcel is on hold. Pay the $1.99 fee at https://usps-fee.example/pay?u=jane.doe%40example.net " +
  "within 24h. Your code 481516.";

let fake: FakeOpenAi;
let now = 1_763_900_000_000;
const clock = { now: () => new Date(now) };
const sleeps: number[] = [];
const sleep = async (ms: number): Promise<void> => {
  sleeps.push(ms);
  now += ms;
};
const logs: Array<{ level: AiLogLevel; msg: string; fields: Record<string, unknown> }> = [];
const logger = {
  log: (level: AiLogLevel, msg: string, fields: Record<string, unknown> = {}) => void logs.push({ level, msg, fields }),
};
const ctx = () => ({ signal: new AbortController().signal });

const input: AiInput = {
  channel: "text",
  subject: redactForModel("text message"),
  riskScore: 72,
  verdict: "high_risk",
  confidence: 0.8,
  factors: [{ id: "delivery_fee_lure", source: "text_cues", label: "Asks for a small delivery fee", points: 45 }],
  lookups: [
    {
      kind: "url",
      subject: redactForModel("https://usps-fee.example/pay?u=jane.doe%40example.net", { recipientEmail: RECIPIENT }),
      riskScore: 80,
      verdict: "high_risk",
      reasons: ["Domain registered 3 days ago"],
    },
  ],
  unavailableSources: ["vendor4"],
  content: redactForModel(CONTENT, { recipientEmail: RECIPIENT }),
};

const answer = {
  verdict: "scam",
  explanation: "A fake parcel-fee message: the link is not USPS. Do not pay or click.",
  factor: { scam_type: "delivery", points: 12, rationale: "Small fee and a deadline on a look-alike domain" },
};

function analyst(over: Partial<OpenAiAnalystConfig> = {}) {
  return createOpenAiAnalyst({
    apiKey: API_KEY,
    baseURL: fake.baseURL,
    model: "test-model",
    visionModel: "test-vision",
    clock,
    sleep,
    logger,
    boundary: () => "sv-fixedboundary",
    breaker: new CircuitBreaker({ clock, failureThreshold: 3, coolDownMs: 60_000 }),
    ...over,
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
beforeEach(() => {
  fake.server.requests.length = 0;
  fake.modelsStatus = 200;
  sleeps.length = 0;
  logs.length = 0;
});
afterAll(async () => {
  await fake.close();
});

describe("analyze against an OpenAI-compatible server", () => {
  it("sends fixed instructions, the data fenced in user messages, and a strict json_schema; reads the answer", async () => {
    fake.script({ kind: "json", body: answer });
    // The SDK would read these from the environment; the adapter must not let them through.
    const saved = { org: process.env.OPENAI_ORG_ID, project: process.env.OPENAI_PROJECT_ID };
    process.env.OPENAI_ORG_ID = "org-account-id";
    process.env.OPENAI_PROJECT_ID = "proj-account-id";
    let got;
    try {
      got = await analyst().analyze(input, ctx());
    } finally {
      if (saved.org === undefined) delete process.env.OPENAI_ORG_ID;
      else process.env.OPENAI_ORG_ID = saved.org;
      if (saved.project === undefined) delete process.env.OPENAI_PROJECT_ID;
      else process.env.OPENAI_PROJECT_ID = saved.project;
    }
    expect(got).toEqual(answer);
    const [req] = fake.completions();
    expect(req?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req?.headers["openai-organization"]).toBeUndefined();
    expect(req?.headers["openai-project"]).toBeUndefined();
    const body = fake.bodies()[0] as {
      model: string;
      max_tokens: number;
      messages: Array<{ role: string; content: string }>;
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
    };
    expect(body.model).toBe("test-model");
    expect(body.max_tokens).toBe(700);
    expect(body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "scam_assessment", strict: true },
    });
    expect(body.messages.map((m) => m.role)).toEqual(["system", "user", "user"]);
    const [system, assessment, content] = body.messages;
    expect(system?.content).toContain("untrusted");
    expect(system?.content).not.toContain("usps-fee");
    expect(assessment?.content).toMatch(
      /-----BEGIN DATA sv-fixedboundary-----[\s\S]*"risk_score": 72[\s\S]*-----END DATA sv-fixedboundary-----$/,
    );
    expect(content?.content).toContain("Pay the $1.99 fee at https://usps-fee.example/pay?u=[recipient email]");
    expect(content?.content).toContain("Your code [one-time code].");
    // Nothing secret or personal leaves in the body.
    const raw = fake.completions()[0]?.body ?? "";
    for (const secret of [API_KEY, RECIPIENT, "jane.doe", "481516"]) expect(raw).not.toContain(secret);
  });

  it("logs the token usage of each call and nothing of the content or the answer", async () => {
    fake.script({ kind: "json", body: answer });
    await analyst().analyze(input, ctx());
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      level: "info",
      msg: "ai call",
      fields: { operation: "analyze", model: "test-model", outcome: "ok", attempts: 1, ...USAGE },
    });
    const line = JSON.stringify(logs);
    for (const s of ["usps-fee", "parcel", "look-alike", API_KEY]) expect(line).not.toContain(s);
  });

  it("an answer without a factor has no factor", async () => {
    fake.script({ kind: "json", body: { ...answer, factor: null } });
    expect(await analyst().analyze(input, ctx())).toEqual({ verdict: "scam", explanation: answer.explanation });
  });

  it.each([
    ["malformed JSON", { kind: "text", content: '{"verdict": "scam", "explanation": "cut' } as const, "malformed_json"],
    ["a refusal", { kind: "refusal", refusal: "I can't help with that." } as const, "refusal"],
    ["missing fields", { kind: "json", body: { verdict: "scam" } } as const, "invalid"],
    [
      "points out of range",
      { kind: "json", body: { ...answer, factor: { ...answer.factor, points: 26 } } } as const,
      "invalid",
    ],
    ["a verdict outside the list", { kind: "json", body: { ...answer, verdict: "dangerous" } } as const, "invalid"],
    ["a cut-off answer", { kind: "json", body: answer, finish: "length" } as const, "truncated"],
  ])("discards %s", async (_name, script, outcome) => {
    fake.script(script);
    expect(await analyst().analyze(input, ctx())).toBeNull();
    expect(logs[0]?.fields).toMatchObject({ outcome });
  });

  it("retries a 429 after its Retry-After, then answers", async () => {
    fake.script({ kind: "status", status: 429, headers: { "retry-after": "1" } }, { kind: "json", body: answer });
    expect(await analyst().analyze(input, ctx())).toEqual(answer);
    expect(sleeps).toEqual([1_000]);
    expect(fake.completions()).toHaveLength(2);
    expect(logs[0]?.fields).toMatchObject({ outcome: "ok", attempts: 2 });
  });

  it("gives up at once when Retry-After asks for longer than it may wait", async () => {
    fake.script({ kind: "status", status: 429, headers: { "retry-after": "120" } }, { kind: "json", body: answer });
    expect(await analyst().analyze(input, ctx())).toBeNull();
    expect(sleeps).toEqual([]);
    expect(fake.completions()).toHaveLength(1);
    expect(logs[0]?.fields).toMatchObject({ outcome: "http", http_status: 429 });
  });

  it("retries a 500 a bounded number of times", async () => {
    fake.script({ kind: "status", status: 500 });
    expect(await analyst({ maxRetries: 2 }).analyze(input, ctx())).toBeNull();
    expect(fake.completions()).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it("honours retry-after-ms, the finer hint OpenAI sends", async () => {
    fake.script({ kind: "status", status: 503, headers: { "retry-after-ms": "300" } }, { kind: "json", body: answer });
    expect(await analyst().analyze(input, ctx())).toEqual(answer);
    expect(sleeps).toEqual([300]);
  });

  it("goes through the fetch it is given", async () => {
    fake.script({ kind: "json", body: answer });
    const seen: string[] = [];
    const counting: typeof fetch = (url, init) => {
      seen.push(String(url));
      return fetch(url, init);
    };
    expect(await analyst({ fetch: counting }).analyze(input, ctx())).toEqual(answer);
    expect(seen).toEqual([`${fake.baseURL}/chat/completions`]);
  });

  it("does not retry a 400", async () => {
    fake.script({ kind: "status", status: 400 });
    expect(await analyst().analyze(input, ctx())).toBeNull();
    expect(fake.completions()).toHaveLength(1);
  });

  it("gives up on a server that never answers within its timeout", async () => {
    fake.script({ kind: "hang" });
    const started = performance.now();
    expect(await analyst({ timeoutMs: 300 }).analyze(input, ctx())).toBeNull();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000);
    expect(logs[0]?.fields).toMatchObject({ outcome: "timeout" });
  });

  it("stops when the caller aborts", async () => {
    fake.script({ kind: "hang" });
    const caller = new AbortController();
    const pending = analyst({ timeoutMs: 30_000 }).analyze(input, { signal: caller.signal });
    setTimeout(() => caller.abort(), 50);
    const started = performance.now();
    expect(await pending).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("opens its circuit after repeated failures: no more requests, health degraded", async () => {
    fake.script({ kind: "status", status: 503 });
    const a = analyst({ maxRetries: 0 });
    for (let i = 0; i < 3; i++) expect(await a.analyze(input, ctx())).toBeNull();
    expect(fake.completions()).toHaveLength(3);
    fake.script({ kind: "json", body: answer });
    expect(await a.analyze(input, ctx())).toBeNull();
    expect(fake.completions()).toHaveLength(3);
    expect(logs.at(-1)?.fields).toMatchObject({ outcome: "circuit_open" });
    expect(await a.health()).toBe("degraded");
    now += 60_000;
    expect(await a.analyze(input, ctx())).toEqual(answer);
    expect(await a.health()).toBe("operational");
  });

  it("keeps at most maxConcurrency calls in flight; queued calls time out without reaching the server", async () => {
    fake.script({ kind: "hang" });
    const a = analyst({ maxConcurrency: 2, timeoutMs: 400 });
    const all = Promise.all(Array.from({ length: 5 }, () => a.analyze(input, ctx())));
    expect(await all).toEqual([null, null, null, null, null]);
    expect(fake.completions()).toHaveLength(2);
  });
});

describe("health", () => {
  it("is operational when the server lists models, cached until its TTL passes, then degraded when it fails", async () => {
    const a = analyst({ healthTtlMs: 30_000 });
    expect(await a.health()).toBe("operational");
    fake.modelsStatus = 500;
    expect(await a.health()).toBe("operational");
    expect(fake.server.requests.filter((r) => r.url === "/v1/models")).toHaveLength(1);
    now += 30_000;
    expect(await a.health()).toBe("degraded");
    expect(fake.server.requests.filter((r) => r.url === "/v1/models")).toHaveLength(2);
  });

  it("is not_configured without a key or a server", async () => {
    const a = createOpenAiAnalyst({ clock, apiKey: " ", baseURL: undefined });
    expect(a).toBe(notConfiguredAiAnalyst);
    expect(await a.health()).toBe("not_configured");
    expect(await a.analyze(input, ctx())).toBeNull();
    expect(await a.readImage({ bytes: new Uint8Array([1]), mediaType: "image/png" }, ctx())).toBeNull();
  });
});

describe("readImage", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const reading = {
    text: "NOTICE OF UNPAID TOLL. Pay $6.99 at tolls-pay.example",
    entities: [
      { kind: "amount", value: "$6.99" },
      { kind: "url", value: "tolls-pay.example" },
    ],
    claimed_issuer: "E-ZPass",
  };

  it("sends the image as a data URL to the vision model and reads text, entities and issuer", async () => {
    fake.script({ kind: "json", body: reading });
    expect(await analyst().readImage({ bytes: png, mediaType: "image/png" }, ctx())).toEqual(reading);
    const body = fake.bodies()[0] as {
      model: string;
      messages: Array<{ role: string; content: unknown }>;
      response_format: { json_schema: { name: string } };
    };
    expect(body.model).toBe("test-vision");
    expect(body.response_format.json_schema.name).toBe("image_reading");
    const parts = body.messages[1]?.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(parts.find((p) => p.type === "image_url")?.image_url?.url).toBe(
      `data:image/png;base64,${Buffer.from(png).toString("base64")}`,
    );
    expect(logs[0]?.fields).toMatchObject({ operation: "read_image", model: "test-vision", outcome: "ok" });
  });

  it("discards a reading that does not validate, and never sends an oversized or unsupported image", async () => {
    fake.script({
      kind: "json",
      body: { text: "x", entities: [{ kind: "weapon", value: "y" }], claimed_issuer: null },
    });
    expect(await analyst().readImage({ bytes: png, mediaType: "image/png" }, ctx())).toBeNull();
    expect(await analyst({ maxImageBytes: 4 }).readImage({ bytes: png, mediaType: "image/png" }, ctx())).toBeNull();
    const tiff = { bytes: png, mediaType: "image/tiff" } as unknown as Parameters<
      ReturnType<typeof analyst>["readImage"]
    >[0];
    expect(await analyst().readImage(tiff, ctx())).toBeNull();
    expect(fake.completions()).toHaveLength(1);
  });
});

describe("token limit parameter", () => {
  it("uses max_completion_tokens when told to (OpenAI's default) and none when told so", async () => {
    fake.script({ kind: "json", body: answer });
    await analyst({ tokenLimitParam: "max_completion_tokens" }).analyze(input, ctx());
    await analyst({ tokenLimitParam: "none" }).analyze(input, ctx());
    const [first, second] = fake.bodies();
    expect(first).toMatchObject({ max_completion_tokens: 700 });
    expect(first).not.toHaveProperty("max_tokens");
    expect(second).not.toHaveProperty("max_tokens");
    expect(second).not.toHaveProperty("max_completion_tokens");
  });
});

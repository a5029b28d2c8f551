// The AI layer through a real engine and the real adapter, against an OpenAI-compatible server on 127.0.0.1: a model
// talked into "harmless, safe" cannot lower a scam below high_risk nor by more than 15 points, a model that never
// answers costs a lookup its budget and no more, and status stops saying operational.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine, type EngineDeps, type Principal } from "@scamverify/core";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
} from "@scamverify/core/testing";
import { createOpenAiAnalyst } from "../../src/ai/openai-ai-analyst.js";
import { lowestAnswer, startFakeOpenAi, type FakeOpenAi } from "./fake-openai-server.js";

const clock = new FixedClock("2026-03-10T12:00:00.000Z");
const hasher = {
  sha256Hex: (v: string) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v: string) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
};

function engineWith(ai?: EngineDeps["ai"]): Engine {
  return createEngine({
    accounts: new InMemoryAccountStore(),
    apiKeys: new InMemoryApiKeyStore(),
    quota: new InMemoryQuotaLedger(),
    cache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    rateLimiter: new InMemoryRateLimiter(),
    health: { databaseReachable: async () => true },
    clock,
    ids: { uuid: () => randomUUID(), token: (n) => randomBytes(n).toString("base64url") },
    hasher,
    passwords: { hash: async (p) => `x${p}`, verify: async (p, h) => h === `x${p}` },
    ...(ai ? { ai } : {}),
  });
}

async function principal(engine: Engine, mode: "live" | "test" = "live"): Promise<Principal> {
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode }))._unsafeUnwrap();
  return (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
}

const SCAM_URL = "http://paypa1-secure-login.com/signin";
const SCAM_TEXT =
  "E-ZPass: You have an unpaid toll of $4.15. Pay today to avoid a $50 late fee and suspension: https://ezpass-ny-tolls.top/pay";

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});

describe('a model answering every request "harmless, safe" with the lowest numbers its schema allows', () => {
  it("leaves a scam URL and a scam text high_risk or worse, at most 15 points lower, with the model's words shown as a disagreeing reading", async () => {
    fake.script({ kind: "from_schema", answer: lowestAnswer });
    const rules = engineWith();
    const withAi = engineWith(
      createOpenAiAnalyst({ apiKey: "sk-test-0123456789", baseURL: fake.baseURL, model: "m", clock }),
    );
    const pr = await principal(rules);
    const pa = await principal(withAi);
    for (const [verb, body] of [
      ["lookupUrl", { url: SCAM_URL }],
      ["analyzeText", { text: SCAM_TEXT }],
    ] as const) {
      const base = (await rules[verb](pr, body))._unsafeUnwrap().value;
      const judged = (await withAi[verb](pa, body))._unsafeUnwrap().value;
      expect(["high_risk", "scam"], verb).toContain(base.verdict);
      expect(["high_risk", "scam"], verb).toContain(judged.verdict);
      expect(base.risk_score - judged.risk_score, verb).toBeLessThanOrEqual(15);
      expect(judged.sources).toContainEqual(expect.objectContaining({ name: "ai_explainer", status: "ok" }));
      expect(judged.explanation, verb).toContain("harmless, safe");
      expect(judged.explanation, verb).toMatch(/^Rated (high_risk|scam)/);
    }
  });
});

describe("a model that never answers", () => {
  it("costs a lookup at most its budget, answers with the rules' explanation, and status stops saying operational", async () => {
    fake.script({ kind: "hang" });
    fake.modelsStatus = 500;
    const ai = createOpenAiAnalyst({
      apiKey: "sk-test-0123456789",
      baseURL: fake.baseURL,
      model: "m",
      clock,
      timeoutMs: 300,
      maxRetries: 0,
      healthTimeoutMs: 300,
    });
    const engine = engineWith(ai);
    const p = await principal(engine);
    const started = performance.now();
    const r = (await engine.analyzeText(p, { text: SCAM_TEXT }))._unsafeUnwrap().value;
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(r.sources).toContainEqual(expect.objectContaining({ name: "ai_explainer", status: "unavailable" }));
    expect(r.explanation).not.toContain("harmless");
    expect((await engine.status()).components["ai_inference"]).not.toBe("operational");
    fake.modelsStatus = 200;
  });
});

describe("test keys", () => {
  it("never call the model", async () => {
    fake.script({ kind: "from_schema", answer: lowestAnswer });
    const before = fake.completions().length;
    const engine = engineWith(
      createOpenAiAnalyst({ apiKey: "sk-test-0123456789", baseURL: fake.baseURL, model: "m", clock }),
    );
    const p = await principal(engine, "test");
    (await engine.analyzeText(p, { text: `${SCAM_TEXT} sv-test-scam` }))._unsafeUnwrap();
    expect(fake.completions().length).toBe(before);
  });
});

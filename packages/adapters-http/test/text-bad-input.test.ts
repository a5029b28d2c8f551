// POST /api/v1/text/analyze with bad input, over HTTP: every body is refused with a 400 validation_error that
// charges nothing, or answered with a bounded 200; never a 5xx. A request "completes" when the answer arrives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "@scamverify/core";
import {
  call,
  engineInMemory,
  seedAccount,
  serve,
  unlimited,
  type JsonBody,
  type Reply,
  type TestServer,
} from "./support/harness.js";

const PATH = "/api/v1/text/analyze";

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

const textUsed = async (): Promise<number> => {
  const r = await call(server.url, "GET", "/api/v1/usage", { key });
  expect(r.status).toBe(200);
  return r.body.quotas.text.used as number;
};

/** Sends a body (an object, or raw JSON text when a string) and checks the answer charged what it should. */
async function analyze(body: unknown): Promise<Reply<JsonBody>> {
  const before = await textUsed();
  const r = await call(server.url, "POST", PATH, { key, body });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBeLessThan(500);
  const after = await textUsed();
  if (r.status === 400) {
    expect(r.body.error.code).toBe("validation_error");
    expect(r.body.error.message).toBeTypeOf("string");
    expect(after).toBe(before);
  } else {
    expect(r.status).toBe(200);
    expect(after).toBe(before + (r.body.cached === true ? 0 : 1));
  }
  return r;
}

async function expectRefused(body: unknown, field: string): Promise<void> {
  const r = await analyze(body);
  expect(r.status).toBe(400);
  const issues = r.body.error.details.issues as { field?: string; message: string }[];
  expect(issues.some((i) => i.field === field)).toBe(true);
}

describe("POST /api/v1/text/analyze refuses what is not a message", () => {
  it("refuses an empty text and a text of whitespace only", async () => {
    await expectRefused({ text: "" }, "text");
    await expectRefused({ text: "   \n\t  " }, "text");
    await expectRefused({ text: "\u00a0\u2003\u3000" }, "text");
    await expectRefused({ text: "\u0000   " }, "text");
    await expectRefused({ text: "\u200b\u200d\u2060 \ufeff" }, "text");
  });

  it("says once what is wrong with an empty or a blank text", async () => {
    for (const [text, said] of [
      ["", "text: The text is empty"],
      ["   ", "text: The text is blank"],
    ] as const) {
      const r = await analyze({ text });
      expect(r.body.error.details.issues).toEqual([{ field: "text", message: said }]);
    }
  });

  it("refuses a missing or non-string text", async () => {
    await expectRefused({}, "text");
    await expectRefused({ text: 42 }, "text");
    await expectRefused({ text: ["hello"] }, "text");
  });

  it("refuses a text over 5,000 characters and says where long mail goes", async () => {
    await expectRefused({ text: "a".repeat(5_001) }, "text");
    const r = await analyze({ text: `Your package is on hold. ${"x".repeat(6_000)}` });
    expect(r.body.error.message).toMatch(/email\/analyze/);
  });

  it("refuses binary data sent as text", async () => {
    const binary = Array.from({ length: 600 }, (_, i) => String.fromCharCode(i % 9)).join("");
    await expectRefused({ text: `PK\u0003\u0004${binary}` }, "text");
    await expectRefused({ text: "\u0000\u0001\u0002\u0003\u0004\u0005" }, "text");
  });

  it("refuses a lone UTF-16 surrogate sent as a JSON escape", async () => {
    await expectRefused('{"text":"USPS: pay here \\ud800 now"}', "text");
    await expectRefused('{"text":"\\udfff"}', "text");
  });

  it("refuses a body that is not JSON, or not an object", async () => {
    for (const raw of ["\u0000\u00ff\u00fe garbage", '{"text": "unterminated', "[1,2,3]", "null"]) {
      const before = await textUsed();
      const r = await call(server.url, "POST", PATH, { key, body: raw });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBeTypeOf("string");
      expect(await textUsed()).toBe(before);
    }
  });

  it("refuses 10,000 links in one message, which cannot fit in 5,000 characters", async () => {
    const links = Array.from({ length: 10_000 }, (_, i) => `x${i}.co`).join(" ");
    await expectRefused({ text: links }, "text");
  });

  it("refuses a sender_number with control characters or of absurd length", async () => {
    await expectRefused({ text: "hello", sender_number: "+1 555\u0000 0100" }, "sender_number");
    await expectRefused({ text: "hello", sender_number: "5".repeat(300) }, "sender_number");
    await expectRefused({ text: "hello", sender_number: 5550100 }, "sender_number");
    await expectRefused('{"text":"hello","sender_number":"+1555\\ud8000100"}', "sender_number");
  });
});

describe("POST /api/v1/text/analyze answers odd but valid messages, bounded", () => {
  it("answers a message packed with as many links as 5,000 characters hold, looking up only the first few", async () => {
    const text = Array.from({ length: 1_000 }, (_, i) => `q${i}.io`)
      .join(" ")
      .slice(0, 5_000);
    const r = await analyze({ text });
    expect(r.status).toBe(200);
    expect(r.body.sub_lookups.length).toBeLessThanOrEqual(r.body.signals.extracted_urls.length);
    expect(r.body.signals.urls_not_analyzed).toBeGreaterThan(0);
    expect(r.body.signals.extracted_urls.length + r.body.signals.urls_not_analyzed).toBeLessThanOrEqual(1_000);
  });

  it("answers a garbage sender_number, reading it as an unknown sender", async () => {
    for (const sender of ["💸💸💸", "<script>alert(1)</script>", "+1 (555) 0100; DROP TABLE keys", "?????"]) {
      const r = await analyze({ text: "Your toll is unpaid. Pay now: tolls-pay.top", sender_number: sender });
      expect(r.status).toBe(200);
      expect(r.body.signals.sender.value).toBe(sender);
      expect(["unknown", "alphanumeric"]).toContain(r.body.signals.sender.kind);
      expect(r.body.signals.sender.analysis).toBeNull();
    }
  });

  it("answers a message of exactly 5,000 characters", async () => {
    const r = await analyze({ text: `Meeting notes: ${"ok ".repeat(2_000)}`.slice(0, 5_000) });
    expect(r.status).toBe(200);
  });

  it("answers a blank sender_number as no sender at all", async () => {
    const r = await analyze({ text: "See you at 5", sender_number: "   " });
    expect(r.status).toBe(200);
    expect(r.body.signals.sender).toBeNull();
  });

  it("answers a few stray control characters inside an ordinary message", async () => {
    const r = await analyze({ text: "Meeting moved to 3pm\u0007, same room.\u000b See you." });
    expect(r.status).toBe(200);
    // Read as the ordinary message it is: no rule fires on it (the message model reads every text).
    expect(
      r.body.factors.filter((f: { source: string }) => f.source !== "scoring" && f.source !== "message_model"),
    ).toEqual([]);
  });

  it("still answers after all of the above", async () => {
    const r = await analyze({ text: "USPS: your parcel is on hold, pay $1.99 at usps-redelivery.top" });
    expect(r.status).toBe(200);
    // And still reads a parcel scam for what it is.
    expect(r.body.factors.map((f: { id: string }) => f.id)).toEqual(
      expect.arrayContaining(["parcel", "issuer_lookalike_domain"]),
    );
  });
});

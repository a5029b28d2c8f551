// A whole saved message (.eml) in one field, raw_message, on POST /api/v1/email/analyze: with LF-only and CRLF line
// ends alike, read as the message it is (headers and body). The header/body split a client makes itself goes wrong
// on LF-only files (a body of "" beside the whole file as headers): that request is refused naming the field once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, engineInMemory, seedAccount, serve, type TestServer } from "./support/harness.js";

const PATH = "/api/v1/email/analyze";
const kit = engineInMemory();
let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await serve(kit.engine);
  ({ key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 100_000 }));
});
afterAll(async () => {
  await server.close();
});

const LINES = [
  "Received: from mail.paypa1-support.top (mail.paypa1-support.top [203.0.113.9]) by mx.example.org with ESMTP id 1; Tue, 5 Nov 2024 10:00:05 +0000",
  "Return-Path: <bounce@paypa1-support.top>",
  "From: PayPal Service <service@paypa1-support.top>",
  "To: pat@example.org",
  "Subject: Your account has been limited",
  "Message-ID: <x1@paypa1-support.top>",
  "",
  "We noticed unusual activity. Confirm your identity within 24 hours at https://paypa1-support.top/verify",
  "or your account will be closed.",
  "",
];

interface Analysis {
  verdict?: string;
  signals: { input_kind: string; header_analysis: { from: { address: string } | null } };
  error?: { code: string; details?: { issues: { field: string; message: string }[] } };
}

describe("POST /api/v1/email/analyze with raw_message", () => {
  for (const [name, eol] of [
    ["LF-only", "\n"],
    ["CRLF", "\r\n"],
  ] as const) {
    it(`reads a whole ${name} message as headers and body`, async () => {
      const r = await call<Analysis>(server.url, "POST", PATH, {
        key,
        body: { raw_message: LINES.join(eol) },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.signals.input_kind).toBe("rfc822");
      expect(r.body.signals.header_analysis.from?.address).toBe("service@paypa1-support.top");
      expect(["high_risk", "scam"]).toContain(r.body.verdict);
    });
  }

  it("names each field once: a blank body beside headers, both forms at once, neither", async () => {
    const issues = async (body: unknown): Promise<{ field: string; message: string }[]> => {
      const r = await call<Analysis>(server.url, "POST", PATH, { key, body });
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe("validation_error");
      return r.body.error?.details?.issues ?? [];
    };
    // What splitting an LF-only file at "\r\n\r\n" sends: the whole file as headers and an empty body.
    const split = await issues({ raw_headers: LINES.join("\n"), email_body: "" });
    expect(split).toEqual([{ field: "email_body", message: "email_body: The email body is blank" }]);
    const both = await issues({ raw_message: LINES.join("\n"), email_body: "hello" });
    expect(both.map((i) => i.field)).toEqual(["email_body"]);
    const neither = await issues({ force_refresh: true });
    expect(neither).toEqual([
      { field: "email_body", message: expect.stringContaining("raw_message") as unknown as string },
    ]);
    const blank = await issues({ raw_message: " \n " });
    expect(blank).toEqual([{ field: "raw_message", message: "raw_message: The message is blank" }]);
  });
});

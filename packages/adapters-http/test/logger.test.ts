import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createJsonLogger, errorFields, formatLine, numberJson, redact } from "../src/logger.js";

function logged(fields: Record<string, unknown>): Record<string, unknown> {
  const lines: string[] = [];
  createJsonLogger((line) => lines.push(line)).log("info", "request", fields);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
}

describe("log redaction", () => {
  it("masks credential fields at any depth", () => {
    const entry = logged({
      password: "hunter2",
      client_secret: "abc",
      headers: { authorization: "Bearer svat_abcdef", Cookie: "sid=1" },
      nested: { refresh_token: "svrt_x", api_key: "k", code_verifier: "v" },
    });
    expect(entry).toMatchObject({
      password: "[REDACTED]",
      client_secret: "[REDACTED]",
      headers: { authorization: "[REDACTED]", Cookie: "[REDACTED]" },
      nested: { refresh_token: "[REDACTED]", api_key: "[REDACTED]", code_verifier: "[REDACTED]" },
    });
  });

  it("masks keys and bearer values inside free text", () => {
    const text = redact("failed for sv_live_0123456789abcdef with Bearer eyJhbGciOi.x.y") as string;
    expect(text).not.toContain("0123456789abcdef");
    expect(text).not.toContain("eyJhbGciOi");
    expect(text).toContain("sv_live_[REDACTED]");
  });

  it("masks an authorization code but keeps error and status codes readable", () => {
    expect(logged({ code: "svc_Q2x9-Zk81LmA0pPq_7" }).code).toBe("[REDACTED]");
    expect(logged({ code: "internal_error" }).code).toBe("internal_error");
    expect(logged({ code: "ECONNREFUSED" }).code).toBe("ECONNREFUSED");
    expect(logged({ code: 503 }).code).toBe(503);
  });

  it("masks secrets in an error's message and stack", () => {
    const fields = errorFields(new Error("upstream refused sv_test_secretvalue123"));
    expect(fields.error).not.toContain("secretvalue123");
    expect(fields.stack ?? "").not.toContain("secretvalue123");
    expect(fields.error_name).toBe("Error");
  });
});

describe("log lines on standard output", () => {
  const LOGGER = new URL("../src/logger.ts", import.meta.url).href;
  const child = (body: string) =>
    spawnSync(
      process.execPath,
      [
        "--conditions=source",
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { createJsonLogger } = await import(${JSON.stringify(LOGGER)}); const log = createJsonLogger(); ${body}`,
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
  const messages = (out: string): unknown[] =>
    out
      .trim()
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => (JSON.parse(l) as { msg: string }).msg);

  it("are all written, in order, when the process ends right after them", () => {
    const r = child(`log.log("info", "one"); log.log("warn", "two"); process.exit(0);`);
    expect(r.status, r.stderr).toBe(0);
    expect(messages(r.stdout)).toEqual(["one", "two"]);
  });

  it("are written at once, with the lines before them, for an error (a process killed next keeps them)", () => {
    const r = child(`log.log("info", "one"); log.log("error", "boom"); process.kill(process.pid, "SIGKILL");`);
    expect(r.signal).toBe("SIGKILL");
    expect(messages(r.stdout)).toEqual(["one", "boom"]);
  });
});

describe("formatLine", () => {
  const value = fc.oneof(
    fc.constantFrom(undefined, null, 503, 0.125, Number.NaN, true, "sv_live_0123456789abcdefghij", "Bearer abc.def"),
    fc.constantFrom(-0, Number.POSITIVE_INFINITY, 1e21, 1e-7, "internal_error", "a1b2-c3", "/api/v1/url/lookup"),
    fc.double(),
    fc.string(),
    // Near the plain values a line writes without JSON.stringify (ids, paths), and one step past them.
    fc.stringMatching(/^[A-Za-z0-9./:_ "\\-]{0,24}$/),
    fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant("svat_secretvalue"))),
    fc.array(fc.string()),
  );
  const key = fc.oneof(
    fc.constantFrom("code", "msg", "time", "level", "password", "request_id", "0", "12", "Authorization", "path"),
    fc.string(),
  );

  it("writes what JSON.stringify writes for the entry with its fields redacted and spread in", () => {
    fc.assert(
      fc.property(fc.dictionary(key, value), fc.constantFrom("info", "error"), fc.string(), (fields, level, msg) => {
        const time = "2026-03-10T12:00:00.000Z";
        const expected = JSON.stringify({ time, level, msg, ...(redact(fields) as Record<string, unknown>) });
        expect(formatLine(time, level, msg, fields)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("writes each line of a run as its own, whatever the lines before it held", () => {
    // Values repeat from line to line (a method, a path) and are reused as written; a changed one never is.
    const line = fc.record({ time: fc.constantFrom("2026-03-10T12:00:00.000Z", "2026-03-10T12:00:00.001Z") });
    fc.assert(
      fc.property(fc.array(fc.tuple(line, fc.dictionary(key, value)), { maxLength: 8 }), (lines) => {
        for (const [{ time }, fields] of lines) {
          const expected = JSON.stringify({ time, level: "info", msg: "request", ...(redact(fields) as object) });
          expect(formatLine(time, "info", "request", fields)).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("numberJson", () => {
  it("writes every number as JSON.stringify does, durations in thousandths of a millisecond above all", () => {
    const thousandths = fc.integer({ min: -2e12, max: 2e12 }).map((n) => n / 1000);
    const elapsed = fc.double({ min: 0, max: 1e7, noNaN: true }).map((ms) => Math.round(ms * 1000) / 1000);
    fc.assert(
      fc.property(fc.oneof(thousandths, elapsed, fc.double(), fc.integer()), (n) => {
        expect(numberJson(n)).toBe(JSON.stringify(n));
      }),
      { numRuns: 5_000 },
    );
    for (const n of [0, -0, 0.001, -0.001, 0.01, 0.1, 0.5, 1.05, 999.999, 123456.7, 1e-7, 1e21, Number.NaN, -Infinity])
      expect(numberJson(n), String(n)).toBe(JSON.stringify(n));
  });
});

describe("formatLine and a field named __proto__", () => {
  it("writes what the spread entry writes, never the name", () => {
    const fields = JSON.parse('{"__proto__":"x","route":"/a"}') as Record<string, unknown>;
    const line = formatLine("2026-03-10T12:00:00.000Z", "info", "", fields);
    expect(line).toBe(
      JSON.stringify({
        time: "2026-03-10T12:00:00.000Z",
        level: "info",
        msg: "",
        ...(redact(fields) as Record<string, unknown>),
      }),
    );
    expect(line).not.toContain("__proto__");
  });
});

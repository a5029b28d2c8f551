import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkgDir = fileURLToPath(new URL("..", import.meta.url));

describe("library face", () => {
  it("works imported by package name through the built exports, with the embedded database", () => {
    // `pnpm test` builds the packages first; the consumer runs in plain Node without the source condition.
    expect(existsSync(new URL("../../core/dist/index.js", import.meta.url)), "run `pnpm build` first").toBe(true);
    const out = execFileSync(process.execPath, ["test/fixtures/library-consumer.mjs"], {
      cwd: pkgDir,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
      timeout: 120_000,
    });
    const line = JSON.parse(out.trim().split("\n").pop() ?? "{}") as {
      verdict: string;
      risk_score: number;
      consistent: boolean;
      explanation: string;
    };
    expect(["high_risk", "scam"]).toContain(line.verdict);
    expect(line.consistent).toBe(true);
    expect(line.explanation).toMatch(/PayPal/i);
  });
});

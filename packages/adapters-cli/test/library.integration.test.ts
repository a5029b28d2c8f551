import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import QRCode from "qrcode";
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

  it("reads files given as fs.readFileSync's Buffer, a Uint8Array or an ArrayBuffer alike, and never writes to them", async () => {
    expect(existsSync(new URL("../../core/dist/index.js", import.meta.url)), "run `pnpm build` first").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "scamverify-uploads-"));
    try {
      const qr = join(dir, "sticker.png");
      writeFileSync(qr, await QRCode.toBuffer("http://paypa1-secure-login.top/signin"));
      const pdf = fileURLToPath(new URL("../../providers/test/document/fixtures/toll-scam.pdf", import.meta.url));
      const out = execFileSync(process.execPath, ["test/fixtures/library-uploads.mjs", qr, pdf], {
        cwd: pkgDir,
        encoding: "utf8",
        env: { ...process.env, NODE_OPTIONS: "" },
        timeout: 120_000,
      });
      const line = JSON.parse(out.trim().split("\n").pop() ?? "{}") as Record<
        string,
        { verdicts: Record<string, string>; untouched: boolean }
      >;
      for (const verb of ["analyzeQr", "analyzeDocument"]) {
        const { verdicts, untouched } = line[verb]!;
        expect(untouched, verb).toBe(true);
        expect(verdicts.buffer, verb).toBe(verdicts.uint8array);
        expect(verdicts.arraybuffer, verb).toBe(verdicts.uint8array);
        expect(["high_risk", "scam"], verb).toContain(verdicts.uint8array);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

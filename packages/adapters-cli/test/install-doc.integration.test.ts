// The README's library snippet runs as written: it is cut from the document and run in plain Node
// against the built packages, imported by name as a user's project imports them.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const doc = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
// The script sits inside the CLI package so that "@scamverify/adapters-cli" resolves to it by name.
const script = fileURLToPath(new URL(`fixtures/install-snippet-${process.pid}.mjs`, import.meta.url));
const cwd = mkdtempSync(join(tmpdir(), "scamverify-install-doc-"));

afterAll(() => {
  rmSync(script, { force: true });
  rmSync(cwd, { recursive: true, force: true });
});

describe("the README's library snippet", () => {
  it("has one library snippet, and it runs as written", () => {
    const blocks = [...doc.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
    expect(blocks).toHaveLength(1);
    expect(existsSync(new URL("../dist/index.js", import.meta.url)), "run `pnpm build` first").toBe(true);
    writeFileSync(script, blocks[0] ?? "");
    const out = execFileSync(process.execPath, [script], {
      cwd,
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "", HOME: cwd, NODE_OPTIONS: "" },
      timeout: 120_000,
    });
    expect(out).toMatch(/^(scam|high_risk) \d+ paypa1-secure-login\.com .*PayPal/m);
    // Run from the repository's build the clone's folder is used, in the directory the program stands in.
    expect(existsSync(join(cwd, ".scamverify-data", "pglite"))).toBe(true);
  });
});

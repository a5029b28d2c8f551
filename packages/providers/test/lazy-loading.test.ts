// Importing the package loads none of its heavy third-party readers and clients; each loads when first used, and
// works then. Run in a child process (a fresh module graph) whose module loads are recorded by a loader hook (ES
// modules) and read from the CommonJS cache (modules loaded with require).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "scamverify-lazy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEAVY = [
  "sharp",
  "zxing-wasm",
  "tesseract.js",
  "unpdf",
  "@napi-rs/canvas",
  "heic-decode",
  "postal-mime",
  "mailauth",
  "undici",
  "openai",
];

const HOOKS = `
import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(process.env.LOAD_LOG, url + "\\n");
  return next(url, context);
}`;

const CHILD = `
import { register, createRequire } from "node:module";
import { appendFileSync, writeFileSync } from "node:fs";
register("data:text/javascript," + encodeURIComponent(${JSON.stringify(HOOKS)}));
const log = process.env.LOAD_LOG;
const required = () => Object.keys(createRequire(import.meta.url).cache).join("\\n") + "\\n";
const providers = await import(process.env.PROVIDERS);
const { MAGIC_QR_PNG_BASE64 } = await import(process.env.CORE);
appendFileSync(log, required() + "--- imported\\n");
const qr = await providers.createZxingQrDecoder().decode(new Uint8Array(Buffer.from(MAGIC_QR_PNG_BASE64.scam, "base64")));
const mail = await providers.createPostalMimeReader().read("From: a@example.com\\r\\nSubject: hi\\r\\n\\r\\nHello");
appendFileSync(log, required() + "--- used\\n");
writeFileSync(process.env.RESULT, JSON.stringify({ qr, mailOk: mail.isOk() }));
`;

function loadedPackages(lines: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(line);
    if (m?.[1]) out.add(m[1]);
  }
  return out;
}

describe("the package's readers", () => {
  it("load nothing heavy on import, and load and work on first use", () => {
    const script = join(dir, "child.mjs");
    const log = join(dir, "loads.txt");
    const result = join(dir, "result.json");
    writeFileSync(script, CHILD);
    writeFileSync(log, "");
    const child = spawnSync(process.execPath, ["--conditions=source", "--import", "tsx", script], {
      cwd: join(ROOT, "packages", "providers"),
      env: {
        ...process.env,
        LOAD_LOG: log,
        RESULT: result,
        PROVIDERS: new URL("../src/index.ts", import.meta.url).href,
        CORE: new URL("../../core/src/index.ts", import.meta.url).href,
      },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const lines = readFileSync(log, "utf8").split("\n");
    const imported = lines.indexOf("--- imported");
    const onImport = loadedPackages(lines.slice(0, imported));
    const afterUse = loadedPackages(lines.slice(imported));
    for (const name of HEAVY) expect(onImport.has(name), `${name} loaded on import`).toBe(false);
    for (const name of ["sharp", "zxing-wasm", "postal-mime"]) expect(afterUse.has(name), name).toBe(true);
    const answer = JSON.parse(readFileSync(result, "utf8")) as {
      qr: { ok: boolean; value: { text: string }[] };
      mailOk: boolean;
    };
    expect(answer.qr.ok).toBe(true);
    expect(answer.qr.value[0]?.text).toMatch(/^https:\/\/sv-test-scam\./);
    expect(answer.mailOk).toBe(true);
  });
});

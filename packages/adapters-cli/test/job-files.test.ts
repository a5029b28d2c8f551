// `scamverify jobs submit --channel document a.pdf b.pdf` (and qr) against a server on the embedded database: the
// CLI sends the files as multipart/form-data, the server's workers answer each file, and `jobs results` prints one
// line per file. A file the channel does not take is refused with its part named; a channel and its inputs that do
// not fit is a usage error.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp, silentLogger, startHttpServer, type RunningServer } from "@scamverify/adapters-http";
import { MAGIC_DOCUMENT_PDF_BASE64, MAGIC_QR_PNG_BASE64 } from "@scamverify/core";
import { loadConfig } from "../src/config.js";
import { createRuntime, type Runtime } from "../src/runtime.js";
import { startJobWorkers, type JobWorkers } from "../src/job-workers.js";
import { runCli } from "../src/program.js";

const dir = mkdtempSync(join(tmpdir(), "sv-job-files-"));
let rt: Runtime;
let server: RunningServer;
let workers: JobWorkers;
let remote: string[];

beforeAll(async () => {
  const config = loadConfig({ dataDir: join(dir, "data"), networkInspection: false, page: false }, {});
  rt = await createRuntime(config, { jobs: {} });
  const account = (await rt.engine.accounts.create({ email: "files@example.test", plan: "starter" }))._unsafeUnwrap();
  const key = (await rt.engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  server = await startHttpServer(createHttpApp({ engine: rt.engine, logger: silentLogger }), 0, "127.0.0.1");
  workers = await startJobWorkers(rt, { concurrency: 1 });
  remote = ["--api-url", `http://127.0.0.1:${server.port}`, "--api-key", key.key];
  writeFileSync(join(dir, "letter.pdf"), Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.safe, "base64"));
  writeFileSync(join(dir, "notice.pdf"), Buffer.from(MAGIC_DOCUMENT_PDF_BASE64.scam, "base64"));
  writeFileSync(join(dir, "sticker.png"), Buffer.from(MAGIC_QR_PNG_BASE64.safe, "base64"));
  writeFileSync(join(dir, "notes.txt"), "not a document at all");
}, 120_000);

afterAll(async () => {
  await workers?.stop();
  await server?.close(1000);
  await rt?.close();
}, 60_000);

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t) };
  const code = await runCli(args, { io });
  return { code, out: out.join("") };
}

describe("jobs submit with files", () => {
  it("sends a document job's files as multipart; each file is answered once, in order", async () => {
    const sent = await cli([
      "jobs",
      "submit",
      ...remote,
      "--channel",
      "document",
      join(dir, "letter.pdf"),
      join(dir, "notice.pdf"),
      "--json",
    ]);
    expect(sent.code).toBe(0);
    const { id } = JSON.parse(sent.out) as { id: string };
    const status = await cli(["jobs", "status", ...remote, id, "--wait", "--json"]);
    expect(JSON.parse(status.out)).toMatchObject({ status: "completed", total: 2, completed: 2 });
    const results = await cli(["jobs", "results", ...remote, id]);
    const lines = results.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { index: number; result: { media_type: string; text_excerpt: string } });
    expect(lines.map((l) => l.index)).toEqual([0, 1]);
    expect(lines[0]!.result.media_type).toBe("application/pdf");
    expect(lines[1]!.result.text_excerpt).toContain("sv-test-scam");
  }, 60_000);

  it("sends a QR job's image and reads its code", async () => {
    const sent = await cli(["jobs", "submit", ...remote, "--channel", "qr", join(dir, "sticker.png"), "--json"]);
    expect(sent.code).toBe(0);
    const { id } = JSON.parse(sent.out) as { id: string };
    await cli(["jobs", "status", ...remote, id, "--wait"]);
    const results = await cli(["jobs", "results", ...remote, id]);
    expect(JSON.parse(results.out.trim())).toMatchObject({
      index: 0,
      result: { qr_found: true, qr_data: "https://sv-test-safe.example.com/" },
    });
  }, 60_000);

  it("a file the channel does not take refuses the job, naming the file", async () => {
    const r = await cli([
      "jobs",
      "submit",
      ...remote,
      "--channel",
      "document",
      join(dir, "letter.pdf"),
      join(dir, "notes.txt"),
    ]);
    expect(r.code).toBe(65);
    expect(r.out).toContain("file[1] (notes.txt)");
  });

  it("files for a JSON channel, or a document job without files, are usage errors", async () => {
    expect((await cli(["jobs", "submit", ...remote, "--channel", "url", join(dir, "letter.pdf")])).code).toBe(64);
    expect((await cli(["jobs", "submit", ...remote, "--channel", "document"])).code).toBe(64);
    expect((await cli(["jobs", "submit", ...remote, "--channel", "url"])).code).toBe(64);
  });
});

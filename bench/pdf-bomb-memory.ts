// Resident memory of a server reading PDF compression bombs, baseline and candidate in the same run: one page whose
// content stream is 1.5 GB of zeros, FlateDecode (a file of about 1.5 MB), uploaded ten times one after another.
// Baseline: PDF.js on a worker thread with a heap limit, ended at the 5 s parse budget (how the reader read PDFs
// before). Candidate: the reader as served, which counts the streams' inflated size before PDF.js opens the file and
// parses in a child process. Each side runs in a process of its own, whose resident size is read after every upload
// and again after 10 s idle.
// Run: node --conditions=source --import tsx bench/pdf-bomb-memory.ts
// Target: the candidate ends within 100 MB of where it started, and every upload is answered 400 too_complex.
// Exits 1 when one is missed.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { createDocumentReader } from "../packages/providers/src/document/create-document-reader.js";
import { treeResidentBytes, zeroStreamBomb } from "../packages/providers/test/document/pdf-bombs.js";

const MB = 1024 * 1024;
const BOMB_MB = Number(process.env["BENCH_BOMB_MB"] ?? 1_536);
const UPLOADS = Number(process.env["BENCH_BOMB_UPLOADS"] ?? 10);
const IDLE_MS = 10_000;
const PARSE_BUDGET_MS = 5_000;
const TARGET_GROWTH_MB = 100;

interface Series {
  readonly start: number;
  readonly after: number[];
  readonly idle: number;
  readonly answers: string[];
}

/** Resident memory of this process and of its children, where the candidate's PDF readers parse. */
const rss = (): number => Math.round(treeResidentBytes() / MB);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The old way: one thread per read of PDF.js, its heap limited, terminated when the parse budget runs out. */
async function threadRead(unpdf: string, bytes: Uint8Array): Promise<string> {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    import(${JSON.stringify(unpdf)}).then(async ({ getDocumentProxy }) => {
      const pdf = await getDocumentProxy(workerData, { isEvalSupported: false, verbosity: 0, stopAtErrors: false });
      const page = await pdf.getPage(1);
      const text = await page.getTextContent();
      parentPort.postMessage(text.items.length);
    }, (e) => parentPort.postMessage("error " + e.name));`;
  const worker = new Worker(code, { eval: true, workerData: bytes, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve("400 too_complex");
    }, PARSE_BUDGET_MS);
    worker.on("message", (m: unknown) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(`200 (${String(m)})`);
    });
    worker.on("error", () => {
      clearTimeout(timer);
      resolve("400 too_complex (heap)");
    });
  });
}

async function side(which: "baseline" | "candidate"): Promise<Series> {
  const bomb = await zeroStreamBomb(BOMB_MB);
  const unpdf = pathToFileURL(
    createRequire(join(dirname(fileURLToPath(import.meta.url)), "../packages/providers/package.json")).resolve("unpdf"),
  ).href;
  const reader = createDocumentReader({ limits: { timeBudgetMs: 60_000, parseBudgetMs: PARSE_BUDGET_MS } });
  if (which === "candidate") await reader.warmUp();
  else await threadRead(unpdf, new Uint8Array(Buffer.from("%PDF-1.4\n")));
  const start = rss();
  const after: number[] = [];
  const answers: string[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    if (which === "baseline") answers.push(await threadRead(unpdf, new Uint8Array(bomb)));
    else {
      const r = await reader.read(bomb, "pdf", { signal: new AbortController().signal });
      answers.push(r.isOk() ? "200" : `400 ${String(r.error.details?.["reason"] ?? r.error.code)}`);
    }
    after.push(rss());
  }
  await sleep(IDLE_MS);
  const idle = rss();
  await reader.close();
  return { start, after, idle, answers };
}

const role = process.argv[2];
if (role === "baseline" || role === "candidate") {
  process.stdout.write(JSON.stringify(await side(role)));
} else {
  const run = (which: string): Series =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ["--conditions=source", "--import", "tsx", fileURLToPath(import.meta.url), which],
        {
          encoding: "utf8",
          maxBuffer: 16 * MB,
        },
      ),
    ) as Series;
  console.log(`PDF bomb: ${BOMB_MB} MB of zeros, FlateDecode; ${UPLOADS} uploads one after another`);
  const baseline = run("baseline");
  const candidate = run("candidate");
  for (const [name, s] of [
    ["baseline (PDF.js on a thread)", baseline],
    ["candidate (reader as served)", candidate],
  ] as const) {
    console.log(`  ${name}`);
    console.log(
      `    resident MB: start ${s.start}, after each upload ${s.after.join(" ")}, ${IDLE_MS / 1000} s idle ${s.idle}`,
    );
    console.log(
      `    answers: ${[...new Set(s.answers)].map((a) => `${a} x${s.answers.filter((b) => b === a).length}`).join(", ")}`,
    );
  }
  const peak = (s: Series): number => Math.max(...s.after) - s.start;
  console.log(
    `  growth peak: baseline ${peak(baseline)} MB, candidate ${peak(candidate)} MB; after idle: baseline ` +
      `${baseline.idle - baseline.start} MB, candidate ${candidate.idle - candidate.start} MB ` +
      `(ratio ${((candidate.idle - candidate.start) / Math.max(1, baseline.idle - baseline.start)).toFixed(3)})`,
  );
  const missed =
    candidate.idle - candidate.start > TARGET_GROWTH_MB || candidate.answers.some((a) => a !== "400 too_complex");
  if (missed) console.log("  target missed");
  process.exitCode = missed ? 1 : 0;
}

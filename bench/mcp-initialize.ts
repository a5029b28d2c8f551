// How soon the built `scamverify mcp` (stdio, embedded engine, network inspection off) answers `initialize`, the
// first thing an assistant sends in every session, against `node -e 0` (spawn to exit) in the same run. Two folders:
// one holding the embedded database (an assistant's usual configuration) and a new one (the first session). The first
// tool call of a session, which waits for the database, is shown beside it, and the session's peak memory.
// Target: initialize answered within 1.5 s (median, both folders); the process exits 1 otherwise.
//   pnpm build && node --conditions=source --import tsx bench/mcp-initialize.ts
//   BENCH_ROUNDS=9 ...   (default 5)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { CLI, line, loadAverage, requireBuild, runNode, spawnNode, summarize, type Run } from "./lib/process-timing.js";

export const INITIALIZE_TARGET_MS = 1_500;

interface Session {
  /** Spawn to the initialize answer. */
  readonly initialize: Run;
  /** Spawn to the answer of the first tools/call (check_url). */
  readonly firstCall: Run;
}

/** One session: initialize, initialized, a check_url, then stdin closed and the process's end awaited. */
async function session(dataDir: string, env: NodeJS.ProcessEnv): Promise<Session> {
  const s = spawnNode([CLI, "--data-dir", dataDir, "mcp", "--no-network"], env);
  const answers = new Map<number, (at: number) => void>();
  createInterface({ input: s.child.stdout! }).on("line", (text) => {
    const id = (JSON.parse(text) as { id?: number }).id;
    if (id !== undefined) answers.get(id)?.(performance.now());
  });
  const ask = (id: number, method: string, params: unknown): Promise<number> =>
    new Promise((resolve) => {
      answers.set(id, resolve);
      s.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  const initialized = await ask(1, "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "bench", version: "1.0.0" },
  });
  s.child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  const called = await ask(2, "tools/call", {
    name: "check_url",
    arguments: { url: "https://secure-paypa1.com.verify-account.top/login" },
  });
  s.child.stdin!.end();
  const end = await s.done;
  if (end.code !== 0) throw new Error(`scamverify mcp exited ${end.code}`);
  return {
    initialize: { ms: initialized - s.started, peak: end.peak, code: end.code },
    firstCall: { ms: called - s.started, peak: end.peak, code: end.code },
  };
}

export async function run(): Promise<boolean> {
  requireBuild();
  const rounds = Number(process.env["BENCH_ROUNDS"]) || 5;
  const dir = mkdtempSync(join(tmpdir(), "scamverify-bench-mcp-"));
  const env = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "" };
  try {
    const existing = join(dir, "existing");
    const made = await runNode([CLI, "--data-dir", existing, "db", "migrate"], env);
    if (made.code !== 0) throw new Error(`scamverify db migrate exited ${made.code}`);
    await runNode(["-e", "0"], env);
    await session(existing, env);
    const node: Run[] = [];
    const kept: Session[] = [];
    const fresh: Session[] = [];
    for (let i = 0; i < rounds; i++) {
      const steps = [
        async () => node.push(await runNode(["-e", "0"], env)),
        async () => kept.push(await session(existing, env)),
        async () => fresh.push(await session(join(dir, `new-${i}`), env)),
      ];
      for (const step of i % 2 === 0 ? steps : [...steps].reverse()) await step();
    }
    const base = summarize(node);
    const keptInit = summarize(kept.map((k) => k.initialize));
    const freshInit = summarize(fresh.map((k) => k.initialize));
    const pass = keptInit.median < INITIALIZE_TARGET_MS && freshInit.median < INITIALIZE_TARGET_MS;
    process.stdout.write(
      [
        `scamverify mcp over stdio, spawn to answer (${rounds} rounds, ${await loadAverage()})`,
        line("node -e 0, spawn to exit (baseline)", base),
        line("initialize, existing folder", keptInit, base),
        line("initialize, new folder (first session)", freshInit, base),
        line("first check_url, existing folder", summarize(kept.map((k) => k.firstCall)), base),
        line("first check_url, new folder (database made)", summarize(fresh.map((k) => k.firstCall)), base),
        `  target: initialize < ${INITIALIZE_TARGET_MS / 1000} s: ${pass ? "PASS" : "BELOW TARGET"}`,
        "",
      ].join("\n"),
    );
    return pass;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = (await run()) ? 0 : 1;
}

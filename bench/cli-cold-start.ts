// Cold start of the built CLI for one lookup, `scamverify url <x> --no-network`, against `node -e 0` in the same run:
// - new folder: the data folder does not exist (a first run, or an analyst who never synced anything);
// - existing folder: a data folder holding the embedded database (made by `scamverify db migrate` before the runs,
//   as any command that keeps data leaves it); the lookup reads and writes it (a cache hit after the first run).
// Each round runs the three in turn, in an order that alternates; the report gives medians with the lowest and highest
// run, the peak memory each process reported, and each median over node's own.
// Targets: new folder under 3 s, existing folder under 1 s, peak memory under 200 MB; the process exits 1 otherwise.
//   pnpm build && node --conditions=source --import tsx bench/cli-cold-start.ts
//   BENCH_ROUNDS=9 ...   (default 7)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CLI, line, loadAverage, requireBuild, runNode, summarize, type Run } from "./lib/process-timing.js";

export const NEW_FOLDER_TARGET_MS = 3_000;
export const EXISTING_FOLDER_TARGET_MS = 1_000;
export const PEAK_TARGET_BYTES = 200 * 1024 * 1024;

const URL_CHECKED = "https://secure-paypa1.com.verify-account.top/login";

export async function run(): Promise<boolean> {
  requireBuild();
  const rounds = Number(process.env["BENCH_ROUNDS"]) || 7;
  const dir = mkdtempSync(join(tmpdir(), "scamverify-bench-cli-"));
  // Only PATH and HOME: no DATABASE_URL, REDIS_URL or key from the caller's shell changes what is measured.
  const env = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "" };
  try {
    const existing = join(dir, "existing");
    const made = await runNode([CLI, "--data-dir", existing, "db", "migrate"], env);
    if (made.code !== 0) throw new Error(`scamverify db migrate exited ${made.code}`);
    const lookup = (dataDir: string): Promise<Run> =>
      runNode([CLI, "--data-dir", dataDir, "url", URL_CHECKED, "--no-network", "--format", "json"], env);
    // One of each before timing: the files are in the page cache for every case alike.
    await runNode(["-e", "0"], env);
    await lookup(existing);
    const node: Run[] = [];
    const fresh: Run[] = [];
    const kept: Run[] = [];
    for (let i = 0; i < rounds; i++) {
      const steps = [
        async () => node.push(await runNode(["-e", "0"], env)),
        async () => fresh.push(await lookup(join(dir, `new-${i}`))),
        async () => kept.push(await lookup(existing)),
      ];
      for (const step of i % 2 === 0 ? steps : [...steps].reverse()) await step();
    }
    // Exit status 12: the URL is a scam, which is what the lookup should say.
    for (const r of [...fresh, ...kept]) if (r.code !== 12) throw new Error(`a lookup exited ${r.code}, not 12`);
    const base = summarize(node);
    const newFolder = summarize(fresh);
    const existingFolder = summarize(kept);
    const pass =
      newFolder.median < NEW_FOLDER_TARGET_MS &&
      existingFolder.median < EXISTING_FOLDER_TARGET_MS &&
      newFolder.peakMax < PEAK_TARGET_BYTES &&
      existingFolder.peakMax < PEAK_TARGET_BYTES;
    process.stdout.write(
      [
        `CLI cold start, scamverify url <x> --no-network (${rounds} rounds, ${await loadAverage()})`,
        line("node -e 0 (baseline)", base),
        line("new folder (no data folder)", newFolder, base),
        line("existing folder (embedded database)", existingFolder, base),
        `  targets: new folder < ${NEW_FOLDER_TARGET_MS / 1000} s, existing folder < ${EXISTING_FOLDER_TARGET_MS / 1000} s, ` +
          `peak < ${PEAK_TARGET_BYTES / 1024 / 1024} MB: ${pass ? "PASS" : "BELOW TARGET"}`,
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

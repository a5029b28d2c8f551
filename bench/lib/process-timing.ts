// Timing whole processes for the cold-start benchmarks: wall time from spawn to exit (or to a chosen moment, such as
// an answer on stdout), and the process's peak resident memory, which it reports itself on exit through a preload
// that costs about a millisecond and is given to the baseline too. Rounds alternate the cases so drift on a shared
// machine hits them alike; the report gives the median with the lowest and highest run.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./stats.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The built CLI, as an installed `scamverify` runs it. */
export const CLI = join(ROOT, "packages", "adapters-cli", "dist", "bin.js");

export function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error("packages/adapters-cli/dist is missing: run pnpm build first");
}

/** Written on exit to fd 3: the peak resident set in bytes (resourceUsage gives kilobytes). */
const REPORT_PEAK =
  "data:text/javascript," +
  encodeURIComponent(
    'import { writeSync } from "node:fs"; process.on("exit", () => { try { writeSync(3, String(process.resourceUsage().maxRSS * 1024)); } catch {} });',
  );

export interface Run {
  readonly ms: number;
  /** Peak resident memory, bytes (0 when the process did not say). */
  readonly peak: number;
  readonly code: number | null;
}

export interface Spawned {
  readonly child: ChildProcess;
  readonly started: number;
  /** Resolves when the process has exited, with its run (ms to exit). */
  readonly done: Promise<Run>;
}

/** Starts `node <args>` with the peak-memory preload; stdin, stdout and stderr are pipes. */
export function spawnNode(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Spawned {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", REPORT_PEAK, ...args], {
    cwd: ROOT,
    env,
    stdio: ["pipe", "pipe", "pipe", "pipe"],
  });
  let peak = "";
  (child.stdio[3] as NodeJS.ReadableStream).on("data", (d: Buffer) => (peak += d.toString()));
  child.stdout?.resume();
  const stderr: Buffer[] = [];
  child.stderr?.on("data", (d: Buffer) => stderr.push(d));
  const done = new Promise<Run>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      const ms = performance.now() - started;
      if (code !== 0 && code !== null && process.env["BENCH_VERBOSE"]) process.stderr.write(Buffer.concat(stderr));
      resolve({ ms, peak: Number(peak) || 0, code });
    });
  });
  return { child, started, done };
}

/** Runs `node <args>` to its end. */
export function runNode(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<Run> {
  const s = spawnNode(args, env);
  s.child.stdin?.end();
  return s.done;
}

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly peakMedian: number;
  readonly peakMax: number;
  readonly n: number;
}

export function summarize(values: readonly { ms: number; peak: number }[]): Summary {
  const ms = values.map((v) => v.ms);
  const peaks = values.map((v) => v.peak);
  return {
    median: median(ms),
    min: Math.min(...ms),
    max: Math.max(...ms),
    peakMedian: median(peaks),
    peakMax: Math.max(...peaks),
    n: values.length,
  };
}

const s = (ms: number): string => (ms / 1000).toFixed(2);
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

/** One report line: median (lowest-highest) seconds, peak memory, and the ratio of medians to the baseline. */
export function line(label: string, x: Summary, baseline?: Summary): string {
  const ratio = baseline ? `   ${(x.median / baseline.median).toFixed(1).padStart(5)}x node -e 0` : "";
  return `  ${label.padEnd(46)} ${s(x.median).padStart(6)} s (${s(x.min)}-${s(x.max)})   peak ${mb(x.peakMedian).padStart(4)} MB (max ${mb(x.peakMax)})${ratio}`;
}

/** The machine's load average over the last minute, for the report (a shared 2-core machine moves every figure). */
export async function loadAverage(): Promise<string> {
  const { loadavg, availableParallelism } = await import("node:os");
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")} on ${availableParallelism()} cores`;
}

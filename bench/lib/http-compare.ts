// Loads a baseline server and one of our endpoints in the same run with autocannon, alternating short rounds after a
// warm-up so drift on a shared machine hits both alike, and reports requests/s, p99 latency and the ratio against a
// target. The servers live in a child process (bench-server.ts) whose stdout (the app's access log) goes to a file;
// autocannon runs here.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { Scenario, ServersReady } from "./bench-server.js";
import { median } from "./stats.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

export interface Figures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  /**
   * The server process's CPU time (user + system) per request answered, µs: steadier than requests/s on a machine
   * shared with other work, which slows the load generator and the server alike.
   */
  readonly cpuUs: number;
}

export interface Comparison {
  readonly name: string;
  readonly database: string;
  readonly baselineName: string;
  readonly baseline: Figures;
  readonly endpoint: Figures;
  /** Each round's endpoint/baseline ratio, in run order (their spread is the run's noise). */
  readonly roundRatios: readonly number[];
  /** endpoint rps / baseline rps (medians of the rounds) */
  readonly ratio: number;
  readonly target: number;
  /** The endpoint's p99 must stay under this (ms), when set. */
  readonly p99Under?: number;
  /** Access-log bytes the app wrote during the run. */
  readonly logBytes: number;
  readonly pass: boolean;
}

export interface CompareOptions {
  readonly name: string;
  readonly scenario: Scenario;
  /** The least endpoint/baseline throughput ratio that passes. */
  readonly target: number;
  /** The endpoint's p99 latency must stay under this many ms to pass. */
  readonly p99Under?: number;
  readonly connections?: number;
  readonly roundSeconds?: number;
  readonly rounds?: number;
  readonly warmupSeconds?: number;
}

function env(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/** The child's CPU time so far (user + system), µs. */
type CpuReader = () => Promise<number>;

async function load(
  url: string,
  seconds: number,
  connections: number,
  request: ServersReady["request"] | null,
  cpu?: CpuReader,
): Promise<Figures> {
  const before = cpu ? await cpu() : 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    ...(request
      ? {
          method: request.method,
          headers: request.headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
        }
      : {}),
  });
  const used = cpu ? (await cpu()) - before : 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuUs: result.requests.total > 0 ? used / result.requests.total : 0,
  };
}

function summarize(rounds: readonly Figures[]): Figures {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    cpuUs: median(rounds.map((r) => r.cpuUs)),
  };
}

async function startChild(
  scenario: Scenario,
  logFile: string,
): Promise<{ info: ServersReady; cpu: CpuReader; stop(): Promise<void> }> {
  const profile = process.env["BENCH_CPU_PROF"];
  // No "source" condition: the server runs the built packages, as `scamverify serve` does.
  const flags = ["--import", "tsx", ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [])];
  for (const pkg of ["adapters-cli", "adapters-http"]) {
    if (!existsSync(join(root, "packages", pkg, "dist", "index.js"))) {
      throw new Error(`packages/${pkg}/dist is missing: run pnpm build first (the benchmark serves the built app)`);
    }
  }
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, [...flags, join(here, "bench-server.ts"), scenario], {
    cwd: root,
    stdio: ["ignore", log, "inherit", "ipc"],
    env: process.env,
  });
  closeSync(log);
  const info = await new Promise<ServersReady>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once("message", (message) => resolve(message as ServersReady));
  });
  const cpu: CpuReader = () =>
    new Promise((resolve) => {
      child.once("message", (m) => {
        const usage = (m as { cpu: NodeJS.CpuUsage }).cpu;
        resolve(usage.user + usage.system);
      });
      child.send("cpu-usage");
    });
  return {
    info,
    cpu,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.disconnect();
      }),
  };
}

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function report(c: Comparison): string {
  const row = (label: string, f: Figures): string =>
    `  ${label.padEnd(44)} ${fmt(f.rps).padStart(9)} req/s   p50 ${fmt(f.p50, 1).padStart(6)} ms   p99 ${fmt(f.p99, 1).padStart(6)} ms   CPU ${fmt(f.cpuUs, 1).padStart(5)} µs/request${f.non2xx || f.errors ? `   (non-2xx ${f.non2xx}, errors ${f.errors})` : ""}`;
  const rounds = c.roundRatios.map((r) => r.toFixed(2)).join(" / ");
  return [
    `${c.name} (database: ${c.database}; access log ${fmt(c.logBytes / 1e6, 1)} MB written to a file)`,
    row(`${c.baselineName} (baseline)`, c.baseline),
    row(c.name, c.endpoint),
    `  ratio ${c.ratio.toFixed(2)} of the baseline's throughput (rounds ${rounds}), target >= ${c.target}` +
      (c.p99Under !== undefined ? ` with p99 < ${c.p99Under} ms` : "") +
      `: ${c.pass ? "PASS" : "BELOW TARGET"}`,
  ].join("\n");
}

export async function compareHttp(options: CompareOptions): Promise<Comparison> {
  const connections = options.connections ?? env("BENCH_CONNECTIONS", 10);
  const roundSeconds = options.roundSeconds ?? env("BENCH_ROUND_SECONDS", 4);
  const rounds = options.rounds ?? env("BENCH_ROUNDS", 3);
  const warmup = options.warmupSeconds ?? env("BENCH_WARMUP_SECONDS", 2);
  const logDir = mkdtempSync(join(tmpdir(), "scamverify-bench-log-"));
  const logFile = join(logDir, "access.log");
  const { info, cpu, stop } = await startChild(options.scenario, logFile);
  try {
    const baselineUrl = `http://127.0.0.1:${info.baselinePort}${info.request.path}`;
    const endpointUrl = `http://127.0.0.1:${info.appPort}${info.request.path}`;
    await load(baselineUrl, warmup, connections, info.request);
    await load(endpointUrl, warmup, connections, info.request);
    const base: Figures[] = [];
    const ours: Figures[] = [];
    for (let i = 0; i < rounds; i++) {
      // Alternate the order so no one always runs on a warmer (or busier) machine.
      const steps = [
        async () => base.push(await load(baselineUrl, roundSeconds, connections, info.request, cpu)),
        async () => ours.push(await load(endpointUrl, roundSeconds, connections, info.request, cpu)),
      ];
      for (const step of i % 2 === 0 ? steps : [...steps].reverse()) await step();
    }
    const baseline = summarize(base);
    const endpoint = summarize(ours);
    const ratio = baseline.rps > 0 ? endpoint.rps / baseline.rps : 0;
    const p99Ok = options.p99Under === undefined || endpoint.p99 < options.p99Under;
    const pass = ratio >= options.target && p99Ok && endpoint.non2xx === 0 && endpoint.errors === 0;
    return {
      name: options.name,
      database: info.database,
      baselineName: info.baselineName,
      baseline,
      endpoint,
      roundRatios: ours.map((o, i) => (base[i]!.rps > 0 ? o.rps / base[i]!.rps : 0)),
      ratio,
      target: options.target,
      ...(options.p99Under !== undefined ? { p99Under: options.p99Under } : {}),
      logBytes: statSync(logFile).size,
      pass,
    };
  } finally {
    await stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

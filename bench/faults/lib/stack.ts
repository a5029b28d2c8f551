// The system under test for the fault scripts: the built CLI's `serve` in a child process, on 127.0.0.1, over a
// PostgreSQL database of its own (created afresh, dropped at the end) and Redis. Its JSON log lines are kept so a
// script can look for the outage and recovery lines; an exit the script did not ask for counts as a crash.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, type AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type Pg from "pg";
import type { Client } from "pg";
import { CHANNELS as QUOTA_CHANNELS } from "../../../packages/core/src/index.js";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CLI = join(ROOT, "packages/adapters-cli/dist/bin.js");
export const PG_ADMIN_URL = process.env["FAULTS_PG_ADMIN_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env["FAULTS_REDIS_URL"] ?? "redis://127.0.0.1:6379";

// pg is a dependency of the persistence package, not of the repository root.
const pg = createRequire(join(ROOT, "packages/persistence/package.json"))("pg") as typeof Pg;

export function requireBuilt(): void {
  if (!existsSync(CLI)) {
    process.stderr.write(`${CLI} is missing: run \`pnpm build\` first.\n`);
    process.exit(2);
  }
}

/** Only loopback: every address these scripts talk to must be on this machine. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (!/^127\.\d+\.\d+\.\d+$/.test(host) && host !== "localhost" && host !== "::1") {
    throw new Error(`refusing to use ${host}: the fault scripts only talk to 127.0.0.1`);
  }
}

export async function withPg<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Units charged to an account, by channel, as the quota ledger holds them. */
export async function ledger(databaseUrl: string, accountId: string): Promise<Record<string, number>> {
  return withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<{ channel: string; used: number }>(
      "SELECT channel, SUM(used)::int AS used FROM quota_usage WHERE account_id = $1 GROUP BY channel",
      [accountId],
    );
    return Object.fromEntries(rows.map((r) => [r.channel, r.used]));
  });
}

/** Creates database `name` afresh (dropping an old one of that name) and returns its URL. */
export async function freshDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  assertLoopback(PG_ADMIN_URL);
  await withPg(PG_ADMIN_URL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () =>
      withPg(PG_ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Runs a CLI command against the database and returns its parsed --json output. */
export function cliJson<T>(args: readonly string[], databaseUrl: string): T {
  const r = spawnSync(process.execPath, [CLI, ...args, "--json"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "error" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`scamverify ${args.join(" ")} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export interface Account {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly key: string;
}

/** An enterprise account (rpm and quotas as given) with one live key. */
export function createAccount(
  databaseUrl: string,
  email: string,
  options: { rpm?: number; quota?: number } = {},
): Account {
  const password = "correct horse battery staple";
  const quota = options.quota ?? 100_000_000;
  const account = cliJson<{ id: string }>(
    [
      "accounts",
      "create",
      "--email",
      email,
      "--password",
      password,
      "--plan",
      "enterprise",
      "--rpm",
      String(options.rpm ?? 100_000),
      "--quota",
      QUOTA_CHANNELS.map((c) => `${c}=${quota}`).join(","),
    ],
    databaseUrl,
  );
  const key = cliJson<{ key: string }>(["keys", "create", "--account", account.id], databaseUrl);
  return { id: account.id, email, password, key: key.key };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface LogLine {
  readonly level?: string;
  readonly msg?: string;
  readonly [field: string]: unknown;
}

export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  readonly logs: LogLine[];
  /** The "listening" line. */
  readonly started: LogLine;
  /** Set when the process exited without being asked to. */
  crashed(): { code: number | null; signal: string | null } | null;
  /** The last lines the process wrote to stderr (a crash's stack is there). */
  stderrTail(): string[];
  stop(): Promise<void>;
}

export interface ServerOptions {
  readonly databaseUrl: string;
  readonly redisUrl?: string;
  readonly env?: Record<string, string>;
  /** Print every log line of at least this level to stderr as it comes (default: none). */
  readonly echo?: "warn" | "error";
}

/** Starts `scamverify serve` from the build on 127.0.0.1 with no network inspection and no scheduled syncs. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  assertLoopback(options.databaseUrl);
  if (options.redisUrl) assertLoopback(options.redisUrl);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [CLI, "serve", "--host", "127.0.0.1", "--port", String(port), "--no-network"], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : { REDIS_URL: "" }),
      BASE_URL: url,
      SCAMVERIFY_FEED_SYNC_HOURS: "0",
      SCAMVERIFY_REGISTRY_SYNC_HOURS: "0",
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The server never outlives the script, whatever ends it.
  const reap = (): void => {
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  process.on("exit", reap);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // Ending the script ends its server; the exit handlers (such as the services' restart) still run.
    process.once(signal, () => {
      reap();
      process.exit(130);
    });
  }
  const logs: LogLine[] = [];
  let stopping = false;
  let exit: { code: number | null; signal: string | null } | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const echo = options.echo === undefined ? null : options.echo === "warn" ? ["warn", "error"] : ["error"];
  const stderrTail: string[] = [];
  createInterface({ input: child.stderr! }).on("line", (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 80) stderrTail.shift();
  });
  const started = await new Promise<LogLine>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 60 s:\n${stderrTail.join("\n")}`)),
      60_000,
    );
    void exited.then(() =>
      reject(new Error(`server exited at start (${JSON.stringify(exit)}):\n${stderrTail.join("\n")}`)),
    );
    createInterface({ input: child.stdout! }).on("line", (line) => {
      let parsed: LogLine;
      try {
        parsed = JSON.parse(line) as LogLine;
      } catch {
        parsed = { msg: line };
      }
      logs.push(parsed);
      if (echo && echo.includes(String(parsed.level))) process.stderr.write(`  server: ${line.slice(0, 400)}\n`);
      if (parsed.msg === "listening") {
        clearTimeout(timer);
        resolve(parsed);
      }
    });
  });
  return {
    url,
    child,
    logs,
    started,
    crashed: () => (stopping ? null : exit),
    stderrTail: () => [...stderrTail],
    async stop() {
      if (exit !== null) return;
      stopping = true;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

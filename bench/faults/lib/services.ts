// Stopping and starting the machine's PostgreSQL cluster and Redis for a few seconds. Other work on this machine
// uses both, so whatever stops one registers its restart first: on the normal path, on an exception, and on exit or
// a signal (SIGINT, SIGTERM, SIGHUP), the service is started again before the process goes.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { Socket } from "node:net";

/** The Debian cluster to stop: the only version under /etc/postgresql (or FAULTS_PG_VERSION), cluster main. */
export function postgresCluster(): { version: string; name: string } {
  const given = process.env["FAULTS_PG_VERSION"];
  const versions = given ? [given] : readdirSync("/etc/postgresql").filter((v) => /^\d+$/.test(v));
  if (versions.length !== 1) throw new Error(`expected one PostgreSQL version in /etc/postgresql, found ${versions}`);
  return { version: versions[0]!, name: process.env["FAULTS_PG_CLUSTER"] ?? "main" };
}

export interface Service {
  readonly name: string;
  stop(): void;
  start(): void;
  /** Resolves once the service accepts connections again (rejects after `timeoutMs`). */
  waitUp(timeoutMs?: number): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.setTimeout(1_000, () => {
      s.destroy();
      resolve(false);
    });
    s.once("error", () => resolve(false));
    s.connect(port, "127.0.0.1", () => {
      s.destroy();
      resolve(true);
    });
  });
}

async function waitPort(port: number, timeoutMs: number, name: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not come back on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

export function postgresService(): Service {
  const { version, name } = postgresCluster();
  return {
    name: `PostgreSQL ${version}/${name}`,
    // fast: open sessions are ended and their transactions rolled back, as when the server is stopped for real.
    stop: () => execFileSync("pg_ctlcluster", [version, name, "stop", "--mode", "fast"], { stdio: "inherit" }),
    start: () => {
      const r = spawnSync("pg_ctlcluster", [version, name, "start"], { stdio: "inherit" });
      // Already running is fine; anything else is not.
      if (r.status !== 0 && r.status !== 2) throw new Error(`pg_ctlcluster start exited ${r.status}`);
    },
    waitUp: (timeoutMs = 30_000) => waitPort(5432, timeoutMs, "PostgreSQL"),
  };
}

export function redisService(): Service {
  return {
    name: "Redis 127.0.0.1:6379",
    stop: () => {
      spawnSync("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"], { stdio: "ignore" });
    },
    start: () => {
      execFileSync(
        "redis-server",
        ["--daemonize", "yes", "--bind", "127.0.0.1", "--port", "6379", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
    },
    waitUp: (timeoutMs = 15_000) => waitPort(6379, timeoutMs, "Redis"),
  };
}

const down = new Set<Service>();
let trapped = false;

function restartAll(): void {
  for (const s of down) {
    try {
      process.stderr.write(`restarting ${s.name}\n`);
      s.start();
    } catch (e) {
      process.stderr.write(`could not restart ${s.name}: ${(e as Error).message}\n`);
    }
    down.delete(s);
  }
}

function trap(): void {
  if (trapped) return;
  trapped = true;
  process.on("exit", restartAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      restartAll();
      process.exit(130);
    });
  }
  process.on("uncaughtException", (e) => {
    process.stderr.write(`${e.stack ?? String(e)}\n`);
    restartAll();
    process.exit(1);
  });
}

/**
 * Stops the service, waits `downMs`, and starts it again; the restart also runs if anything throws meanwhile or the
 * process is ended. Returns the moments it went down and came back.
 */
export async function outage(service: Service, downMs: number): Promise<{ downAt: number; upAt: number }> {
  trap();
  down.add(service);
  const downAt = Date.now();
  try {
    service.stop();
    await new Promise((r) => setTimeout(r, downMs));
  } finally {
    down.delete(service);
    service.start();
  }
  await service.waitUp();
  return { downAt, upAt: Date.now() };
}

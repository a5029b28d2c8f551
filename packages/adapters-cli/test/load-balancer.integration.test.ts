// Several processes behind a load balancer, and two of them killed mid-run. Three `scamverify serve` processes of the
// built CLI (in-process job workers off) and two `scamverify worker` processes share one PostgreSQL database of their
// own and Redis, behind HAProxy (round robin, health checks on /readyz). Parallel URL lookups, each with an
// Idempotency-Key, and a 300-item URL job go through HAProxy; one API process and one worker are SIGKILLed while
// both are busy. Then: the job has exactly one result per item and counters that agree; the only failed requests are
// the ones in flight on the killed process, and each, sent again with its key, got one answer; the quota ledger
// holds exactly the units of the answered uncached lookups and the job's uncached items.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDb, type Db } from "@scamverify/persistence";
import { findTestRedis } from "@scamverify/persistence/testing";
import { createTemporaryDatabase, type TemporaryDatabase } from "./support/temporary-database.js";
import { cliJson, freePort, requireBuiltCli, startCli, type CliProcess } from "./support/built-cli.js";

const HAPROXY = "/usr/sbin/haproxy";
const QUOTA = 20_000;
const JOB_ITEMS = 300;
const CLIENTS = 6;
/** Seconds before a dead worker's task goes to another worker (the default 60 would make this test slow). */
const TASK_TIMEOUT_SECONDS = 10;
// A lookup's quota hold: the survivors sweep expired holds every this many seconds, giving back the killed process's.
const QUOTA_HOLD_SECONDS = 15;

let database: TemporaryDatabase;
let db: Db;
let dir: string;
let haproxy: ChildProcess | undefined;
let base: string;
let statsSocket: string;
let apiKey: string;
let accountId: string;
const apis: CliProcess[] = [];
const workers: CliProcess[] = [];

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every `everyMs` until it returns a value other than undefined; fails after `ms`. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>, everyMs = 200): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Each server's state as HAProxy sees it (UP, DOWN, ...), read from its stats socket. */
function serverStates(): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = "";
    const s = connect(statsSocket, () => s.end("show stat\n"));
    s.setEncoding("utf8");
    s.on("data", (c: string) => (text += c));
    s.on("error", reject);
    s.on("close", () => {
      const states: Record<string, string> = {};
      for (const line of text.split("\n")) {
        const f = line.split(",");
        if (f[0] === "scamverify" && f[1] !== "BACKEND" && f[1] !== undefined) states[f[1]] = f[17] ?? "";
      }
      resolve(states);
    });
  });
}

function haproxyConfig(listen: number, backends: readonly number[]): string {
  return [
    "global",
    "  maxconn 512",
    `  stats socket ${statsSocket} mode 600 level admin`,
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    // A refused connection (a process that is gone) is tried again on another server; a request the server had
    // already taken is never sent twice by the balancer: its client sends it again, with its Idempotency-Key.
    "  retries 2",
    "  option redispatch",
    "frontend api",
    `  bind 127.0.0.1:${listen}`,
    "  default_backend scamverify",
    "backend scamverify",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    "  default-server inter 500ms fall 2 rise 2",
    ...backends.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check`),
    "",
  ].join("\n");
}

beforeAll(async () => {
  requireBuiltCli();
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install -y haproxy`);
  const redis = await findTestRedis();
  if (!redis.ok) throw new Error(redis.message);
  database = await createTemporaryDatabase("sv_lb");
  db = await createPostgresDb({ connectionString: database.url, max: 2 });
  dir = mkdtempSync(join(tmpdir(), "sv-lb-"));
  statsSocket = join(dir, "haproxy.sock");
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    SCAMVERIFY_FEED_SYNC_HOURS: "0",
    SCAMVERIFY_REGISTRY_SYNC_HOURS: "0",
    SCAMVERIFY_PAGE: "false",
    SCAMVERIFY_JOB_TASK_TIMEOUT_SECONDS: String(TASK_TIMEOUT_SECONDS),
    SCAMVERIFY_QUOTA_HOLD_SECONDS: String(QUOTA_HOLD_SECONDS),
    LOG_LEVEL: "info",
  };
  // Migrated once before any process starts, as an operator would; then an account with a known quota and its key.
  cliJson(["db", "migrate"], env);
  const account = cliJson<{ id: string }>(
    [
      "accounts",
      "create",
      "--email",
      `lb-${randomUUID()}@example.com`,
      "--plan",
      "enterprise",
      "--rpm",
      "100000",
      "--quota",
      `url=${QUOTA},phone=10,text=10,email=10`,
    ],
    env,
  );
  accountId = account.id;
  apiKey = cliJson<{ key: string }>(["keys", "create", "--account", accountId], env).key;

  const ports = [await freePort(), await freePort(), await freePort()];
  const started = await Promise.all([
    ...ports.map((port, i) =>
      startCli(
        `api${i + 1}`,
        ["serve", "--host", "127.0.0.1", "--port", String(port), "--no-network", "--job-workers", "0"],
        { ...env, BASE_URL: `http://127.0.0.1:${port}` },
        "listening",
      ),
    ),
    ...[1, 2].map((n) =>
      startCli(`worker${n}`, ["worker", "--concurrency", "2", "--no-network"], env, "job workers started"),
    ),
  ]);
  apis.push(...started.slice(0, 3));
  workers.push(...started.slice(3));

  const listen = await freePort();
  writeFileSync(join(dir, "haproxy.cfg"), haproxyConfig(listen, ports));
  haproxy = spawn(HAPROXY, ["-f", join(dir, "haproxy.cfg"), "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  let haproxyErr = "";
  haproxy.stderr!.on("data", (c: Buffer) => (haproxyErr += c.toString()));
  base = `http://127.0.0.1:${listen}`;
  await until(
    "HAProxy to see the three API processes ready",
    60_000,
    async () => {
      if (haproxy?.exitCode !== null) throw new Error(`haproxy exited: ${haproxyErr}`);
      const states = await serverStates();
      return ["api1", "api2", "api3"].every((s) => states[s] === "UP") ? true : undefined;
    },
    250,
  );
}, 300_000);

afterAll(async () => {
  haproxy?.kill("SIGTERM");
  await Promise.all([...apis, ...workers].map((p) => p.stop()));
  await db?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

interface Attempt {
  readonly sentAt: number;
  readonly endedAt: number;
  /** HTTP status, or 0 when the connection failed. */
  readonly status: number;
}

interface Lookup {
  readonly url: string;
  readonly attempts: Attempt[];
  /** The answer that settled it: 200 with its `cached` flag, or null when it never got one. */
  answer: { cached: boolean; replayed: boolean } | null;
}

const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
  authorization: `Bearer ${apiKey}`,
  "content-type": "application/json",
  ...extra,
});

/** One lookup, sent again with its key after a balancer error, a broken connection or a 409 for its key in use. */
async function lookUp(url: string, deadline: number): Promise<Lookup> {
  const lookup: Lookup = { url, attempts: [], answer: null };
  const key = randomUUID();
  while (performance.now() < deadline) {
    const sentAt = performance.now();
    let res: Response;
    try {
      res = await fetch(`${base}/api/v1/url/lookup`, {
        method: "POST",
        headers: headers({ "idempotency-key": key }),
        body: JSON.stringify({ url }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      lookup.attempts.push({ sentAt, endedAt: performance.now(), status: 0 });
      await sleep(200);
      continue;
    }
    const text = await res.text();
    lookup.attempts.push({ sentAt, endedAt: performance.now(), status: res.status });
    if (res.status === 200) {
      const body = JSON.parse(text) as { cached: boolean };
      lookup.answer = { cached: body.cached, replayed: res.headers.get("idempotent-replayed") === "true" };
      return lookup;
    }
    if (res.status === 409) await sleep(1000 * Number(res.headers.get("retry-after") ?? 1));
    else if (res.status >= 500) await sleep(200);
    else return lookup;
  }
  return lookup;
}

async function getJson<T>(path: string): Promise<T | undefined> {
  const res = await fetch(`${base}${path}`, { headers: headers(), signal: AbortSignal.timeout(10_000) });
  return res.status === 200 ? ((await res.json()) as T) : undefined;
}

interface JobView {
  readonly status: string;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
}

describe("three API processes and two workers behind HAProxy", () => {
  it("lose nothing, do nothing twice and charge exactly when one of each is killed mid-run", async () => {
    const run = randomUUID().slice(0, 8);
    const items = Array.from({ length: JOB_ITEMS }, (_, i) => ({ url: `https://job-${run}-${i}.example-shop.com/a` }));
    const submitted = await fetch(`${base}/api/v1/jobs`, {
      method: "POST",
      headers: headers({ "idempotency-key": randomUUID() }),
      body: JSON.stringify({ channel: "url", items }),
    });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };

    // The load: CLIENTS loops of lookups, each a URL never sent before, until told to stop.
    const lookups: Lookup[] = [];
    let stop = false;
    let n = 0;
    const hardDeadline = performance.now() + 150_000;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!stop) lookups.push(await lookUp(`https://lb-${run}-${n++}.example-shop.com/login`, hardDeadline));
    });

    // Kill while both workers hold tasks (each runs 2 loops, so 3 active tasks means both hold one) and lookups are
    // being answered on every API process.
    await until(
      "both workers to hold tasks",
      60_000,
      async () => {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'scamverify-job-items' AND state = 'active'",
        );
        return (rows[0]?.n ?? 0) >= 3 ? true : undefined;
      },
      50,
    );
    await until("lookups to be answered", 30_000, async () => (lookups.length >= 3 * CLIENTS ? true : undefined), 50);
    const killedAt = performance.now();
    await Promise.all([apis[0]!.kill(), workers[0]!.kill()]);

    const view = await until(
      "the job to finish",
      90_000,
      async () => {
        const v = await getJson<JobView>(`/api/v1/jobs/${id}`);
        return v !== undefined && v.status !== "queued" && v.status !== "running" ? v : undefined;
      },
      500,
    );
    // A few more seconds of lookups on the two survivors, then the load stops and its last requests settle.
    const answeredAtFinish = lookups.length;
    await until("lookups after the job", 30_000, async () =>
      lookups.length >= answeredAtFinish + CLIENTS ? true : undefined,
    );
    stop = true;
    await Promise.all(clients);

    expect(view).toMatchObject({ status: "completed", total: JOB_ITEMS, completed: JOB_ITEMS, failed: 0 });
    const res = await fetch(`${base}/api/v1/jobs/${id}/results`, { headers: headers() });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { index: number; result?: { cached: boolean; url?: string } });
    expect(lines.map((l) => l.index)).toEqual(Array.from({ length: JOB_ITEMS }, (_, i) => i));
    expect(lines.filter((l) => l.result === undefined)).toEqual([]);
    const { rows: stored } = await db.query<{ n: number; answered: number }>(
      "SELECT count(*)::int AS n, (count(*) FILTER (WHERE answered))::int AS answered FROM job_items WHERE job_id = $1",
      [id],
    );
    expect(stored[0]).toEqual({ n: JOB_ITEMS, answered: JOB_ITEMS });
    // The killed worker's tasks were taken up again by the other one.
    const { rows: retried } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'scamverify-job-items' AND retry_count > 0",
    );
    expect(retried[0]?.n).toBeGreaterThan(0);

    // Every lookup got its answer. The failed attempts were in flight on the killed process, or sent to it in the
    // second or so before HAProxy's checks (every 500 ms, 2 failures) took it out of the rotation.
    expect(lookups.filter((l) => l.answer === null).map((l) => l.attempts)).toEqual([]);
    const failed = lookups.flatMap((l) => l.attempts.filter((a) => a.status !== 200 && a.status !== 409));
    const relative = failed.map((a) => ({
      status: a.status,
      sentMs: Math.round(a.sentAt - killedAt),
      endedMs: Math.round(a.endedAt - killedAt),
    }));
    expect(relative.filter((a) => a.sentMs > 3_000 || a.endedMs < 0)).toEqual([]);
    expect(failed.every((a) => a.status === 0 || a.status === 502 || a.status === 503)).toBe(true);

    // The ledger: one unit per lookup answered uncached (a replay repeats the first answer: one unit) and per job
    // item answered uncached; nothing for cached answers, failed attempts or requests sent again.
    const expected =
      lookups.filter((l) => l.answer?.cached === false).length + lines.filter((l) => l.result?.cached === false).length;
    // A lookup cut off on the killed process while it held its unit gives it back once the hold expires and a
    // surviving process sweeps it: wait until the account holds nothing.
    await until(
      "the killed process's quota holds to be given back",
      (QUOTA_HOLD_SECONDS * 2 + 30) * 1000,
      async () => {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM quota_holds WHERE account_id = $1",
          [accountId],
        );
        return rows[0]?.n === 0 ? true : undefined;
      },
      1_000,
    );
    const { rows: ledger } = await db.query<{ used: number }>(
      "SELECT COALESCE(SUM(used), 0)::int AS used FROM quota_usage WHERE account_id = $1 AND channel = 'url'",
      [accountId],
    );
    const charged = ledger[0]?.used ?? NaN;
    // A lookup cut off after its unit was committed and before its answer was kept for its key left the unit noted
    // on its key's claim; the retry that took the claim over gave it back, so only the answer the client got counts.
    expect(charged).toBe(expected);
    const usage = await getJson<{ quotas: { url: { used: number; limit: number } } }>("/api/v1/usage");
    expect(usage?.quotas.url).toMatchObject({ used: charged, limit: QUOTA });
    // The survivors are up, the killed API process is out of the rotation.
    const states = await serverStates();
    expect(states).toMatchObject({ api1: expect.stringMatching(/^DOWN/), api2: "UP", api3: "UP" });
    expect([apis[1], apis[2], workers[1]].map((p) => p!.exited())).toEqual([null, null, null]);
  }, 300_000);
});

// Job throughput against the synchronous batch endpoint, in one run on PostgreSQL: the same number of fresh (never
// cached) URLs, network inspection off, through POST /api/v1/batch/url (100 a request, 2 requests in flight, the
// API process does the work) and through POST /api/v1/jobs worked by 1 and then 2 worker processes (pg-boss, 2 task
// loops each). Each job's time runs from the submit to its webhook's arrival. Then the webhook's delivery latency:
// from the moment the job is finished in the database to the receiver on 127.0.0.1 reading it, over single-item jobs.
// The batch rate limit (5 a minute) is lifted for the bench only.
//   node --conditions=source --import tsx bench/jobs.ts [--items=N]
// Needs PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test); a database
// of its own is made and dropped.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHttpApp } from "../packages/adapters-http/src/app.js";
import { silentLogger } from "../packages/adapters-http/src/logger.js";
import { startHttpServer } from "../packages/adapters-http/src/server.js";
import { loadConfig } from "../packages/adapters-cli/src/config.js";
import { createRuntime } from "../packages/adapters-cli/src/runtime.js";
import { createPostgresDb } from "../packages/persistence/src/postgres-db.js";
import { median } from "./lib/stats.js";

const ITEMS = Number(process.argv.find((a) => a.startsWith("--items="))?.slice(8) ?? 1000);
const LATENCY_JOBS = 8;
const baseUrl =
  process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = `bench_jobs_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.href;
})();
const admin = await createPostgresDb({ connectionString: baseUrl, max: 1 });
await admin.query(`CREATE DATABASE ${dbName}`);

const rt = await createRuntime(
  loadConfig(
    {
      databaseUrl: dbUrl,
      dataDir: mkdtempSync(join(tmpdir(), "sv-bench-jobs-")),
      networkInspection: false,
      page: false,
    },
    {},
  ),
  {
    jobs: { allowLoopbackWebhooksForTests: true },
    extend: () => ({
      rateLimiter: {
        hit: async (_k, limit, windowMs, now) => ({
          allowed: true,
          limit,
          remaining: limit,
          resetAt: new Date(now.getTime() + windowMs),
        }),
      },
    }),
  },
);
const account = (
  await rt.engine.accounts.create({
    email: `jobs-bench-${process.pid}@example.com`,
    plan: "enterprise",
    rpm: 100_000,
    quotas: { url: 10_000_000, phone: 1000, text: 1000, email: 1000 },
  })
)._unsafeUnwrap();
const key = (await rt.engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap().key;
const server = await startHttpServer(createHttpApp({ engine: rt.engine, logger: silentLogger }), 0, "127.0.0.1");

const arrivals = new Map<string, { at: number; wall: number }>();
const waiting = new Map<string, () => void>();
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    const id = (JSON.parse(body) as { job: { id: string } }).job.id;
    arrivals.set(id, { at: performance.now(), wall: Date.now() });
    waiting.get(id)?.();
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

const post = async (path: string, body: unknown): Promise<Response> =>
  fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const urls = (tag: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `https://${tag}-${i}.bench-shop.example/account/verify?n=${i}`);

async function batchRate(): Promise<number> {
  const all = urls("batch", ITEMS);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < all.length) {
        const chunk = all.slice(next, next + 100);
        next += 100;
        const res = await post("/api/v1/batch/url", { urls: chunk });
        if (res.status !== 200) throw new Error(`batch answered ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  return ITEMS / ((performance.now() - t0) / 1000);
}

const workerScript = fileURLToPath(new URL("./lib/job-worker.ts", import.meta.url));
function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", workerScript, dbUrl, "2"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve(child));
    child.once("exit", (code) => reject(new Error(`worker exited ${code}`)));
  });
}

async function runJob(tag: string, n: number): Promise<{ seconds: number; id: string }> {
  const t0 = performance.now();
  const res = await post("/api/v1/jobs", {
    channel: "url",
    items: urls(tag, n).map((url) => ({ url })),
    webhook_url: hookUrl,
  });
  if (res.status !== 202) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  if (!arrivals.has(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
  return { seconds: (arrivals.get(id)!.at - t0) / 1000, id };
}

const lines: string[] = [];
const workers: ChildProcess[] = [];
try {
  const batch = await batchRate();
  lines.push(`sync batch endpoint: ${batch.toFixed(0)} URLs/s (${ITEMS} URLs, 100 a request, 2 in flight)`);
  for (const count of [1, 2]) {
    while (workers.length < count) workers.push(await startWorker());
    const { seconds } = await runJob(`job${count}`, ITEMS);
    const rate = ITEMS / seconds;
    lines.push(
      `job, ${count} worker process${count > 1 ? "es" : ""}: ${rate.toFixed(0)} URLs/s (${ITEMS} URLs in ${seconds.toFixed(1)} s); ratio to the batch endpoint ${(rate / batch).toFixed(2)}`,
    );
  }
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_JOBS; i++) {
    const { id } = await runJob(`lat${i}`, 1);
    const { rows } = await rt.db.query<{ finished_at: Date }>("SELECT finished_at FROM jobs WHERE id = $1", [id]);
    latencies.push(arrivals.get(id)!.wall - rows[0]!.finished_at.getTime());
  }
  lines.push(
    `webhook latency, job finished in the database -> receiver: median ${median(latencies).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (${LATENCY_JOBS} single-item jobs)`,
  );
} finally {
  for (const w of workers) w.kill("SIGTERM");
  await server.close(1000);
  receiver.close();
  await rt.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.close();
}
process.stdout.write(`${lines.join("\n")}\n`);
process.exit(0);

// The two queue engines the jobs could run on, measured side by side in one run: pg-boss 10 (PostgreSQL, the
// database the jobs live in anyway) and BullMQ 5 (Redis). For each: how fast tasks are sent in bulk, how many tasks
// a second 1 and 2 worker processes run (each task one INSERT), and what happens when a worker process is killed
// (SIGKILL) while it holds tasks: how long until the other worker has done them, and whether any task is lost or
// run twice. Tasks are recorded in bench_queue_runs by the workers (bench/lib/queue-worker.ts).
//   node --conditions=source --import tsx bench/job-queues.ts [--tasks=N]
// Needs PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) and Redis
// (BENCH_REDIS_URL, REDIS_URL, else redis://127.0.0.1:6379); a database of its own is made and dropped.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type PgBoss from "../packages/persistence/node_modules/pg-boss/types.js";
import type pg from "pg";
import { Queue } from "bullmq";

const TASKS = Number(process.argv.find((a) => a.startsWith("--tasks="))?.slice(8) ?? 3000);
const KILL_TASKS = 20;
const KILL_WORK_MS = 1500;
const fromPersistence = createRequire(new URL("../packages/persistence/package.json", import.meta.url));
const { Client } = fromPersistence("pg") as typeof pg;
const Boss = fromPersistence("pg-boss") as typeof PgBoss;

const baseUrl =
  process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env["BENCH_REDIS_URL"] ?? process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379";
const dbName = `bench_queues_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.href;
})();

async function sql(url: string, text: string): Promise<pg.QueryResult> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

type Engine = "pg-boss" | "bullmq";
const workerScript = fileURLToPath(new URL("./lib/queue-worker.ts", import.meta.url));

function startWorker(engine: Engine, queue: string, concurrency: number, workMs: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=source",
      "--import",
      "tsx",
      workerScript,
      engine,
      dbUrl,
      redisUrl,
      queue,
      String(concurrency),
      String(workMs),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker exited ${code}`)));
  });
}

async function counts(): Promise<{ runs: number; distinct: number }> {
  const r = await sql(dbUrl, "SELECT count(*)::int AS runs, count(DISTINCT n)::int AS d FROM bench_queue_runs");
  return { runs: r.rows[0].runs as number, distinct: r.rows[0].d as number };
}

async function until(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

interface Sender {
  send(tasks: number, from: number): Promise<void>;
  close(): Promise<void>;
}

async function sender(engine: Engine, queue: string): Promise<Sender> {
  if (engine === "pg-boss") {
    const boss = new Boss({ connectionString: dbUrl, schema: "bench_pgboss", schedule: false, supervise: false });
    await boss.start();
    await boss.createQueue(queue, { name: queue, retryLimit: 3, retryDelay: 1, expireInSeconds: 3 });
    return {
      async send(n, from) {
        for (let i = 0; i < n; i += 1000)
          await boss.insert(
            Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({ name: queue, data: { n: from + i + k } })),
          );
      },
      close: () => boss.stop({ graceful: false, wait: true }),
    };
  }
  const url = new URL(redisUrl);
  const q = new Queue(queue, { connection: { host: url.hostname, port: Number(url.port || 6379) } });
  return {
    async send(n, from) {
      for (let i = 0; i < n; i += 1000)
        await q.addBulk(
          Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
            name: "t",
            data: { n: from + i + k },
            opts: { removeOnComplete: true, attempts: 3 },
          })),
        );
    },
    async close() {
      await q.obliterate({ force: true });
      await q.close();
    },
  };
}

const rows: string[][] = [];

async function measure(engine: Engine): Promise<void> {
  for (const workers of [1, 2]) {
    await sql(dbUrl, "TRUNCATE bench_queue_runs");
    const queue = `tp_${engine.replace("-", "")}_${workers}_${process.pid}`;
    const s = await sender(engine, queue);
    const children = await Promise.all(Array.from({ length: workers }, () => startWorker(engine, queue, 4, 0)));
    const t0 = performance.now();
    await s.send(TASKS, 0);
    const sent = performance.now() - t0;
    const ok = await until(async () => (await counts()).distinct >= TASKS, 300_000);
    const total = performance.now() - t0;
    const c = await counts();
    rows.push([
      engine,
      `throughput, ${workers} worker${workers > 1 ? "s" : ""}`,
      `${Math.round(TASKS / (sent / 1000))} sent/s`,
      `${ok ? Math.round(TASKS / (total / 1000)) : "timeout"} done/s`,
      `runs ${c.runs}, distinct ${c.distinct}`,
    ]);
    for (const ch of children) ch.kill("SIGTERM");
    await s.close();
  }

  await sql(dbUrl, "TRUNCATE bench_queue_runs");
  const queue = `kill_${engine.replace("-", "")}_${process.pid}`;
  const s = await sender(engine, queue);
  const [victim, survivor] = await Promise.all([
    startWorker(engine, queue, 2, KILL_WORK_MS),
    startWorker(engine, queue, 2, KILL_WORK_MS),
  ]);
  const t0 = performance.now();
  await s.send(KILL_TASKS, 0);
  await new Promise((r) => setTimeout(r, 700));
  victim!.kill("SIGKILL");
  const killedAt = performance.now();
  const ok = await until(async () => (await counts()).distinct >= KILL_TASKS, 120_000);
  const c = await counts();
  rows.push([
    engine,
    `worker killed holding 2 of ${KILL_TASKS} tasks of ${KILL_WORK_MS} ms`,
    `all done ${ok ? ((performance.now() - t0) / 1000).toFixed(1) : "never"} s after send (${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill)`,
    `lost ${KILL_TASKS - c.distinct}`,
    `run twice ${c.runs - c.distinct}`,
  ]);
  survivor!.kill("SIGTERM");
  await s.close();
}

await sql(baseUrl, `CREATE DATABASE ${dbName}`);
try {
  await sql(dbUrl, "CREATE TABLE bench_queue_runs (n int NOT NULL, pid int NOT NULL)");
  for (const engine of ["pg-boss", "bullmq"] as const) await measure(engine);
} finally {
  await sql(baseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
process.stdout.write(`${TASKS} tasks (1 INSERT each), 4 task loops per worker process\n`);
for (const r of rows) process.stdout.write(`${r.join(" | ")}\n`);
process.exit(0);

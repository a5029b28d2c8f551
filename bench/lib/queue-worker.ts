// One worker process of bench/job-queues.ts: takes tasks from pg-boss or BullMQ and records each run in
// bench_queue_runs (task number, worker pid), so the parent can count tasks done, lost and done twice.
//   node --conditions=source --import tsx bench/lib/queue-worker.ts <pg-boss|bullmq> <database url> <redis url>
//     <queue name> <concurrency> <work ms>
import { createRequire } from "node:module";
import type PgBoss from "../../packages/persistence/node_modules/pg-boss/types.js";
import type pg from "pg";

const [engine, databaseUrl, redisUrl, queue, concurrencyArg, workMsArg] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const workMs = Number(workMsArg);
const fromPersistence = createRequire(new URL("../../packages/persistence/package.json", import.meta.url));
const { Pool } = fromPersistence("pg") as typeof pg;
const pool = new Pool({ connectionString: databaseUrl, max: concurrency + 1 });

async function run(n: number): Promise<void> {
  if (workMs > 0) await new Promise((r) => setTimeout(r, workMs));
  await pool.query("INSERT INTO bench_queue_runs (n, pid) VALUES ($1, $2)", [n, process.pid]);
}

if (engine === "pg-boss") {
  const Boss = fromPersistence("pg-boss") as typeof PgBoss;
  const boss = new Boss({
    connectionString: databaseUrl!,
    schema: "bench_pgboss",
    max: concurrency + 1,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 2,
  });
  await boss.start();
  // As the jobs' queue adapter does: fetch again at once while there is work (pg-boss's work() waits its polling
  // interval, 0.5 s at least, after every fetch).
  for (let i = 0; i < concurrency; i++)
    void (async () => {
      for (;;) {
        const [job] = (await boss.fetch<{ n: number }>(queue!, { batchSize: 1 })) ?? [];
        if (job === undefined) {
          await new Promise((r) => setTimeout(r, 500));
          continue;
        }
        await run(job.data.n);
        await boss.complete(queue!, job.id);
      }
    })();
} else {
  const { Worker } = await import("bullmq");
  const url = new URL(redisUrl!);
  new Worker<{ n: number }>(queue!, async (job) => run(job.data.n), {
    connection: { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null },
    concurrency,
    lockDuration: 2000,
    stalledInterval: 2000,
  });
}
process.stdout.write("ready\n");

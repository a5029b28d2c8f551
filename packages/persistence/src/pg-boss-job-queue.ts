// The job queue on pg-boss, in the same PostgreSQL as the jobs (its own schema). pg-boss takes a task with
// SELECT ... FOR UPDATE SKIP LOCKED, so each task goes to one worker at a time; a task whose worker dies stays active
// until it expires (expireInSeconds), then is retried, and the item answers it already wrote are not done again.
import type PgBoss from "pg-boss";
import type { JobTask } from "@scamverify/core";
import { TASK_RETRY_LIMIT, type JobWorkerQueue, type TaskHandler } from "./job-worker-queue.js";

export interface PgBossJobQueueOptions {
  readonly connectionString: string;
  /** pg-boss's own schema; default "pgboss". */
  readonly schema?: string;
  /** Seconds an item task may run before it counts as lost and is retried; default 60 (25 items take far less). */
  readonly expireInSeconds?: number;
  /** How often pg-boss looks for expired tasks; default 30 s (a dead worker's task comes back within it). */
  readonly maintenanceIntervalSeconds?: number;
  /** How often an idle worker polls; default 0.5 s (pg-boss's least). */
  readonly pollingIntervalSeconds?: number;
  /** Connections of pg-boss's pool; default 4. */
  readonly max?: number;
  readonly onError?: (error: Error) => void;
}

const ITEMS = "scamverify-job-items";
const WEBHOOKS = "scamverify-job-webhooks";
const queueOf = (t: JobTask): string => (t.kind === "items" ? ITEMS : WEBHOOKS);

export async function createPgBossJobQueue(options: PgBossJobQueueOptions): Promise<JobWorkerQueue> {
  const expireInSeconds = options.expireInSeconds ?? 60;
  // Loaded here: a process on the embedded database never pays for it.
  const mod = (await import("pg-boss")) as unknown as { default?: typeof PgBoss } & typeof PgBoss;
  const Boss = mod.default ?? mod;
  const boss: PgBoss = new Boss({
    connectionString: options.connectionString,
    schema: options.schema ?? "pgboss",
    max: options.max ?? 4,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    monitorStateIntervalSeconds: 3600,
  });
  boss.on("error", (e) => options.onError?.(e));
  await boss.start();
  for (const name of [ITEMS, WEBHOOKS])
    await boss.createQueue(name, {
      name,
      retryLimit: TASK_RETRY_LIMIT,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds,
    });
  const workers: string[] = [];
  let closed = false;

  return {
    engine: "pg-boss",
    durable: true,
    async send(tasks, afterMs) {
      if (tasks.length === 0) return;
      const startAfter = afterMs !== undefined && afterMs > 0 ? new Date(Date.now() + afterMs) : undefined;
      for (let i = 0; i < tasks.length; i += 1000)
        await boss.insert(
          tasks.slice(i, i + 1000).map((task) => ({
            name: queueOf(task),
            data: task,
            retryLimit: TASK_RETRY_LIMIT,
            retryDelay: 1,
            retryBackoff: true,
            expireInSeconds,
            ...(startAfter ? { startAfter } : {}),
          })),
        );
    },
    async work(handler: TaskHandler, concurrency: number) {
      for (const name of [ITEMS, WEBHOOKS])
        for (let i = 0; i < Math.max(1, concurrency); i++)
          workers.push(
            await boss.work<JobTask>(
              name,
              {
                batchSize: 1,
                includeMetadata: true,
                pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
              },
              async ([job]) => {
                if (job === undefined || closed) return;
                try {
                  const outcome = await handler.perform(job.data);
                  if (outcome.kind === "retry")
                    await boss.send(name, job.data, { startAfter: Math.ceil(outcome.afterMs / 1000) });
                } catch (e) {
                  // The last try failed: the job fails (or its webhook is given up) rather than hanging.
                  if (job.retryCount >= job.retryLimit) await handler.abandon(job.data);
                  else throw e;
                }
              },
            ),
          );
    },
    async close() {
      closed = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

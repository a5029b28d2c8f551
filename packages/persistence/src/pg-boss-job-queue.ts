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

/**
 * Runs `step` again when PostgreSQL ends it as a deadlock: processes started together on a new database create the
 * same queues at once, and PostgreSQL breaks the tie by failing all but one of them.
 */
async function onDeadlockAgain(step: () => Promise<void>, attempts = 6): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (e) {
      if ((e as { code?: unknown }).code !== "40P01" || attempt >= attempts) throw e;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

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
    await onDeadlockAgain(() =>
      boss.createQueue(name, {
        name,
        retryLimit: TASK_RETRY_LIMIT,
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds,
      }),
    );
  const loops: Promise<void>[] = [];
  const pollMs = (options.pollingIntervalSeconds ?? 0.5) * 1000;
  let closed = false;
  // Idle loops sleep between polls; a send from this process wakes them at once.
  const sleepers = new Set<() => void>();
  const wake = (): void => {
    for (const s of sleepers) s();
    sleepers.clear();
  };
  const idle = (): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        sleepers.delete(done);
        resolve();
      }, pollMs);
      const done = (): void => {
        clearTimeout(t);
        resolve();
      };
      sleepers.add(done);
    });

  // pg-boss's own work() waits its polling interval after every fetch, busy or not (at most 2 fetches a second per
  // loop); this loop fetches again at once while there is work and waits only when the queue is empty.
  const loop = async (name: string, handler: TaskHandler): Promise<void> => {
    while (!closed) {
      let job: PgBoss.JobWithMetadata<JobTask> | undefined;
      try {
        job = (await boss.fetch<JobTask>(name, { batchSize: 1, includeMetadata: true }))?.[0];
      } catch (e) {
        options.onError?.(e as Error);
      }
      if (job === undefined) {
        if (!closed) await idle();
        continue;
      }
      try {
        const outcome = await handler.perform(job.data);
        if (outcome.kind === "retry")
          await boss.send(name, job.data, {
            startAfter: Math.ceil(outcome.afterMs / 1000),
            retryLimit: TASK_RETRY_LIMIT,
            retryDelay: 1,
            retryBackoff: true,
            expireInSeconds,
          });
        await boss.complete(name, job.id);
      } catch (e) {
        try {
          // The last try failed: the job fails (or its webhook is given up) rather than hanging.
          if (job.retryCount >= job.retryLimit) {
            await handler.abandon(job.data);
            await boss.complete(name, job.id);
          } else await boss.fail(name, job.id, { message: (e as Error).message });
        } catch (failed) {
          // The database is gone too: the task expires and comes back by itself.
          options.onError?.(failed as Error);
        }
      }
    }
  };

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
      if (startAfter === undefined) wake();
    },
    async work(handler: TaskHandler, concurrency: number) {
      for (const name of [ITEMS, WEBHOOKS])
        for (let i = 0; i < Math.max(1, concurrency); i++) loops.push(loop(name, handler));
    },
    async close() {
      closed = true;
      wake();
      await Promise.race([Promise.allSettled(loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

// Runs job workers in this process over the runtime's queue: `concurrency` task loops, a sweep that sends again the
// tasks of jobs that may have none queued (a submitter that died between storing a job and queueing it), and, for
// the in-process queue (which keeps nothing across restarts), every unfinished job's tasks once at start. The same
// sweep deletes finished jobs past their retention.
import type { Runtime } from "./runtime.js";

export interface JobWorkers {
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  /** Task loops in this process; default 2 (each answers up to 10 items at once). */
  readonly concurrency?: number;
  /** How often the sweep runs and how old a job must be to be swept; default 60 s. */
  readonly sweepMs?: number;
  readonly log?: (level: "info" | "warn", message: string, fields: Record<string, unknown>) => void;
}

export async function startJobWorkers(rt: Runtime, options: JobWorkerOptions = {}): Promise<JobWorkers> {
  const queue = rt.jobQueue;
  if (queue === undefined) throw new Error("this runtime was opened without jobs");
  const sweepMs = options.sweepMs ?? 60_000;
  await queue.work(rt.engine.jobs, options.concurrency ?? 2);
  const sweep = async (everything: boolean): Promise<void> => {
    try {
      const n = await rt.engine.jobs.recover({ olderThanMs: sweepMs, everything });
      if (n > 0) options.log?.("info", "job tasks sent again", { jobs: n });
      const purged = await rt.engine.jobs.purgeExpired();
      if (purged > 0) options.log?.("info", "expired jobs deleted", { jobs: purged });
    } catch (e) {
      options.log?.("warn", "job sweep failed", { error: (e as Error).message });
    }
  };
  await sweep(!queue.durable);
  const timer = setInterval(() => void sweep(false), sweepMs);
  timer.unref();
  options.log?.("info", "job workers started", { queue: queue.engine, concurrency: options.concurrency ?? 2 });
  return {
    async stop() {
      clearInterval(timer);
    },
  };
}

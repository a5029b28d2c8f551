// The job queue of the embedded database (PGlite serves one process, so no queue engine can share it): tasks wait in
// this process's memory and are worked here. The store keeps everything else, so nothing of a job is lost with the
// process: on start the engine's recover({ everything: true }) sends the tasks of every unfinished job again, and the
// items answered before are not done twice.
import type { JobTask } from "@scamverify/core";
import { TASK_RETRY_LIMIT, type JobWorkerQueue, type TaskHandler } from "./job-worker-queue.js";

interface Waiting {
  readonly task: JobTask;
  readonly tries: number;
}

export interface InProcessJobQueueOptions {
  /** Runs fn after ms (tests pass manual timers); default setTimeout, not keeping the process alive. */
  readonly schedule?: (ms: number, fn: () => void) => () => void;
}

const defaultSchedule = (ms: number, fn: () => void): (() => void) => {
  const t = setTimeout(fn, ms);
  t.unref();
  return () => clearTimeout(t);
};

export function createInProcessJobQueue(options: InProcessJobQueueOptions = {}): JobWorkerQueue {
  const schedule = options.schedule ?? defaultSchedule;
  const ready: Waiting[] = [];
  const timers = new Set<() => void>();
  const running = new Set<Promise<void>>();
  let handler: TaskHandler | null = null;
  let loops = 0;
  let active = 0;
  let closed = false;

  const later = (item: Waiting, ms: number): void => {
    const cancel = schedule(ms, () => {
      timers.delete(cancel);
      if (closed) return;
      ready.push(item);
      pump();
    });
    timers.add(cancel);
  };

  const runOne = async (h: TaskHandler, item: Waiting): Promise<void> => {
    try {
      const outcome = await h.perform(item.task);
      if (outcome.kind === "retry") later({ task: item.task, tries: 0 }, outcome.afterMs);
    } catch {
      if (item.tries + 1 > TASK_RETRY_LIMIT) await h.abandon(item.task).catch(() => undefined);
      else later({ task: item.task, tries: item.tries + 1 }, Math.min(60_000, 1000 * 2 ** item.tries));
    }
  };

  function pump(): void {
    while (handler !== null && !closed && active < loops && ready.length > 0) {
      const item = ready.shift()!;
      active++;
      const p = runOne(handler, item).finally(() => {
        active--;
        running.delete(p);
        pump();
      });
      running.add(p);
    }
  }

  return {
    engine: "in-process",
    durable: false,
    async send(tasks, afterMs) {
      if (closed) throw new Error("the job queue is closed");
      for (const task of tasks)
        if (afterMs !== undefined && afterMs > 0) later({ task, tries: 0 }, afterMs);
        else ready.push({ task, tries: 0 });
      pump();
    },
    async work(h, concurrency) {
      handler = h;
      loops = Math.max(1, concurrency);
      pump();
    },
    async close() {
      closed = true;
      for (const cancel of timers) cancel();
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}

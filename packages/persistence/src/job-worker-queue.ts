import type { JobQueue, JobTask, TaskOutcome } from "@scamverify/core";

/** What a worker does with the tasks it takes: the engine's job verbs. */
export interface TaskHandler {
  perform(task: JobTask): Promise<TaskOutcome>;
  /** The task failed its last try. */
  abandon(task: JobTask): Promise<void>;
}

/** A job queue that also runs workers in this process. */
export interface JobWorkerQueue extends JobQueue {
  readonly engine: "pg-boss" | "in-process";
  /** Starts `concurrency` loops taking tasks until close. */
  work(handler: TaskHandler, concurrency: number): Promise<void>;
  /** Whether tasks survive this process (false: the in-process queue, which recovers from the store on start). */
  readonly durable: boolean;
  /** Stops taking tasks, lets the ones running finish (bounded), and closes connections. */
  close(): Promise<void>;
}

/** Tries of a task whose work throws (the store failing), then its job fails. */
export const TASK_RETRY_LIMIT = 10;

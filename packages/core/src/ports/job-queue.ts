/** A unit of job work: answer items [from, to) of a job, or deliver a finished job's webhook. */
export type JobTask =
  | { readonly kind: "items"; readonly jobId: string; readonly from: number; readonly to: number }
  | { readonly kind: "webhook"; readonly jobId: string };

/** What a worker says after a task: done, or try it again after a delay (the webhook's backoff). */
export type TaskOutcome = { readonly kind: "done" } | { readonly kind: "retry"; readonly afterMs: number };

/**
 * The queue jobs run on. Delivery is at least once: a task taken by a worker that dies is given to another; the work
 * a task does is idempotent, so a task run twice does its work once.
 */
export interface JobQueue {
  /** Sends tasks; they are durable in the queue when this resolves. `afterMs` delays them. */
  send(tasks: readonly JobTask[], afterMs?: number): Promise<void>;
}

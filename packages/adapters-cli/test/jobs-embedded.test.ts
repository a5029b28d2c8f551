// Jobs on the embedded database: the in-process queue keeps its tasks in memory, the job and its items are in
// PGlite. A job submitted by a server that stops before working it is worked by the next server on the same folder.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JobTask, Principal, TaskOutcome } from "@scamverify/core";
import { loadConfig } from "../src/config.js";
import { createRuntime, type Runtime } from "../src/runtime.js";

const config = loadConfig(
  { dataDir: mkdtempSync(join(tmpdir(), "sv-jobs-embedded-")), networkInspection: false, page: false },
  {},
);

/** Works the runtime's queue and resolves once the job is no longer queued or running. */
function workUntilFinished(rt: Runtime, p: Principal, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    void rt.jobQueue!.work(
      {
        perform: async (task: JobTask): Promise<TaskOutcome> => {
          const outcome = await rt.engine.jobs.perform(task);
          const job = await rt.engine.jobs.get(p, id);
          if (job.isErr()) reject(new Error(job.error.message));
          else if (job.value.value.status !== "queued" && job.value.value.status !== "running") resolve();
          return outcome;
        },
        abandon: (task) => rt.engine.jobs.abandon(task),
      },
      2,
    );
  });
}

describe("jobs on the embedded database", () => {
  it("a job left by a server that stopped is worked by the next one, each item once", async () => {
    const first = await createRuntime(config, { jobs: {} });
    expect(first.jobQueue?.engine).toBe("in-process");
    let p!: Principal;
    let id!: string;
    try {
      const account = (
        await first.engine.accounts.create({ email: "embedded@example.test", plan: "starter" })
      )._unsafeUnwrap();
      const key = (await first.engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
      p = (await first.engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
      const items = Array.from({ length: 27 }, (_, i) => ({ url: `https://embedded-${i}.example.net/` }));
      ({ id } = (await first.engine.jobs.submit(p, { channel: "url", items }))._unsafeUnwrap().value);
      // One task of two is done before the server stops; the other stays queued in its memory and is lost with it.
      await first.engine.jobs.perform({ kind: "items", jobId: id, from: 0, to: 25 });
    } finally {
      await first.close();
    }

    const second = await createRuntime(config, { jobs: {} });
    try {
      const finished = workUntilFinished(second, p, id);
      expect(await second.engine.jobs.recover({ olderThanMs: 0, everything: true })).toBe(1);
      await finished;
      expect((await second.engine.jobs.get(p, id))._unsafeUnwrap().value).toMatchObject({
        status: "completed",
        completed: 27,
        failed: 0,
      });
      const lines = [];
      for await (const l of (await second.engine.jobs.results(p, id))._unsafeUnwrap().value) lines.push(l);
      expect(lines.map((l) => l.index)).toEqual(Array.from({ length: 27 }, (_, i) => i));
      expect((await second.engine.usage(p))._unsafeUnwrap().value.quotas.url!.used).toBe(27);
    } finally {
      await second.close();
    }
  }, 120_000);
});

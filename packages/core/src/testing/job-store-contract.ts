// The JobStore contract as vitest blocks: a job and its items stored together, an item answered once however many
// commits race for it (and its unit taken once, in the same step), the quota ceiling honoured, tenant isolation,
// status transitions that only one caller wins, and the sweep's selection.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JobStore, NewJob } from "../ports/job-store.js";
import type { QuotaKey, QuotaLedger } from "../ports/quota-ledger.js";
import { T0, at, uniqueName, type AccountScopedFixture } from "./contract-fixture.js";

export interface JobStoreFixture extends AccountScopedFixture<JobStore> {
  /** The ledger over the same storage, to read what commits charged. */
  readonly ledger: QuotaLedger;
}

export function describeJobStoreContract(name: string, makeStore: () => Promise<JobStoreFixture>): void {
  describe(`JobStore contract: ${name}`, () => {
    let fx: JobStoreFixture;
    let accountId: string;
    let key: QuotaKey;
    beforeEach(async () => {
      fx = await makeStore();
      accountId = uniqueName("acct");
      await fx.addAccount(accountId);
      key = { accountId, channel: "url", periodStart: T0 };
    });
    afterEach(async () => {
      await fx.cleanup();
    });
    const newJob = (items: number, webhook = false): NewJob => ({
      id: uniqueName("job"),
      accountId,
      channel: "url",
      mode: "live",
      total: items,
      webhookUrl: webhook ? "https://hooks.example.com/x" : null,
      webhookSecret: webhook ? "whsec_test" : null,
      createdAt: at(0),
    });
    const bodies = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ url: `https://s${i}.example/` }));
    const charged = (ceiling = 1000) => ({ result: { ok: true }, charge: { key, ceiling } });

    it("stores a job with its items; another account sees none of it", async () => {
      const job = newJob(3);
      await fx.store.create(job, bodies(3));
      expect(await fx.store.get(accountId, job.id)).toMatchObject({
        status: "queued",
        total: 3,
        completed: 0,
        failed: 0,
        enqueued: false,
        webhookState: "none",
      });
      expect(await fx.store.get("someone-else", job.id)).toBeNull();
      expect(await fx.store.cancel("someone-else", job.id, at(1))).toBeNull();
      expect((await fx.store.pending(job.id, 0, 3)).map((i) => i.body)).toEqual(bodies(3));
      expect((await fx.store.pending(job.id, 1, 2)).map((i) => i.index)).toEqual([1]);
    });

    it("answers an item once: 20 racing commits write one answer and take one unit", async () => {
      const job = newJob(2);
      await fx.store.create(job, bodies(2));
      const results = await Promise.all(Array.from({ length: 20 }, () => fx.store.commit(job.id, 0, charged())));
      expect(results.filter((r) => r.kind === "written")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "already")).toHaveLength(19);
      expect((await fx.ledger.read(accountId, T0))["url"]).toBe(1);
      expect(await fx.store.commit(job.id, 1, { error: { code: "internal_error", message: "x" } })).toEqual({
        kind: "written",
      });
      expect(await fx.store.get(accountId, job.id)).toMatchObject({ completed: 1, failed: 1 });
      expect(await fx.store.pending(job.id, 0, 2)).toEqual([]);
      expect(await fx.store.answers(job.id, -1, 10)).toEqual([
        { index: 0, result: { ok: true } },
        { index: 1, error: { code: "internal_error", message: "x" } },
      ]);
      expect(await fx.store.answers(job.id, 0, 10)).toHaveLength(1);
    });

    it("keeps the held units of the answer it writes, and gives back those of answers it does not write", async () => {
      const job = newJob(2);
      await fx.store.create(job, bodies(2));
      const links: QuotaKey = { accountId, channel: "links", periodStart: T0 };
      const linksUsed = async (): Promise<number> => (await fx.ledger.read(accountId, T0))["links"] ?? 0;
      /** An answer whose two parts each took a unit of `links` that it still holds. */
      const withHeldParts = async (ceiling = 1000) => {
        const holds = [];
        for (let i = 0; i < 2; i++) {
          const hold = { id: uniqueName("hold"), expiresAt: at(600_000) };
          expect((await fx.ledger.reserve(links, 1000, hold)).ok).toBe(true);
          holds.push({ key: links, holdId: hold.id });
        }
        return { ...charged(ceiling), holds };
      };
      // Two answers of item 0 racing: one is written, and only its parts stay charged.
      const results = await Promise.all([
        fx.store.commit(job.id, 0, await withHeldParts()),
        fx.store.commit(job.id, 0, await withHeldParts()),
      ]);
      expect(results.map((r) => r.kind).sort()).toEqual(["already", "written"]);
      expect(await linksUsed()).toBe(2);
      // The written answer's holds are closed: the sweep gives nothing back.
      expect(await fx.ledger.releaseExpired(at(600_000))).toBe(0);
      expect(await linksUsed()).toBe(2);
      // An answer whose own unit cannot be taken gives back its parts' units too.
      await fx.ledger.set(key, 5);
      expect((await fx.store.commit(job.id, 1, await withHeldParts(5))).kind).toBe("exhausted");
      expect(await linksUsed()).toBe(2);
      expect(await fx.ledger.releaseExpired(at(600_000))).toBe(0);
    });

    it("at the ceiling writes nothing, takes nothing, and marks the job quota-exhausted", async () => {
      const job = newJob(3);
      await fx.store.create(job, bodies(3));
      expect(await fx.store.commit(job.id, 0, charged(2))).toEqual({ kind: "written", used: 1 });
      expect(await fx.store.commit(job.id, 1, charged(2))).toEqual({ kind: "written", used: 2 });
      expect(await fx.store.commit(job.id, 2, charged(2))).toEqual({ kind: "exhausted", used: 2 });
      expect((await fx.store.pending(job.id, 0, 3)).map((i) => i.index)).toEqual([2]);
      expect(await fx.store.get(accountId, job.id)).toMatchObject({ completed: 2, quotaExhausted: true });
      expect((await fx.ledger.read(accountId, T0))["url"]).toBe(2);
    });

    it("finishes a job once, when every item is answered; cancel and fail only touch unfinished jobs", async () => {
      const job = newJob(2, true);
      await fx.store.create(job, bodies(2));
      await fx.store.markRunning(job.id, at(5));
      await fx.store.commit(job.id, 0, { result: {}, charge: null });
      expect(await fx.store.finishIfDone(job.id, at(6))).toBeNull();
      await fx.store.commit(job.id, 1, { result: {}, charge: null });
      const finished = await Promise.all([fx.store.finishIfDone(job.id, at(7)), fx.store.finishIfDone(job.id, at(7))]);
      expect(finished.filter((f) => f !== null)).toHaveLength(1);
      expect(await fx.store.get(accountId, job.id)).toMatchObject({
        status: "completed",
        startedAt: at(5),
        finishedAt: at(7),
        webhookState: "pending",
      });
      expect(await fx.store.fail(job.id, at(8))).toBeNull();
      expect((await fx.store.cancel(accountId, job.id, at(8)))?.status).toBe("completed");
      expect(await fx.store.countWebhookAttempt(job.id)).toBe(1);
      await fx.store.settleWebhook(job.id, "delivered");
      expect(await fx.store.find(job.id)).toMatchObject({ webhookState: "delivered", webhookSecret: null });
    });

    it("a cancelled job keeps no webhook secret", async () => {
      const job = newJob(1, true);
      await fx.store.create(job, bodies(1));
      expect(await fx.store.cancel(accountId, job.id, at(3))).toMatchObject({
        status: "cancelled",
        finishedAt: at(3),
        webhookState: "none",
        webhookSecret: null,
      });
    });

    it("the sweep finds jobs never enqueued and pending webhooks never tried", async () => {
      const lost = newJob(1);
      const queued = newJob(1);
      const hooked = newJob(1, true);
      for (const j of [lost, queued, hooked]) await fx.store.create(j, bodies(1));
      await fx.store.markEnqueued(queued.id);
      await fx.store.markEnqueued(hooked.id);
      await fx.store.commit(hooked.id, 0, { result: {}, charge: null });
      await fx.store.finishIfDone(hooked.id, at(10));
      const ids = (r: { id: string }[]): string[] => r.map((j) => j.id);
      const swept = ids(await fx.store.unfinished({ before: at(60_000), everything: false, limit: 1000 }));
      expect(swept).toContain(lost.id);
      expect(swept).toContain(hooked.id);
      expect(swept).not.toContain(queued.id);
      expect(ids(await fx.store.unfinished({ before: at(0), everything: false, limit: 1000 }))).not.toContain(lost.id);
      const all = ids(await fx.store.unfinished({ before: at(0), everything: true, limit: 1000 }));
      expect(all).toEqual(expect.arrayContaining([lost.id, queued.id, hooked.id]));
    });

    it("keeps an item's file, byte for byte, until the item is answered; a job without files has none", async () => {
      const job = newJob(3);
      // Every byte value, so no encoding on the way (text, escapes) can pass unnoticed.
      const all = Uint8Array.from({ length: 256 }, (_, i) => i);
      const files = [all, Uint8Array.of(0x25, 0x50, 0x44, 0x46), Uint8Array.of(0, 0, 0)];
      await fx.store.create(job, bodies(3), files);
      all[0] = 99; // the store kept its own copy
      expect(Array.from((await fx.store.file(job.id, 0)) ?? [])).toEqual(Array.from({ length: 256 }, (_, i) => i));
      expect(await fx.store.file(job.id, 1)).toEqual(Uint8Array.of(0x25, 0x50, 0x44, 0x46));
      expect(await fx.store.file(job.id, 3)).toBeNull();
      const commits = await Promise.all([0, 0, 0].map((i) => fx.store.commit(job.id, i, { result: {}, charge: null })));
      expect(commits.filter((c) => c.kind === "written")).toHaveLength(1);
      expect(await fx.store.file(job.id, 0)).toBeNull();
      await fx.store.commit(job.id, 2, { error: { code: "unsupported_media_type", message: "x" } });
      expect(await fx.store.file(job.id, 2)).toBeNull();
      expect(await fx.store.file(job.id, 1)).toEqual(Uint8Array.of(0x25, 0x50, 0x44, 0x46));
      const plain = newJob(1);
      await fx.store.create(plain, bodies(1));
      expect(await fx.store.file(plain.id, 0)).toBeNull();
    });

    it("a cancelled or failed job keeps none of its files; a finished job's cancel or fail deletes nothing", async () => {
      const cancelled = newJob(2);
      const failed = newJob(2);
      const other = newJob(1);
      for (const j of [cancelled, failed, other])
        await fx.store.create(
          j,
          bodies(j.total),
          Array.from({ length: j.total }, () => Uint8Array.of(1, 2, 3)),
        );
      await fx.store.cancel(accountId, cancelled.id, at(1));
      await fx.store.fail(failed.id, at(1));
      for (const j of [cancelled, failed]) for (let i = 0; i < 2; i++) expect(await fx.store.file(j.id, i)).toBeNull();
      expect(await fx.store.cancel("someone-else", other.id, at(1))).toBeNull();
      expect(await fx.store.file(other.id, 0)).toEqual(Uint8Array.of(1, 2, 3));
    });

    it("purges finished jobs older than the cut-off, with their answers; keeps running jobs and pending webhooks", async () => {
      // Finished long before the other tests' jobs (the store may be shared with them): only these are older than the
      // cut-off, so the counts are exact.
      const cutOff = at(-5_000_000);
      const done = newJob(2);
      const recent = newJob(1);
      const cancelled = newJob(1);
      const running = newJob(1);
      const hooked = newJob(1, true);
      for (const j of [done, recent, cancelled, running, hooked]) await fx.store.create(j, bodies(j.total));
      for (const j of [done, recent, hooked])
        for (let i = 0; i < j.total; i++) await fx.store.commit(j.id, i, { result: { i }, charge: null });
      await fx.store.finishIfDone(done.id, at(-9_000_000));
      await fx.store.finishIfDone(recent.id, at(-1_000_000));
      await fx.store.finishIfDone(hooked.id, at(-9_000_000));
      await fx.store.cancel(accountId, cancelled.id, at(-8_000_000));
      await fx.store.markRunning(running.id, at(-9_500_000));

      expect(await fx.store.purgeFinished(cutOff, 1)).toBe(1); // the oldest first, at most the limit
      expect(await fx.store.get(accountId, done.id)).toBeNull();
      expect(await fx.store.answers(done.id, -1, 10)).toEqual([]);
      expect(await fx.store.pending(done.id, 0, 2)).toEqual([]);
      expect(await fx.store.purgeFinished(cutOff, 100)).toBe(1);
      expect(await fx.store.get(accountId, cancelled.id)).toBeNull();
      expect(await fx.store.purgeFinished(cutOff, 100)).toBe(0);
      expect(await fx.store.get(accountId, recent.id)).not.toBeNull();
      expect(await fx.store.get(accountId, running.id)).not.toBeNull();
      // A pending webhook keeps its job until it is settled.
      expect(await fx.store.get(accountId, hooked.id)).not.toBeNull();
      await fx.store.settleWebhook(hooked.id, "delivered");
      expect(await fx.store.purgeFinished(cutOff, 100)).toBe(1);
      expect(await fx.store.find(hooked.id)).toBeNull();
    });
  });
}

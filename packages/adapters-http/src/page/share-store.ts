// Results kept behind share links, and the content-free count of "this is not a scam" answers, both in the engine's
// result cache (the shared, expiring key-value store every process reads). A share link's id is random and stored
// only as its SHA-256, so the store alone cannot give out working links; what is kept is the page's answer, which
// never holds the message.
import { createHash, randomBytes } from "node:crypto";
import type { ResultCache } from "@scamverify/core";
import { PageAnswerSchema, type PageAnswer } from "./answer.js";

export interface SharedAnswer {
  readonly answer: PageAnswer;
  readonly expiresAt: Date;
}

export interface ShareStore {
  /** Keeps the answer until `now + ttl` and returns the link's id (url-safe, 128 bits). */
  create(answer: PageAnswer, now: Date): Promise<{ id: string; expiresAt: Date }>;
  /** The answer behind an id, or null when unknown or expired. */
  get(id: string, now: Date): Promise<SharedAnswer | null>;
}

const ID = /^[A-Za-z0-9_-]{22}$/;
const keyOf = (id: string): string => `page-share:${createHash("sha256").update(id).digest("hex")}`;

export function createShareStore(cache: ResultCache, ttlMs: number): ShareStore {
  return {
    async create(answer, now) {
      const id = randomBytes(16).toString("base64url");
      const expiresAt = new Date(now.getTime() + ttlMs);
      await cache.set(keyOf(id), { value: { answer }, createdAt: now, expiresAt });
      return { id, expiresAt };
    },
    async get(id, now) {
      if (!ID.test(id)) return null;
      const hit = await cache.get(keyOf(id), now);
      if (hit === null) return null;
      const parsed = PageAnswerSchema.safeParse((hit.value as { answer?: unknown } | null)?.answer);
      return parsed.success ? { answer: parsed.data, expiresAt: hit.expiresAt } : null;
    },
  };
}

/** What a "this is not a scam" press records: no content, only what kind of answer it disputed. */
export interface FeedbackEntry {
  readonly channel: string;
  readonly verdict: string;
  readonly scam_type: string | null;
  /** UTC day, YYYY-MM-DD. */
  readonly day: string;
}

export interface FeedbackTally {
  /** Counts one press; returns the day's count for that kind of answer. */
  record(entry: FeedbackEntry, now: Date): Promise<number>;
}

const FEEDBACK_KEEP_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * Counts per day, channel, verdict and scam type in the result cache. The read-then-write is serialized within a
 * process; two processes pressing at the same instant can lose one count (a tally for review, not a ledger).
 */
export function createFeedbackTally(cache: ResultCache): FeedbackTally {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    record(entry, now) {
      const key = `page-feedback:not_scam:${entry.day}:${entry.channel}:${entry.verdict}:${entry.scam_type ?? "none"}`;
      const run = chain.then(async () => {
        const hit = await cache.get(key, now);
        const count = ((hit?.value as { count?: number } | null)?.count ?? 0) + 1;
        await cache.set(key, {
          value: { count, ...entry },
          createdAt: hit?.createdAt ?? now,
          expiresAt: new Date(now.getTime() + FEEDBACK_KEEP_MS),
        });
        return count;
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
}

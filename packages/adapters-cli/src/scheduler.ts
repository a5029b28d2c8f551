// Background syncs of `serve`: each feed is refreshed when its snapshot is older than the configured interval,
// checked every few minutes, one feed at a time. Failures are logged and keep the previous data.
import type { Logger } from "@scamverify/adapters-http";
import { FEED_NAMES, type FeedName } from "@scamverify/providers";
import type { Runtime } from "./runtime.js";
import { REGISTRY_NAMES, registryUrl, syncRegistry, syncUrlFeed } from "./commands/feeds.js";

const CHECK_EVERY_MS = 5 * 60_000;
// A feed whose sync failed (network down, feed broken) is tried again after this long, not every check.
const RETRY_FAILED_MS = 60 * 60_000;
// PhishTank's download needs an application key; it is synced only from a file or URL given by an operator.
const SCHEDULED: readonly FeedName[] = FEED_NAMES.filter((f) => f !== "phishtank");

/** Registries with a configured URL are fetched every `registrySyncHours`; an unchanged file costs one hash. */
export function startRegistryScheduler(rt: Runtime, logger: Logger): () => void {
  const intervalMs = rt.config.registrySyncHours * 3_600_000;
  const configured = REGISTRY_NAMES.filter((r) => registryUrl(rt, r) !== undefined);
  if (intervalMs <= 0 || configured.length === 0) return () => undefined;
  let running = false;
  const tick = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      for (const source of configured) {
        const s = await syncRegistry(rt, source, { url: registryUrl(rt, source)! });
        logger.log(s.status === "failed" ? "warn" : "info", "registry sync", {
          source,
          status: s.status,
          numbers: s.numbers,
          reason: s.reason,
        });
      }
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 15_000);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

export function startFeedScheduler(rt: Runtime, logger: Logger): () => void {
  const intervalMs = rt.config.feedSyncHours * 3_600_000;
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  const failedAt = new Map<FeedName, number>();
  const tick = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      const snapshots = new Map((await rt.feeds.store.snapshots()).map((s) => [s.feed, s]));
      for (const feed of SCHEDULED) {
        const last = snapshots.get(feed)?.syncedAt.getTime() ?? 0;
        const now = rt.deps.clock.now().getTime();
        if (now - last < intervalMs || now - (failedAt.get(feed) ?? 0) < RETRY_FAILED_MS) continue;
        const s = await syncUrlFeed(rt, feed);
        if (s.status === "failed" || s.status === "refused") failedAt.set(feed, now);
        else failedAt.delete(feed);
        logger.log(s.status === "failed" || s.status === "refused" ? "warn" : "info", "feed sync", {
          feed,
          status: s.status,
          records: s.records,
          reason: s.reason,
        });
      }
    } catch (e) {
      logger.log("warn", "feed sync round failed", { error: e instanceof Error ? e.message : String(e) });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 10_000);
  const timer = setInterval(() => void tick(), CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

// Runs a channel's signal sources in parallel, each with its own time budget on the injected timers; a source
// that fails or runs out of time reads "unavailable" (it lowers confidence and never fails the lookup).
import type { Evidence, SignalSource } from "../../ports/signal-source.js";
import type { Timers } from "../../ports/timers.js";

export function unavailable(source: string, reason: string): Evidence {
  return { source, status: "unavailable", reason, signals: {}, factors: [] };
}

export function gatherEvidence<T>(
  timers: Timers,
  sources: readonly SignalSource<T>[],
  input: T,
): Promise<{ evidence: Evidence; weight: number }[]> {
  return Promise.all(
    sources.map(async (source) => {
      const controller = new AbortController();
      let cancel = (): void => undefined;
      const timeout = new Promise<Evidence>((resolve) => {
        cancel = timers.schedule(source.timeoutMs, () => {
          controller.abort();
          resolve(unavailable(source.name, "timed out"));
        });
      });
      try {
        const evidence = await Promise.race([
          source.check(input, { signal: controller.signal }).catch(() => unavailable(source.name, "failed")),
          timeout,
        ]);
        return { evidence, weight: source.weight };
      } finally {
        cancel();
      }
    }),
  );
}

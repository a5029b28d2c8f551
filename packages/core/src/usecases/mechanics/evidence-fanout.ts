// Runs a channel's signal sources in parallel, each with its own time budget on the injected timers; a source
// that fails or runs out of time reads "unavailable" (it lowers confidence and never fails the lookup). Each source's
// outcome and time go to the telemetry.
import type { Evidence, SignalSource } from "../../ports/signal-source.js";
import type { SourceOutcome, Telemetry } from "../../ports/telemetry.js";
import type { Timers } from "../../ports/timers.js";
import { noTelemetry } from "../../ports/telemetry.js";

export function unavailable(source: string, reason: string): Evidence {
  return { source, status: "unavailable", reason, signals: {}, factors: [] };
}

export function gatherEvidence<T>(
  timers: Timers,
  sources: readonly SignalSource<T>[],
  input: T,
  telemetry: Telemetry = noTelemetry,
): Promise<{ evidence: Evidence; weight: number }[]> {
  return Promise.all(
    sources.map(async (source) => {
      const controller = new AbortController();
      const ended = telemetry.sourceStarted(source.name);
      let outcome: SourceOutcome | undefined;
      let cancel = (): void => undefined;
      const timeout = new Promise<Evidence>((resolve) => {
        cancel = timers.schedule(source.timeoutMs, () => {
          outcome ??= "timeout";
          controller.abort();
          resolve(unavailable(source.name, "timed out"));
        });
      });
      try {
        const evidence = await Promise.race([
          source.check(input, { signal: controller.signal }).catch(() => {
            outcome ??= "failed";
            return unavailable(source.name, "failed");
          }),
          timeout,
        ]);
        outcome ??= evidence.status;
        return { evidence, weight: source.weight };
      } finally {
        cancel();
        ended(outcome ?? "failed");
      }
    }),
  );
}

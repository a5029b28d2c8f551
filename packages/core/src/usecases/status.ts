// The status resource: cached for 30 s (the spec), but the database is re-probed at most every 500 ms so an outage
// shows within 1.5 s (interval + probe timeout) and recovery as soon as the database answers again. One component
// per registered channel (unavailable when a dependency it needs is missing), plus the spec's channels this server
// does not serve (unavailable), the database, and the AI model (not_configured unless one is set up). A signal source
// that has switched itself off (the network inspector when nothing answers) is listed with when it tries again, and
// the channel it serves reads degraded meanwhile.
import type { SignalSource } from "../ports/signal-source.js";
import type { ComponentStatus, Status } from "../schemas/status.js";
import { COMPONENT_NAMES } from "../schemas/status.js";
import type { Kernel } from "./kernel.js";

const PROBE_EVERY_MS = 500;
const PROBE_TIMEOUT_MS = 1_000;

export class StatusReporter {
  private snapshot: { status: Status; at: number } | null = null;
  private probe: { up: boolean; at: number } | null = null;
  private probing: Promise<boolean> | null = null;

  constructor(private readonly k: Kernel) {}

  private async databaseUp(now: number): Promise<boolean> {
    if (this.probe && now - this.probe.at < PROBE_EVERY_MS) return this.probe.up;
    this.probing ??= this.k.deps.health
      .databaseReachable(PROBE_TIMEOUT_MS)
      .catch(() => false)
      .then((up) => {
        this.probe = { up, at: this.k.now().getTime() };
        this.probing = null;
        return up;
      });
    return this.probing;
  }

  /** operational only while a configured model passes its (cached) health probe. */
  private async aiStatus(): Promise<ComponentStatus> {
    const ai = this.k.deps.ai;
    if (ai === undefined) return "not_configured";
    return ai.health().catch(() => "degraded" as const);
  }

  /** The sources switched off now, with the component each serves. */
  private pausedSources(now: number): NonNullable<Status["paused_sources"]> {
    const served: [string, readonly SignalSource<never>[] | undefined][] = [
      ["url_lookup", this.k.deps.urlSources],
      ["phone_lookup", this.k.deps.phoneSources],
    ];
    const out: NonNullable<Status["paused_sources"]> = [];
    for (const [component, sources] of served) {
      for (const source of sources ?? []) {
        const pause = source.paused?.();
        if (pause && pause.until.getTime() > now) {
          out.push({ name: source.name, component, until: pause.until.toISOString(), reason: pause.reason });
        }
      }
    }
    return out;
  }

  async status(): Promise<Status> {
    const now = this.k.now().getTime();
    const up = await this.databaseUp(now);
    const ai = await this.aiStatus();
    const paused = this.pausedSources(now);
    const cached = this.snapshot;
    if (
      cached &&
      now - cached.at < this.k.config.statusTtlMs &&
      (cached.status.components["database"] === "operational") === up &&
      cached.status.components["ai_inference"] === ai &&
      JSON.stringify(cached.status.paused_sources ?? []) === JSON.stringify(paused)
    ) {
      return cached.status;
    }
    const components: Record<string, ComponentStatus> = {};
    for (const name of COMPONENT_NAMES) components[name] = "unavailable";
    for (const def of this.k.registry.channels) {
      components[def.statusComponent] = up && (def.available?.(this.k.deps) ?? true) ? "operational" : "unavailable";
    }
    components["database"] = up ? "operational" : "unavailable";
    components["ai_inference"] = ai;
    for (const p of paused) if (components[p.component] === "operational") components[p.component] = "degraded";
    const status: Status = {
      status: !up ? "unavailable" : paused.length > 0 ? "degraded" : "operational",
      components,
      version: this.k.config.version,
      timestamp: new Date(now).toISOString(),
      ...(paused.length > 0 ? { paused_sources: paused } : {}),
    };
    this.snapshot = { status, at: now };
    return status;
  }
}

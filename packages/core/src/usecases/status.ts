// The status resource: cached for 30 s (the spec), but the database is re-probed at most every 500 ms so an outage
// shows within 1.5 s (interval + probe timeout) and recovery as soon as the database answers again.
import type { Status, ComponentStatus } from "../schemas/status.js";
import type { Kernel } from "./kernel.js";

const PROBE_EVERY_MS = 500;
const PROBE_TIMEOUT_MS = 1_000;

export class StatusReporter {
  private snapshot: { status: Status; at: number } | null = null;
  private probe: { up: boolean; at: number } | null = null;
  private probing: Promise<boolean> | null = null;

  constructor(
    private readonly k: Kernel,
    private readonly channels: { url: boolean; phone: boolean; text: boolean; email: boolean },
  ) {}

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

  async status(): Promise<Status> {
    const now = this.k.now().getTime();
    const up = await this.databaseUp(now);
    const cached = this.snapshot;
    if (
      cached &&
      now - cached.at < this.k.config.statusTtlMs &&
      (cached.status.components.database === "operational") === up
    ) {
      return cached.status;
    }
    const db: ComponentStatus = up ? "operational" : "unavailable";
    const channel = (served: boolean): ComponentStatus =>
      !up ? "unavailable" : served ? "operational" : "unavailable";
    const status: Status = {
      status: up ? "operational" : "unavailable",
      components: {
        phone_lookup: channel(this.channels.phone),
        url_lookup: channel(this.channels.url),
        text_analysis: channel(this.channels.text),
        email_analysis: channel(this.channels.email),
        database: db,
        ai_inference: "operational",
      },
      version: this.k.config.version,
      timestamp: new Date(now).toISOString(),
    };
    this.snapshot = { status, at: now };
    return status;
  }
}

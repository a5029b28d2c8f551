// HealthProbe over Db: "SELECT 1" raced against a timer, so the answer comes within the time asked for even
// when the pool is exhausted, the connection hangs or the server is down. It never rejects.
import type { HealthProbe } from "@scamverify/core";
import type { Db } from "./db.js";

export class SqlHealthProbe implements HealthProbe {
  constructor(private readonly db: Pick<Db, "query">) {}

  databaseReachable(timeoutMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs));
      let probe: Promise<unknown>;
      try {
        probe = this.db.query("SELECT 1");
      } catch {
        probe = Promise.reject(new Error("query threw synchronously"));
      }
      probe.then(
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });
  }
}

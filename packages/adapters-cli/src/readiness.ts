// What `serve` answers /readyz with: the database answers (a bounded SELECT 1), every migration of this build is
// applied, and the readers lookups use are loaded (threat index and phone registry at start, the document reader's
// PDF thread and OCR worker once warmed). Migrations, once all applied, are not read again.
import type { ReadinessCheck } from "@scamverify/adapters-http";
import { pendingMigrations } from "@scamverify/persistence";
import type { Runtime } from "./runtime.js";

/** Longest the database probe waits for SELECT 1. */
const DATABASE_PROBE_MS = 1_000;

export interface ReadersState {
  /** Whether the document reader has finished warming up (true when there is none to warm). */
  readonly documentsReady: () => boolean;
}

export function runtimeReadiness(
  rt: Pick<Runtime, "db" | "stores" | "indexesLoaded">,
  readers: ReadersState,
): ReadinessCheck[] {
  let migrated = false;
  return [
    {
      name: "database",
      run: async () => ((await rt.stores.health.databaseReachable(DATABASE_PROBE_MS)) ? null : "unreachable"),
    },
    {
      name: "migrations",
      run: async () => {
        if (migrated) return null;
        let pending: string[];
        try {
          pending = await pendingMigrations(rt.db);
        } catch {
          return "unknown (the database did not answer)";
        }
        migrated = pending.length === 0;
        return migrated ? null : `pending ${pending.join(", ")}`;
      },
    },
    {
      name: "readers",
      run: () =>
        Promise.resolve(
          !rt.indexesLoaded ? "indexes not loaded" : readers.documentsReady() ? null : "document reader warming up",
        ),
    },
  ];
}

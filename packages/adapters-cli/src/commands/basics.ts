// `scamverify db migrate` and `scamverify status`.
import type { Command } from "commander";
import { ok } from "neverthrow";
import { createDatabase, migrate } from "@scamverify/persistence";
import type { Status } from "@scamverify/core";
import { CliExit, configFrom, emit, type Io, shortLivedProcess, withOperatorRuntime } from "../cli-support.js";
import { ERROR_EXIT } from "../exit-codes.js";
import { callApi } from "../remote.js";

function statusText(s: Status): string {
  return (
    [
      `${s.status}  (version ${s.version}, ${s.timestamp})`,
      ...Object.entries(s.components).map(([k, v]) => `  ${k.padEnd(15)} ${v}`),
      ...(s.paused_sources ?? []).map((p) => `  paused: ${p.name} (${p.component}) until ${p.until}: ${p.reason}`),
    ].join("\n") + "\n"
  );
}

export function registerBasicCommands(program: Command, io: Io): void {
  program
    .command("db")
    .description("Database maintenance")
    .command("migrate")
    .description("Apply pending migrations to the configured database")
    .option("--json", "print JSON")
    .action(async (o: { json?: boolean }, cmd: Command) => {
      const config = configFrom(cmd);
      shortLivedProcess();
      const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false });
      try {
        const applied = await migrate(db);
        io.out(
          o.json
            ? `${JSON.stringify({ applied })}\n`
            : applied.length
              ? `applied: ${applied.join(", ")}\n`
              : "up to date\n",
        );
      } finally {
        await db.close();
      }
    });

  program
    .command("status")
    .summary("Service status")
    .description("Service status: database, channels, version")
    .option("--api-url <url>", "ask a running server instead of the embedded engine")
    .option("--json", "print JSON")
    .action(async (o: { apiUrl?: string; json?: boolean }, cmd: Command) => {
      const status = o.apiUrl
        ? await callApi<Status>({ apiUrl: o.apiUrl }, "GET", "/api/v1/status")
        : await withOperatorRuntime(cmd, io, async (rt) => ok<Status, never>(await rt.engine.status()));
      emit(io, status, o.json, statusText);
      if (status.isOk() && status.value.status === "unavailable") throw new CliExit(ERROR_EXIT.service_unavailable);
    });
}

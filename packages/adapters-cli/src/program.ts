// The `scamverify` command: builds the commander program over injected I/O so tests drive it in-process.
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import type { ChannelRegistry } from "@scamverify/core";
import { ZodError } from "zod";
import { DataDirInUseError } from "@scamverify/persistence";
import { CliExit, type Io, processIo } from "./cli-support.js";
import { registerAdminCommands } from "./commands/admin.js";
import { registerBasicCommands } from "./commands/basics.js";
import { registerLookupCommands } from "./commands/lookup.js";
import { registerServeCommand } from "./commands/serve.js";
import { registerFeedCommands } from "./commands/feeds.js";
import { registerMcpCommand } from "./commands/mcp.js";
import { registerJobCommands } from "./commands/jobs.js";
import { ERROR_EXIT, USAGE_EXIT } from "./exit-codes.js";
import { VERSION } from "./version.js";

export interface ProgramOptions {
  readonly io?: Io;
  readonly stdin?: () => string;
  /** Standard input as bytes (uploads read with -). */
  readonly stdinBytes?: () => Uint8Array;
  /** The channels to offer commands for; default the engine's registry. */
  readonly registry?: ChannelRegistry;
}

export function buildProgram(options: ProgramOptions = {}): Command {
  const io = options.io ?? processIo;
  const stdin = options.stdin ?? (() => readFileSync(0, "utf8"));
  const program = new Command("scamverify")
    .description(
      "Tells how likely a phone number, URL, text message, email, document or QR code is to be part of a scam, and why.",
    )
    .version(VERSION, "-v, --version")
    .option("--database-url <url>", "PostgreSQL URL (env DATABASE_URL); default the embedded database")
    .option("--data-dir <dir>", "folder of the embedded database (env SCAMVERIFY_DATA_DIR)", undefined)
    .option("--redis-url <url>", "Redis URL for shared rate limits (env REDIS_URL)")
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .exitOverride()
    .showHelpAfterError()
    .addHelpText(
      "after",
      `\nExamples:\n  scamverify serve                       start the API on :8080 with the embedded database\n  scamverify url https://paypa1.com      check a URL\n  scamverify phone "+1 (415) 555-2671"   check a phone number\n  scamverify accounts create --email me@example.com --plan free --json\n  scamverify keys create --account <id>\n  scamverify status --api-url http://localhost:8080\n`,
    );
  registerServeCommand(program, io);
  registerBasicCommands(program, io);
  registerLookupCommands(program, io, stdin, {
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.stdinBytes ? { stdinBytes: options.stdinBytes } : {}),
  });
  registerAdminCommands(program, io);
  registerFeedCommands(program, io);
  registerMcpCommand(program, io);
  registerJobCommands(program, io, stdin);
  return program;
}

/** Runs the CLI and resolves with the exit code (never calls process.exit itself). */
export async function runCli(argv: readonly string[], options: ProgramOptions = {}): Promise<number> {
  const io = options.io ?? processIo;
  const program = buildProgram(options);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return 0;
  } catch (e) {
    if (e instanceof CliExit) return e.code;
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : USAGE_EXIT;
    if (e instanceof DataDirInUseError) {
      // Commands that open the database themselves (db migrate) meet the lock too: the same plain words.
      io.err(`error: ${e.message}\n`);
      return ERROR_EXIT.service_unavailable;
    }
    if (e instanceof ZodError) {
      // A bad flag or environment variable (PORT, BASE_URL, DATABASE_URL ...): say which, not a stack.
      for (const issue of e.issues)
        io.err(`error: configuration ${issue.path.join(".") || "value"}: ${issue.message}\n`);
      return USAGE_EXIT;
    }
    io.err(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 70;
  }
}

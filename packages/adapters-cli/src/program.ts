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
import { registerListCommands } from "./commands/lists.js";
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
      `\nExamples:\n  scamverify url https://paypa1.com      check a URL\n  scamverify phone "+1 (415) 555-2671"   check a phone number\n  scamverify serve                       start the API on :8080 with the embedded database\n\nRun scamverify <command> --help for its options, exit statuses and examples.\n`,
    );
  // Registered in the order the help lists them: lookups first, what most people run.
  registerLookupCommands(program, io, stdin, {
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.stdinBytes ? { stdinBytes: options.stdinBytes } : {}),
  });
  const lookups = new Set(program.commands.map((c) => c.name()));
  registerAdminCommands(program, io);
  registerServeCommand(program, io);
  registerMcpCommand(program, io);
  registerJobCommands(program, io, stdin);
  registerListCommands(program, io);
  registerBasicCommands(program, io);
  registerFeedCommands(program, io);
  for (const c of program.commands) {
    const group = lookups.has(c.name()) ? "Lookups:" : HELP_GROUPS[c.name()];
    if (group !== undefined) c.helpGroup(group);
  }
  return program;
}

/** The help's groups of the commands that are not lookups (those are the registry's channels). */
const HELP_GROUPS: Readonly<Record<string, string>> = {
  accounts: "Accounts and keys (operators):",
  keys: "Accounts and keys (operators):",
  usage: "Accounts and keys (operators):",
  serve: "Server:",
  mcp: "Server:",
  status: "Server:",
  db: "Data:",
  feeds: "Data:",
  jobs: "Jobs:",
  worker: "Jobs:",
  lists: "Accounts and keys (operators):",
  feedback: "Accounts and keys (operators):",
};

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

// What every command shares: the runtime opened from flags and environment (and always closed), errors printed
// once with their exit code, and --json output for operators.
import { Console } from "node:console";
import { isAbsolute, resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import type { Command } from "commander";
import type { AppError } from "@scamverify/core";
import type { Result } from "neverthrow";
import { DataDirInUseError } from "@scamverify/persistence";
import { loadConfig, type RuntimeConfig } from "./config.js";
import { ERROR_EXIT, USAGE_EXIT } from "./exit-codes.js";
import type { LookupSession, LookupSessionOptions, Runtime, RuntimeOptions } from "./runtime.js";
import { printable, printableLines } from "./terminal-text.js";

export class CliExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

/** The console's methods that print to standard output. */
const STDOUT_CONSOLE_METHODS = [
  "log",
  "info",
  "debug",
  "dir",
  "dirxml",
  "table",
  "group",
  "count",
  "timeLog",
  "timeEnd",
] as const;

/**
 * Sends what the process's console would print to standard output to standard error, for the rest of the process:
 * a command's standard output (its text, its --json, the `mcp` protocol stream) carries nothing else, whoever prints
 * (a dependency's stray console.log, such as the DKIM verifier's body-length note, would break a JSON reader).
 */
export function consoleToStderr(): void {
  const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  for (const method of STDOUT_CONSOLE_METHODS) {
    (console as unknown as Record<string, unknown>)[method] = toStderr[method].bind(toStderr);
  }
}

/**
 * The directory the person ran the command from. This repository's `pnpm scamverify` script runs the CLI from the
 * workspace root whatever directory it was typed in, and pnpm keeps that directory in INIT_CWD. Any other launcher
 * keeps the process's own directory: an installed `scamverify`, or another project's npm script (whose paths are
 * written relative to that project's root, though INIT_CWD is set there too).
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const ownScript = env["npm_lifecycle_event"] === "scamverify" && env["npm_package_name"] === "scamverify";
  const init = env["INIT_CWD"];
  return ownScript && init !== undefined && isAbsolute(init) ? init : cwd;
}

/** A path the person typed (a file to check, --file, --data-dir), from the directory they ran the command in. */
export function userPath(path: string, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  return resolve(invocationDir(env, cwd), path);
}

/** Global database options, on the root program and inherited by every command. */
export function configFrom(cmd: Command, extra: Record<string, unknown> = {}): RuntimeConfig {
  const o = cmd.optsWithGlobals<{ databaseUrl?: string; dataDir?: string; redisUrl?: string }>();
  // The flag or the variable as the person typed it; the default folder is the clone's or the user's, not theirs.
  const typed = o.dataDir ?? (process.env["SCAMVERIFY_DATA_DIR"] || undefined);
  const dataDir = typed === undefined ? undefined : userPath(typed);
  return loadConfig({ databaseUrl: o.databaseUrl, dataDir, redisUrl: o.redisUrl, ...extra });
}

export async function withRuntime<T>(
  config: RuntimeConfig,
  io: Io,
  fn: (rt: Runtime) => Promise<T>,
  options?: RuntimeOptions,
): Promise<T> {
  // The composition root is loaded by the commands that open one, not by `--help` or `--version`.
  const { createRuntime } = await import("./runtime.js");
  const rt = await opened(io, () => createRuntime(config, options));
  try {
    return await fn(rt);
  } finally {
    await rt.close();
  }
}

/**
 * For a command whose process ends with it: WebAssembly (the embedded database, the QR and OCR readers) runs on V8's
 * baseline compiler only. By default V8 also recompiles hot wasm functions with its optimizing compiler on background
 * threads, which a short process never earns back and waits for at exit: opening the embedded database, reading a
 * row and exiting took 1.6-2.0 s and peaked at about 225 MB with it, 0.7-0.9 s and 160 MB without, on a loaded
 * 2-core machine. It applies to the whole process. An MCP session (an assistant starts one per conversation, and its
 * queries are small) runs so too; `serve`, which lives long and serves at volume, keeps V8's default.
 */
export function shortLivedProcess(): void {
  setFlagsFromString("--liftoff-only");
}

/** The engine of a one-shot lookup (in memory when there is no database to open), always closed. */
export async function withLookupSession<T>(
  config: RuntimeConfig,
  io: Io,
  fn: (session: LookupSession) => Promise<T>,
  options?: LookupSessionOptions,
): Promise<T> {
  shortLivedProcess();
  const { openLookupSession } = await import("./runtime.js");
  const session = await opened(io, () => openLookupSession(config, options));
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}

/** Opens with `open`; a data folder held by another process is said on stderr and exits 69. */
async function opened<T>(io: Io, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (e) {
    if (e instanceof DataDirInUseError) {
      io.err(`error: ${e.message}\n`);
      throw new CliExit(ERROR_EXIT.service_unavailable);
    }
    throw e;
  }
}

export function fail(io: Io, e: AppError): never {
  // A message may quote the input it refuses: shown with its control characters made visible.
  io.err(`error: ${e.code}: ${printable(e.message)}\n`);
  const issues = (e.details as { issues?: { field: string; message: string }[] } | undefined)?.issues;
  if (issues) for (const i of issues) io.err(`  ${printable(i.field)}: ${printable(i.message)}\n`);
  throw new CliExit(ERROR_EXIT[e.code]);
}

/** Prints the value as JSON (--json) or through `human`; fails with the error's exit code. */
export function emit<T>(io: Io, result: Result<T, AppError>, json: boolean | undefined, human: (v: T) => string): void {
  if (result.isErr()) fail(io, result.error);
  io.out(json ? `${JSON.stringify(result.value, null, 2)}\n` : printableLines(human(result.value)));
}

/** The remote server from --api-url / --api-key or the environment; undefined means the embedded engine. */
export function remoteFrom(
  flags: { apiUrl?: string; apiKey?: string },
  io: Io,
): { apiUrl: string; apiKey: string } | undefined {
  const apiUrl = flags.apiUrl ?? process.env["SCAMVERIFY_API_URL"];
  if (!apiUrl) return undefined;
  const apiKey = flags.apiKey ?? process.env["SCAMVERIFY_API_KEY"];
  if (!apiKey) {
    io.err("error: --api-url needs --api-key (or SCAMVERIFY_API_KEY)\n");
    throw new CliExit(USAGE_EXIT);
  }
  return { apiUrl, apiKey };
}

/**
 * The runtime for commands that do no lookup: the in-memory indexes are not loaded. Commands that read and write a
 * few rows (accounts, keys, status) open the embedded database with a small buffer pool; `bulk` (a feed or registry
 * sync) keeps its own.
 */
export function withOperatorRuntime<T>(
  cmd: Command,
  io: Io,
  fn: (rt: Runtime) => Promise<T>,
  options: { readonly bulk?: boolean } = {},
): Promise<T> {
  shortLivedProcess();
  return withRuntime(configFrom(cmd), io, fn, {
    loadIndexes: false,
    ...(options.bulk === true ? {} : { sharedBuffers: "16MB" }),
  });
}

// What every command shares: the runtime opened from flags and environment (and always closed), errors printed
// once with their exit code, and --json output for operators.
import type { Command } from "commander";
import type { AppError } from "@scamverify/core";
import type { Result } from "neverthrow";
import { DataDirInUseError } from "@scamverify/persistence";
import { loadConfig, type RuntimeConfig } from "./config.js";
import { ERROR_EXIT, USAGE_EXIT } from "./exit-codes.js";
import { createRuntime, type Runtime, type RuntimeOptions } from "./runtime.js";
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

/** Global database options, on the root program and inherited by every command. */
export function configFrom(cmd: Command, extra: Record<string, unknown> = {}): RuntimeConfig {
  const o = cmd.optsWithGlobals<{ databaseUrl?: string; dataDir?: string; redisUrl?: string }>();
  return loadConfig({ databaseUrl: o.databaseUrl, dataDir: o.dataDir, redisUrl: o.redisUrl, ...extra });
}

export async function withRuntime<T>(
  config: RuntimeConfig,
  io: Io,
  fn: (rt: Runtime) => Promise<T>,
  options?: RuntimeOptions,
): Promise<T> {
  let rt: Runtime;
  try {
    rt = await createRuntime(config, options);
  } catch (e) {
    if (e instanceof DataDirInUseError) {
      io.err(`error: ${e.message}\n`);
      throw new CliExit(ERROR_EXIT.service_unavailable);
    }
    throw e;
  }
  try {
    return await fn(rt);
  } finally {
    await rt.close();
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

/** The runtime for commands that do no lookup: the in-memory indexes are not loaded. */
export function withOperatorRuntime<T>(cmd: Command, io: Io, fn: (rt: Runtime) => Promise<T>): Promise<T> {
  return withRuntime(configFrom(cmd), io, fn, { loadIndexes: false });
}

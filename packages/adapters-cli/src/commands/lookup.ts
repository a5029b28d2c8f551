// One command per channel of the registry (`scamverify url`, `scamverify phone`, `scamverify text`, ...): one or many
// inputs (arguments, --file, - for stdin), through the embedded engine or a remote server, printed as a table,
// JSON, JSON Lines or CSV; the exit status is the worst verdict, or 2 when some items failed.
import { readFileSync } from "node:fs";
import { Option, type Command } from "commander";
import {
  appError,
  DEFAULT_REGISTRY,
  type AnyChannel,
  type AppError,
  type ChannelRegistry,
  type Verdict,
} from "@scamverify/core";
import { err, type Result } from "neverthrow";
import { CliExit, configFrom, fail, type Io, remoteFrom, userPath, withLookupSession } from "../cli-support.js";
import { ERROR_EXIT, ITEM_ERRORS_EXIT, USAGE_EXIT, VERDICT_EXIT } from "../exit-codes.js";
import { FORMATS, progress, render, type Format, type LookupLike, type Row } from "../output.js";
import { printable } from "../terminal-text.js";

const NOT_FOUND_EXIT = ERROR_EXIT.not_found;

/** One input of a command: what the table shows, and the request body. */
interface Item {
  readonly input: string;
  readonly body: Record<string, unknown>;
  /** Set when the input could not even be read (a missing file among several): the item fails without a check. */
  readonly error?: AppError;
}

/** Why a file cannot be read, in plain words ("no such file", "a directory") for the one-line message. */
function unreadable(file: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `cannot read ${file}: no such file`;
  if (code === "EISDIR") return `${file} is a directory`;
  return `cannot read ${file}: ${(e as Error).message}`;
}

function readText(file: string, stdin: () => string, io: Io): string {
  if (file === "-") return stdin();
  try {
    return readFileSync(userPath(file), "utf8");
  } catch (e) {
    io.err(`error: ${printable(unreadable(file, e))}\n`);
    throw new CliExit(NOT_FOUND_EXIT);
  }
}

/** A line of --file: a JSON object is a whole request ({"text": ..., "sender_number": ...}); anything else one value. */
function lineItem(def: AnyChannel, line: string): Item {
  if (line.startsWith("{")) {
    try {
      const body = JSON.parse(line) as Record<string, unknown>;
      if (body && typeof body === "object" && !Array.isArray(body)) {
        const shown = Object.values(body).find((v) => typeof v === "string");
        return { input: typeof shown === "string" ? shown : line, body };
      }
    } catch {
      // Not JSON after all: the line is the value itself.
    }
  }
  return { input: line, body: def.cli.toRequest(line) };
}

/** Standard input is read once: a second - (two arguments, or an argument and --file -) is a usage error. */
function refuseStdinTwice(args: readonly string[], file: string | undefined, io: Io): void {
  const dashes = args.filter((a) => a === "-").length + (file === "-" ? 1 : 0);
  if (dashes > 1) {
    io.err("error: standard input (-) can be read only once; give - a single time\n");
    throw new CliExit(USAGE_EXIT);
  }
}

function readItems(
  def: AnyChannel,
  args: readonly string[],
  file: string | undefined,
  io: Io,
  stdin: () => string,
  stdinBytes: () => Uint8Array,
): Item[] {
  refuseStdinTwice(args, file, io);
  if (def.cli.files) {
    const paths = [...args, ...(file !== undefined ? [file] : [])];
    return paths.map((path): Item => {
      let bytes: Uint8Array;
      if (path === "-") bytes = stdinBytes();
      else {
        try {
          bytes = new Uint8Array(readFileSync(userPath(path)));
        } catch (e) {
          // One file alone stops the command (66); among several, it is a failed item beside the others' results.
          if (paths.length === 1) {
            io.err(`error: ${printable(unreadable(path, e))}\n`);
            throw new CliExit(NOT_FOUND_EXIT);
          }
          return { input: path, body: {}, error: appError("not_found", unreadable(path, e)) };
        }
      }
      return {
        input: path === "-" ? "(stdin)" : path,
        body: def.cli.fileBody
          ? def.cli.fileBody(bytes, path)
          : { file: { bytes, filename: path === "-" ? undefined : path } },
      };
    });
  }
  // A lone - is one value read whole from standard input (a message piped in), as - is a file for uploads.
  const items = args.map((a) => {
    const value = a === "-" ? stdin().replace(/\r?\n$/, "") : a;
    return { input: value, body: def.cli.toRequest(value) };
  });
  if (file !== undefined) {
    for (const line of readText(file, stdin, io).split(/\r?\n/)) {
      const t = line.trim();
      if (t !== "" && !t.startsWith("#")) items.push(lineItem(def, t));
    }
  }
  return items;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** The worst verdict's code; 2 when some items failed (a failure is never hidden behind a verdict). */
export function exitCodeFor(rows: readonly Row[]): number {
  const errors = rows.filter((r) => !r.ok);
  if (rows.length === 1 && errors[0] && !errors[0].ok) return ERROR_EXIT[errors[0].error.code];
  if (errors.length > 0) return ITEM_ERRORS_EXIT;
  const verdicts = rows.map((r) => (r.ok ? r.result.verdict : "safe")) as Verdict[];
  return Math.max(0, ...verdicts.map((v) => VERDICT_EXIT[v]));
}

interface LookupFlags {
  file?: string;
  format: Format;
  json?: boolean;
  forceRefresh?: boolean;
  apiUrl?: string;
  apiKey?: string;
  concurrency: string;
  network?: boolean;
}

export interface LookupCommandOptions {
  readonly registry?: ChannelRegistry;
  readonly stdinBytes?: () => Uint8Array;
}

export function registerLookupCommands(
  program: Command,
  io: Io,
  stdin: () => string,
  options: LookupCommandOptions = {},
): void {
  const registry = options.registry ?? DEFAULT_REGISTRY;
  const stdinBytes = options.stdinBytes ?? (() => new Uint8Array(readFileSync(0)));
  for (const def of registry.channels) {
    const files = def.cli.files === true;
    const command = program
      .command(def.cli.command)
      .summary(def.title)
      .description(`${def.title}: ${def.description}`)
      .argument(
        `[${def.cli.argument.replace(/\s+/g, "-")}...]`,
        files ? "files to check (- reads stdin)" : `${def.cli.argument} to check (- reads one from stdin)`,
      )
      .option(
        "-f, --file <file>",
        files
          ? "a file to check; - reads standard input"
          : "read one input a line (or JSON Lines of requests); - reads stdin",
      )
      .addOption(new Option("--format <format>", "output format").choices(FORMATS).default("table"))
      .option("--json", "the same as --format json")
      .option("--force-refresh", "bypass the 24-hour cache")
      .option("--api-url <url>", "use a remote server instead of the embedded engine (env SCAMVERIFY_API_URL)")
      .option("--api-key <key>", "API key for --api-url (env SCAMVERIFY_API_KEY)")
      .option("--no-network", "embedded engine: skip network inspection (offline analysis and synced data only)")
      .option("--concurrency <n>", "checks in flight at once", "4");
    const fieldOptions = (def.cli.options ?? []).map((o) => {
      const option = new Option(o.flags, o.description);
      command.addOption(option);
      return { key: option.attributeName(), field: o.field };
    });
    command
      .addHelpText(
        "after",
        `\nExit status: 0 safe or low_risk, 10 medium_risk, 11 high_risk, 12 scam (the worst item);\n2 when some items failed; 65 invalid input, 66 file not found, 77 bad key, 69 unavailable.\n\nExamples:\n  ${def.cli.example}\n`,
      )
      .action(async (args: string[], flags: LookupFlags, cmd: Command) => {
        if (flags.json) flags.format = "json";
        const items = readItems(def, args, flags.file, io, stdin, stdinBytes);
        if (items.length === 0) {
          io.err(`error: give at least one ${files ? "file" : def.cli.argument.replace(/s$/, "")} or --file\n`);
          throw new CliExit(USAGE_EXIT);
        }
        const concurrency = Math.max(1, Math.min(32, Number.parseInt(flags.concurrency, 10) || 4));
        const remote = remoteFrom(flags, io);
        const bar = progress(items.length);
        const fields = Object.fromEntries(
          fieldOptions.flatMap(({ key, field }) => {
            const value = (flags as unknown as Record<string, unknown>)[key];
            return value === undefined ? [] : [[field, value]];
          }),
        );
        const body = (item: Item): Record<string, unknown> => ({
          ...fields,
          ...item.body,
          ...(flags.forceRefresh ? { force_refresh: true } : {}),
        });
        const toRow = (item: Item, r: Result<LookupLike, AppError>): Row => {
          bar.tick();
          return r.isOk()
            ? { input: item.input, ok: true, result: r.value }
            : { input: item.input, ok: false, error: r.error };
        };
        const checkEach = (check: (item: Item) => Promise<Result<LookupLike, AppError>>): Promise<Row[]> =>
          mapLimit(items, concurrency, async (item) => toRow(item, item.error ? err(item.error) : await check(item)));
        let rows: Row[];
        if (remote) {
          const { createRemoteEngine } = await import("../remote-engine.js");
          const engine = createRemoteEngine(remote, registry);
          rows = await checkEach(async (item) =>
            (
              await engine.check(def.id, { accountId: "remote", mode: "live", via: "api_key", scopes: [] }, body(item))
            ).map((o) => o.value as unknown as LookupLike),
          );
        } else {
          const config = configFrom(cmd, { networkInspection: flags.network !== false });
          rows = await withLookupSession(
            config,
            io,
            ({ engine, principal }) =>
              checkEach(async (item) =>
                (await engine.check(def.id, principal, body(item))).map((o) => o.value as unknown as LookupLike),
              ),
            registry === DEFAULT_REGISTRY ? undefined : { extend: () => ({ channels: registry.channels }) },
          );
        }
        bar.done();
        io.out(render(rows, flags.format));
        if (rows.length === 1 && rows[0] && !rows[0].ok && flags.format === "table") fail(io, rows[0].error);
        const code = exitCodeFor(rows);
        if (code !== 0) throw new CliExit(code);
      });
  }
}

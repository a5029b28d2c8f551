// `scamverify url` and `scamverify phone`: one or many inputs (arguments, --file, - for stdin), through the
// embedded engine or a remote server, printed as a table, JSON, JSON Lines or CSV; the exit code is the worst verdict.
import { readFileSync } from "node:fs";
import { Option, type Command } from "commander";
import type { AppError, Engine, Principal, Verdict } from "@scamverify/core";
import type { Result } from "neverthrow";
import { CliExit, configFrom, fail, type Io, remoteFrom, withRuntime } from "../cli-support.js";
import { ERROR_EXIT, ITEM_ERRORS_EXIT, USAGE_EXIT, VERDICT_EXIT } from "../exit-codes.js";
import { FORMATS, progress, render, type Format, type LookupLike, type Row } from "../output.js";
import { callApi } from "../remote.js";
import { localOperator } from "../runtime.js";

interface LookupKind {
  readonly name: "url" | "phone";
  readonly field: "url" | "phone_number";
  readonly path: string;
  readonly description: string;
  readonly example: string;
  call(engine: Engine, p: Principal, body: Record<string, unknown>): Promise<Result<{ value: LookupLike }, AppError>>;
}

const KINDS: readonly LookupKind[] = [
  {
    name: "url",
    field: "url",
    path: "/api/v1/url/lookup",
    description: "Check URLs for phishing, malware and brand impersonation",
    example:
      "scamverify url https://paypa1-login.example.com\n  scamverify url --file urls.txt --format csv > verdicts.csv",
    call: (e, p, b) => e.lookupUrl(p, b),
  },
  {
    name: "phone",
    field: "phone_number",
    path: "/api/v1/phone/lookup",
    description: "Check U.S. phone numbers against complaint registries, number analysis and carrier data",
    example: 'scamverify phone "(415) 555-2671"\n  cat numbers.txt | scamverify phone --file - --format jsonl',
    call: (e, p, b) => e.lookupPhone(p, b),
  },
];

function readInputs(args: readonly string[], file: string | undefined, stdin: () => string): string[] {
  const items = [...args];
  if (file !== undefined) {
    const text = file === "-" ? stdin() : readFileSync(file, "utf8");
    for (const line of text.split(/\r?\n/)) {
      const t = line.trim();
      if (t !== "" && !t.startsWith("#")) items.push(t);
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

function exitCodeFor(rows: readonly Row[]): number {
  const verdicts = rows.filter((r) => r.ok).map((r) => (r.ok ? r.result.verdict : "safe")) as Verdict[];
  const worst = Math.max(0, ...verdicts.map((v) => VERDICT_EXIT[v]));
  const errors = rows.filter((r) => !r.ok);
  if (rows.length === 1 && errors[0] && !errors[0].ok) return ERROR_EXIT[errors[0].error.code];
  return Math.max(worst, errors.length > 0 ? ITEM_ERRORS_EXIT : 0);
}

interface LookupFlags {
  file?: string;
  format: Format;
  forceRefresh?: boolean;
  apiUrl?: string;
  apiKey?: string;
  concurrency: string;
  network?: boolean;
}

export function registerLookupCommands(program: Command, io: Io, stdin: () => string): void {
  for (const kind of KINDS) {
    program
      .command(kind.name)
      .description(kind.description)
      .argument(`[${kind.name}s...]`, `${kind.name === "url" ? "URLs" : "phone numbers"} to check`)
      .option("-f, --file <file>", "read one input a line from a file; - reads standard input")
      .addOption(new Option("--format <format>", "output format").choices(FORMATS).default("table"))
      .option("--force-refresh", "bypass the 24-hour cache")
      .option("--api-url <url>", "use a remote server instead of the embedded engine (env SCAMVERIFY_API_URL)")
      .option("--api-key <key>", "API key for --api-url (env SCAMVERIFY_API_KEY)")
      .option("--no-network", "embedded engine: skip network inspection (offline analysis and synced data only)")
      .option("--concurrency <n>", "lookups in flight at once", "4")
      .addHelpText(
        "after",
        `\nExit status: 0 safe or low_risk, 10 medium_risk, 11 high_risk, 12 scam (the worst item);\n2 when some items failed; 65 invalid input, 77 bad key, 69 unavailable.\n\nExamples:\n  ${kind.example}\n`,
      )
      .action(async (args: string[], flags: LookupFlags, cmd: Command) => {
        const inputs = readInputs(args, flags.file, stdin);
        if (inputs.length === 0) {
          io.err(`error: give at least one ${kind.name} or --file\n`);
          throw new CliExit(USAGE_EXIT);
        }
        const concurrency = Math.max(1, Math.min(32, Number.parseInt(flags.concurrency, 10) || 4));
        const remote = remoteFrom(flags, io);
        const bar = progress(flags.file !== undefined ? inputs.length : 0);
        const body = (input: string): Record<string, unknown> => ({
          [kind.field]: input,
          ...(flags.forceRefresh ? { force_refresh: true } : {}),
        });
        const toRow = (input: string, r: Result<LookupLike, AppError>): Row => {
          bar.tick();
          return r.isOk() ? { input, ok: true, result: r.value } : { input, ok: false, error: r.error };
        };
        let rows: Row[];
        if (remote) {
          rows = await mapLimit(inputs, concurrency, async (input) =>
            toRow(input, await callApi<LookupLike>(remote, "POST", kind.path, body(input))),
          );
        } else {
          const config = configFrom(cmd, { networkInspection: flags.network !== false });
          rows = await withRuntime(config, io, async (rt) => {
            const principal = await localOperator(rt);
            return mapLimit(inputs, concurrency, async (input) =>
              toRow(
                input,
                (await kind.call(rt.engine, principal, body(input))).map((o) => o.value),
              ),
            );
          });
        }
        bar.done();
        io.out(render(rows, flags.format));
        if (rows.length === 1 && rows[0] && !rows[0].ok && flags.format === "table") fail(io, rows[0].error);
        const code = exitCodeFor(rows);
        if (code !== 0) throw new CliExit(code);
      });
  }
}

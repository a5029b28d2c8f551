// `scamverify jobs submit|status|results|cancel` against a server (--api-url, --api-key), and `scamverify worker`,
// which runs job workers as a process of their own on the server's PostgreSQL.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { Command } from "commander";
import {
  DEFAULT_REGISTRY,
  appError,
  itemsFromUpload,
  type JobResultLine,
  type JobSubmitted,
  type JobView,
  type Principal,
} from "@scamverify/core";
import { CliExit, configFrom, emit, fail, type Io, remoteFrom, withRuntime } from "../cli-support.js";
import { USAGE_EXIT } from "../exit-codes.js";

const REMOTE: Principal = { accountId: "remote", mode: "live", via: "api_key", scopes: [] };

/**
 * The items of a file: JSON Lines (each line a request body, e.g. {"url": "..."}) when the file is .jsonl or every
 * line starts with "{", a CSV (RFC 4180) with a header naming the request's fields when .csv, otherwise one value per
 * line (a URL, a number, a message) turned into a body as the channel's own command does. The items are sent as the
 * JSON body of POST /jobs: the file is read here, with the server's own parser, so its errors name its lines.
 */
/** The line a submitted job is told in; its webhook secret is shown this once. */
function submittedLine(count: string): (j: JobSubmitted) => string {
  return (j) =>
    `${j.id}  ${j.status}  (${count})\n` +
    (j.webhook_secret ? `webhook secret (shown once): ${j.webhook_secret}\n` : "");
}

export function readItems(text: string, channel: string, format: string | undefined): unknown[] {
  const def = DEFAULT_REGISTRY.get(channel);
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const kind = format ?? (lines.every((l) => l.trimStart().startsWith("{")) ? "jsonl" : "lines");
  if (kind === "jsonl" || kind === "csv") {
    // The server's own reading of an uploaded file, so a file reads the same sent either way.
    const read = itemsFromUpload(kind, text);
    if (read.isErr()) throw new Error(read.error.map((i) => `${i.field}: ${i.message}`).join("; "));
    return read.value.items;
  }
  if (def === undefined) return lines.map((l) => l.trim());
  return lines.map((l) => def.cli.toRequest(l.trim()));
}

function jobText(j: JobView): string {
  const done = j.completed + j.failed;
  return (
    [
      `${j.id}  ${j.status}  ${j.channel}`,
      `  ${done}/${j.total} answered: ${j.completed} results, ${j.failed} errors`,
      `  created ${j.created_at}${j.started_at ? `, started ${j.started_at}` : ""}${j.finished_at ? `, finished ${j.finished_at}` : ""}`,
    ].join("\n") + "\n"
  );
}

export function registerJobCommands(program: Command, io: Io, stdin: () => string): void {
  const jobs = program
    .command("jobs")
    .description("Asynchronous jobs on a server (up to 100,000 items): submit, status, results, cancel")
    .option("--api-url <url>", "the server (env SCAMVERIFY_API_URL)")
    .option("--api-key <key>", "API key (env SCAMVERIFY_API_KEY)")
    .addHelpText(
      "after",
      "\nExamples:\n  scamverify jobs submit --channel url --file urls.txt --webhook-url https://hooks.example.com/scamverify\n  scamverify jobs submit --channel document letter.pdf notice.jpg\n  scamverify jobs status <id> --wait\n  scamverify jobs results <id> > results.jsonl\n  scamverify jobs cancel <id>\n",
    );
  const remoteOf = (cmd: Command): { apiUrl: string; apiKey: string } => {
    const remote = remoteFrom(cmd.optsWithGlobals<{ apiUrl?: string; apiKey?: string }>(), io);
    if (remote === undefined) {
      io.err("error: jobs run on a server: give --api-url and --api-key (or SCAMVERIFY_API_URL and _KEY)\n");
      throw new CliExit(USAGE_EXIT);
    }
    return remote;
  };
  const engineOf = async (cmd: Command) => {
    const { createRemoteEngine } = await import("../remote-engine.js");
    return createRemoteEngine(remoteOf(cmd));
  };

  jobs
    .command("submit")
    .description(
      "Submit a job: one item per line of --file (or - for standard input), or for document and qr one item per file named",
    )
    .argument("[files...]", "document or qr: the PDFs or images, one item each (at most 100 files, 64 MiB)")
    .requiredOption("--channel <id>", "url, phone, text or email (items in --file); document or qr (files)")
    .option("--file <path>", "values one per line, JSON Lines of request bodies, or CSV with a header")
    .option("--format <kind>", "lines, jsonl or csv (default: from the contents)")
    .option("--webhook-url <url>", "gets a signed POST when the job finishes")
    .option("--json", "print JSON")
    .action(
      async (
        files: string[],
        o: { channel: string; file?: string; format?: string; webhookUrl?: string; json?: boolean },
        cmd: Command,
      ) => {
        const uploads = DEFAULT_REGISTRY.get(o.channel)?.http.body === "multipart";
        if (uploads || files.length > 0) {
          if (!uploads || files.length === 0 || o.file !== undefined) {
            io.err(
              uploads
                ? `error: a ${o.channel} job takes the files themselves: scamverify jobs submit --channel ${o.channel} a.pdf b.jpg\n`
                : `error: a ${o.channel} job takes its items from --file; files are for the document and qr channels\n`,
            );
            throw new CliExit(USAGE_EXIT);
          }
          const read = files.map((f) => ({ bytes: new Uint8Array(readFileSync(f)), filename: basename(f) }));
          const engine = await engineOf(cmd);
          const out = await engine.jobs.submitFiles(REMOTE, {
            channel: o.channel,
            files: read,
            ...(o.webhookUrl ? { webhook_url: o.webhookUrl } : {}),
          });
          emit(
            io,
            out.map((x) => x.value),
            o.json,
            submittedLine(`${read.length} files`),
          );
          return;
        }
        if (o.file === undefined) {
          io.err("error: give the items with --file <path> (or - for standard input)\n");
          throw new CliExit(USAGE_EXIT);
        }
        const file = o.file;
        if (o.format !== undefined && !["lines", "jsonl", "csv"].includes(o.format)) {
          io.err("error: --format is lines, jsonl or csv\n");
          throw new CliExit(USAGE_EXIT);
        }
        const text = file === "-" ? stdin() : readFileSync(file, "utf8");
        let items: unknown[];
        try {
          items = readItems(text, o.channel, o.format ?? (file.endsWith(".csv") ? "csv" : undefined));
        } catch (e) {
          return fail(io, appError("validation_error", `The file could not be read: ${(e as Error).message}`));
        }
        const engine = await engineOf(cmd);
        const out = await engine.jobs.submit(REMOTE, {
          channel: o.channel,
          items,
          ...(o.webhookUrl ? { webhook_url: o.webhookUrl } : {}),
        });
        emit(
          io,
          out.map((x) => x.value),
          o.json,
          submittedLine(`${items.length} items`),
        );
      },
    );

  jobs
    .command("status <id>")
    .description("A job's status and progress")
    .option("--wait", "poll until the job is completed, failed or cancelled")
    .option("--json", "print JSON")
    .action(async (id: string, o: { wait?: boolean; json?: boolean }, cmd: Command) => {
      const engine = await engineOf(cmd);
      let out = await engine.jobs.get(REMOTE, id);
      while (o.wait && out.isOk() && (out.value.value.status === "queued" || out.value.value.status === "running")) {
        await new Promise((r) => setTimeout(r, 1000));
        out = await engine.jobs.get(REMOTE, id);
      }
      emit(
        io,
        out.map((x) => x.value),
        o.json,
        jobText,
      );
    });

  jobs
    .command("results <id>")
    .description("A job's answers as JSON Lines ({index, result} or {index, error}), in index order")
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const engine = await engineOf(cmd);
      const out = await engine.jobs.results(REMOTE, id);
      if (out.isErr()) fail(io, out.error);
      io.out(out.value.value.map((line: JobResultLine) => `${JSON.stringify(line)}\n`).join(""));
    });

  jobs
    .command("cancel <id>")
    .description("Cancel a queued or running job")
    .option("--json", "print JSON")
    .action(async (id: string, o: { json?: boolean }, cmd: Command) => {
      const engine = await engineOf(cmd);
      emit(
        io,
        (await engine.jobs.cancel(REMOTE, id)).map((x) => x.value),
        o.json,
        jobText,
      );
    });

  program
    .command("worker")
    .description("Run job workers in this process (PostgreSQL: DATABASE_URL); start as many as wanted")
    .option("--concurrency <n>", "task loops in this process (each answers up to 10 items at once)", "2")
    .option("--no-network", "skip network inspection of URLs (env SCAMVERIFY_NETWORK_INSPECTION=false)")
    .action(async (o: { concurrency: string; network?: boolean }, cmd: Command) => {
      const config = configFrom(cmd, o.network === false ? { networkInspection: false } : {});
      if (config.databaseUrl === undefined) {
        io.err(
          "error: a worker process needs PostgreSQL (--database-url or DATABASE_URL); with the embedded database `scamverify serve` runs the workers itself\n",
        );
        throw new CliExit(USAGE_EXIT);
      }
      const concurrency = Math.max(1, Math.min(64, Number.parseInt(o.concurrency, 10) || 2));
      const [{ createJsonLogger }, { startJobWorkers }, { openTracing }, { noTelemetry }] = await Promise.all([
        import("@scamverify/adapters-http"),
        import("../job-workers.js"),
        import("../tracing.js"),
        import("@scamverify/core"),
      ]);
      const tracing = await openTracing(config);
      const logger = createJsonLogger(undefined, config.logLevel);
      const log = (level: "info" | "warn", message: string, fields: Record<string, unknown>): void =>
        logger.log(level, message, fields);
      await withRuntime(
        config,
        io,
        async (rt) => {
          const workers = await startJobWorkers(rt, { concurrency, log });
          await new Promise<void>((resolve) => {
            const stop = (signal: string): void => {
              logger.log("info", "worker shutting down", { signal });
              void workers
                .stop()
                .then(() => tracing?.shutdown())
                .finally(resolve);
            };
            process.once("SIGINT", () => stop("SIGINT"));
            process.once("SIGTERM", () => stop("SIGTERM"));
          });
        },
        { jobs: {}, log, ...(tracing !== undefined ? { telemetry: tracing.telemetry(noTelemetry) } : {}) },
      );
    });
}

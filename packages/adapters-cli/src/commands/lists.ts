// `scamverify lists add|list|remove` and `scamverify feedback send|export`: an account's allow and block lists and
// its feedback on results, on the embedded engine (the local operator's account, whose lookups they then change) or
// on a server (--api-url, --api-key: the key's account).
import type { Command } from "commander";
import type {
  AppError,
  EngineCore,
  FeedbackExportLine,
  FeedbackWrite,
  ListEntry,
  ListEntryWrite,
  ListPage,
  Outcome,
  Principal,
} from "@scamverify/core";
import type { Result } from "neverthrow";
import { emit, fail, type Io, remoteFrom, withOperatorRuntime } from "../cli-support.js";

type R<T> = Promise<Result<Outcome<T>, AppError>>;

/** What these commands call, on either engine: the export as lines, however the engine streams them. */
interface AccountSide {
  readonly lists: EngineCore["lists"];
  submitFeedback(body: unknown): R<FeedbackWrite>;
  exportFeedback(
    query: unknown,
  ): Promise<Result<Outcome<AsyncIterable<FeedbackExportLine> | FeedbackExportLine[]>, AppError>>;
  readonly principal: Principal;
}

const REMOTE: Principal = { accountId: "remote", mode: "live", via: "api_key", scopes: [] };

type Flags = { apiUrl?: string; apiKey?: string };

/** Runs `fn` on the server named by the flags or environment, else on the embedded engine as the local operator. */
async function onAccount<T>(cmd: Command, io: Io, fn: (side: AccountSide) => Promise<T>): Promise<T> {
  const remote = remoteFrom(cmd.optsWithGlobals<Flags>(), io);
  if (remote !== undefined) {
    const { createRemoteEngine } = await import("../remote-engine.js");
    const engine = createRemoteEngine(remote);
    return fn({
      lists: engine.lists,
      submitFeedback: (body) => engine.feedback.submit(REMOTE, body),
      exportFeedback: (query) => engine.feedback.export(REMOTE, query),
      principal: REMOTE,
    });
  }
  return withOperatorRuntime(cmd, io, async (rt) => {
    const { localOperator } = await import("../runtime.js");
    const principal = await localOperator(rt);
    return fn({
      lists: rt.engine.lists,
      submitFeedback: (body) => rt.engine.feedback.submit(principal, body),
      exportFeedback: (query) => rt.engine.feedback.export(principal, query),
      principal,
    });
  });
}

function entryText(e: ListEntry): string {
  const expiry = e.expires_at === null ? "" : `  ${e.expired ? "expired" : "expires"} ${e.expires_at}`;
  return `${e.id}  ${e.list}  ${e.kind.padEnd(6)}  ${e.value}${expiry}${e.note === null ? "" : `  (${e.note})`}\n`;
}

const REMOTE_OPTIONS = (c: Command): Command =>
  c
    .option("--api-url <url>", "a server instead of the embedded engine (env SCAMVERIFY_API_URL)")
    .option("--api-key <key>", "API key for --api-url (env SCAMVERIFY_API_KEY)");

export function registerListCommands(program: Command, io: Io): void {
  const lists = REMOTE_OPTIONS(
    program
      .command("lists")
      .summary("Allow and block lists of an account")
      .description("The account's allow and block lists: add, list, remove (domain, url, phone or sender entries)"),
  ).addHelpText(
    "after",
    '\nA block entry makes a matching lookup at least scam (85); an allow entry caps it at safe (15), or low_risk (39) when a threat feed lists it.\n\nExamples:\n  scamverify lists add block domain paypa1-login.example --note "phishing kit"\n  scamverify lists add allow phone "+1 415 555 2671" --expires-at 2026-12-31T00:00:00Z\n  scamverify lists list block --kind domain\n  scamverify lists remove block <id>\n',
  );

  lists
    .command("add <list> <kind> <value>")
    .description("Add (or update) an entry: list allow|block, kind domain|url|phone|sender")
    .option("--note <text>", "why the entry is there")
    .option("--expires-at <time>", "when it stops applying (ISO 8601)")
    .option("--json", "print JSON")
    .action(
      async (
        list: string,
        kind: string,
        value: string,
        o: { note?: string; expiresAt?: string; json?: boolean },
        cmd: Command,
      ) => {
        await onAccount(cmd, io, async (side) => {
          const body = {
            kind,
            value,
            ...(o.note !== undefined ? { note: o.note } : {}),
            ...(o.expiresAt !== undefined ? { expires_at: o.expiresAt } : {}),
          };
          emit(
            io,
            (await side.lists.add(side.principal, list, body)).map((x) => x.value),
            o.json,
            (e: ListEntryWrite) => `${e.created ? "added" : "updated"}: ${entryText(e)}`,
          );
        });
      },
    );

  lists
    .command("list <list>")
    .description("The entries of a list, newest first")
    .option("--kind <kind>", "only domain, url, phone or sender entries")
    .option("--limit <n>", "entries per page (1 to 500)", "100")
    .option("--cursor <cursor>", "the next page's cursor, as a previous page printed it")
    .option("--json", "print JSON")
    .action(
      async (list: string, o: { kind?: string; limit: string; cursor?: string; json?: boolean }, cmd: Command) => {
        await onAccount(cmd, io, async (side) => {
          const query = {
            limit: o.limit,
            ...(o.kind ? { kind: o.kind } : {}),
            ...(o.cursor ? { cursor: o.cursor } : {}),
          };
          emit(
            io,
            (await side.lists.page(side.principal, list, query)).map((x) => x.value),
            o.json,
            (p: ListPage) =>
              (p.entries.length === 0 ? `the ${p.list} list has no entries\n` : p.entries.map(entryText).join("")) +
              (p.next_cursor === null ? "" : `more: --cursor ${p.next_cursor}\n`),
          );
        });
      },
    );

  lists
    .command("remove <list> <id>")
    .description("Remove an entry by its id")
    .option("--json", "print JSON")
    .action(async (list: string, id: string, o: { json?: boolean }, cmd: Command) => {
      await onAccount(cmd, io, async (side) => {
        emit(
          io,
          (await side.lists.remove(side.principal, list, id)).map((x) => x.value),
          o.json,
          (e: ListEntry) => `removed: ${entryText(e)}`,
        );
      });
    });

  const feedback = REMOTE_OPTIONS(
    program
      .command("feedback")
      .summary("Label results and export the labels")
      .description("Label results the account received, and export the labels (JSON Lines)"),
  ).addHelpText(
    "after",
    '\nExamples:\n  scamverify feedback send <result-id> false_positive --comment "our own login page"\n  scamverify feedback export --since 2026-01-01T00:00:00Z > labels.jsonl\n',
  );

  feedback
    .command("send <result-id> <kind>")
    .description("Label a result: kind false_positive, false_negative or comment")
    .option("--comment <text>", "a remark (required for kind comment)")
    .option("--json", "print JSON")
    .action(async (resultId: string, kind: string, o: { comment?: string; json?: boolean }, cmd: Command) => {
      await onAccount(cmd, io, async (side) => {
        const body = { result_id: resultId, kind, ...(o.comment !== undefined ? { comment: o.comment } : {}) };
        emit(
          io,
          (await side.submitFeedback(body)).map((x) => x.value),
          o.json,
          (f: FeedbackWrite) =>
            `${f.kind} on ${f.channel} result ${f.result_id} (${f.verdict}, ${f.risk_score}/100)\n` +
            (f.community_report === null
              ? ""
              : `community report ${f.community_report.counted ? "counted" : "not counted (already reported today)"}: ${f.community_report.community_reports} in all\n`),
        );
      });
    });

  feedback
    .command("export")
    .description("The account's feedback as JSON Lines: verdict, score and rules beside each label")
    .option("--since <time>", "only labels given or changed at or after this time (ISO 8601)")
    .action(async (o: { since?: string }, cmd: Command) => {
      await onAccount(cmd, io, async (side) => {
        const out = await side.exportFeedback(o.since === undefined ? {} : { since: o.since });
        if (out.isErr()) fail(io, out.error);
        for await (const line of out.value.value) io.out(`${JSON.stringify(line)}\n`);
      });
    });
}

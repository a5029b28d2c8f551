// `scamverify feeds sync <name>` and `feeds status`: load a threat feed from its published URL, another URL or a
// file, atomically (a broken or truncated feed keeps the previous data and says why).
import { existsSync } from "node:fs";
import type { Command } from "commander";
import {
  FEED_NAMES,
  syncFeed,
  syncPhoneRegistry,
  type FeedName,
  type PhoneRegistryFeed,
  type SyncFeedSummary,
  type SyncPhoneRegistryOutcome,
} from "@scamverify/providers";
import { CliExit, type Io, userPath, withOperatorRuntime } from "../cli-support.js";
import { ERROR_EXIT, USAGE_EXIT } from "../exit-codes.js";
import type { Runtime } from "../runtime.js";
import { printableLines } from "../terminal-text.js";

export function syncUrlFeed(
  rt: Runtime,
  feed: FeedName,
  source?: { url: string } | { file: string },
  force = false,
): Promise<SyncFeedSummary> {
  return syncFeed(
    {
      store: rt.feeds.store,
      clock: rt.deps.clock,
      fetcher: rt.feeds.fetcher,
      ...(rt.indexesLoaded ? { index: rt.feeds.threatIndex } : {}),
    },
    { feed, ...(source ? { source } : {}), ...(force ? { force: true } : {}) },
  );
}

export const REGISTRY_NAMES: readonly PhoneRegistryFeed[] = ["ftc-dnc", "fcc-complaints", "nanpa-codes"];

export function syncRegistry(
  rt: Runtime,
  source: PhoneRegistryFeed,
  from: { url: string } | { file: string },
): Promise<SyncPhoneRegistryOutcome> {
  return syncPhoneRegistry(
    { store: rt.phone.store, fetch: rt.phone.fetch, ...(rt.indexesLoaded ? { registry: rt.phone.registry } : {}) },
    { source, from },
  );
}

/** The configured download address of a registry (scheduled syncs), if any. */
export function registryUrl(rt: Runtime, source: PhoneRegistryFeed): string | undefined {
  return {
    "ftc-dnc": rt.config.ftcDncUrl,
    "fcc-complaints": rt.config.fccComplaintsUrl,
    "nanpa-codes": rt.config.nanpaCodesUrl,
  }[source];
}

function registryText(s: SyncPhoneRegistryOutcome): string {
  return `${s.source}: ${s.status}, ${s.rows} rows, ${s.numbers} numbers${s.rejected ? `, ${s.rejected} rows rejected` : ""}${s.reason ? ` (${s.reason})` : ""}\n`;
}

function summaryText(s: SyncFeedSummary): string {
  return `${s.feed}: ${s.status}, ${s.records} records${s.skipped ? `, ${s.skipped} lines skipped` : ""}${s.reason ? ` (${s.reason})` : ""}\n`;
}

/** sysexits' EX_NOINPUT: the file named does not exist. */
const NO_INPUT_EXIT = 66;

/**
 * The exit code of a sync that changed nothing: a source that could not be reached is the service being
 * unavailable (69), a missing file is missing input (66), and content that was read but refused is bad data (65).
 */
export function syncFailureExit(notRead: boolean, source: { url: string } | { file: string }): number {
  if (!notRead) return ERROR_EXIT.validation_error;
  if ("url" in source) return ERROR_EXIT.service_unavailable;
  return existsSync(source.file) ? ERROR_EXIT.validation_error : NO_INPUT_EXIT;
}

export function registerFeedCommands(program: Command, io: Io): void {
  const feeds = program
    .command("feeds")
    .summary("Sync threat feeds and registries")
    .description("Threat feeds and registries the engine syncs");
  feeds
    .command("sync")
    .description(`Sync a feed now: ${[...FEED_NAMES, ...REGISTRY_NAMES].join(", ")}`)
    .argument("<name>", "feed name")
    .option("--file <file>", "read the feed from a file in its published format")
    .option("--url <url>", "fetch from this URL instead of the published one")
    .option("--force", "write even when unchanged or much smaller than the previous snapshot")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  scamverify feeds sync urlhaus\n  scamverify feeds sync openphish --file feed.txt\n",
    )
    .action(async (name: string, o: { file?: string; url?: string; force?: boolean; json?: boolean }, cmd: Command) => {
      const source =
        o.file !== undefined ? { file: userPath(o.file) } : o.url !== undefined ? { url: o.url } : undefined;
      if ((REGISTRY_NAMES as readonly string[]).includes(name)) {
        const registry = name as PhoneRegistryFeed;
        const { outcome, from } = await withOperatorRuntime(
          cmd,
          io,
          async (rt) => {
            const configured = registryUrl(rt, registry);
            const from = source ?? (configured !== undefined ? { url: configured } : undefined);
            if (!from) {
              io.err(`error: ${registry} needs --file or --url\n`);
              throw new CliExit(USAGE_EXIT);
            }
            return { outcome: await syncRegistry(rt, registry, from), from };
          },
          { bulk: true },
        );
        io.out(o.json ? `${JSON.stringify(outcome, null, 2)}\n` : printableLines(registryText(outcome)));
        if (outcome.status === "failed") {
          // Only a source that could not be read leaves no hash: anything read was hashed first.
          const notRead = outcome.sha256 === null && outcome.reason?.startsWith("could not read") === true;
          throw new CliExit(syncFailureExit(notRead, from));
        }
        return;
      }
      if (!(FEED_NAMES as readonly string[]).includes(name)) {
        io.err(`error: unknown feed ${name}; feeds: ${[...FEED_NAMES, ...REGISTRY_NAMES].join(", ")}\n`);
        throw new CliExit(USAGE_EXIT);
      }
      const summary = await withOperatorRuntime(
        cmd,
        io,
        (rt) => syncUrlFeed(rt, name as FeedName, source, o.force === true),
        { bulk: true },
      );
      io.out(o.json ? `${JSON.stringify(summary, null, 2)}\n` : printableLines(summaryText(summary)));
      if (summary.status === "failed" || summary.status === "refused") {
        throw new CliExit(syncFailureExit(summary.status === "failed", source ?? { url: summary.source }));
      }
    });
  feeds
    .command("status")
    .description("What each feed holds and when it was synced")
    .option("--json", "print JSON")
    .action(async (o: { json?: boolean }, cmd: Command) => {
      const { snapshots, numbers } = await withOperatorRuntime(cmd, io, async (rt) => ({
        snapshots: await rt.feeds.store.snapshots(),
        numbers: await rt.phone.store.countNumbers(),
      }));
      if (o.json) io.out(`${JSON.stringify({ feeds: snapshots, phone_registry_numbers: numbers }, null, 2)}\n`);
      else {
        if (snapshots.length === 0) io.out("no threat feed synced yet: run `scamverify feeds sync <name>`\n");
        for (const s of snapshots)
          io.out(
            printableLines(
              `${s.feed.padEnd(10)} ${String(s.records).padStart(8)} records  synced ${s.syncedAt.toISOString()}  from ${s.source}\n`,
            ),
          );
        io.out(`phone registry: ${numbers} numbers with complaints\n`);
      }
    });
}

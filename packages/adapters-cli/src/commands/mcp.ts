// `scamverify mcp`: the MCP server on stdin/stdout for desktop assistants. Embedded engine by default (the local
// operator account), or a remote server's REST API with an API key. stdout carries only MCP messages; notes go to
// stderr. An assistant starts this command for every session, so the handshake is answered before the database is
// opened: the data folder's lock is taken first (a folder held by another process still ends the command with 69
// before any MCP message), and the database opens once the client has its `initialize` answer, or at the first call.
import type { Command } from "commander";
import { DEFAULT_REGISTRY, SCOPES, type Engine, type Principal } from "@scamverify/core";
import { lockDataDir } from "@scamverify/persistence";
import type { McpEngine } from "@scamverify/adapters-mcp";
import { configFrom, type Io, remoteFrom, shortLivedProcess } from "../cli-support.js";
import type { RuntimeConfig } from "../config.js";
import type { Runtime } from "../runtime.js";
import { VERSION } from "../version.js";

interface McpFlags {
  apiUrl?: string;
  apiKey?: string;
  network?: boolean;
}

/** The remote server checks the key's rights itself; locally every tool is offered. */
const REMOTE_PRINCIPAL: Principal = { accountId: "remote", mode: "live", via: "api_key", scopes: SCOPES };

/**
 * Who the tools act for before the database says which account that is: every scope, as the local operator has. The
 * engine below answers every call as the operator, whatever principal the server hands it.
 */
const LOCAL_PRINCIPAL: Principal = { accountId: "local-operator", mode: "live", via: "api_key", scopes: SCOPES };

interface Opened {
  readonly rt: Runtime;
  readonly engine: Engine;
  readonly principal: Principal;
}

/** The runtime, opened once on the first call of `open`; `started` tells whether that call came. */
interface DeferredRuntime {
  open(): Promise<Opened>;
  readonly started: boolean;
}

function deferredRuntime(config: RuntimeConfig, heldLock: (() => void) | undefined): DeferredRuntime {
  let opening: Promise<Opened> | undefined;
  return {
    get started() {
      return opening !== undefined;
    },
    open: () =>
      (opening ??= (async () => {
        const { createRuntime, localOperator, SMALL_SHARED_BUFFERS } = await import("../runtime.js");
        // From here the runtime owns the lock: it releases it on close, or when it fails to open.
        const rt = await createRuntime(config, {
          sharedBuffers: SMALL_SHARED_BUFFERS,
          ...(heldLock ? { heldLock } : {}),
        });
        try {
          return { rt, engine: rt.engine, principal: await localOperator(rt) };
        } catch (e) {
          await rt.close();
          throw e;
        }
      })()),
  };
}

/** The tools' engine over a runtime that opens on first use, acting as the local operator. */
function engineWhenOpen(open: () => Promise<Opened>): McpEngine {
  return {
    registry: DEFAULT_REGISTRY,
    check: async (id, _p, body) => {
      const { engine, principal } = await open();
      return engine.check(id, principal, body);
    },
    checkBatch: async (id, _p, body) => {
      const { engine, principal } = await open();
      return engine.checkBatch(id, principal, body);
    },
    usage: async () => {
      const { engine, principal } = await open();
      return engine.usage(principal);
    },
    report: async (_p, body) => {
      const { engine, principal } = await open();
      return engine.report(principal, body);
    },
    status: async () => (await open()).engine.status(),
  };
}

export function registerMcpCommand(program: Command, io: Io): void {
  program
    .command("mcp")
    .summary("Serve the MCP tools on stdin/stdout")
    .description("Serve the MCP tools (every channel's checks, batches, usage, status, reports) on stdin/stdout")
    .option(
      "--api-url <url>",
      "forward tool calls to a remote server instead of the embedded engine (env SCAMVERIFY_API_URL)",
    )
    .option("--api-key <key>", "API key for --api-url (env SCAMVERIFY_API_KEY)")
    .option("--no-network", "embedded engine: skip network inspection (offline analysis and synced data only)")
    .addHelpText(
      "after",
      `\nExamples (an assistant's MCP configuration runs these):\n  scamverify mcp\n  scamverify mcp --api-url https://api.example.com --api-key sv_live_...\n`,
    )
    .action(async (flags: McpFlags, cmd: Command) => {
      const remote = remoteFrom(flags, io);
      const { serveStdio } = await import("@scamverify/adapters-mcp");
      if (remote) {
        io.err(`scamverify MCP server on stdio, forwarding to ${remote.apiUrl}\n`);
        const { createRemoteEngine } = await import("../remote-engine.js");
        const served = await serveStdio({
          engine: createRemoteEngine(remote),
          principal: REMOTE_PRINCIPAL,
          version: VERSION,
        });
        await served.closed;
        return;
      }
      const config = configFrom(cmd, { networkInspection: flags.network !== false });
      shortLivedProcess();
      // A data folder held by another process (a running `serve`) throws DataDirInUseError here, before any MCP
      // message: the CLI says so on stderr and exits 69, so the host shows the reason instead of tools that all fail.
      const heldLock = config.databaseUrl === undefined ? lockDataDir(config.dataDir) : undefined;
      const runtime = deferredRuntime(config, heldLock);
      const open = (): Promise<Opened> => runtime.open();
      // A database that cannot open ends the session with its error (and exit status) rather than leaving tools that
      // all fail.
      let failure: unknown;
      const served = await serveStdio({
        engine: engineWhenOpen(open),
        principal: LOCAL_PRINCIPAL,
        version: VERSION,
        onInitialized: () => {
          open().catch(async (e: unknown) => {
            failure = e;
            await served.close();
          });
        },
      });
      io.err("scamverify MCP server on stdio (embedded engine)\n");
      await served.closed;
      if (!runtime.started) {
        // A session that ended before its handshake did: nothing was opened, only the lock is given back.
        heldLock?.();
        return;
      }
      // The database may still be opening (a session closed at once): wait for it, then close it.
      const opened = await open().catch((e: unknown) => {
        failure ??= e;
        return undefined;
      });
      await opened?.rt.close();
      if (failure !== undefined) throw failure;
    });
}

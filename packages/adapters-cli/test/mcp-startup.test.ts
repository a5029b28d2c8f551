// `scamverify mcp` answers the handshake before it opens its database: the data folder's lock is taken at once (a
// held folder still ends the command with 69, see the stdio tests of adapters-mcp), the database is opened once the
// client has its `initialize` answer, and a session that ends before that leaves no database and no lock behind.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = fileURLToPath(new URL("../src/bin.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "scamverify-mcp-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Session {
  readonly child: ChildProcessWithoutNullStreams;
  ask(id: number, method: string, params: unknown): Promise<Record<string, unknown>>;
  notify(method: string): void;
  end(): Promise<number | null>;
}

function start(dataDir: string): Session {
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", CLI, "--data-dir", dataDir, "mcp", "--no-network"],
    {
      cwd: ROOT,
      env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "" },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  createInterface({ input: child.stdout }).on("line", (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    waiting.get(message["id"] as number)?.(message);
  });
  child.stderr.resume();
  return {
    child,
    ask: (id, method, params) =>
      new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      }),
    notify: (method) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`),
    end: () =>
      new Promise((resolve) => {
        child.once("exit", (code) => resolve(code));
        child.stdin.end();
      }),
  };
}

const INITIALIZE = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1.0.0" } };

describe("scamverify mcp start-up", () => {
  it("answers initialize and lists its tools before the database is opened, then opens it for the first call", async () => {
    const dataDir = join(dir, "session");
    const s = start(dataDir);
    const init = await s.ask(1, "initialize", INITIALIZE);
    expect((init["result"] as { serverInfo: { name: string } }).serverInfo.name).toBe("scamverify");
    const tools = await s.ask(2, "tools/list", {});
    expect((tools["result"] as { tools: unknown[] }).tools.length).toBeGreaterThan(5);
    // The folder is claimed (its lock), but no database was opened or made yet.
    expect(existsSync(join(dataDir, "scamverify.lock"))).toBe(true);
    expect(existsSync(join(dataDir, "pglite"))).toBe(false);
    s.notify("notifications/initialized");
    const call = await s.ask(3, "tools/call", { name: "check_url", arguments: { url: "http://paypa1-login.top/" } });
    const result = call["result"] as { isError?: boolean; structuredContent: { verdict: string } };
    expect(result.isError).toBeFalsy();
    expect(existsSync(join(dataDir, "pglite"))).toBe(true);
    const usage = await s.ask(4, "tools/call", { name: "get_usage", arguments: {} });
    expect((usage["result"] as { structuredContent: { plan: string } }).structuredContent.plan).toBe("enterprise");
    expect(await s.end()).toBe(0);
    expect(existsSync(join(dataDir, "scamverify.lock"))).toBe(false);
  });

  it("leaves no database and no lock when the session ends before its handshake", async () => {
    const dataDir = join(dir, "short");
    const s = start(dataDir);
    await s.ask(1, "initialize", INITIALIZE);
    expect(await s.end()).toBe(0);
    expect(existsSync(join(dataDir, "pglite"))).toBe(false);
    expect(existsSync(join(dataDir, "scamverify.lock"))).toBe(false);
  });
});

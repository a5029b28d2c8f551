// `scamverify mcp` spawned as a child process and driven by the SDK's StdioClientTransport: embedded engine in a
// temporary data folder, and forwarding to a remote server's REST API with an API key.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../adapters-http/src/app.js";
import { silentLogger } from "../../adapters-http/src/logger.js";
import { createWorld, LARGEST_PNG_SIZE, TOOL_NAMES, uncompressedPng } from "./support.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = fileURLToPath(new URL("../../adapters-cli/src/bin.ts", import.meta.url));
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function cliEnv(): Record<string, string> {
  return { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", SCAMVERIFY_NETWORK_INSPECTION: "false" };
}

function spawnCli(args: string[]): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ["--conditions=source", "--import", "tsx", CLI, ...args],
    cwd: ROOT,
    env: cliEnv(),
    stderr: "pipe",
  });
}

describe("scamverify mcp over stdio", () => {
  it("says so on stderr and exits 69 when another process holds the data folder", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sv-mcp-held-"));
    dirs.push(dataDir);
    const holder = new Client({ name: "holder", version: "1.0.0" });
    await holder.connect(spawnCli(["--data-dir", dataDir, "mcp", "--no-network"]));
    try {
      await holder.listTools();
      const second = spawn(
        process.execPath,
        ["--conditions=source", "--import", "tsx", CLI, "--data-dir", dataDir, "mcp", "--no-network"],
        { cwd: ROOT, env: cliEnv(), stdio: ["pipe", "pipe", "pipe"] },
      );
      let stdout = "";
      let stderr = "";
      second.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
      second.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
      // stdin stays open, as a host keeps it: the process must end on its own.
      const code = await new Promise<number | null>((resolve) => second.once("exit", (c) => resolve(c)));
      second.stdin.end();
      expect(code).toBe(69);
      expect(stderr).toMatch(/error: The data folder .* is in use by process \d+/);
      expect(stdout).toBe("");
    } finally {
      await holder.close();
    }
  });

  it("answers a check_qr whose line is about 14 MB (a PNG of just under 10 MiB)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sv-mcp-large-"));
    dirs.push(dataDir);
    const client = new Client({ name: "stdio-large", version: "1.0.0" });
    await client.connect(spawnCli(["--data-dir", dataDir, "mcp", "--no-network"]));
    try {
      const png = uncompressedPng(LARGEST_PNG_SIZE.width, LARGEST_PNG_SIZE.height);
      const res = await client.callTool(
        { name: "check_qr", arguments: { file_base64: png.toString("base64"), media_type: "image/png" } },
        undefined,
        { timeout: 120_000 },
      );
      expect(res.isError).toBeFalsy();
      expect(res.structuredContent).toMatchObject({ qr_found: false });
      const over = client.callTool({ name: "check_qr", arguments: { file_base64: "A".repeat(25 * 1024 * 1024) } });
      await expect(over).rejects.toThrow(/exceeds the limit of 25165824 bytes/);
      const usage = await client.callTool({ name: "get_usage", arguments: {} });
      expect(usage.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it("serves the tools from the embedded engine", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sv-mcp-"));
    dirs.push(dataDir);
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    await client.connect(spawnCli(["--data-dir", dataDir, "mcp", "--no-network"]));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toContain("investigate_text_message");
      const res = await client.callTool({
        name: "check_url",
        arguments: { url: "http://secure-paypal-login.verify-account.top/signin" },
      });
      expect(res.isError).toBeFalsy();
      const result = res.structuredContent as { verdict: string; risk_score: number };
      expect(result.risk_score).toBeGreaterThan(0);
      const usage = await client.callTool({ name: "get_usage", arguments: {} });
      expect(usage.structuredContent).toMatchObject({ plan: "enterprise", quotas: { url: { used: 1 } } });
      const invalid = await client.callTool({ name: "check_url", arguments: { url: "" } });
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("forwards tool calls to a remote server with an API key", async () => {
    const world = createWorld("http://127.0.0.1");
    const app = createHttpApp({ engine: world.engine, logger: silentLogger });
    const server = createServer(app).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { apiKey } = await world.account();
    const client = new Client({ name: "stdio-remote-test", version: "1.0.0" });
    await client.connect(spawnCli(["mcp", "--api-url", apiUrl, "--api-key", apiKey]));
    try {
      const res = await client.callTool({ name: "check_url", arguments: { url: "https://example.org/" } });
      expect(res.isError).toBeFalsy();
      expect(res.structuredContent).toMatchObject({ verdict: expect.any(String) });
      const usage = await client.callTool({ name: "get_usage", arguments: {} });
      expect(usage.structuredContent).toMatchObject({ plan: "free", quotas: { url: { used: 1 } } });
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

// The scenario table (core/testing/scenarios.ts) through the MCP face: each row is a tools/call of the channel's
// tool by the SDK's own client, for the principal of a live or a test key (an MCP session carries no key of its
// own, so the key rows are the HTTP face's to check).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { DEFAULT_REGISTRY, type Principal, type Upload } from "@scamverify/core";
import { describeScenarios } from "@scamverify/core/testing";
import { createMcpServer } from "../src/create-mcp-server.js";
import { toolErrorOf } from "../src/error-map.js";
import { createWorld } from "./support.js";

async function clientFor(world: ReturnType<typeof createWorld>, principal: Principal): Promise<Client> {
  const server = createMcpServer({ engine: world.engine, principal });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "scenarios", version: "1.0.0" });
  await client.connect(b);
  return client;
}

/** Upload bodies travel as base64 arguments. */
function argsOf(body: Record<string, unknown>): Record<string, unknown> {
  const { file, ...rest } = body as { file?: Upload };
  return file ? { ...rest, file_base64: Buffer.from(file.bytes).toString("base64") } : rest;
}

describeScenarios("MCP", DEFAULT_REGISTRY, async () => {
  const world = createWorld("https://sv.example");
  const { accountId, apiKey } = await world.account();
  const testKey = (await world.engine.keys.create(accountId, { mode: "test" }))._unsafeUnwrap().key;
  const live = await clientFor(world, (await world.engine.authenticate(`Bearer ${apiKey}`))._unsafeUnwrap());
  const test = await clientFor(world, (await world.engine.authenticate(`Bearer ${testKey}`))._unsafeUnwrap());
  return {
    async call(s) {
      if (s.key === "none" || s.key === "invalid") return "skip";
      const client = s.key === "live" ? live : test;
      const res = await client.callTool({ name: s.channel.mcp.tool, arguments: argsOf(s.body) });
      const out = res.structuredContent as { verdict?: never; cached?: boolean; error?: { code: never } } | undefined;
      if (res.isError) return { outcome: (toolErrorOf(res)?.code ?? "internal_error") as never };
      return { outcome: "ok", ...(out?.verdict ? { verdict: out.verdict } : {}), cached: out?.cached ?? false };
    },
    used: async (channel) =>
      ((await world.engine.accounts.usage(accountId))._unsafeUnwrap().quotas as Record<string, { used: number }>)[
        channel
      ]?.used ?? 0,
    close: async () => {
      await live.close();
      await test.close();
    },
  };
});

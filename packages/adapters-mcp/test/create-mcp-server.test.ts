// The MCP server driven in process by the SDK's own Client over a linked in-memory transport: tool listing, results
// with structured content, and which failures are tool results versus protocol errors.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { MAGIC_DOCUMENT_PDF_BASE64, MAGIC_QR_PNG_BASE64, type Principal } from "@scamverify/core";
import { afterEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../src/create-mcp-server.js";
import { toolErrorOf } from "../src/error-map.js";
import { createWorld, TOOL_NAMES } from "./support.js";

const open: Client[] = [];

async function connect(principal: Principal, world = createWorld("https://sv.example")) {
  const server = createMcpServer({ engine: world.engine, principal });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(b);
  open.push(client);
  return { client, world };
}

async function principalFor(world: ReturnType<typeof createWorld>, scope?: string): Promise<Principal> {
  const { accountId } = await world.account();
  const token = await world.accessToken(accountId, scope);
  return (await world.engine.authenticate(`Bearer ${token}`))._unsafeUnwrap();
}

afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

describe("createMcpServer", () => {
  it("lists a tool per engine channel with the core's input schemas", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const url = tools.find((t) => t.name === "check_url");
    expect(url?.inputSchema.properties).toHaveProperty("url");
    expect(url?.inputSchema.required).toEqual(["url"]);
    expect(url?.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === "check_phone")?.inputSchema.properties).toHaveProperty("phone_number");
  });

  it("answers check_url with a summary text and the result as structured content", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world, "url:lookup"), world);
    const res = await client.callTool({
      name: "check_url",
      arguments: { url: "http://paypa1-secure-login.example.xyz/verify" },
    });
    expect(res.isError).toBeFalsy();
    const sc = res.structuredContent as { verdict: string; risk_score: number; url: string };
    expect(["safe", "low_risk", "medium_risk", "high_risk", "scam"]).toContain(sc.verdict);
    expect(sc.risk_score).toBeGreaterThanOrEqual(0);
    const text = (res.content as { type: string; text: string }[])[0]?.text ?? "";
    expect(text).toContain(sc.verdict);
    // The readable summary with the findings; the JSON only as structured content.
    expect(text).toContain(`risk ${sc.risk_score}/100`);
    expect(text).toContain("Findings:");
    expect(text).not.toContain('"risk_score"');
  });

  it("answers get_usage and counts the lookup against the URL quota", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    await client.callTool({ name: "check_url", arguments: { url: "https://example.org/a" } });
    const res = await client.callTool({ name: "get_usage", arguments: {} });
    const usage = res.structuredContent as { plan: string; quotas: { url: { used: number; limit: number } } };
    expect(usage.plan).toBe("free");
    expect(usage.quotas.url).toMatchObject({ used: 1, limit: 50 });
  });

  it("gives input the model can fix back as an isError result", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const res = await client.callTool({ name: "check_phone", arguments: { phone_number: "not a number" } });
    expect(res.isError).toBe(true);
    expect(toolErrorOf(res)?.code).toBe("validation_error");
  });

  it("names file_base64 when the upload is missing, not a string or not base64", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const message = async (name: string, args: Record<string, unknown>) => {
      const res = await client.callTool({ name, arguments: args });
      expect(res.isError).toBe(true);
      const error = toolErrorOf(res)!;
      expect(error.code).toBe("validation_error");
      return error.message;
    };
    for (const tool of ["check_qr", "check_document"]) {
      expect(await message(tool, {})).toBe("file_base64: Required: the file, base64-encoded.");
      expect(await message(tool, { file_base64: 123 })).toBe("file_base64: Expected a base64 string.");
      for (const bad of ["!!!!", "====", "@@@notbase64!!", "QUJD=QUJD", "QUJDR"])
        expect(await message(tool, { file_base64: bad })).toBe("file_base64: Not valid base64.");
      expect(await message(tool, { file_base64: "" })).toBe("file_base64: The file is empty.");
      expect(await message(tool, { file_base64: "QUJD", media_type: 5 })).toBe("media_type: Expected a string.");
    }
    // Wrapped base64 (line breaks) is read, and the bytes reach the engine: these are not an image.
    const wrapped = await client.callTool({ name: "check_qr", arguments: { file_base64: "QUJD\nREVG\n" } });
    expect(toolErrorOf(wrapped)?.code).toBe("unsupported_media_type");
  });

  it("marks file_base64 required and describes the upload each channel takes", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const { tools } = await client.listTools();
    const qr = tools.find((t) => t.name === "check_qr")!;
    const doc = tools.find((t) => t.name === "check_document")!;
    for (const t of [qr, doc]) expect(t.inputSchema.required).toContain("file_base64");
    const field = (t: typeof qr) => (t.inputSchema.properties?.["file_base64"] as { description?: string }).description;
    expect(field(qr)).toBe("The image, base64-encoded (at most 10 MiB)");
    expect(qr.description).toContain("Send the image as file_base64");
    expect(`${field(qr)} ${qr.description}`).not.toContain("PDF");
    expect(field(doc)).toBe("The PDF or image, base64-encoded (at most 10 MiB)");
  });

  it("raises a missing scope as a protocol error naming the scope", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world, "phone:lookup"), world);
    const err = await client
      .callTool({ name: "check_url", arguments: { url: "https://example.org" } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpError);
    expect((err as McpError).message).toContain("url:lookup");
    expect((err as McpError).data).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "url:lookup" },
    });
    const report = await client
      .callTool({ name: "report_scam", arguments: { kind: "url", value: "https://x.example", category: "phishing" } })
      .catch((e: unknown) => e);
    expect((report as McpError).data).toMatchObject({ code: "insufficient_scope" });
    const phoneReport = await client.callTool({
      name: "report_scam",
      arguments: { kind: "phone", value: "+14155552671", category: "robocall" },
    });
    expect(phoneReport.isError).toBeFalsy();
  });

  it("says a test key's report is not counted because of the key, not that it was already reported", async () => {
    const world = createWorld("https://sv.example");
    const live = await principalFor(world);
    const args = { kind: "url", value: `https://report-${Date.now()}.example/`, category: "phishing" };
    const text = (r: Awaited<ReturnType<Client["callTool"]>>) =>
      (r.content as { type: string; text: string }[]).find((c) => c.type === "text")?.text ?? "";
    const testKey = await connect({ ...live, mode: "test" }, world);
    const first = await testKey.client.callTool({ name: "report_scam", arguments: args });
    expect(first.structuredContent).toMatchObject({ counted: false, not_counted_reason: "test_key" });
    expect(text(first)).toMatch(/^Test key: report accepted, not counted/);
    expect(text(first)).not.toContain("Already reported");
    const liveKey = await connect(live, world);
    const counted = await liveKey.client.callTool({ name: "report_scam", arguments: args });
    expect(counted.structuredContent).toMatchObject({ counted: true, community_reports: 1 });
    expect(counted.structuredContent).not.toHaveProperty("not_counted_reason");
    const again = await liveKey.client.callTool({ name: "report_scam", arguments: args });
    expect(again.structuredContent).toMatchObject({ counted: false, not_counted_reason: "already_reported_today" });
    expect(text(again)).toMatch(/^Already reported today/);
  });

  it("reports quota exhaustion as a tool result the model can relay", async () => {
    const world = createWorld("https://sv.example");
    const principal = await principalFor(world, "url:lookup");
    const { client } = await connect(principal, world);
    for (let i = 0; i < 50; i += 1) {
      // The free plan allows 10 requests a minute: a minute passes between calls.
      world.oauth.clock.advance(60_000);
      const ok = await client.callTool({ name: "check_url", arguments: { url: `https://site${i}.example.org/` } });
      expect(ok.isError).toBeFalsy();
    }
    world.oauth.clock.advance(60_000);
    const res = await client.callTool({ name: "check_url", arguments: { url: "https://one-more.example.org/" } });
    expect(res.isError).toBe(true);
    expect(toolErrorOf(res)?.code).toBe("quota_exhausted");
  });

  it("refuses an unknown tool with a protocol error", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    await expect(client.callTool({ name: "format_disk", arguments: {} })).rejects.toBeInstanceOf(McpError);
  });

  it("annotates every tool: lookups read-only and open-world, usage and status closed, a report additive", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    for (const name of TOOL_NAMES.filter((n) => n.startsWith("check_"))) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(hints[name], name).not.toHaveProperty("destructiveHint");
    }
    for (const name of ["get_usage", "get_status"])
      expect(hints[name], name).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(hints["report_scam"]).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    for (const t of tools) {
      expect(t.annotations?.title, t.name).toBe(t.title);
      // The job tools answer a job's view, not a result: they declare no output schema.
      if (!t.name.endsWith("_job")) expect(t.outputSchema?.type, t.name).toBe("object");
    }
    expect(tools.find((t) => t.name === "check_url")?.outputSchema?.required).toEqual(
      expect.arrayContaining(["url", "risk_score", "verdict", "explanation"]),
    );
  });

  it("returns structured content that validates against each tool's listed outputSchema", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const { tools } = await client.listTools();
    const ajv = new AjvJsonSchemaValidator();
    const calls: [string, Record<string, unknown>][] = [
      ["check_url", { url: "http://paypa1-secure-login.example.xyz/verify" }],
      ["check_urls_batch", { urls: ["https://example.org/", "paypa1-login.top"] }],
      ["check_phone", { phone_number: "(415) 555-2671" }],
      ["check_phones_batch", { phone_numbers: ["+14155552671", "not a number"] }],
      [
        "check_text",
        {
          text: "USPS: your parcel is on hold, pay $1.99 at https://usps-redelivery.top",
          sender_number: "+63 912 345 6789",
        },
      ],
      [
        "check_email",
        {
          email_body: "Your account is locked. Sign in at https://paypa1.top/login",
          raw_headers: "From: PayPal <service@paypa1.top>\r\nSubject: Locked",
        },
      ],
      ["check_qr", { file_base64: MAGIC_QR_PNG_BASE64.high_risk, media_type: "image/png" }],
      ["check_document", { file_base64: MAGIC_DOCUMENT_PDF_BASE64.scam, media_type: "application/pdf" }],
      ["report_scam", { kind: "url", value: "https://paypa1.top/login", category: "phishing" }],
      ["get_usage", {}],
      ["get_status", {}],
      [
        "add_to_account_list",
        { list: "allow", kind: "url", value: "https://example.org/", expires_at: "2099-01-01T00:00:00Z" },
      ],
      ["get_account_lists", { list: "allow" }],
    ];
    expect(calls.map(([name]) => name).sort()).toEqual(TOOL_NAMES.filter((n) => !n.endsWith("_job")).sort());
    for (const [name, args] of calls) {
      // The free plan allows 10 requests a minute: a minute passes between calls.
      world.oauth.clock.advance(60_000);
      const res = await client.callTool({ name, arguments: args });
      expect(res.isError, `${name}: ${JSON.stringify(res.structuredContent)}`).toBeFalsy();
      const schema = tools.find((t) => t.name === name)?.outputSchema;
      const check = ajv.getValidator(schema as never)(res.structuredContent);
      expect(check.valid ? "" : `${name}: ${check.errorMessage}`).toBe("");
    }
  });

  it("names each URL of a batch in its summary, worst first", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const urls = ["https://example.org/", "http://paypa1-secure-login.example.xyz/verify"];
    const res = await client.callTool({ name: "check_urls_batch", arguments: { urls } });
    const lines = ((res.content as { text: string }[])[0]?.text ?? "").split("\n").slice(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^- http:\/\/paypa1-secure-login\.example\.xyz\/verify: \w+ \(\d+\)$/);
    expect(lines[1]).toMatch(/^- https:\/\/example\.org\/: \w+ \(\d+\)$/);
  });

  it("reads a whole saved message sent as raw_message, LF-only or CRLF", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "check_email")?.inputSchema.properties).toHaveProperty("raw_message");
    const lines = [
      "From: PayPal Service <service@paypa1-support.top>",
      "To: pat@example.org",
      "Subject: Your account has been limited",
      "",
      "Confirm your identity within 24 hours at https://paypa1-support.top/verify or your account will be closed.",
    ];
    for (const eol of ["\n", "\r\n"]) {
      world.oauth.clock.advance(60_000);
      const res = await client.callTool({ name: "check_email", arguments: { raw_message: lines.join(eol) } });
      expect(res.isError, JSON.stringify(res.structuredContent)).toBeFalsy();
      const sc = res.structuredContent as {
        signals: { input_kind: string; header_analysis: { from: { address: string } | null } };
      };
      expect(sc.signals.input_kind).toBe("rfc822");
      expect(sc.signals.header_analysis.from?.address).toBe("service@paypa1-support.top");
    }
  });
});

describe("list tools", () => {
  it("adds to the account's block list and reads it back, with the hints of an idempotent write", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world), world);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "add_to_account_list")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(tools.find((t) => t.name === "get_account_lists")?.annotations?.readOnlyHint).toBe(true);
    const added = await client.callTool({
      name: "add_to_account_list",
      arguments: { list: "block", kind: "domain", value: "Kit.Example.org", note: "campaign" },
    });
    expect(added.isError).toBeFalsy();
    expect(added.structuredContent).toMatchObject({
      list: "block",
      kind: "domain",
      value: "kit.example.org",
      created: true,
    });
    const listed = await client.callTool({ name: "get_account_lists", arguments: { list: "block" } });
    expect((listed.structuredContent as { entries: { value: string }[] }).entries.map((e) => e.value)).toEqual([
      "kit.example.org",
    ]);
    const checked = await client.callTool({ name: "check_url", arguments: { url: "https://login.kit.example.org/" } });
    expect((checked.structuredContent as { factors: { id: string }[] }).factors[0]?.id).toBe("account_blocklist");
  });

  it("answers a bad entry as a tool error naming the field, and a missing scope as insufficient_scope", async () => {
    const world = createWorld("https://sv.example");
    const { client } = await connect(await principalFor(world, "url:lookup"), world);
    const bad = await client.callTool({
      name: "add_to_account_list",
      arguments: { list: "block", kind: "domain", value: "co.uk" },
    });
    expect(bad.isError).toBe(true);
    expect(toolErrorOf(bad)).toMatchObject({ code: "validation_error" });
    const phone = await client
      .callTool({ name: "add_to_account_list", arguments: { list: "block", kind: "phone", value: "+12025550143" } })
      .then(
        (r) => toolErrorOf(r)?.code,
        (e: unknown) => (e instanceof McpError ? "insufficient_scope" : String(e)),
      );
    expect(phone).toBe("insufficient_scope");
  });
});

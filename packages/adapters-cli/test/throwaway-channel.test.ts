// A channel declared once, here, and nowhere else: every face finds it from the registry alone (an HTTP route and
// its quota headers, an OpenAPI path, an MCP tool and prompt, a CLI command, a status component, a quota channel in
// usage and the sign-up page's offer). An upload channel declared the same way gets its multipart form, its MCP
// upload arguments and its refusal of an undeclared upload from the definition too.
import { ok } from "neverthrow";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import {
  createChannelRegistry,
  defineChannel,
  DEFAULT_CHANNELS,
  IMAGE_KINDS,
  UploadSchema,
  verdictFor,
  type Status,
} from "@scamverify/core";
import { investigationsOf, toolsFor } from "@scamverify/adapters-mcp";
import { buildOpenApiDocument } from "@scamverify/adapters-http";
import { freePlanOffer } from "../../adapters-http/src/oauth/pages.js";
import { buildProgram, runCli } from "../src/program.js";
import { call, engineInMemory, seedAccount, serve } from "../../adapters-http/test/support/harness.js";

const WidgetResult = z.object({
  id: z.string(),
  name: z.string(),
  risk_score: z.number(),
  verdict: z.string(),
  confidence: z.number(),
  explanation: z.string(),
  factors: z.array(z.object({ id: z.string(), source: z.string(), label: z.string(), points: z.number() })),
  cached: z.boolean(),
  cache_expires_at: z.string(),
});

const WIDGET = defineChannel({
  id: "widget",
  verb: "checkWidget",
  title: "Check a widget",
  description: "Tells whether a widget name reads as a scam. Scope text:analyze. Costs 1 widget unit.",
  scope: "text:analyze",
  quota: {
    id: "widget",
    header: "Widget",
    unit: "widget checks",
    limits: { free: 3, starter: 30, professional: 300, business: 3000, scale: 30000, enterprise: 300000 },
  },
  statusComponent: "widget_analysis",
  units: "widget checks",
  http: { path: "/api/v1/widget/check", body: "json" },
  request: z.object({ name: z.string().min(1).max(40), force_refresh: z.boolean().optional() }),
  result: WidgetResult,
  parse: (req) => ok(req.name.trim().toLowerCase()),
  forceRefresh: (req) => req.force_refresh === true,
  cacheKey: (name) => `widget:${name}`,
  assess: (ctx, name) => {
    const risk = name.includes("scam") ? 90 : 5;
    const verdict = verdictFor(risk);
    return Promise.resolve(
      ok({
        id: ctx.ports.ids.uuid(),
        name,
        risk_score: risk,
        verdict,
        confidence: 0.9,
        explanation: `${name} reads ${verdict}`,
        factors: [{ id: "widget_name", source: "widget", label: "The name says so", points: risk }],
      }),
    );
  },
  magic: [{ input: "scam-widget", verdict: "scam" }],
  samples: { magicBody: (m) => ({ name: m.input }), invalid: { name: "" } },
  mcp: {
    tool: "check_widget",
    summarize: (v) => `${v.name}: ${v.verdict}`,
    prompt: {
      name: "investigate_widget",
      title: "Investigate a widget",
      argument: "name",
      describe: "The widget's name",
      ask: (v) => `Is the widget ${v} a scam? Check it with check_widget.`,
    },
  },
  cli: { command: "widget", argument: "names", example: "scamverify widget gizmo", toRequest: (name) => ({ name }) },
});

/** An upload channel: a sticker photo, charged to the widget quota by its assessment (here: not at all). */
const STICKER = defineChannel({
  ...WIDGET,
  id: "sticker",
  verb: "checkSticker",
  title: "Check a sticker photo",
  quota: { chargedBy: "widget" },
  statusComponent: "sticker_analysis",
  units: "sticker checks",
  http: { path: "/api/v1/sticker/check", body: "multipart" },
  upload: { accepts: IMAGE_KINDS, what: "The sticker photo" },
  request: z.object({ file: UploadSchema, force_refresh: z.boolean().optional() }),
  parse: () => ok("sticker"),
  forceRefresh: (req) => req.force_refresh === true,
  magic: [],
  samples: { magicBody: () => ({}), invalid: {} },
  mcp: { tool: "check_sticker", summarize: (v) => `${v.name}: ${v.verdict}` },
  cli: {
    command: "sticker",
    argument: "files",
    example: "scamverify sticker photo.png",
    toRequest: () => ({}),
    files: true,
  },
});

describe("a channel declared in one place", () => {
  const registry = createChannelRegistry([...DEFAULT_CHANNELS, WIDGET]);

  it("is served on every face", async () => {
    const kit = engineInMemory({ override: () => ({ channels: registry.channels }) });
    const server = await serve(kit.engine);
    try {
      const { key, accountId } = await seedAccount(kit.engine, { plan: "free" });
      // HTTP route, charged to its own quota channel with its own headers.
      const r = await call(server.url, "POST", "/api/v1/widget/check", { key, body: { name: "Scam-Widget" } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ name: "scam-widget", verdict: "scam", cached: false });
      expect(r.headers.get("x-quota-widget-used")).toBe("1");
      expect(r.headers.get("x-quota-widget-limit")).toBe("3");
      // OpenAPI path.
      const doc = await call(server.url, "GET", "/api/v1/openapi.json");
      expect(doc.body.paths["/api/v1/widget/check"].post.summary).toBe("Check a widget");
      // Status component and quota channel in usage.
      expect((await kit.engine.status()).components["widget_analysis"]).toBe("operational");
      const usage = (await kit.engine.accounts.usage(accountId))._unsafeUnwrap().quotas as Record<string, unknown>;
      expect(usage["widget"]).toMatchObject({ used: 1, limit: 3 });
      // MCP tool.
      expect(toolsFor(kit.engine.registry).map((t) => t.name)).toContain("check_widget");
      // CLI command, through the remote client reading the path from the endpoint table.
      expect(buildProgram({ registry }).commands.map((c) => c.name())).toContain("widget");
      let out = "";
      const code = await runCli(["widget", "gizmo", "--format", "json", "--api-url", server.url, "--api-key", key], {
        io: { out: (t) => void (out += t), err: () => undefined },
        registry,
      });
      expect(code).toBe(0);
      expect(JSON.parse(out)).toMatchObject([{ input: "gizmo", verdict: "safe" }]);
    } finally {
      await server.close();
    }
  });

  it("gets its prompt, its sign-up offer and, as an upload, its form and MCP arguments from the definition", () => {
    const both = createChannelRegistry([...DEFAULT_CHANNELS, WIDGET, STICKER]);
    expect(investigationsOf(both).find((p) => p.tool === "check_widget")).toMatchObject({
      name: "investigate_widget",
      argument: "name",
    });
    const status = {
      components: { url_lookup: "operational", widget_analysis: "operational", sticker_analysis: "operational" },
    } as unknown as Status;
    expect(freePlanOffer(status, both)).toBe("50 URL lookups, 3 widget checks and sticker checks");
    const doc = buildOpenApiDocument({ version: "1", baseUrl: "http://127.0.0.1" }, both) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    const form = doc.paths["/api/v1/sticker/check"]?.post.requestBody.content["multipart/form-data"]?.schema;
    expect(form).toMatchObject({
      properties: {
        file: { description: expect.stringMatching(/^The sticker photo \(JPEG, PNG, WebP, HEIC\/HEIF or GIF\);/) },
      },
    });
    const tool = toolsFor(both).find((t) => t.name === "check_sticker");
    expect(tool?.description).toContain("Send the sticker photo as file_base64");
    const { upload: _upload, ...withoutUpload } = STICKER;
    expect(() => createChannelRegistry([...DEFAULT_CHANNELS, WIDGET, withoutUpload])).toThrow(
      /sticker takes an upload but does not declare what it accepts/,
    );
  });

  it("fails loudly when two channels claim the same route", () => {
    expect(() => createChannelRegistry([...DEFAULT_CHANNELS, WIDGET, { ...WIDGET, id: "gadget" }])).toThrow(
      /two channels declare the (path|verb|MCP tool)/,
    );
  });
});

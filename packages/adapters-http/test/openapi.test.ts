// The published OpenAPI document: valid OpenAPI 3.1, pinned by a file snapshot so any API change is a deliberate,
// reviewed diff, and complete: every route the app serves under /api/v1 is documented.
import { Validator } from "@seriousme/openapi-schema-validator";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp, silentLogger, type HttpApp } from "../src/index.js";
import { call, engineInMemory, serve, type TestServer } from "./support/harness.js";

let server: TestServer;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  server = await serve(engineInMemory({ config: { version: "1.0.0", baseUrl: "https://api.scamverify.test" } }).engine);
  const r = await call(server.url, "GET", "/api/v1/openapi.json");
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("application/json");
  doc = r.body;
});

afterAll(async () => {
  await server.close();
});

interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** The (method, path) pairs the app routes: the JSON API's table and the Express app's router stack. */
function servedRoutes(app: HttpApp): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [...app.apiRoutes];
  const walk = (stack: Layer[], prefix: string): void => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) out.push({ method, path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (layer.rawPath ?? ""));
      }
    }
  };
  walk((app.express as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return out;
}

describe("GET /api/v1/openapi.json", () => {
  it("is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("matches the pinned document (update the snapshot only for a deliberate API change)", async () => {
    // Formatted as the repository's formatter would, so `prettier --check .` agrees with the pinned file.
    const file = fileURLToPath(new URL("./__snapshots__/openapi.json", import.meta.url));
    const pinned = await format(JSON.stringify(doc), { ...(await resolveConfig(file)), filepath: file });
    await expect(pinned).toMatchFileSnapshot(file);
  });

  it("documents every route the app serves under /api/v1, with its method", async () => {
    const app = createHttpApp({ engine: engineInMemory().engine, logger: silentLogger });
    const routes = servedRoutes(app).filter((r) => r.path.startsWith("/api/v1/"));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const { method, path } of routes) {
      expect(doc.paths[path], `${method.toUpperCase()} ${path} is served but not documented`).toBeDefined();
      expect(
        doc.paths[path]?.[method],
        `${method.toUpperCase()} ${path} is served but its method is not documented`,
      ).toBeDefined();
      // The route really is served: the app answers something other than 404 not_found.
      const r = await call(server.url, method.toUpperCase(), path, method === "post" ? { body: {} } : {});
      expect(r.status, `${method.toUpperCase()} ${path}`).not.toBe(404);
    }
  });

  it("documents every spec endpoint it serves and the error envelope", () => {
    for (const path of [
      "/api/v1/url/lookup",
      "/api/v1/phone/lookup",
      "/api/v1/batch/url",
      "/api/v1/batch/phone",
      "/api/v1/usage",
      "/api/v1/status",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.components.schemas["ErrorEnvelope"]).toBeDefined();
    const lookup = doc.paths["/api/v1/url/lookup"]?.["post"] as { responses: Record<string, unknown> };
    expect(Object.keys(lookup.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "402", "429"]));
  });
});

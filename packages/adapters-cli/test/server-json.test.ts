// server.json describes the MCP server for the MCP registry (registry.modelcontextprotocol.io): it must stay a valid
// document of the registry's format and say the same as the package it points at (name, version, command, the
// environment variables the CLI really reads).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface KeyValueInput {
  name: string;
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  format?: string;
}
interface ServerJson {
  $schema: string;
  name: string;
  title?: string;
  description: string;
  version: string;
  repository?: { url: string; source: string; subfolder?: string };
  packages: {
    registryType: string;
    registryBaseUrl?: string;
    identifier: string;
    version: string;
    runtimeHint?: string;
    transport: { type: string };
    packageArguments?: { type: string; value?: string }[];
    environmentVariables?: KeyValueInput[];
  }[];
}

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), "utf8");
const server = JSON.parse(read("../server.json")) as ServerJson;
const manifest = JSON.parse(read("../package.json")) as {
  name: string;
  version: string;
  mcpName?: string;
  bin: Record<string, string>;
  repository: { url: string; directory: string };
};

describe("server.json for the MCP registry", () => {
  it("follows the registry's format", () => {
    expect(server.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/,
    );
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(server.description.length).toBeGreaterThan(0);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect((server.title ?? "x").length).toBeLessThanOrEqual(100);
    expect(server.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(server.repository).toMatchObject({ source: "github" });
    for (const p of server.packages) {
      expect(["npm", "pypi", "nuget", "oci", "mcpb"]).toContain(p.registryType);
      expect(p.version).not.toBe("latest");
      expect(["stdio", "streamable-http", "sse"]).toContain(p.transport.type);
      for (const a of p.packageArguments ?? []) expect(a.type === "positional" || a.type === "named").toBe(true);
      for (const v of p.environmentVariables ?? []) {
        expect(v.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
        if (v.format !== undefined) expect(["string", "number", "boolean", "filepath"]).toContain(v.format);
      }
    }
  });

  it("names the package it describes: the CLI's npm name, version and its mcp command", () => {
    // The registry checks an npm package's mcpName against the server's name.
    expect(manifest.mcpName).toBe(server.name);
    expect(server.version).toBe(manifest.version);
    const [npm, ...others] = server.packages;
    expect(others).toEqual([]);
    expect(npm).toMatchObject({
      registryType: "npm",
      identifier: manifest.name,
      version: manifest.version,
      transport: { type: "stdio" },
      packageArguments: [{ type: "positional", value: "mcp" }],
    });
    // npx runs a package's only bin.
    expect(Object.keys(manifest.bin)).toEqual(["scamverify"]);
    const repo = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(server.repository).toMatchObject({ url: repo, subfolder: manifest.repository.directory });
    const [owner, name] = new URL(repo).pathname.slice(1).split("/");
    expect(server.name).toBe(`io.github.${owner}/${name}`);
  });

  it("lists only environment variables the CLI reads, the API key as a secret", () => {
    const sources = ["../src/config.ts", "../src/cli-support.ts"].map(read).join("\n");
    const vars = server.packages[0]?.environmentVariables ?? [];
    expect(vars.length).toBeGreaterThan(0);
    for (const v of vars) expect(sources, v.name).toMatch(new RegExp(`\\b${v.name}\\b`));
    expect(vars.find((v) => v.name === "SCAMVERIFY_API_KEY")?.isSecret).toBe(true);
  });
});

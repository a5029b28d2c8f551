// The packages must install from their tarballs as they are: what the manifests point at is in the tarball, the
// sources-only "source" condition is left out of what is published, and the registry metadata is there.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const packagesDir = new URL("../../", import.meta.url);
const names = readdirSync(packagesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  files?: string[];
  exports?: Record<string, Record<string, string>>;
  bin?: Record<string, string>;
  main?: string;
  types?: string;
  publishConfig?: { access?: string; provenance?: boolean; exports?: Record<string, Record<string, string>> };
  [field: string]: unknown;
}

const manifests = names.map(
  (name) => [name, JSON.parse(readFileSync(new URL(`${name}/package.json`, packagesDir), "utf8")) as Manifest] as const,
);

function shipped(m: Manifest, path: string): boolean {
  const rel = path.replace(/^\.\//, "");
  return (m.files ?? []).some((f) => rel === f || rel.startsWith(`${f}/`));
}

describe("package manifests", () => {
  it("covers the seven workspace packages", () => {
    expect(names).toEqual([
      "adapters-cli",
      "adapters-http",
      "adapters-mail",
      "adapters-mcp",
      "core",
      "persistence",
      "providers",
    ]);
  });

  it.each(manifests)("%s carries what a registry and an installer need", (_dir, m) => {
    expect(m.name).toMatch(/^@scamverify\/[a-z-]+$/);
    expect(m.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(m.private).toBeUndefined();
    expect(m["license"]).toBe("MIT");
    expect(m["description"]).toEqual(expect.any(String));
    expect(m["keywords"]).toEqual(expect.arrayContaining(["scam"]));
    expect(m["repository"]).toMatchObject({ type: "git", directory: `packages/${_dir}` });
    expect(m["engines"]).toEqual({ node: ">=20.19" });
    expect(m.publishConfig?.access).toBe("public");
    // Published from CI with a signed build attestation linking the tarball to its commit.
    expect(m.publishConfig?.provenance).toBe(true);
  });

  it.each(manifests)("%s publishes exports without the source condition, all inside its files", (_dir, m) => {
    const published = m.publishConfig?.exports;
    expect(published, "publishConfig.exports replaces exports in the packed manifest").toBeDefined();
    expect(Object.keys(published ?? {})).toEqual(Object.keys(m.exports ?? {}));
    for (const [subpath, conditions] of Object.entries(published ?? {})) {
      expect(Object.keys(conditions), subpath).not.toContain("source");
      const { source: _source, ...rest } = m.exports?.[subpath] ?? {};
      expect(conditions, subpath).toEqual(rest);
      for (const target of Object.values(conditions)) expect(shipped(m, target), target).toBe(true);
    }
    for (const target of [m.main, m.types, ...Object.values(m.bin ?? {})]) {
      if (target !== undefined) expect(shipped(m, target), target).toBe(true);
    }
  });

  it("installs the scamverify command from the CLI package", () => {
    const cli = manifests.find(([dir]) => dir === "adapters-cli")?.[1];
    expect(cli?.bin).toEqual({ scamverify: "./dist/bin.js" });
    const persistence = manifests.find(([dir]) => dir === "persistence")?.[1];
    expect(persistence?.files).toContain("migrations");
  });
});

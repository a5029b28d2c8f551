// The install route without the registry holding our packages: `pnpm pack:all` writes one tarball per package, and
// those tarballs, installed together with npm, resolve each other. This checks what the packer wrote (offline); the
// whole route, with npm fetching the third-party dependencies, is `pnpm pack:try`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const dest = mkdtempSync(join(tmpdir(), "scamverify-packs-"));

interface Packed {
  readonly files: readonly string[];
  readonly manifest: {
    name: string;
    version: string;
    bin?: Record<string, string>;
    exports?: Record<string, Record<string, string>>;
    dependencies?: Record<string, string>;
    publishConfig?: { provenance?: boolean };
  };
}
const packed = new Map<string, Packed>();

beforeAll(() => {
  expect(existsSync(join(root, "packages/adapters-cli/dist/bin.js")), "run `pnpm build` first").toBe(true);
  execFileSync(process.execPath, [join(root, "scripts/pack-all.mjs"), dest, "--no-build"], {
    cwd: root,
    stdio: "ignore",
    timeout: 120_000,
  });
  for (const tgz of readdirSync(dest).filter((f) => f.endsWith(".tgz"))) {
    const file = join(dest, tgz);
    const files = execFileSync("tar", ["-tzf", file], { encoding: "utf8" })
      .split("\n")
      .filter((f) => f !== "")
      .map((f) => f.replace(/^package\//, ""));
    const manifest = JSON.parse(
      execFileSync("tar", ["-xzOf", file, "package/package.json"], { encoding: "utf8" }),
    ) as Packed["manifest"];
    packed.set(manifest.name, { files, manifest });
  }
}, 180_000);

afterAll(() => {
  rmSync(dest, { recursive: true, force: true });
});

describe("pnpm pack:all", () => {
  it("writes one tarball per package into the folder it is given", () => {
    expect([...packed.keys()].sort()).toEqual([
      "@scamverify/adapters-cli",
      "@scamverify/adapters-http",
      "@scamverify/adapters-mail",
      "@scamverify/adapters-mcp",
      "@scamverify/core",
      "@scamverify/persistence",
      "@scamverify/providers",
    ]);
  });

  it("pins the packages' dependencies on each other to the packed version, so the tarballs resolve each other", () => {
    for (const { manifest } of packed.values()) {
      for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
        expect(range, `${manifest.name} -> ${dep}`).not.toMatch(/^workspace:/);
        if (dep.startsWith("@scamverify/"))
          expect(range, `${manifest.name} -> ${dep}`).toBe(packed.get(dep)?.manifest.version);
      }
    }
  });

  it("ships what the manifests point at, without the sources-only condition", () => {
    for (const { manifest, files } of packed.values()) {
      expect(manifest.publishConfig?.provenance, manifest.name).toBe(true);
      for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
        expect(Object.keys(conditions), `${manifest.name} ${subpath}`).not.toContain("source");
        for (const target of Object.values(conditions)) expect(files, target).toContain(target.replace(/^\.\//, ""));
      }
      expect(
        files.some((f) => f.startsWith("src/")),
        manifest.name,
      ).toBe(false);
    }
    const cli = packed.get("@scamverify/adapters-cli");
    expect(cli?.manifest.bin).toEqual({ scamverify: "./dist/bin.js" });
    expect(cli?.files).toContain("dist/bin.js");
    expect(packed.get("@scamverify/persistence")?.files.some((f) => f.startsWith("migrations/"))).toBe(true);
  });
});

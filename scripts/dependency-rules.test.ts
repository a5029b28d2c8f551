import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain JavaScript module without type declarations
import { checkDependencies } from "./dependency-rules.mjs";

const check = checkDependencies as (root: string) => string[];
const roots: string[] = [];

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "deps-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe("dependency rules", () => {
  it("this workspace follows them", () => {
    expect(check(join(dirname(fileURLToPath(import.meta.url)), ".."))).toEqual([]);
  });

  it("catches a framework, a driver or a node module imported inside core", () => {
    const root = workspace({
      "packages/core/src/bad.ts":
        'import express from "express";\nimport { Pool } from "pg";\nimport { readFileSync } from "node:fs";\n',
      "packages/core/src/ok.ts": 'import { z } from "zod";\nimport { ok } from "neverthrow";\n',
    });
    const v = check(root);
    expect(v).toHaveLength(3);
    expect(v.join("\n")).toMatch(/core must not import "express"/);
    expect(v.join("\n")).toMatch(/core must not import "pg"/);
    expect(v.join("\n")).toMatch(/core must not import "node:fs"/);
  });

  it("allows the pure data libraries in core, and vitest only in core's contract suites", () => {
    const root = workspace({
      "packages/core/src/data.ts":
        'import { parse } from "tldts";\nimport { parsePhoneNumber } from "libphonenumber-js";\n',
      "packages/core/src/testing/contract.ts": 'import { describe } from "vitest";\n',
      "packages/core/src/engine.ts": 'import { it } from "vitest";\n',
    });
    expect(check(root)).toEqual([
      'packages/core/src/engine.ts: core must not import "vitest" (framework, driver or I/O module)',
    ]);
  });

  it("catches an adapter importing another adapter, but allows the composition root and the MCP mount", () => {
    const root = workspace({
      "packages/persistence/src/a.ts": 'import { x } from "@scamverify/providers";\n',
      "packages/adapters-http/src/b.ts": 'import { y } from "@scamverify/adapters-mcp";\n',
      "packages/adapters-cli/src/c.ts": 'import { z } from "@scamverify/persistence";\n',
    });
    expect(check(root)).toEqual(["packages/persistence/src/a.ts: persistence must not import @scamverify/providers"]);
  });

  it("catches an analyzer importing a use case, type imports included", () => {
    const root = workspace({
      "packages/core/src/analyzers/url/a.ts": 'import { OFFLINE_WEIGHT } from "../../usecases/assemble.js";\n',
      "packages/core/src/analyzers/url/b.ts": 'import type { Kernel } from "../../usecases/kernel.js";\n',
      "packages/core/src/analyzers/url/c.ts": 'import { x } from "../../scoring/weights.js";\n',
      "packages/core/src/usecases/d.ts": 'import { y } from "../analyzers/url/c.js";\n',
    });
    expect(check(root)).toEqual([
      'packages/core/src/analyzers/url/a.ts: core\'s analyzers/ must not import from usecases/ ("../../usecases/assemble.js")',
      'packages/core/src/analyzers/url/b.ts: core\'s analyzers/ must not import from usecases/ ("../../usecases/kernel.js")',
    ]);
  });

  it("catches an import cycle", () => {
    const root = workspace({
      "packages/core/src/a.ts": 'import { b } from "./b.js";\nexport const a = 1;\n',
      "packages/core/src/b.ts": 'import { a } from "./a.js";\nexport const b = 2;\n',
    });
    expect(check(root).some((v) => v.startsWith("import cycle:"))).toBe(true);
  });

  it("lets types refer to each other: a cycle closed only by `import type` is erased at compile time", () => {
    const root = workspace({
      "packages/core/src/a.ts": 'import { b } from "./b.js";\nexport const a = b;\nexport interface A { n: number }\n',
      "packages/core/src/b.ts": 'import type { A } from "./a.js";\nexport const b = 2;\nexport type B = A;\n',
    });
    expect(check(root)).toEqual([]);
  });
});

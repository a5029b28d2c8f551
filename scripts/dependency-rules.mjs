// The dependency direction of the workspace, checked from the import statements themselves:
// core imports only zod, neverthrow and pure data libraries (CORE_EXTERNALS below); adapters import core and never
// each other, except adapters-http mounting adapters-mcp and the CLI (the composition root) wiring everything.
// Module cycles fail too: cycles of modules that load each other at run time (an `import type` is erased by the
// compiler, so a cycle made only of types cannot change the order modules evaluate in).
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const ALLOWED_WORKSPACE_IMPORTS = {
  core: [],
  providers: ["core"],
  persistence: ["core"],
  "adapters-mcp": ["core"],
  "adapters-http": ["core", "adapters-mcp"],
  "adapters-mail": ["core"],
  "adapters-cli": ["core", "providers", "persistence", "adapters-http", "adapters-mcp", "adapters-mail"],
};
// Pure, I/O-free data libraries are allowed: the public suffix list, the numbering plan metadata, the link grammar
// and the list of top-level domains.
const CORE_EXTERNALS = new Set(["zod", "neverthrow", "tldts", "libphonenumber-js", "linkify-it", "tlds"]);
// Inside core, the analyzers are pure detectors: they may import scoring, schemas, ports and each other, never a use
// case (the mechanics of a lookup depend on them, not the other way round).
const CORE_LAYER_BANS = [{ from: "analyzers", to: "usecases" }];
const coreLayerOf = (root, file) => /^packages[\\/]core[\\/]src[\\/]([^\\/]+)[\\/]/.exec(relative(root, file))?.[1];
// The contract suites in core/src/testing register vitest blocks (vitest is an optional peer of core).
const isCoreTesting = (file) => /[\\/]packages[\\/]core[\\/]src[\\/]testing[\\/]/.test(file);

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function listTs(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listTs(p));
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

export function importsOf(source, { runtimeOnly = false } = {}) {
  const specs = [];
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of text.matchAll(IMPORT_RE)) {
    if (runtimeOnly && /^\s*;?\s*(?:import|export)\s+type\s/.test(m[0])) continue;
    specs.push(m[1] ?? m[2]);
  }
  return specs;
}

function packageOf(spec) {
  if (spec.startsWith("node:")) return spec;
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Returns a list of human-readable violations for the workspace rooted at `root`. */
export function checkDependencies(root) {
  const violations = [];
  const graph = new Map();
  for (const pkg of Object.keys(ALLOWED_WORKSPACE_IMPORTS)) {
    const src = join(root, "packages", pkg, "src");
    for (const file of listTs(src)) {
      const rel = relative(root, file);
      const source = readFileSync(file, "utf8");
      const edges = importsOf(source, { runtimeOnly: true })
        .filter((spec) => spec.startsWith("."))
        .map((spec) => resolve(dirname(file), spec).replace(/\.js$/, ".ts"));
      for (const spec of importsOf(source)) {
        if (spec.startsWith(".")) {
          const from = coreLayerOf(root, file);
          const to = coreLayerOf(root, resolve(dirname(file), spec));
          if (CORE_LAYER_BANS.some((b) => b.from === from && b.to === to))
            violations.push(`${rel}: core's ${from}/ must not import from ${to}/ ("${spec}")`);
          continue;
        }
        const name = packageOf(spec);
        if (name.startsWith("@scamverify/")) {
          const target = name.slice("@scamverify/".length);
          if (target !== pkg && !ALLOWED_WORKSPACE_IMPORTS[pkg].includes(target)) {
            violations.push(`${rel}: ${pkg} must not import @scamverify/${target}`);
          }
        } else if (pkg === "core" && !CORE_EXTERNALS.has(name) && !(name === "vitest" && isCoreTesting(file))) {
          violations.push(`${rel}: core must not import "${spec}" (framework, driver or I/O module)`);
        }
      }
      graph.set(file, edges);
    }
  }
  // Module cycles (relative imports within a package).
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 1);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 1) {
        const cycle = stack
          .slice(stack.indexOf(next))
          .concat(next)
          .map((f) => relative(root, f));
        violations.push(`import cycle: ${cycle.join(" -> ")}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return violations;
}

// Channels are declared once, in the channel registry (packages/core/src/channels/): a face, a port, a benchmark or an
// evaluation that needs per-channel facts reads them from the definitions. This test reads the sources for what
// would undo that: a hand-written list of channel ids (an array, a union type or an enum of four or more of them, and
// nothing else) or a switch with four or more channel ids as cases. Tests and the registry folder are left out.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_REGISTRY } from "../packages/core/src/index.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const IDS = new Set(DEFAULT_REGISTRY.channels.map((c) => c.id));
/** Fewer ids than this in one list is a pair or a triple of kinds (a link or a number), not the channels. */
const AT_LEAST = 4;

/** Lists of string literals only: `["a", "b"]`, `"a" | "b"`, `z.enum(["a", "b"])`. */
const LITERAL_LIST = /(["'])[\w-]*\1(?:\s*(?:,|\|)\s*(["'])[\w-]*\2)+/g;
const CASE = /\bcase\s+(["'])([\w-]+)\1\s*:/g;

/** Where a hand list of channel ids occurs in one source text: a description of each. */
export function handLists(source: string, ids: ReadonlySet<string> = IDS): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of text.matchAll(LITERAL_LIST)) {
    const items = [...m[0].matchAll(/(["'])([\w-]*)\1/g)].map((x) => x[2] ?? "");
    if (items.length >= AT_LEAST && items.every((i) => ids.has(i)) && new Set(items).size >= AT_LEAST) {
      found.push(`line ${text.slice(0, m.index).split("\n").length}: ${items.join(", ")}`);
    }
  }
  const cases = new Set([...text.matchAll(CASE)].map((m) => m[2] ?? "").filter((c) => ids.has(c)));
  if (cases.size >= AT_LEAST) found.push(`a switch over ${[...cases].join(", ")}`);
  return found;
}

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name === "test" || name === "generated") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|mts|mjs)$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

describe("channel ids are listed in the registry only", () => {
  it("no source outside the registry folder lists them by hand", () => {
    const registryFolder = join(ROOT, "packages", "core", "src", "channels");
    const files = [
      ...readdirSync(join(ROOT, "packages")).flatMap((p) => sources(join(ROOT, "packages", p, "src"))),
      ...sources(join(ROOT, "bench")),
      ...sources(join(ROOT, "eval")),
    ].filter((f) => !f.startsWith(registryFolder));
    const offenders = files.flatMap((f) => handLists(readFileSync(f, "utf8")).map((h) => `${relative(ROOT, f)} ${h}`));
    expect(offenders).toEqual([]);
  });

  it("finds an array, a union, an enum and a switch of channel ids, and lets pairs and other kinds be", () => {
    const ids = new Set(["url", "phone", "text", "email", "document", "qr"]);
    expect(handLists('const C = ["url", "phone", "text", "email"] as const;', ids)).toHaveLength(1);
    expect(handLists('type A = "url" | "phone" | "text" | "email" | "document" | "qr";', ids)).toHaveLength(1);
    expect(handLists('z.enum(["url", "phone", "text", "email", "document"])', ids)).toHaveLength(1);
    const sw = 'switch (c) { case "url": a(); case "phone": b(); case "text": c(); case "email": d(); }';
    expect(handLists(sw, ids)).toEqual(["a switch over url, phone, text, email"]);
    expect(handLists('kind: "url" | "phone"', ids)).toEqual([]);
    expect(handLists('["url", "sms", "email", "document", "address"]', ids)).toEqual([]);
    expect(handLists('// ["url", "phone", "text", "email"]', ids)).toEqual([]);
  });
});

import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPORA_DIR, loadSources } from "../load.js";
import { buildRows, SOURCE_ID } from "./links-of-texts.js";

describe("the URL source of the links texts carry", () => {
  it("is what links-of-texts.ts writes from the committed texts, as the manifest counts it", () => {
    const committed = gunzipSync(readFileSync(join(CORPORA_DIR, "url", `${SOURCE_ID}.jsonl.gz`)))
      .toString("utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    const { rows } = buildRows();
    expect(rows).toEqual(committed);
    const manifest = loadSources("url").find((s) => s.id === SOURCE_ID);
    expect(manifest?.counts).toEqual({
      scam: rows.filter((r) => r.label === "scam").length,
      legit: rows.filter((r) => r.label === "legit").length,
    });
    // Links only: every row is an http(s) URL the engine normalized, none repeated.
    expect(rows.every((r) => /^https?:\/\/[^\s/]+/.test(r.text))).toBe(true);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
  }, 60_000);
});

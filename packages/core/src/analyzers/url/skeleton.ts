import { CONFUSABLES } from "./lists/confusables.js";

export type Script = "latin" | "cyrillic" | "greek" | "armenian" | "other";

function scriptOf(cp: number): Script | null {
  if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0xc0 && cp <= 0x2af) || (cp >= 0x1d00 && cp <= 0x1eff)) return "latin";
  if (cp < 0x80) return null; // digits, hyphen: belong to every script
  if (cp >= 0x400 && cp <= 0x52f) return "cyrillic";
  if ((cp >= 0x370 && cp <= 0x3ff) || (cp >= 0x1f00 && cp <= 0x1fff)) return "greek";
  if (cp >= 0x530 && cp <= 0x58f) return "armenian";
  return "other";
}

/** true when one label mixes letters of two scripts among Latin, Cyrillic, Greek and Armenian ("аpple"). */
export function hasMixedScripts(label: string): boolean {
  let seen: Script | null = null;
  for (const ch of label) {
    const s = scriptOf(ch.codePointAt(0) ?? 0);
    if (s === null || s === "other") continue;
    if (seen === null) seen = s;
    else if (seen !== s) return true;
  }
  return false;
}

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * The ASCII prototype of a Unicode label: confusable letters mapped to their ASCII lookalike and accents
 * dropped, so "аррӏе" and "àpplé" both read "apple". Characters with no lookalike are kept.
 */
export function unicodeSkeleton(label: string): string {
  let out = "";
  for (const ch of label) {
    const mapped = CONFUSABLES[ch];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    const cp = ch.codePointAt(0) ?? 0;
    out += cp < 0x80 ? ch : ch.normalize("NFD").replace(COMBINING_MARKS, "");
  }
  return out;
}

// ASCII characters and pairs that pass for each other in a lower-case URL bar. Applied to both sides of a
// comparison, so the fold only needs to be consistent, not reversible.
const ASCII_FOLDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/rn/g, "m"],
  [/vv/g, "w"],
  [/cl/g, "d"],
  [/0/g, "o"],
  [/[1i|!]/g, "l"],
  [/3/g, "e"],
  [/5/g, "s"],
  [/4/g, "a"],
  [/8/g, "b"],
  [/9/g, "g"],
];
const FOLDABLE = /rn|vv|cl|[0134589i|!]/;

/** Folds ASCII lookalikes (rn->m, 0->o, 1/i->l ...) so "paypa1" and "paypal" compare equal. */
export function asciiFold(label: string): string {
  if (!FOLDABLE.test(label)) return label;
  let s = label;
  for (const [re, to] of ASCII_FOLDS) s = s.replace(re, to);
  return s;
}

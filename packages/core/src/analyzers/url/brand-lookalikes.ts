// Lookalike and typosquat findings for one label: keyboard slips, single and double edits, bit flips, and
// official names glued to other words with a slip.

import {
  DELETION_INDEX,
  DELETION_OPENINGS,
  FOLDED_LABELS,
  LONG_LABEL,
  LONG_LABELS,
  LONG_LABEL_MAX,
  LURES,
  MAX_LURE_LENGTH,
  OFFICIAL_LABELS,
  STRONG_LURES,
  editDistance,
  type LabelRef,
} from "./brand-index.js";
import { asciiFold } from "./skeleton.js";
import type { BrandTechnique } from "./brand-impersonation.js";
import { REPEATS, type Finding } from "./brand-finding.js";

// QWERTY neighbours, for "replacement by an adjacent key". The rows are staggered: each sits half a key right of
// the one above, so a key touches the two keys above it at its own column and the next ("k": "i", "o") and the two
// below it at the previous column and its own ("k": "m", ","); "u" is not next to "k".
const KEYBOARD_ROWS = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"];
const ADJACENT = new Map<string, string>();
for (let r = 0; r < KEYBOARD_ROWS.length; r++) {
  const row = KEYBOARD_ROWS[r] ?? "";
  const above = KEYBOARD_ROWS[r - 1] ?? "";
  const below = KEYBOARD_ROWS[r + 1] ?? "";
  for (let c = 0; c < row.length; c++) {
    const near =
      (row[c - 1] ?? "") + (row[c + 1] ?? "") + (above[c] ?? "") + (above[c + 1] ?? "") + (below[c - 1] ?? "");
    ADJACENT.set(row[c] ?? "", near + (below[c] ?? ""));
  }
}

/** One edit; `at` is where it happens in the official label. */
type Edit =
  | { readonly kind: "omission" | "transposition"; readonly at: number }
  | { readonly kind: "insertion"; readonly at: number; readonly duplicate: boolean }
  | { readonly kind: "replacement"; readonly at: number; readonly from: string; readonly to: string };

/** The single edit turning `official` into `candidate`, or null when they differ by more than one edit. */
function singleEdit(candidate: string, official: string): Edit | null {
  const lc = candidate.length;
  const lo = official.length;
  let i = 0;
  while (i < lc && i < lo && candidate[i] === official[i]) i++;
  if (lc === lo) {
    if (i === lc) return null;
    if (candidate.slice(i + 1) === official.slice(i + 1)) {
      return { kind: "replacement", at: i, from: official[i] ?? "", to: candidate[i] ?? "" };
    }
    if (
      candidate[i] === official[i + 1] &&
      candidate[i + 1] === official[i] &&
      candidate.slice(i + 2) === official.slice(i + 2)
    ) {
      return { kind: "transposition", at: i };
    }
    return null;
  }
  if (lc === lo + 1 && candidate.slice(i + 1) === official.slice(i)) {
    const inserted = candidate[i];
    return { kind: "insertion", at: i, duplicate: inserted === candidate[i - 1] || inserted === candidate[i + 1] };
  }
  if (lc + 1 === lo && candidate.slice(i) === official.slice(i + 1)) return { kind: "omission", at: i };
  return null;
}

function isBitFlip(a: string, b: string): boolean {
  const x = a.charCodeAt(0) ^ b.charCodeAt(0);
  return x !== 0 && (x & (x - 1)) === 0;
}

function typoFinding(candidate: string, ref: LabelRef, edit: Edit): Finding | null {
  const long = ref.label.length >= 6;
  let technique: BrandTechnique = "typosquat";
  let strong = false;
  if (edit.kind === "replacement") {
    if (asciiFold(edit.from) === asciiFold(edit.to)) {
      technique = "homoglyph";
      strong = true;
    } else if (ADJACENT.get(edit.from)?.includes(edit.to) === true) {
      strong = true;
    } else if (isBitFlip(edit.from, edit.to)) {
      technique = "bitsquat";
    }
  } else if (edit.kind === "transposition") {
    strong = true;
  } else if (edit.kind === "insertion") {
    strong = edit.duplicate;
  }
  // Five-letter labels have many innocent one-edit neighbours ("apply" for "apple"): keep only the
  // edits that look deliberate.
  if (!long && !strong) return null;
  // An arbitrary change of the first letter makes another word rather than a misspelling ("efinity",
  // "nfinity", "finity" beside "xfinity"): readers and typists hold on to how a name starts.
  const atStart = edit.at === 0;
  if (!strong && atStart && ref.label.length < LONG_LABEL) return null;
  if (strong) {
    return {
      brand: ref.brand,
      technique,
      points: long ? 70 : 60,
      confidence: long ? 0.75 : 0.65,
      floor: 0,
      label: candidate,
    };
  }
  // An arbitrary one-letter change of a mid-length name is as often another real name ("metatask" for
  // "metamask") as a typosquat: alone it stays below the medium-risk line. In a name of ten or more
  // letters one edit leaves it plainly recognisable ("myetherwallt"), though a compound can still turn
  // into a real neighbour ("sterlingbank" for "starlingbank"): medium risk, not high.
  const longName = ref.label.length >= LONG_LABEL && !atStart;
  return {
    brand: ref.brand,
    technique,
    points: longName ? 55 : 35,
    confidence: longName ? 0.6 : 0.5,
    floor: 0,
    label: candidate,
  };
}

/**
 * The typo findings of `candidate` against the official labels `refs` (a deletion index entry), each label once:
 * `seen` holds those already compared (null before the first); returns it.
 */
function consider(
  candidate: string,
  refs: readonly LabelRef[] | undefined,
  seen: Set<LabelRef> | null,
  out: Finding[],
): Set<LabelRef> | null {
  if (refs === undefined) return seen;
  const compared = seen ?? new Set<LabelRef>();
  for (const ref of refs) {
    if (compared.has(ref) || ref.label === candidate) continue;
    compared.add(ref);
    const edit = singleEdit(candidate, ref.label);
    if (edit === null) continue;
    const finding = typoFinding(candidate, ref, edit);
    if (finding !== null) out.push(finding);
  }
  return compared;
}

/** Typosquat and lookalike findings for one label (or one token of it). */
export function lookalikeFindings(candidate: string, out: Finding[]): void {
  if (candidate.length < 4 || candidate.length > 40 || OFFICIAL_LABELS.has(candidate)) return;
  const folded = FOLDED_LABELS.get(asciiFold(candidate));
  if (folded !== undefined) {
    for (const ref of folded) {
      out.push({
        brand: ref.brand,
        technique: "homoglyph",
        points: 90,
        confidence: 0.95,
        floor: 85,
        label: candidate,
      });
    }
    return;
  }
  const start = out.length;
  let seen = consider(candidate, DELETION_INDEX.get(candidate), null, out);
  // Only the deletions the index can hold are built and looked up: those of the first three letters, and the rest
  // only when a key of their length opens with the candidate's first three letters (candidates have at least four).
  const openings = DELETION_OPENINGS.get(candidate.length - 1);
  const deletions = openings === undefined ? 0 : openings.has(candidate.slice(0, 3)) ? candidate.length : 3;
  for (let i = 0; i < deletions; i++)
    seen = consider(candidate, DELETION_INDEX.get(candidate.slice(0, i) + candidate.slice(i + 1)), seen, out);
  if (out.length === start) twoEditFindings(candidate, out);
  // Stuttered letters ("micrrrrosft", "steamcommumnitty") hide a one-edit typo behind repeats.
  const collapsed = candidate.replace(REPEATS, "$1");
  if (collapsed !== candidate && collapsed.length >= 5) {
    const before = out.length;
    if (OFFICIAL_LABELS.has(collapsed)) {
      for (const ref of OFFICIAL_LABELS.get(collapsed) ?? []) {
        out.push({
          brand: ref.brand,
          technique: "typosquat",
          points: 70,
          confidence: 0.75,
          floor: 0,
          label: candidate,
        });
      }
    } else {
      lookalikeFindings(collapsed, out);
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        // A typo behind stutter is two edits away: weak alone for a short name ("affinity" is not
        // "xfinity"), as telling as any two-edit variant for a long one.
        const cap = collapsed.length >= LONG_LABEL ? TWO_EDIT_POINTS : 35;
        if (f !== undefined)
          out[i] = { ...f, points: Math.min(f.points, cap), confidence: 0.5, floor: 0, label: candidate };
      }
    }
  }
}

const TWO_EDIT_POINTS = 50;
export const CORROBORATION_POINTS = 15;

/** Damerau-Levenshtein distance-2 variants of the long official labels ("steamcommumnitty"). */
function twoEditFindings(candidate: string, out: Finding[]): void {
  if (candidate.length < LONG_LABEL - 2 || candidate.length > LONG_LABEL_MAX + 2) return;
  // Two edits at the very front make a different name out of a compound ("cointernet" is not
  // "btinternet", "aetherwallet" not "myetherwallet"); typists and squatters keep the start.
  for (const ref of LONG_LABELS.get(candidate.slice(0, 2)) ?? []) {
    // A cut-short or lengthened name is another word ("american" is not "americanas").
    if (ref.label.startsWith(candidate) || candidate.startsWith(ref.label)) continue;
    if (editDistance(candidate, ref.label, 2) !== 2) continue;
    out.push({
      brand: ref.brand,
      technique: "typosquat",
      points: TWO_EDIT_POINTS,
      confidence: 0.6,
      floor: 0,
      label: candidate,
    });
  }
}

/**
 * Lookalikes hidden behind a lure word glued to the front or back of the token ("mysnapschat",
 * "paypa1secure"): the remainder is compared as a label of its own.
 */
export function gluedLookalikeFindings(token: string, out: Finding[]): void {
  if (token.length < 7 || token.includes("-")) return;
  const maxCut = Math.min(MAX_LURE_LENGTH, token.length - 5);
  for (let cut = 2; cut <= maxCut; cut++) {
    for (const [lure, rest] of [
      [token.slice(0, cut), token.slice(cut)],
      [token.slice(token.length - cut), token.slice(0, token.length - cut)],
    ] as const) {
      if (!LURES.has(lure) || OFFICIAL_LABELS.has(rest)) continue;
      const before = out.length;
      lookalikeFindings(rest, out);
      const strong = STRONG_LURES.has(lure);
      for (let i = out.length - 1; i >= before; i--) {
        const f = out[i];
        // The cut went through a word next to the brand's exact name ("googleb|log"): a combination
        // of the real name, which the keyword rules judge, not a misspelling.
        if (f !== undefined && f.brand.keywords.some((k) => token.includes(k))) out.splice(i, 1);
      }
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined) {
          out[i] = {
            ...f,
            points: strong ? Math.max(f.points, 75) : f.points,
            confidence: strong ? 0.8 : f.confidence,
            label: token,
          };
        }
      }
    }
  }
}

// Untrusted text made safe for an analyst's terminal: a QR code's Wi-Fi name, a message or a file name may carry
// escape sequences (colours, window titles, cursor moves) or bidirectional overrides that would act on the terminal
// or disguise what is shown. Human-readable output passes through here; JSON output stays exact (JSON escapes them).
// Also the width a string takes in a terminal column, so wide characters (CJK, emoji) do not shift a table.

/** C0 controls, DEL and C1 controls, and the Unicode bidirectional controls (marks, embeddings, overrides, isolates). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Tab, newline, vertical tab, form feed, carriage return. */
const LINE_BREAKS = /[\t\n\v\f\r]+/g;

function escapeControl(ch: string): string {
  const code = ch.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** One line of a table: tabs and line breaks become a space, every other control character a visible escape (\x1b). */
export function printable(s: string): string {
  return s.replace(LINE_BREAKS, " ").replace(CONTROL, escapeControl);
}

/** Several lines of text: newlines are kept, a tab stays a tab, every other control character a visible escape. */
export function printableLines(s: string): string {
  return s.replace(CONTROL, (ch) => (ch === "\n" || ch === "\t" ? ch : escapeControl(ch)));
}

/** Wide (two-column) code point ranges: East Asian Wide and Fullwidth, and emoji shown as pictures. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f5],
  [0x26fa, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];

/** Combining marks take no column of their own. */
const COMBINING = /^\p{M}$/u;

/** Zero-width space, joiners, word joiner, byte-order mark and variation selectors. */
function zeroWidth(code: number): boolean {
  return (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff || (code >= 0xfe00 && code <= 0xfe0f);
}

function codePointWidth(ch: string): number {
  const code = ch.codePointAt(0)!;
  if (zeroWidth(code) || COMBINING.test(ch)) return 0;
  let lo = 0;
  let hi = WIDE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = WIDE[mid]!;
    if (code < from) hi = mid - 1;
    else if (code > to) lo = mid + 1;
    else return 2;
  }
  return 1;
}

/** The columns a printable string takes in a terminal. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += codePointWidth(ch);
  return w;
}

/** At most `columns` columns, cut on a whole code point with an ellipsis when it was longer. */
export function truncateToWidth(s: string, columns: number): string {
  if (displayWidth(s) <= columns) return s;
  let out = "";
  let w = 0;
  for (const ch of s) {
    const cw = codePointWidth(ch);
    if (w + cw > columns - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

/** Padded with spaces on the right to `columns` columns. */
export function padToWidth(s: string, columns: number): string {
  return s + " ".repeat(Math.max(0, columns - displayWidth(s)));
}

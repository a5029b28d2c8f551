// Text rewritten for extraction while remembering where each character came from, so a link found in the cleaned
// text can be reported as the user wrote it and flagged when cleaning had to undo a disguise (hxxp, [.], fullwidth
// letters, zero-width characters).

import TLDS from "tlds" with { type: "json" };

/** A character of the cleaned text that a defanging rewrite produced ("[.]" -> ".", "hxxp" -> "http"). */
export const DEFANGED = 1;
/** A character whose look-alike form was folded (fullwidth, mathematical letters, odd dots) or that followed a removed invisible character. */
export const OBFUSCATED = 2;

export interface MappedText {
  readonly text: string;
  /** Raw index of each cleaned character's source, one entry per UTF-16 unit of `text`. */
  readonly start: Int32Array;
  /** Raw end index (exclusive) of each cleaned character's source. */
  readonly end: Int32Array;
  /** DEFANGED | OBFUSCATED bits per cleaned character. */
  readonly flags: Uint8Array;
}

/** Every top-level domain in the IANA root zone, lower case. */
export const TLD_SET: ReadonlySet<string> = new Set(TLDS.map((t) => t.toLowerCase()));

// Zero-width and formatting characters that scammers slip into words and links to dodge filters.
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;
// Dots that read as "." but that NFKC leaves alone.
const LOOKALIKE_DOTS = new Set(["\u3002", "\uff61", "\u00b7", "\u2219", "\u22c5", "\u2027", "\u0701", "\u0702"]);

/** A MappedText under construction: characters appended with their source span and flags. */
class MappedBuilder {
  private readonly parts: string[] = [];
  private start: Int32Array;
  private end: Int32Array;
  private flags: Uint8Array;
  private length = 0;

  constructor(capacity: number) {
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  private reserve(more: number): void {
    const need = this.length + more;
    if (need <= this.start.length) return;
    const capacity = Math.max(need, this.start.length * 2);
    const grow = <T extends Int32Array | Uint8Array>(a: T, b: T): T => {
      b.set(a.subarray(0, this.length));
      return b;
    };
    this.start = grow(this.start, new Int32Array(capacity));
    this.end = grow(this.end, new Int32Array(capacity));
    this.flags = grow(this.flags, new Uint8Array(capacity));
  }

  /** Characters of `m` from `from` to `to`, with their own mapping (one entry per UTF-16 unit of its text). */
  keep(m: MappedText, from: number, to: number): void {
    if (to <= from) return;
    this.reserve(to - from);
    this.parts.push(m.text.slice(from, to));
    this.start.set(m.start.subarray(from, to), this.length);
    this.end.set(m.end.subarray(from, to), this.length);
    this.flags.set(m.flags.subarray(from, to), this.length);
    this.length += to - from;
  }

  /** `text`, mapped by `count` entries that all point at the raw span [from, to) with one flag. */
  add(text: string, count: number, from: number, to: number, flag: number): void {
    this.reserve(count);
    this.parts.push(text);
    this.start.fill(from, this.length, this.length + count);
    this.end.fill(to, this.length, this.length + count);
    this.flags.fill(flag, this.length, this.length + count);
    this.length += count;
  }

  /** Raw characters [from, to) as they are, each its own source; the first takes `flag`, the others none. */
  copyRaw(raw: string, from: number, to: number, flag: number): void {
    this.reserve(to - from);
    this.parts.push(raw.slice(from, to));
    for (let k = from; k < to; k++) {
      this.start[this.length] = k;
      this.end[this.length] = k + 1;
      this.flags[this.length] = k === from ? flag : 0;
      this.length++;
    }
  }

  build(): MappedText {
    return {
      text: this.parts.join(""),
      start: this.start.slice(0, this.length),
      end: this.end.slice(0, this.length),
      flags: this.flags.slice(0, this.length),
    };
  }
}

/** Folds look-alike characters to their plain forms (NFKC per code point) and drops invisible ones. Linear. */
export function foldText(raw: string): MappedText {
  const out = new MappedBuilder(raw.length + 16);
  let pending = 0;
  for (let i = 0; i < raw.length;) {
    // A run of ASCII characters is kept as it is.
    let j = i;
    while (j < raw.length && raw.charCodeAt(j) < 0x80) j++;
    if (j > i) {
      out.copyRaw(raw, i, j, pending);
      pending = 0;
      i = j;
      continue;
    }
    const cp = raw.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    const next = i + ch.length;
    if (INVISIBLE.test(ch)) {
      pending = OBFUSCATED;
    } else {
      const folded = LOOKALIKE_DOTS.has(ch) ? "." : ch.normalize("NFKC");
      // One entry per UTF-16 unit of the folded text, as every index into it counts: a character outside the BMP (an
      // emoji) is two units, and both point at its source.
      out.add(folded, folded.length, i, next, folded === ch ? pending : OBFUSCATED);
      pending = 0;
    }
    i = next;
  }
  return out.build();
}

/**
 * Replaces every match of a global regex; the replacement's characters take the source span of the whole match and
 * the given flag. Unchanged characters keep their own mapping. Linear in the text.
 */
export function rewrite(
  m: MappedText,
  re: RegExp,
  replace: (match: RegExpExecArray) => string | null,
  flag: number,
): MappedText {
  const edits: { readonly at: number; readonly length: number; readonly text: string }[] = [];
  re.lastIndex = 0;
  for (let match = re.exec(m.text); match !== null; match = re.exec(m.text)) {
    if (match[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const replacement = replace(match);
    if (replacement !== null) edits.push({ at: match.index, length: match[0].length, text: replacement });
  }
  if (edits.length === 0) return m;
  const out = new MappedBuilder(m.text.length + 16);
  let last = 0;
  for (const e of edits) {
    out.keep(m, last, e.at);
    const from = m.start[e.at] ?? 0;
    const to = m.end[e.at + e.length - 1] ?? from;
    out.add(e.text, e.text.length, from, to, flag);
    last = e.at + e.length;
  }
  out.keep(m, last, m.text.length);
  return out.build();
}

// Top-level domains common enough in scam links to undo "example. com" (a space after the dot); any real TLD is
// accepted when the spacing cannot be ordinary prose ("example . com", "example dot com").
const SPACED_AFTER_TLDS = new Set([
  "com",
  "net",
  "org",
  "info",
  "top",
  "xyz",
  "vip",
  "shop",
  "club",
  "online",
  "site",
  "icu",
  "cc",
  "live",
  "life",
  "buzz",
  "sbs",
  "cfd",
  "cyou",
  "click",
  "link",
]);

const HXXP = /\bh(?:xx|\*\*)p(s?)(?:\[:\]|\(:\)|:)(?=\/\/)/gi;
const BRACKET_COLON = /\[:\]|\(:\)/g;
// A scheme whose colon was lost ("http //example.com/x", as texts retyped or read off a screenshot often are).
const SCHEME_WITHOUT_COLON = /\bhttp(s?) \/\//gi;
const BRACKET_DOT = /\s?(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\[punto\]|\(punto\))\s?/gi;
const BRACKET_AT = /\s?(?:\[@\]|\(@\)|\[at\]|\(at\)|\[arroba\])\s?/gi;
const SPELLED_DOT = /([a-z0-9])[ \t]+(?:dot|punto)[ \t]+([a-z]{2,24})(?![a-z0-9])/gi;
const SPACED_DOT = /([a-z0-9])(?:[ \t]+\.[ \t]*|\.[ \t]+)([a-z]{2,24})(?![a-z0-9])/g;

// Words that end prose, never a domain name: "for .fi domains", "all .py files", "with Dot TK", "i.e. click".
const PROSE_WORDS = new Set(
  `a an the all any both each every few many most some such no not of for to in on at by with from into about as than
  and or but nor so your my our their his her its this that these those is are was were be via per de del la el los
  las en con por para y o un una su tu mi`.split(/\s+/),
);

/** The word that ends at the match's first character ("with" in "with Dot TK"), lower case. */
function wordBefore(x: RegExpExecArray): string {
  const end = x.index + 1;
  let start = end - 1;
  while (start > 0 && /[a-z0-9-]/i.test(x.input.charAt(start - 1))) start--;
  return x.input.slice(start, end).toLowerCase();
}

/** A spelled or spaced dot joins a name to its ending; after a one-letter or function word it is prose. */
function proseBefore(x: RegExpExecArray): boolean {
  const word = wordBefore(x);
  return word.length < 2 || PROSE_WORDS.has(word);
}

/** Undoes the ways people defang or space out links, marking the rewritten characters. Linear. */
export function refangText(m: MappedText): MappedText {
  let t = rewrite(m, HXXP, (x) => `http${x[1] ?? ""}:`, DEFANGED);
  t = rewrite(t, BRACKET_COLON, () => ":", DEFANGED);
  // Not a disguise: the link it names is read as written, with no finding of its own.
  t = rewrite(t, SCHEME_WITHOUT_COLON, (x) => `http${x[1] ?? ""}://`, 0);
  t = rewrite(t, BRACKET_DOT, () => ".", DEFANGED);
  t = rewrite(t, BRACKET_AT, () => "@", DEFANGED);
  t = rewrite(
    t,
    SPELLED_DOT,
    (x) => (TLD_SET.has((x[2] ?? "").toLowerCase()) && !proseBefore(x) ? `${x[1]}.${x[2]}` : null),
    DEFANGED,
  );
  t = rewrite(
    t,
    SPACED_DOT,
    (x) => {
      const tld = x[2] ?? "";
      const spaceBefore = /^[a-z0-9][ \t]/.test(x[0]);
      const ok = spaceBefore ? TLD_SET.has(tld) : SPACED_AFTER_TLDS.has(tld);
      return ok && !proseBefore(x) ? `${x[1]}.${tld}` : null;
    },
    DEFANGED,
  );
  return t;
}

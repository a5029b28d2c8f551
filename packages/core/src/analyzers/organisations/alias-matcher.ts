// Finds organisation aliases in free text in one pass. Text and aliases go through the same tokenizer, so spelling
// differences that do not change the words ("E-ZPass" / "EZPass", "U.S.P.S." / "USPS", "PG&E" / "PG and E",
// "Florida's" / "Floridas", accents) vanish on both sides; a trie keyed by whole tokens then gives word boundaries
// for free and costs a few map look-ups per token, whatever the number of aliases.

/** How an alias must appear to count. */
export type AliasMode =
  /** Anywhere, as whole words. */
  | "plain"
  /** An ordinary word as well as a name ("Chase", "Discover"): only beside a cue word or as a message's sender tag. */
  | "word"
  /** Only written in capitals ("ICE", "UPS"), because its lower-case form is a common word. */
  | "caps";

export interface Token {
  /** Lower-case, accent-free, joiners removed: "E-ZPass" -> "ezpass", "&" -> "and", a trailing "+" -> "plus". */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

export interface AliasMatch {
  readonly key: number;
  /** Token range [start, end) of the mention. */
  readonly start: number;
  readonly end: number;
  /** Length of the normalised alias: the longer, the more specific the mention. */
  readonly weight: number;
}

// Words that, right after an alias that is also an ordinary word, show the name is meant: "Chase account",
// "Discover card", "Target order", "Apple ID", "Good To Go toll", "chase.com".
const CUES = new Set(
  (
    "bank banking account accounts card cards credit debit alert alerts fraud security secure customer customers " +
    "support team online mobile app login signin services service payment payments pay member members checking " +
    "savings rewards bill billing energy power electric gas utility order orders package parcel delivery shipment " +
    "tracking store gift giftcard refund subscription toll tolls pass notice department official id wallet " +
    "protection agent representative care com net org gov us verification verify investments airlines airline " +
    "flight internet cable wifi antivirus check checks"
  ).split(" "),
);

// A sender tag opens an SMS: "CHASE: ...", "[Discover] ...", "Apple - your ID ...".
const TAG_PUNCTUATION = new Set([":", "]", ")", "|", "-", "\u2013", "\u2014"]);

const ASCII_WORD = new Uint8Array(128);
for (let c = 48; c <= 57; c++) ASCII_WORD[c] = 1;
for (let c = 65; c <= 90; c++) ASCII_WORD[c] = 1;
for (let c = 97; c <= 122; c++) ASCII_WORD[c] = 1;
const UNICODE_WORD = /[\p{L}\p{N}\p{M}]/u;
const MARKS = /\p{M}+/gu;
const UPPER = /\p{Lu}/u;

/** Length in UTF-16 units of the word character at i, or 0 when it is not one. */
function wordCharAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII_WORD[c] === 1 ? 1 : 0;
  const cp = text.codePointAt(i) ?? 0;
  const width = cp > 0xffff ? 2 : 1;
  return UNICODE_WORD.test(text.slice(i, i + width)) ? width : 0;
}

function normalise(raw: string, ascii: boolean): string {
  return ascii ? raw.toLowerCase() : raw.normalize("NFD").replace(MARKS, "").toLowerCase();
}

/**
 * Splits text into normalised words. Hyphens and apostrophes inside a word join its parts; a dot joins only after a
 * single letter, so abbreviations ("U.S.P.S.") close up while domains ("usps.com") stay two words. Linear in the text.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const ch = text[i];
    if (ch === "&") {
      tokens.push({ norm: "and", start: i, end: i + 1 });
      i++;
      continue;
    }
    if (wordCharAt(text, i) === 0) {
      i++;
      continue;
    }
    const start = i;
    let raw = "";
    let ascii = true;
    for (;;) {
      const segmentStart = i;
      for (let w = wordCharAt(text, i); w > 0 && i < n; w = wordCharAt(text, i)) {
        if (w > 1 || text.charCodeAt(i) >= 128) ascii = false;
        i += w;
      }
      raw += text.slice(segmentStart, i);
      const joiner = text[i];
      const next = i + 1 < n ? wordCharAt(text, i + 1) : 0;
      if (next === 0) break;
      const joins =
        joiner === "-" || joiner === "'" || joiner === "\u2019" || (joiner === "." && i - segmentStart === 1);
      if (!joins) break;
      i++;
    }
    tokens.push({ norm: normalise(raw, ascii), start, end: i });
    if (text[i] === "+") {
      tokens.push({ norm: "plus", start: i, end: i + 1 });
      i++;
    }
  }
  return tokens;
}

interface Entry {
  readonly key: number;
  readonly mode: AliasMode;
  readonly weight: number;
}

interface TrieNode {
  readonly children: Map<string, TrieNode>;
  readonly entries: Entry[];
}

export interface AliasSpec {
  /** The caller's handle for whatever the alias names. */
  readonly key: number;
  readonly alias: string;
  readonly mode: AliasMode;
}

// Spaced aliases of up to this many words also match written as one word ("EZ Pass" -> "EZPass", "Bank of America"
// -> "BankofAmerica" in hashtags and sender names).
const JOIN_UP_TO = 4;

function newNode(): TrieNode {
  return { children: new Map(), entries: [] };
}

export interface AliasMatcher {
  /** Every accepted mention, with mentions lying inside a longer one dropped ("Virginia DMV" in "West Virginia DMV"). */
  match(text: string): AliasMatch[];
}

export function createAliasMatcher(specs: readonly AliasSpec[]): AliasMatcher {
  const root = newNode();
  let depth = 0;
  const insert = (words: readonly string[], entry: Entry): void => {
    let node = root;
    for (const word of words) {
      let child = node.children.get(word);
      if (child === undefined) {
        child = newNode();
        node.children.set(word, child);
      }
      node = child;
    }
    if (!node.entries.some((e) => e.key === entry.key && e.mode === entry.mode)) node.entries.push(entry);
    depth = Math.max(depth, words.length);
  };
  for (const spec of specs) {
    const words = tokenize(spec.alias).map((t) => t.norm);
    if (words.length === 0) throw new Error(`Alias without words: ${spec.alias}`);
    const entry = { key: spec.key, mode: spec.mode, weight: words.join(" ").length };
    insert(words, entry);
    if (words.length > 1 && words.length <= JOIN_UP_TO) insert([words.join("")], entry);
  }

  const accepts = (mode: AliasMode, text: string, tokens: readonly Token[], first: number, last: number): boolean => {
    if (mode === "plain") return true;
    if (mode === "word") {
      const after = tokens[last + 1];
      if (after !== undefined && CUES.has(after.norm)) return true;
      if (first !== 0) return false;
    }
    const head = tokens[first];
    const tail = tokens[last];
    if (head === undefined || tail === undefined) return false;
    const written = text.slice(head.start, tail.end);
    const inCapitals = UPPER.test(written) && written === written.toUpperCase();
    if (mode === "caps") return inCapitals;
    if (!UPPER.test(written[0] ?? "")) return false;
    if (inCapitals) return true;
    let k = tail.end;
    while (k < text.length && (text[k] === " " || text[k] === "\t")) k++;
    return TAG_PUNCTUATION.has(text[k] ?? "");
  };

  return {
    match(text: string): AliasMatch[] {
      const tokens = tokenize(text);
      const found: AliasMatch[] = [];
      // Longest accepted mention starting at each token, to drop the mentions it covers.
      const reach = new Map<number, number>();
      for (let i = 0; i < tokens.length; i++) {
        let node: TrieNode | undefined = root;
        for (let j = i; j < tokens.length && j - i < depth; j++) {
          node = node.children.get((tokens[j] as Token).norm);
          if (node === undefined) break;
          for (const entry of node.entries) {
            if (!accepts(entry.mode, text, tokens, i, j)) continue;
            found.push({ key: entry.key, start: i, end: j + 1, weight: entry.weight });
            if ((reach.get(i) ?? 0) < j + 1) reach.set(i, j + 1);
          }
        }
      }
      return found.filter((m) => {
        for (let s = Math.max(0, m.end - depth); s <= m.start; s++) {
          const end = reach.get(s);
          if (end !== undefined && end >= m.end && end - s > m.end - m.start) return false;
        }
        return true;
      });
    },
  };
}

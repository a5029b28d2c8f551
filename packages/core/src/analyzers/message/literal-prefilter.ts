// A literal prefilter for groups of regular expressions: before a text is matched against a pattern, one pass over
// it finds which of the literal strings the pattern's matches must contain occur at all, and a pattern none of whose
// alternatives can be satisfied is not run. The literals are read from the pattern sources themselves, so the
// patterns stay as written and a pattern the reader does not understand is simply always run. Exact: a skipped
// pattern could not have matched.

/** Strings of which every match contains at least one. */
type Clause = ReadonlySet<string>;

/** What is known of the strings a part of a pattern matches. */
interface Info {
  /** Every string it matches, when they are few; null otherwise. */
  readonly exact: ReadonlySet<string> | null;
  /** When `exact` is null: every match contains a string of each clause (none: nothing is known). */
  readonly clauses: readonly Clause[];
}

/** Most strings an exact set holds before it is given up for clauses. */
const MAX_EXACT = 64;
/**
 * Longest literal kept: a longer one is cut to its start (a part of a required string is required too). Longer
 * literals narrow little more and grow the automaton.
 */
const MAX_LITERAL = 10;
/** Shortest literal worth looking for: a clause with a shorter one ("a", " ", a digit) is met by nearly any text. */
const MIN_LITERAL = 3;
/** Largest character class spelled out as single characters. */
const MAX_CLASS = 32;

const ANY: Info = { exact: null, clauses: [] };
const EMPTY_RUN: ReadonlySet<string> = new Set([""]);
const EMPTY: Info = { exact: EMPTY_RUN, clauses: [] };

class Unsupported extends Error {}

function product(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> | null {
  if (a.size * b.size > MAX_EXACT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/** The clause that narrows most: its shortest literal longest, then the fewest literals. */
function bestClause(info: Info): Clause | null {
  const candidates = info.exact !== null ? [info.exact] : info.clauses;
  let best: Clause | null = null;
  let bestMin = 0;
  for (const c of candidates) {
    if (c.size === 0 || c.has("")) continue;
    let min = Infinity;
    for (const s of c) min = Math.min(min, s.length);
    if (best === null || min > bestMin || (min === bestMin && c.size < best.size)) {
      best = c;
      bestMin = min;
    }
  }
  return best;
}

function concat(items: readonly Info[]): Info {
  if (items.length === 1) return items[0] ?? EMPTY;
  const clauses: Clause[] = [];
  let run: ReadonlySet<string> = EMPTY_RUN;
  let exact = true;
  for (const item of items) {
    const joined = item.exact !== null ? product(run, item.exact) : null;
    if (joined !== null) {
      run = joined;
      continue;
    }
    // The run so far is a clause of its own (unless it may be empty); a new one starts.
    exact = false;
    if (!run.has("")) clauses.push(run);
    if (item.exact !== null) run = item.exact;
    else {
      run = EMPTY_RUN;
      clauses.push(...item.clauses);
    }
  }
  if (exact) return { exact: run, clauses: [] };
  if (!run.has("")) clauses.push(run);
  return { exact: null, clauses };
}

function alternation(alternatives: readonly Info[]): Info {
  if (alternatives.length === 1) return alternatives[0] ?? ANY;
  if (alternatives.every((a) => a.exact !== null)) {
    const all = new Set<string>();
    for (const a of alternatives) for (const s of a.exact ?? []) all.add(s);
    if (all.size <= MAX_EXACT) return { exact: all, clauses: [] };
  }
  const clause = new Set<string>();
  for (const a of alternatives) {
    const best = bestClause(a);
    if (best === null) return ANY;
    for (const s of best) clause.add(s);
  }
  return { exact: null, clauses: [clause] };
}

function repeat(atom: Info, min: number, max: number): Info {
  if (max === 0) return EMPTY;
  if (min === 0) {
    if (max === 1 && atom.exact !== null && atom.exact.size < MAX_EXACT) {
      return { exact: new Set(["", ...atom.exact]), clauses: [] };
    }
    return ANY;
  }
  if (atom.exact !== null && min === max) {
    let run: ReadonlySet<string> | null = new Set([""]);
    for (let i = 0; i < min && run !== null; i++) run = product(run, atom.exact);
    if (run !== null) return { exact: run, clauses: [] };
  }
  // At least one occurrence: whatever one occurrence must contain, the repetition contains.
  if (atom.exact !== null) return { exact: null, clauses: atom.exact.has("") ? [] : [atom.exact] };
  return { exact: null, clauses: atom.clauses };
}

const DIGITS = new Set("0123456789");
/** Characters that are not themselves in a pattern. */
const SPECIAL = new Set("\\^$.|?*+()[]{}");
/** Characters that may start a quantifier. */
const QUANTIFIER_START = new Set("?*+{");
const BRACES = /\{(\d+)(,(\d*))?\}/y;
const LOOKAROUND = /\(\?<?[=!]/y;
const NAMED_GROUP = /\(\?<[A-Za-z_$][\w$]*>/y;
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", f: "\f", v: "\v", "0": "\0" };

/** Reads a pattern source (no flags: case-sensitive, not unicode mode) into what is known of its matches. */
class Reader {
  private i = 0;
  constructor(private readonly src: string) {}

  /** The top-level alternatives. */
  read(): Info[] {
    const alternatives = this.alternatives();
    if (this.i !== this.src.length) throw new Unsupported(`unexpected ${this.src[this.i]}`);
    return alternatives;
  }

  private alternatives(): Info[] {
    const out = [this.sequence()];
    while (this.src[this.i] === "|") {
      this.i++;
      out.push(this.sequence());
    }
    return out;
  }

  private sequence(): Info {
    const items: Info[] = [];
    const { src } = this;
    // Plain characters in a row are one literal, so exact sets are not multiplied out character by character.
    let run = this.i;
    while (this.i < src.length && src[this.i] !== "|" && src[this.i] !== ")") {
      if (!SPECIAL.has(src[this.i] ?? "") && !QUANTIFIER_START.has(src[this.i + 1] ?? "")) {
        this.i++;
        continue;
      }
      if (this.i > run) items.push({ exact: new Set([src.slice(run, this.i)]), clauses: [] });
      items.push(this.quantified(this.atom()));
      run = this.i;
    }
    if (this.i > run) items.push({ exact: new Set([src.slice(run, this.i)]), clauses: [] });
    return concat(items);
  }

  /** Whether the sticky pattern matches at the reading position; the match, or null. */
  private at(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.i;
    return re.exec(this.src);
  }

  private quantified(atom: Info): Info {
    const c = this.src[this.i];
    let min = 0;
    let max = Infinity;
    if (c === "?") max = 1;
    else if (c === "+") min = 1;
    else if (c === "{") {
      const braces = this.at(BRACES);
      if (braces === null) return atom;
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] === "" ? Infinity : Number(braces[3]);
      this.i += braces[0].length - 1;
    } else if (c !== "*") return atom;
    this.i++;
    if (this.src[this.i] === "?") this.i++; // lazy: the same strings
    const next = this.src[this.i];
    if (next === "?" || next === "*" || next === "+" || (next === "{" && this.at(BRACES) !== null)) {
      throw new Unsupported("nested quantifier");
    }
    return repeat(atom, min, max);
  }

  private atom(): Info {
    const c = this.src[this.i] ?? "";
    if (c === "(") return this.group();
    if (c === "[") return this.characterClass();
    if (c === "\\") return this.escape();
    if (c === "^" || c === "$") {
      this.i++;
      return EMPTY;
    }
    if (c === ".") {
      this.i++;
      return ANY;
    }
    if (c === "*" || c === "+" || c === "?" || (c === "{" && this.at(BRACES) !== null)) {
      throw new Unsupported("nothing to repeat");
    }
    this.i++;
    return { exact: new Set([c]), clauses: [] };
  }

  private group(): Info {
    let lookaround = false;
    if (this.src.startsWith("(?:", this.i)) this.i += 3;
    else if (this.at(LOOKAROUND) !== null) {
      lookaround = true;
      this.i += this.src[this.i + 2] === "<" ? 4 : 3;
    } else if (this.at(NAMED_GROUP) !== null) this.i = this.src.indexOf(">", this.i) + 1;
    else if (this.src.startsWith("(?", this.i)) throw new Unsupported("group kind");
    else this.i += 1;
    const inner = alternation(this.alternatives());
    if (this.src[this.i] !== ")") throw new Unsupported("unclosed group");
    this.i++;
    // A lookaround matches no characters; what it asserts is left out (fewer clauses are never wrong).
    return lookaround ? EMPTY : inner;
  }

  private escape(): Info {
    const e = this.src[this.i + 1];
    if (e === undefined) throw new Unsupported("trailing backslash");
    this.i += 2;
    if (e === "d") return { exact: DIGITS, clauses: [] };
    if ("DwWsS".includes(e)) return ANY;
    if (e === "b" || e === "B") return EMPTY;
    if (/[1-9k]/.test(e)) throw new Unsupported("back reference");
    if (e in CONTROL_ESCAPES && !(e === "0" && /\d/.test(this.src[this.i] ?? ""))) {
      return { exact: new Set([CONTROL_ESCAPES[e] ?? ""]), clauses: [] };
    }
    if (/[a-zA-Z0-9]/.test(e)) throw new Unsupported(`escape \\${e}`);
    return { exact: new Set([e]), clauses: [] };
  }

  private characterClass(): Info {
    this.i++;
    const negated = this.src[this.i] === "^";
    if (negated) this.i++;
    const chars = new Set<string>();
    let wide = false;
    const member = (): string | null => {
      const c = this.src[this.i] ?? "";
      if (c !== "\\") {
        this.i++;
        return c;
      }
      const e = this.src[this.i + 1];
      if (e === undefined) throw new Unsupported("trailing backslash");
      this.i += 2;
      if (e === "d") {
        for (const d of DIGITS) chars.add(d);
        return null;
      }
      if ("DwWsS".includes(e)) {
        wide = true;
        return null;
      }
      if (e === "b") return "\b";
      if (e in CONTROL_ESCAPES) return CONTROL_ESCAPES[e] ?? "";
      if (/[a-zA-Z0-9]/.test(e)) throw new Unsupported(`escape \\${e} in a class`);
      return e;
    };
    while (this.i < this.src.length && this.src[this.i] !== "]") {
      const from = member();
      if (from !== null && this.src[this.i] === "-" && this.src[this.i + 1] !== "]" && this.i + 1 < this.src.length) {
        this.i++;
        const to = member();
        if (to === null) {
          // "a-\d": a, "-" and the digits, as the language reads it outside unicode mode.
          chars.add(from);
          chars.add("-");
          continue;
        }
        const lo = from.charCodeAt(0);
        const hi = to.charCodeAt(0);
        if (hi < lo) throw new Unsupported("range out of order");
        if (hi - lo >= MAX_CLASS) wide = true;
        else for (let k = lo; k <= hi; k++) chars.add(String.fromCharCode(k));
      } else if (from !== null) chars.add(from);
    }
    if (this.src[this.i] !== "]") throw new Unsupported("unclosed class");
    this.i++;
    if (negated || wide || chars.size === 0 || chars.size > MAX_CLASS) return ANY;
    return { exact: chars, clauses: [] };
  }
}

/**
 * The literals a pattern's matches must contain: one entry per top-level alternative, each a list of clauses (a
 * match of that alternative contains a string of every clause). null when some alternative says nothing, or the
 * pattern uses syntax this reader does not know: the pattern must then always be run. Literals are cut to their
 * longest run of ASCII characters (a part of a required string is required too).
 */
export function requiredLiterals(source: string): string[][][] | null {
  let alternatives: Info[];
  try {
    alternatives = new Reader(source).read();
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  const out: string[][][] = [];
  for (const a of alternatives) {
    const clauses: string[][] = [];
    for (const c of a.exact !== null ? [a.exact] : a.clauses) {
      const literals = [...c].map((l) => asciiCore(l).slice(0, MAX_LITERAL));
      if (literals.length > 0 && literals.every((l) => l.length >= MIN_LITERAL)) clauses.push(minimal(literals));
    }
    if (clauses.length === 0) return null;
    out.push(clauses);
  }
  return out;
}

/** The literals, sorted, without those another one starts: a text holding "paying" holds "pay", so "pay" answers. */
function minimal(literals: readonly string[]): string[] {
  const kept: string[] = [];
  for (const l of [...literals].sort()) {
    const last = kept[kept.length - 1];
    if (last === undefined || !l.startsWith(last)) kept.push(l);
  }
  return kept;
}

function asciiCore(s: string): string {
  let best = "";
  for (const run of s.split(/[^\0-\x7f]+/)) if (run.length > best.length) best = run;
  return best;
}

/**
 * Groups of pattern sources, each group asked as a whole: "may any of these match this text?". One pass over the
 * text (an Aho-Corasick automaton over every required literal) answers for all groups at once.
 */
export class LiteralPrefilter {
  /** Per group: null (always possible) or its alternatives, each a list of clause ids. */
  private readonly groups: (number[][] | null)[];
  private readonly clauseCount: number;
  /** Symbol of each ASCII code unit; every other character is symbol 0, which no literal holds. */
  private readonly symbol: Uint8Array;
  /** log2 of a row's length (the alphabet rounded up to a power of two). */
  private readonly shift: number;
  /**
   * Transitions: delta[row + symbol] is the next state's row (state << shift), written as its complement (~row) when
   * reaching that state completes literals.
   */
  private readonly delta: Int32Array;
  /** Clauses satisfied on reaching a state: outClauses[outStart[state] .. outStart[state + 1]). */
  private readonly outStart: Int32Array;
  private readonly outClauses: Int32Array;

  /**
   * Each group a list of pattern sources (read as compiled with no flags) or regular expressions; an expression with
   * a flag that changes what its literals match (i, u, v) is always run.
   */
  constructor(groups: readonly (readonly (string | RegExp)[])[]) {
    const clauseIds = new Map<string, number>();
    const literalClauses = new Map<string, Set<number>>();
    this.groups = groups.map((sources) => {
      const alternatives: number[][] = [];
      for (const pattern of sources) {
        if (typeof pattern !== "string" && /[iuv]/.test(pattern.flags)) return null;
        const req = requiredLiterals(typeof pattern === "string" ? pattern : pattern.source);
        if (req === null) return null;
        for (const clauses of req) {
          alternatives.push(
            clauses.map((literals) => {
              const key = literals.join("\n");
              let id = clauseIds.get(key);
              if (id === undefined) {
                id = clauseIds.size;
                clauseIds.set(key, id);
                for (const l of literals) {
                  const set = literalClauses.get(l) ?? new Set<number>();
                  set.add(id);
                  literalClauses.set(l, set);
                }
              }
              return id;
            }),
          );
        }
      }
      return alternatives;
    });
    this.clauseCount = clauseIds.size;

    this.symbol = new Uint8Array(128);
    let alphabet = 1;
    for (const literal of literalClauses.keys()) {
      for (let k = 0; k < literal.length; k++) {
        const c = literal.charCodeAt(k);
        if (this.symbol[c] === 0) this.symbol[c] = alphabet++;
      }
    }
    let shift = 0;
    while (1 << shift < alphabet) shift++;
    this.shift = shift;
    const width = 1 << shift;

    // The trie of the literals (children as symbol, state pairs), then breadth first the failure links; each state's
    // row of the DFA starts as a copy of its failure state's row, with its own children written over it.
    const children: number[][] = [[]];
    const outputs: number[][] = [[]];
    for (const [literal, clauses] of literalClauses) {
      let s = 0;
      for (let k = 0; k < literal.length; k++) {
        const c = this.symbol[literal.charCodeAt(k)] as number;
        const edges = children[s] as number[];
        let t = -1;
        for (let e = 0; e < edges.length; e += 2) if (edges[e] === c) t = edges[e + 1] as number;
        if (t === -1) {
          t = outputs.length;
          edges.push(c, t);
          children.push([]);
          outputs.push([]);
        }
        s = t;
      }
      (outputs[s] as number[]).push(...clauses);
    }
    const states = outputs.length;
    // Rows hold their targets already written as the scan reads them (see `delta`): whether reaching a state
    // completes literals is known when it is found, since its failure state lies nearer the root.
    const delta = new Int32Array(states * width);
    const fail = new Int32Array(states);
    const completes = new Uint8Array(states);
    const queue: number[] = [0];
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q] as number;
      const f = fail[s] as number;
      if (s !== 0) {
        delta.copyWithin(s * width, f * width, (f + 1) * width);
        if ((outputs[f] as number[]).length > 0) {
          outputs[s] = [...new Set([...(outputs[s] as number[]), ...(outputs[f] as number[])])];
        }
      }
      const edges = children[s] as number[];
      for (let e = 0; e < edges.length; e += 2) {
        const t = edges[e + 1] as number;
        if (s !== 0) {
          const next = delta[f * width + (edges[e] as number)] as number;
          fail[t] = (next < 0 ? ~next : next) >> shift;
        }
        completes[t] = (outputs[t] as number[]).length > 0 || completes[fail[t] as number] === 1 ? 1 : 0;
        queue.push(t);
      }
      for (let e = 0; e < edges.length; e += 2) {
        const t = edges[e + 1] as number;
        delta[s * width + (edges[e] as number)] = completes[t] === 1 ? ~(t << shift) : t << shift;
      }
    }
    this.delta = delta;
    this.outStart = new Int32Array(states + 1);
    const flat: number[] = [];
    for (let s = 0; s < states; s++) {
      this.outStart[s] = flat.length;
      flat.push(...(outputs[s] as number[]));
    }
    this.outStart[states] = flat.length;
    this.outClauses = Int32Array.from(flat);
  }

  /** Per group, in the order given: false when none of its patterns can match the text. */
  possible(text: string): boolean[] {
    const found = new Uint8Array(this.clauseCount);
    const { delta, outStart, outClauses, symbol, shift } = this;
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      row = delta[row + (c < 128 ? (symbol[c] as number) : 0)] as number;
      if (row < 0) {
        row = ~row;
        const state = row >> shift;
        const end = outStart[state + 1] as number;
        for (let k = outStart[state] as number; k < end; k++) found[outClauses[k] as number] = 1;
      }
    }
    return this.groups.map(
      (alternatives) => alternatives === null || alternatives.some((clauses) => clauses.every((id) => found[id] === 1)),
    );
  }
}

/**
 * Texts shorter than this are matched by every pattern, without a prefilter: on a text message the patterns alone
 * cost little, less than building the automaton (tens of milliseconds, once per process) would for a process that
 * only ever reads short texts.
 */
export const PREFILTER_MIN_LENGTH = 512;

/** A LiteralPrefilter built on the first text long enough to use it. */
export class LazyPrefilter {
  private built: LiteralPrefilter | undefined;
  private lastText: string | undefined;
  private lastPossible: readonly boolean[] = [];

  /** `groups` is called once, when the prefilter is first needed. */
  constructor(private readonly groups: () => readonly (readonly (string | RegExp)[])[]) {}

  /**
   * Per group, in order: false when none of its patterns can match the text; null for a text too short to filter,
   * when every pattern is to be run. The last text's answer is kept: callers often ask twice about one text.
   */
  possible(text: string): readonly boolean[] | null {
    if (text.length < PREFILTER_MIN_LENGTH) return null;
    if (text !== this.lastText) {
      this.built ??= new LiteralPrefilter(this.groups());
      this.lastPossible = this.built.possible(text);
      this.lastText = text;
    }
    return this.lastPossible;
  }
}

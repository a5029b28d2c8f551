// Every language table compiled once, at module load, into one regular expression per cue: a message is read
// in every known language at once, so texts that mix languages are covered as a whole.

import { CUE_IDS, CUES, type CueId, type CueTable } from "./cue-table.js";
import { CUES_EN } from "./cues-en.js";
import { CUES_DE } from "./cues-de.js";
import { CUES_ES } from "./cues-es.js";
import { CUES_FR } from "./cues-fr.js";
import { CUES_ID } from "./cues-id.js";
import { CUES_IT } from "./cues-it.js";
import { CUES_NL } from "./cues-nl.js";
import { CUES_PT } from "./cues-pt.js";
import { LazyPrefilter } from "./literal-prefilter.js";

/** The language tables in use. Adding a language is adding its table here. */
export const CUE_TABLES: readonly CueTable[] = [CUES_EN, CUES_ES, CUES_FR, CUES_DE, CUES_PT, CUES_IT, CUES_ID, CUES_NL];

// A cue is a whole word or phrase: not next to a letter or digit, the accented Latin letters the cue tables do not
// fold included (see prepareForCues: "liên" is one word, not "li", "ê", "n").
const WORD_CHAR = "a-z0-9\\u00c0-\\u024f\\u1e00-\\u1eff";
const bounded = (source: string): string => `(?<![${WORD_CHAR}])(?:${source})(?![${WORD_CHAR}])`;
const union = (sources: readonly string[]): RegExp => new RegExp(sources.map(bounded).join("|"), "g");

const CUE_RES = new Map<CueId, RegExp>();
const CUE_SOURCES: string[][] = [];
for (const id of CUE_IDS) {
  const sources = CUE_TABLES.flatMap((t) => t.cues[id] ?? []);
  if (sources.length > 0) {
    CUE_RES.set(id, union(sources));
    CUE_SOURCES.push(sources);
  }
}
const DEADLINE_SOURCES = CUE_TABLES.flatMap((t) => t.deadlines);
const DEADLINE_RE = union(DEADLINE_SOURCES);
const WARNING_SOURCES = CUE_TABLES.flatMap((t) => t.warnings);
const PROHIBITION_SOURCES = CUE_TABLES.flatMap((t) => t.prohibitions);
// One expression for both, told apart by the group that matched: a warning reaches its sentence's end, a
// prohibition its clause's.
const GOVERNING_RE = new RegExp(
  `(${WARNING_SOURCES.map(bounded).join("|")})|(${PROHIBITION_SOURCES.map(bounded).join("|")})`,
  "g",
);
const DENIAL_RE = new RegExp(
  CUE_TABLES.flatMap((t) => t.denials)
    .map(bounded)
    .join("|"),
);
const ABSENT_BEFORE = new RegExp(
  `(?<![${WORD_CHAR}])(?:${CUE_TABLES.flatMap((t) => t.absent).join("|")})(?: (?:additional|extra|further|more|adicional))? $`,
);
const DENIED_BEFORE = new RegExp(
  `(?<![${WORD_CHAR}])(?:${CUE_TABLES.flatMap((t) => t.deniedBefore).join("|")})(?: (?:a|an|any|the|un|una|el|la))?(?: (?:additional|extra|further|more|adicional))? $`,
);
const NO_ASK_SOURCES = CUE_TABLES.flatMap((t) => t.noAsks);
const NO_ASK_RE = union(NO_ASK_SOURCES);
/** Characters before a pressure cue within which its verb may be denied ("we will not charge you a late fee"). */
const DENIED_BEFORE_REACH = 60;
/** Characters past a pressure cue within which its sentence may deny it ("a late fee may not be imposed on you"). */
const DENIAL_REACH = 60;
const TURN_RE = new RegExp(
  CUE_TABLES.flatMap((t) => t.turns)
    .map(bounded)
    .join("|"),
);
/**
 * "If you don't pay ...", "si no paga ...", "si vous ne payez pas", "wenn Sie nicht zahlen", "se não pagar" state a
 * condition, and "I wouldn't ask if ...", "I'll never ask again", "je ne te demanderais jamais" speak of a favour:
 * they warn against nothing.
 */
const NOT_A_WARNING_BEFORE =
  /(?:^|[^a-z'])(?:if|unless|si|a menos que|wenn|falls|se|caso|als|indien|jika|kalau|bila|apabila|i|i'll|i'd|i've|i'm|yo|je|ich|io|eu|ik|saya|aku)(?: you| u| usted| tu| vous| sie| du| voce| você| lei| je| anda| kamu)? $/;

// Which cues (and whether deadlines or warnings) can match a long text at all, from the literals their phrases must
// contain: one pass over the text instead of one per cue.
const PREFILTER = new LazyPrefilter(() => [
  ...CUE_SOURCES,
  DEADLINE_SOURCES,
  [...WARNING_SOURCES, ...PROHIBITION_SOURCES],
]);
const NEGATION_RE = new RegExp(`(?<![a-z'])(?:${CUE_TABLES.flatMap((t) => t.negations).join("|")})(?![a-z'])`);
const MARKERS = CUE_TABLES.map((t) => ({ language: t.language, words: new Set(t.markers) }));
const NEGATION_WINDOW = 32;
/** Characters a warning reaches at most past its opening words, when no stop or turn comes first. */
const WARNING_REACH = 120;
/**
 * Warnings read per text: more than a cue's tries (MAX_TRIES) can reach in a guide about scams, and few enough
 * that a text of nothing but warnings stays cheap.
 */
const MAX_WARNINGS = 64;
const REPLY_KEYWORD = /(?:reply|text|send|responda|responde|envie|envia)(?: with)? "?(?:no|n)\b"?/g;
/** One cue is looked for at most this many times (negated hits are skipped); bounds the work on long texts. */
const MAX_TRIES = 8;

/** A cue found in the message, with the words that revealed it. */
export interface CueHit {
  readonly id: CueId;
  readonly text: string;
  /** How many separate phrases revealed it (capped at MAX_TRIES). */
  readonly count: number;
  /** Where each phrase that revealed it sits in the prepared text: [start, end) pairs, in order. */
  readonly spans: readonly (readonly [number, number])[];
}

function negated(text: string, index: number): boolean {
  let before = text.slice(Math.max(0, index - NEGATION_WINDOW), index);
  const stop = Math.max(
    before.lastIndexOf("."),
    before.lastIndexOf("!"),
    before.lastIndexOf("?"),
    before.lastIndexOf(","),
  );
  if (stop !== -1) before = before.slice(stop + 1);
  // "Reply NO" names a keyword to send, it negates nothing.
  return NEGATION_RE.test(before.replace(REPLY_KEYWORD, " "));
}

/**
 * Whether the penalty or threat at [start, end) is said to be none ("no late fee") or the sentence goes on to say it
 * will not happen ("a late fee may not be imposed").
 */
function denied(text: string, start: number, end: number): boolean {
  if (ABSENT_BEFORE.test(text.slice(Math.max(0, start - 24), start))) return true;
  if (DENIED_BEFORE.test(text.slice(Math.max(0, start - DENIED_BEFORE_REACH), start))) return true;
  let after = text.slice(end, end + DENIAL_REACH);
  const stop = after.search(/[.!?;]/);
  if (stop !== -1) after = after.slice(0, stop);
  return DENIAL_RE.test(after);
}

/** Where the text says nothing is asked of the reader (see CueTable.noAsks): [start, end) pairs, in order. */
function findNoAsks(text: string): [number, number][] {
  const out: [number, number][] = [];
  NO_ASK_RE.lastIndex = 0;
  for (let m = NO_ASK_RE.exec(text); m !== null && out.length < MAX_WARNINGS; m = NO_ASK_RE.exec(text)) {
    if (m[0].length === 0) {
      NO_ASK_RE.lastIndex++;
      continue;
    }
    out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

/** Where a warning or prohibition ends: the first stop (or, for a prohibition, comma) or turn after it. */
function reachOf(text: string, from: number, prohibition: boolean): number {
  const limit = Math.min(text.length, from + WARNING_REACH);
  const stops = prohibition ? ".!?;," : ".!?;";
  let end = from;
  while (end < limit && !stops.includes(text.charAt(end))) end++;
  const turn = TURN_RE.exec(text.slice(from, end));
  return turn === null ? end : from + turn.index;
}

/**
 * The stretches of the text a warning or a prohibition governs ("we will never ask you to pay in gift cards, wire
 * money or send crypto", "never share this code"), in order: [start, end) pairs from its opening words on.
 */
export function findWarnings(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (PREFILTER.possible(text)?.[CUE_SOURCES.length + 1] === false) return out;
  GOVERNING_RE.lastIndex = 0;
  for (let m = GOVERNING_RE.exec(text); m !== null && out.length < MAX_WARNINGS; m = GOVERNING_RE.exec(text)) {
    if (m[0].length === 0) {
      GOVERNING_RE.lastIndex++;
      continue;
    }
    if (NOT_A_WARNING_BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index))) continue;
    out.push([m.index, reachOf(text, m.index + m[0].length, m[2] !== undefined)]);
  }
  return out;
}

/** The cues of a text, and the asks it only warns against. */
export interface CueFindings {
  /** The cues present, each once, in CUE_IDS order. */
  readonly hits: CueHit[];
  /**
   * Ask and payment cues found only inside warnings and negations ("we will never ask you to pay in gift cards",
   * "never share this code"): what the message warns against, which it does not ask.
   */
  readonly warnedAgainst: CueHit[];
}

/** The cues present in prepared text (see CueTable.cues for its form), each once, in CUE_IDS order. */
export function findCues(text: string): CueHit[] {
  return readCues(text).hits;
}

/**
 * The cues present in prepared text and the asks it warns against. An ask or payment cue inside a warning's reach
 * (findWarnings), or a negatable cue shortly after a negation, is no demand; nor is an ask read across a phrase that
 * asks for nothing (CueTable.noAsks: "no payment is due", "to stop all marketing").
 */
export function readCues(text: string): CueFindings {
  const hits: CueHit[] = [];
  const warnedAgainst: CueHit[] = [];
  const possible = PREFILTER.possible(text);
  let warnings: [number, number][] | undefined;
  const warned = (index: number): boolean => {
    warnings ??= findWarnings(text);
    return warnings.some(([start, end]) => start <= index && index < end);
  };
  let noAsks: [number, number][] | undefined;
  const askedForNothing = (start: number, end: number): boolean => {
    noAsks ??= findNoAsks(text);
    return noAsks.some(([s, e]) => s < end && start < e);
  };
  let group = 0;
  for (const [id, re] of CUE_RES) {
    const ruledOut = possible !== null && possible[group] !== true;
    group++;
    if (ruledOut) continue;
    re.lastIndex = 0;
    const negatable = CUES[id].negatable;
    const ask = CUES[id].role === "ask";
    const pressure = CUES[id].role === "pressure";
    let tries = 0;
    let first: string | null = null;
    let count = 0;
    const spans: [number, number][] = [];
    let against: CueHit | null = null;
    for (let m = re.exec(text); m !== null && tries < MAX_TRIES; m = re.exec(text), tries++) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      if (pressure && denied(text, m.index, m.index + m[0].length)) continue;
      if ((ask && warned(m.index)) || (negatable && negated(text, m.index))) {
        if (ask) against ??= { id, text: m[0].trim(), count: 1, spans: [[m.index, m.index + m[0].length]] };
        continue;
      }
      if (ask && askedForNothing(m.index, m.index + m[0].length)) continue;
      first ??= m[0].trim();
      count++;
      spans.push([m.index, m.index + m[0].length]);
    }
    if (first !== null) hits.push({ id, text: first, count, spans });
    else if (against !== null) warnedAgainst.push(against);
  }
  return { hits, warnedAgainst };
}

/** Deadline phrases in prepared text, at most `max`. */
export function findDeadlines(text: string, max: number): string[] {
  const out: string[] = [];
  if (PREFILTER.possible(text)?.[CUE_SOURCES.length] === false) return out;
  DEADLINE_RE.lastIndex = 0;
  for (let m = DEADLINE_RE.exec(text); m !== null && out.length < max; m = DEADLINE_RE.exec(text)) {
    if (m[0].length === 0) {
      DEADLINE_RE.lastIndex++;
      continue;
    }
    if (!out.includes(m[0])) out.push(m[0]);
  }
  return out;
}

/** The language whose marker words are most frequent, or "und" when none appears. */
export function guessLanguage(text: string): string {
  const counts = MARKERS.map(() => 0);
  for (const word of text.split(/[^a-z']+/, 4000)) {
    for (let i = 0; i < MARKERS.length; i++) if (MARKERS[i]?.words.has(word) === true) counts[i] = (counts[i] ?? 0) + 1;
  }
  let best = -1;
  let language = "und";
  MARKERS.forEach((m, i) => {
    const c = counts[i] ?? 0;
    if (c > best && c > 0) {
      best = c;
      language = m.language;
    }
  });
  return language;
}

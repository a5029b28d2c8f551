// Words of mixed-case names in a path ("ChaseVerifyIdentity", "SignInUsingSSL", "HSBCSecureMessage"): page and
// folder names written in CamelCase mark their word boundaries with capitals instead of hyphens. Random
// identifiers (share ids, tokens, base64) have capitals too, so names that do not read as words are left alone.

import { CREDENTIALS } from "./brand-index.js";

/** A lower-case letter followed by a capital, or a run of capitals followed by a capitalised word. */
const CASE_BOUNDARY = /[a-z][A-Z]|[A-Z]{2}[a-z]/;
/** The letter runs of a path: digits, underscores, hyphens and punctuation separate names. */
const LETTER_RUNS = /[A-Za-z]+/g;
/** A run of capitals not followed by a lower-case letter ("HSBC", "SSL"), or an optionally capitalised word. */
const CASE_WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g;
const MAX_RUN = 64;

export interface CaseName {
  /** The name as written ("HSBCSecureMessage"). */
  readonly name: string;
  /** The words, lower-cased, in order. */
  readonly words: readonly string[];
  /** For each word: true when it was written in capitals only ("HSBC", "PIN"). */
  readonly capitals: readonly boolean[];
}

/** true when `text` holds at least one CamelCase boundary. Cheap: most paths have none. */
export function hasCaseBoundary(text: string): boolean {
  return CASE_BOUNDARY.test(text);
}

/**
 * The CamelCase names of `text`, split into words. A letter run counts only when it has a case boundary and
 * reads as words: at least two of them, two and a half letters or more each on average, at most one single
 * letter ("eBaySignIn"). "FAIpQLSdJ" (part of a share id) does not.
 */
export function caseNames(text: string): CaseName[] {
  const names: CaseName[] = [];
  for (const run of text.match(LETTER_RUNS) ?? []) {
    if (run.length < 4 || run.length > MAX_RUN || !CASE_BOUNDARY.test(run)) continue;
    const raw = run.match(CASE_WORD) ?? [];
    if (raw.length < 2 || 2 * run.length < 5 * raw.length) continue;
    let singles = 0;
    for (const w of raw) if (w.length === 1) singles++;
    if (singles > 1) continue;
    names.push({
      name: run,
      words: raw.map((w) => w.toLowerCase()),
      capitals: raw.map((w) => w.length > 1 && w === w.toUpperCase()),
    });
  }
  return names;
}

/**
 * The credential words among the CamelCase words of `text` ("SignIn", "VerifyAccount", "PINCode"), each once.
 * A word shorter than five letters counts only in capitals: "PIN" asks for one, "PinBoard" does not.
 */
export function caseCredentialWords(text: string, found: string[]): void {
  for (const { words, capitals } of caseNames(text)) {
    for (let i = 0; i < words.length; i++) {
      const word = words[i] ?? "";
      if (CREDENTIALS.has(word) && (word.length >= 5 || capitals[i] === true)) {
        if (!found.includes(word)) found.push(word);
        continue;
      }
      // A compound written as two words: "SignIn", "LogOn".
      const next = words[i + 1];
      if (next === undefined) continue;
      const pair = word + next;
      if (CREDENTIALS.has(pair) && !found.includes(pair)) found.push(pair);
    }
  }
}

/** The first credential word among the CamelCase words of `text`, or null. */
export function caseCredentialWord(text: string): string | null {
  const found: string[] = [];
  caseCredentialWords(text, found);
  return found[0] ?? null;
}

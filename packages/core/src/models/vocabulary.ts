// Which words a message model has read. A hashed n-gram model gives every text a reading, also one in a language
// it never saw: then little but the shapes weigh (a link, an amount, a number), and those read as spam, since most
// texts with a link in its corpora are. The words the model met in enough of its training texts are kept as a bit
// set (hashed, so a word it never met is taken for a known one now and then); a reading of a text whose words it
// mostly never met counts for less (model-evidence.ts).

import { murmur3 } from "./murmur3.js";

/** Bits of the set: 2^20 (128 KiB); a few tens of thousands of words leave an unknown word a few percent of a match. */
export const VOCABULARY_BITS = 20;
/** The hash seed of the set, apart from the models' own. */
export const VOCABULARY_SEED = 0x766f6361;
/** A word is known when it is in at least this many of the model's training texts. */
export const VOCABULARY_MIN_TEXTS = 3;

/**
 * The words of a text's features (textFeatures: `w:` unigrams) that the vocabulary counts: those with a letter, not
 * the shapes that stand for links, numbers and amounts.
 */
export function vocabularyWords(features: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of features) {
    if (f.charCodeAt(0) !== 119 /* w */ || f.charCodeAt(1) !== 58 /* : */ || f.charCodeAt(2) === 60 /* < */) continue;
    const word = f.slice(2);
    if (/\p{L}/u.test(word)) out.push(word);
  }
  return out;
}

/** The slot of a word in the set. */
function slotOf(word: string): number {
  return murmur3(word, VOCABULARY_SEED) & ((1 << VOCABULARY_BITS) - 1);
}

/** A set of known words, as the bytes `encodeVocabulary` wrote. */
export class Vocabulary {
  constructor(private readonly bits: Uint8Array) {
    if (bits.length !== 1 << (VOCABULARY_BITS - 3))
      throw new RangeError(`a vocabulary is ${1 << (VOCABULARY_BITS - 3)} bytes`);
  }

  has(word: string): boolean {
    const slot = slotOf(word);
    return ((this.bits[slot >>> 3] as number) & (1 << (slot & 7))) !== 0;
  }

  /** The share of the words that are known; null for a text with no word to count. */
  share(words: readonly string[]): number | null {
    if (words.length === 0) return null;
    let known = 0;
    for (const w of words) if (this.has(w)) known++;
    return known / words.length;
  }
}

/**
 * The set of the words met in at least VOCABULARY_MIN_TEXTS of the texts, each text given as its words (every word
 * counted once a text).
 */
export function encodeVocabulary(texts: Iterable<readonly string[]>): Uint8Array {
  const counts = new Map<string, number>();
  for (const words of texts) for (const w of new Set(words)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const bits = new Uint8Array(1 << (VOCABULARY_BITS - 3));
  for (const [w, n] of counts) {
    if (n < VOCABULARY_MIN_TEXTS) continue;
    const slot = slotOf(w);
    bits[slot >>> 3] = (bits[slot >>> 3] as number) | (1 << (slot & 7));
  }
  return bits;
}

/**
 * Below this share of known words a reading counts in proportion (at half of it, half as much); at or above it, whole.
 * Measured left one source out (docs/detection.md, "A reading in words the model never read").
 */
export const FAMILIAR_SHARE = 0.5;

/** How much of a model's reading counts, given the share of the text's words the model knows (null: all of it). */
export function familiarity(share: number | null): number {
  return share === null ? 1 : Math.min(1, share / FAMILIAR_SHARE);
}

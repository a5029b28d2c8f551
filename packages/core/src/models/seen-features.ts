// Which features a reading has counted already, told apart by their hash and then exactly, without building the
// character n-grams as strings: an n-gram is a two-character prefix and a slice of a string, and two are the same
// feature when both match; a whole feature is its string. One table serves every reading (readings are synchronous);
// it is emptied by moving to a new generation, not by clearing it.
import { isCharGram } from "./features.js";
import { murmur3, murmur3Block, murmur3Finish, murmur3Joined } from "./murmur3.js";

/** Where the features a reading has not met before go: each once, with its hash and the index that names it. */
export interface NewFeatures {
  take(hash: number, index: number, charGram: boolean): void;
}

let capacity = 0;
let generation = 0;
/** Open addressing: the generation that filled a slot, and the entry it holds. */
let stamps = new Int32Array(0);
let slotEntry = new Int32Array(0);
/** The entries, in the order they came: a hash, a source (strings[source]), and for an n-gram its slice. */
let entryHash = new Int32Array(0);
let entrySource = new Int32Array(0);
let entryStart = new Int32Array(0);
/** An n-gram's length; -1 for a whole feature. */
let entryLength = new Int32Array(0);
let entries = 0;
/**
 * Whole features, and the strings n-grams are cut from (each beside its prefix in `prefixes`): the first `sourceCount`
 * (the arrays are kept from reading to reading, and what a reading leaves behind is overwritten by the next).
 */
const strings: string[] = [];
const prefixes: string[] = [];
let sourceCount = 0;
/** The bytes of one position's longest n-gram, prefix first, when the text is ASCII (its n-grams are its prefixes). */
let bytes = new Uint8Array(64);

function grow(needed: number): void {
  let size = Math.max(1024, capacity);
  while (size < 2 * needed) size *= 2;
  if (size === capacity) return;
  const copy = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
    const b = new Int32Array(size);
    b.set(a.subarray(0, entries));
    return b;
  };
  entryHash = copy(entryHash);
  entrySource = copy(entrySource);
  entryStart = copy(entryStart);
  entryLength = copy(entryLength);
  capacity = size;
  stamps = new Int32Array(size);
  slotEntry = new Int32Array(size);
  generation = 1;
  for (let e = 0; e < entries; e++) {
    const mask = capacity - 1;
    let slot = entryHash[e]! & mask;
    while (stamps[slot] === generation) slot = (slot + 1) & mask;
    stamps[slot] = generation;
    slotEntry[slot] = e;
  }
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

function sameSlice(a: string, aStart: number, b: string, bStart: number, length: number): boolean {
  if (a === b && aStart === bStart) return true;
  for (let i = 0; i < length; i++) if (a.charCodeAt(aStart + i) !== b.charCodeAt(bStart + i)) return false;
  return true;
}

/** Records an entry in the free slot `slot` and returns its index. */
function record(slot: number, hash: number, source: number, start: number, length: number): number {
  const e = entries++;
  entryHash[e] = hash;
  entrySource[e] = source;
  entryStart[e] = start;
  entryLength[e] = length;
  stamps[slot] = generation;
  slotEntry[slot] = e;
  return e;
}

/** Starts a reading: nothing counted yet. */
export function resetSeen(): void {
  generation++;
  if (generation > 0x3fffffff) {
    stamps.fill(0);
    generation = 1;
  }
  entries = 0;
  sourceCount = 0;
}

function addSource(prefix: string, s: string): number {
  strings[sourceCount] = s;
  prefixes[sourceCount] = prefix;
  return sourceCount++;
}

/** Hands `target` a whole feature with its murmur3 hash (seed `seed`) unless this reading has met it before. */
export function takeFeature(feature: string, seed: number, target: NewFeatures): void {
  grow(entries + 1);
  const hash = murmur3(feature, seed) | 0;
  const mask = capacity - 1;
  let slot = hash & mask;
  while (stamps[slot] === generation) {
    const e = slotEntry[slot]!;
    if (entryHash[e] === hash && entryLength[e] === -1 && strings[entrySource[e]!] === feature) return;
    slot = (slot + 1) & mask;
  }
  target.take(hash >>> 0, record(slot, hash, addSource("", feature), 0, -1), isCharGram(feature));
}

/**
 * Hands `target` the murmur3 hash (seed `seed`) of `prefix + s.slice(i, i + n)` for each position i and each n from
 * `min` to `max` (shorter first, as features.ts lists them), skipping every n-gram this reading has met before, with
 * the index that names it (featureAt) while the reading lasts. n-grams are told apart from whole features
 * (which never begin with an n-gram prefix: see UrlFeatureSink).
 */
export function takeGrams(
  prefix: string,
  s: string,
  min: number,
  max: number,
  seed: number,
  target: NewFeatures,
): void {
  if (prefix.length !== 2) throw new RangeError("an n-gram prefix is two characters long");
  grow(entries + (max - min + 1) * s.length);
  const source = addSource(prefix, s);
  const mask = capacity - 1;
  // ASCII (the common case: a lower-cased host or path) is its own UTF-8, so each position's bytes are written once.
  const ascii = isAscii(prefix) && isAscii(s);
  if (ascii) {
    if (bytes.length < 2 + max) bytes = new Uint8Array(2 + max);
    bytes[0] = prefix.charCodeAt(0);
    bytes[1] = prefix.charCodeAt(1);
  }
  for (let i = 0; i < s.length; i++) {
    if (ascii) for (let j = 0; j < max && i + j < s.length; j++) bytes[2 + j] = s.charCodeAt(i + j);
    // The n-grams of one position share their opening bytes: each whole 4-byte block is mixed once, for all of them.
    let mixed = seed >>> 0;
    let blocksEnd = 0;
    for (let n = min; n <= max && i + n <= s.length; n++) {
      let hash: number;
      if (ascii) {
        const length = 2 + n;
        for (; blocksEnd + 4 <= length; blocksEnd += 4) {
          mixed = murmur3Block(
            mixed,
            bytes[blocksEnd]! |
              (bytes[blocksEnd + 1]! << 8) |
              (bytes[blocksEnd + 2]! << 16) |
              (bytes[blocksEnd + 3]! << 24),
          );
        }
        hash = murmur3Finish(mixed, bytes, blocksEnd, length) | 0;
      } else {
        hash = murmur3Joined(prefix, s, i, i + n, seed) | 0;
      }
      let slot = hash & mask;
      let seen = false;
      while (stamps[slot] === generation) {
        const e = slotEntry[slot]!;
        if (
          entryHash[e] === hash &&
          entryLength[e] === n &&
          prefixes[entrySource[e]!] === prefix &&
          sameSlice(strings[entrySource[e]!]!, entryStart[e]!, s, i, n)
        ) {
          seen = true;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (!seen) target.take(hash >>> 0, record(slot, hash, source, i, n), true);
    }
  }
}

/** The feature this reading's entry `index` stands for, as a string. */
export function featureAt(index: number): string {
  const source = strings[entrySource[index]!]!;
  const length = entryLength[index]!;
  if (length === -1) return source;
  const start = entryStart[index]!;
  return prefixes[entrySource[index]!]! + source.slice(start, start + length);
}

/** How many entries this reading has made: the index the next one gets. */
export function entryCount(): number {
  return entries;
}

/** What a kept feature's place packs besides its source: its start (12 bits) and its length + 1 (7 bits). */
const KEPT_MAX_SOURCES = 2_048;
const KEPT_MAX_START = 4_096;
const KEPT_MAX_LENGTH = 126;

/**
 * Features of one reading kept past it, in the order they came: each one's hash (as `take` had it), whether it is a
 * character n-gram, and its name. Two 32-bit numbers a feature: its hash, then where its name is cut from (a source,
 * a start and a length, or -1 for the whole source) and whether it is an n-gram.
 */
export class KeptFeatures {
  constructor(
    readonly seed: number,
    private readonly packed: Int32Array,
    private readonly sources: readonly string[],
    private readonly prefixes: readonly string[],
  ) {}

  get size(): number {
    return this.packed.length >> 1;
  }

  hash(k: number): number {
    return this.packed[2 * k]! >>> 0;
  }

  charGram(k: number): boolean {
    return (this.packed[2 * k + 1]! & 1) === 1;
  }

  /** The feature kept at place `k`, as a string (featureAt of the reading it came from). */
  name(k: number): string {
    const place = this.packed[2 * k + 1]!;
    const source = place >>> 20;
    const text = this.sources[source]!;
    const length = ((place >>> 1) & 0x7f) - 1;
    if (length === -1) return text;
    const start = (place >>> 8) & 0xfff;
    return this.prefixes[source]! + text.slice(start, start + length);
  }
}

/**
 * Keeps this reading's entries `from` to `to` (exclusive), read with seed `seed`, past the reading; null when one is
 * too far into its string to pack (a longer authority than any kept).
 */
export function keepEntries(from: number, to: number, seed: number): KeptFeatures | null {
  const n = to - from;
  // Sources are added in the order entries are made, so those of the range are one run of them.
  const base = n > 0 ? entrySource[from]! : 0;
  const last = n > 0 ? entrySource[to - 1]! : -1;
  if (last - base + 1 > KEPT_MAX_SOURCES) return null;
  const packed = new Int32Array(2 * n);
  for (let k = 0; k < n; k++) {
    const e = from + k;
    const start = entryStart[e]!;
    const length = entryLength[e]!;
    if (start >= KEPT_MAX_START || length > KEPT_MAX_LENGTH) return null;
    const charGram = length !== -1 || isCharGram(strings[entrySource[e]!]!);
    packed[2 * k] = entryHash[e]!;
    packed[2 * k + 1] = ((entrySource[e]! - base) << 20) | (start << 8) | ((length + 1) << 1) | (charGram ? 1 : 0);
  }
  return new KeptFeatures(seed, packed, strings.slice(base, last + 1), prefixes.slice(base, last + 1));
}

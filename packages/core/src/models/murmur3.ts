// MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain algorithm), over the UTF-8 bytes of a string. The
// statistical models hash their feature strings with it, so the trainer and every reader must agree bit for bit: the
// golden vectors in the tests are the published outputs of the reference implementation.

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/** A scratch buffer for the UTF-8 bytes of one string; grown when a longer string comes. */
let scratch = new Uint8Array(256);

/**
 * Writes the UTF-8 bytes of the code units `start` to `end` of `s` into the scratch buffer from byte `at` (the bytes
 * before it kept) and returns where they end. A lone surrogate, one cut off at either end of the range included, is
 * written as U+FFFD, as TextEncoder does.
 */
function utf8(s: string, start: number, end: number, at: number): number {
  if (scratch.length < at + (end - start) * 3) {
    const grown = new Uint8Array(at + (end - start) * 3 + 64);
    grown.set(scratch.subarray(0, at));
    scratch = grown;
  }
  const out = scratch;
  let n = at;
  for (let i = start; i < end; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < end ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out[n++] = 0xf0 | (c >> 18);
        out[n++] = 0x80 | ((c >> 12) & 0x3f);
        out[n++] = 0x80 | ((c >> 6) & 0x3f);
        out[n++] = 0x80 | (c & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return n;
}

/** Mixes one 4-byte block (its bytes read little-endian into `k`) into the running hash `h`; returns the new hash. */
export function murmur3Block(h: number, k: number): number {
  k = Math.imul(k, C1);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, C2);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/**
 * Ends the hash of the first `length` bytes of `bytes` whose whole 4-byte blocks are mixed into `h` already: mixes
 * the tail (the 1 to 3 bytes from `from`, the first byte past the blocks) and the length, and finishes. As an
 * unsigned 32-bit integer.
 */
export function murmur3Finish(h: number, bytes: Uint8Array, from: number, length: number): number {
  const tail = length - from;
  if (tail > 0) {
    let k = bytes[from]!;
    if (tail > 1) k ^= bytes[from + 1]! << 8;
    if (tail > 2) k ^= bytes[from + 2]! << 16;
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
  }
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3 x86 32-bit of `length` bytes of `bytes`, as an unsigned 32-bit integer. */
export function murmur3Bytes(bytes: Uint8Array, seed = 0, length = bytes.length): number {
  let h = seed >>> 0;
  const blocks = length & ~3;
  for (let i = 0; i < blocks; i += 4) {
    h = murmur3Block(h, bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
  }
  return murmur3Finish(h, bytes, blocks, length);
}

/** MurmurHash3 x86 32-bit of the UTF-8 bytes of `s`, as an unsigned 32-bit integer. */
export function murmur3(s: string, seed = 0): number {
  const length = utf8(s, 0, s.length, 0); // may replace the scratch buffer, so it is read after
  return murmur3Bytes(scratch, seed, length);
}

/**
 * The same as `murmur3(prefix + s.slice(start, end), seed)` for a `prefix` that does not end in a high surrogate,
 * without building the string: the URL model hashes every character n-gram of a URL this way.
 */
export function murmur3Joined(prefix: string, s: string, start: number, end: number, seed = 0): number {
  const length = utf8(s, start, end, utf8(prefix, 0, prefix.length, 0));
  return murmur3Bytes(scratch, seed, length);
}

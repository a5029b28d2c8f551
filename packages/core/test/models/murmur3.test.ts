import { describe, expect, it } from "vitest";
import { murmur3, murmur3Bytes, murmur3Joined } from "../../src/models/murmur3.js";

// Outputs of the reference MurmurHash3_x86_32 over the UTF-8 bytes: "" seed 0 = 0, seed 1 = 0x514e28b7, "hello" =
// 0x248bfa47 and the quick brown fox = 0x2e4ff723 are the algorithm's published vectors; the others were computed
// with scikit-learn's murmurhash3_32 (a binding of the reference C++ code), positive=True.
const VECTORS: [string, number, number][] = [
  ["", 0, 0],
  ["", 1, 0x514e28b7],
  ["", 0xffffffff, 0x81f16f39],
  ["hello", 0, 613153351],
  ["The quick brown fox jumps over the lazy dog", 0, 0x2e4ff723],
  ["", 42, 142593372],
  ["hello", 42, 3806057185],
  ["Hello, world!", 0, 3224780355],
  ["Hello, world!", 42, 747406643],
  ["The quick brown fox jumps over the lazy dog", 42, 880582914],
  ["a", 0, 1009084850],
  ["ab", 0, 2613040991],
  ["abc", 0, 3017643002],
  ["abcd", 0, 1139631978],
  ["abcde", 0, 3902511862],
  ["abc", 0x9747b28c, 3360318173],
  ["中文", 0, 3676729751],
  ["héllo wörld", 0, 2549609076],
  ["😀", 0, 3199479546],
  ["😀", 42, 1877935379],
];

describe("murmur3", () => {
  it.each(VECTORS)("hashes %j with seed %d to the reference value", (s, seed, expected) => {
    expect(murmur3(s, seed)).toBe(expected);
  });

  it("hashes the bytes TextEncoder writes, lone surrogates included", () => {
    for (const s of ["plain", "ünïcödé", "日本語のテキスト", "𝐅𝐑𝐄𝐄 🎁", "\ud800x", "x\udc00", "a".repeat(1000)]) {
      expect(murmur3(s, 7)).toBe(murmur3Bytes(new TextEncoder().encode(s), 7));
    }
  });

  it("gives the same answer after a long string has grown its buffer", () => {
    const before = murmur3("hello");
    murmur3("x".repeat(100_000));
    expect(murmur3("hello")).toBe(before);
    expect(murmur3("é".repeat(50_000))).toBe(murmur3Bytes(new TextEncoder().encode("é".repeat(50_000))));
  });

  it("hashes a prefix and a slice as the string they join into, surrogates cut at the slice's ends included", () => {
    const s = "ab😀c\ud800déf";
    for (let start = 0; start <= s.length; start++) {
      for (let end = start; end <= s.length; end++) {
        expect(murmur3Joined("p:", s, start, end, 9)).toBe(murmur3(`p:${s.slice(start, end)}`, 9));
      }
    }
  });
});

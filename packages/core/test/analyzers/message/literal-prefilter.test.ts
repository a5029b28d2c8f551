import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CUE_TABLES } from "../../../src/analyzers/message/cue-matcher.js";
import {
  LazyPrefilter,
  LiteralPrefilter,
  PREFILTER_MIN_LENGTH,
  requiredLiterals,
} from "../../../src/analyzers/message/literal-prefilter.js";

/** Every source of the language tables: the cues' phrases, the deadline phrases and the warnings. */
const SOURCES = [
  ...new Set(
    CUE_TABLES.flatMap((t) => [
      ...Object.values(t.cues).flatMap((s) => s ?? []),
      ...t.deadlines,
      ...t.warnings,
      ...t.prohibitions,
    ]),
  ),
];

/** Whether a text holds a literal of every clause of one of the alternatives. */
function satisfies(text: string, alternatives: string[][][]): boolean {
  return alternatives.some((clauses) => clauses.every((literals) => literals.some((l) => text.includes(l))));
}

describe("requiredLiterals", () => {
  it.each<[string, string[][][] | null]>([
    ["urgent(?:ly)?", [[["urgent"]]]],
    ["act (?:now|fast)", [[["act fast", "act now"]]]],
    ["gift ?cards?", [[["gift card", "giftcard"]]]],
    ["fines?|penalt(?:y|ies)", [[["fine"]], [["penalties", "penalty"]]]],
    [
      "(?:pay|send)[^.!?]{0,40}gift ?cards?",
      [
        [
          ["pay", "send"],
          ["gift card", "giftcard"],
        ],
      ],
    ],
    ["within \\d+ ?h", [[["within "]]]],
    ["pay \\d+ now", [[["pay "], [" now"]]]],
    ["(?:a|b)(?:c|d)(?:e|f)x", [[["acex", "acfx", "adex", "adfx", "bcex", "bcfx", "bdex", "bdfx"]]]],
    ["(?<![a-z])code(?= is)", [[["code"]]]],
    ["[ao]ke", [[["ake", "oke"]]]],
    ["a\\.b", [[["a.b"]]]],
    ["verification number", [[["verificati"]]]],
    ["¿dónde", [[["nde"]]]],
  ])("%j", (source, expected) => {
    const got = requiredLiterals(source);
    expect(got?.map((clauses) => clauses.map((c) => [...c].sort()))).toEqual(expected);
  });

  it.each([
    "(?:foo)?",
    "x*",
    "[^.!?]{0,40}",
    "\\w+",
    ".",
    "a|(?:b)?",
    "(a)\\1",
    "\\u0041",
    "(?i:abc)",
    "é",
    "[\\s\\S]",
    "\\d{0,3}",
    "[ao]k",
    "\\$\\d{3}",
  ])("%j: nothing to require", (source) => {
    expect(requiredLiterals(source)).toBeNull();
  });

  it("reads every phrase of the language tables", () => {
    const unread = SOURCES.filter((s) => requiredLiterals(s) === null);
    expect(unread).toEqual([]);
  });

  it("never requires what a phrase's match lacks", () => {
    // Strings matching each phrase as a whole (lookarounds, which the generator cannot produce, are no part of the
    // tables' phrases); every one must hold the literals of one of the phrase's alternatives.
    for (const source of SOURCES) {
      const alternatives = requiredLiterals(source);
      if (alternatives === null) continue;
      fc.assert(
        fc.property(fc.stringMatching(new RegExp(`^(?:${source})$`)), (text) => satisfies(text, alternatives)),
        { numRuns: 40 },
      );
    }
  });
});

describe("LiteralPrefilter", () => {
  const bounded = (s: string): string => `(?<![a-z0-9])(?:${s})(?![a-z0-9])`;
  const groups = CUE_TABLES[0] === undefined ? [] : Object.values(CUE_TABLES[0].cues).map((s) => s ?? []);
  const filter = new LiteralPrefilter(groups);
  const patterns = groups.map((sources) => new RegExp(sources.map(bounded).join("|")));

  it("answers possible for every group whose patterns match", () => {
    // Texts of pieces of real matches, glued with words and punctuation: each group whose pattern matches must be
    // reported possible.
    const match = fc.constantFrom(...SOURCES).chain((s) => fc.stringMatching(new RegExp(`^(?:${s})$`)));
    const glue = fc.constantFrom(" ", ". ", ", ", " the ", " <url> ", " <phone> ", "!", "\n", "é", " 24 ");
    fc.assert(
      fc.property(fc.array(fc.oneof(match, glue), { minLength: 1, maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        const possible = filter.possible(text);
        patterns.forEach((re, i) => {
          if (re.test(text)) expect(possible[i]).toBe(true);
        });
      }),
      { numRuns: 2_000 },
    );
    // Pieces are generated from every language's phrases: seconds on a quiet machine, more on a loaded one.
  }, 90_000);

  it("rules groups out on texts without their literals", () => {
    const possible = filter.possible("hello, see you at lunch on the corner");
    expect(possible.filter((p) => p).length).toBeLessThan(possible.length / 2);
  });

  it("always allows a group with a pattern it cannot read", () => {
    const f = new LiteralPrefilter([["abc"], ["abc", "\\w+"], ["(x)\\1"]]);
    expect(f.possible("zzz")).toEqual([false, true, true]);
    expect(f.possible("xabcx")).toEqual([true, true, true]);
  });

  it("finds literals that overlap, nest and sit at the ends of the text", () => {
    const f = new LiteralPrefilter([["she"], ["hers"], ["sher"], ["his"], ["a b"], ["zed"]]);
    expect(f.possible("ushers")).toEqual([true, true, true, false, false, false]);
    expect(f.possible("hized")).toEqual([false, false, false, false, false, true]);
    expect(f.possible("a bé")).toEqual([false, false, false, false, true, false]);
    expect(f.possible("")).toEqual([false, false, false, false, false, false]);
  });

  it("reads regular expressions, and always runs those whose flags change what a literal matches", () => {
    const f = new LiteralPrefilter([[/abc/], [/abc/g], [/abc/i], [/abc/u]]);
    expect(f.possible("xyz")).toEqual([false, false, true, true]);
    expect(f.possible("abc")).toEqual([true, true, true, true]);
  });

  it("does not look for literals too short to rule anything out", () => {
    const f = new LiteralPrefilter([["ab"], ["abc"]]);
    expect(f.possible("xyz")).toEqual([true, false]);
  });
});

describe("LazyPrefilter", () => {
  it("leaves short texts to the patterns and builds the prefilter once, on the first long text", () => {
    let built = 0;
    const lazy = new LazyPrefilter(() => {
      built++;
      return [["gift card"], ["bitcoin"]];
    });
    expect(lazy.possible("send a gift card")).toBeNull();
    expect(built).toBe(0);
    const long = `${"x ".repeat(PREFILTER_MIN_LENGTH)} send a gift card`;
    expect(lazy.possible(long)).toEqual([true, false]);
    expect(lazy.possible(`${long} bitcoin`)).toEqual([true, true]);
    expect(built).toBe(1);
  });
});

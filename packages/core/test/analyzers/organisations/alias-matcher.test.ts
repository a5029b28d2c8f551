import { describe, expect, it } from "vitest";
import { createAliasMatcher, tokenize } from "../../../src/analyzers/organisations/alias-matcher.js";

const words = (text: string): string[] => tokenize(text).map((t) => t.norm);

describe("tokenize", () => {
  it("lower-cases words and drops separators", () => {
    expect(words("Your USPS parcel, #4821!")).toEqual(["your", "usps", "parcel", "4821"]);
  });

  it("joins hyphenated and apostrophised words", () => {
    expect(words("E-ZPass")).toEqual(["ezpass"]);
    expect(words("T-Mobile Lowe’s Florida's")).toEqual(["tmobile", "lowes", "floridas"]);
  });

  it("closes up dotted abbreviations but keeps domains as separate words", () => {
    expect(words("U.S.P.S.")).toEqual(["usps"]);
    expect(words("U.S. Marshals")).toEqual(["us", "marshals"]);
    expect(words("usps.com")).toEqual(["usps", "com"]);
    expect(words("irs.gov/refund")).toEqual(["irs", "gov", "refund"]);
  });

  it("reads '&' as 'and' and a trailing '+' as 'plus'", () => {
    expect(words("AT&T")).toEqual(["at", "and", "t"]);
    expect(words("PG & E")).toEqual(["pg", "and", "e"]);
    expect(words("Disney+ and Paramount+")).toEqual(["disney", "plus", "and", "paramount", "plus"]);
    expect(words("+1 800")).toEqual(["1", "800"]);
  });

  it("strips accents and keeps letters of other scripts", () => {
    expect(words("Administración del Seguro Social")).toEqual(["administracion", "del", "seguro", "social"]);
    expect(words("Ciudadanía")).toEqual(["ciudadania"]);
    expect(words("Почта 郵便")).toEqual(["почта", "郵便"]);
  });

  it("records where each word stands in the original text", () => {
    const text = "  E-ZPass: pay";
    const [first, second] = tokenize(text);
    expect(text.slice(first?.start, first?.end)).toBe("E-ZPass");
    expect(text.slice(second?.start, second?.end)).toBe("pay");
  });

  it("copes with trailing joiners and empty input", () => {
    expect(words("")).toEqual([]);
    expect(words("e-")).toEqual(["e"]);
    expect(words("U.")).toEqual(["u"]);
    expect(words("---")).toEqual([]);
  });
});

describe("createAliasMatcher", () => {
  const matcher = createAliasMatcher([
    { key: 0, alias: "EZ Pass", mode: "plain" },
    { key: 1, alias: "New York EZ Pass", mode: "plain" },
    { key: 2, alias: "Delta", mode: "word" },
    { key: 3, alias: "ICE", mode: "caps" },
  ]);
  const keys = (text: string): number[] => matcher.match(text).map((m) => m.key);

  it("matches the spaced and the joined spelling of a multi-word alias", () => {
    expect(keys("ez pass due")).toEqual([0]);
    expect(keys("EZPass due")).toEqual([0]);
  });

  it("reports token ranges and weights", () => {
    const [match] = matcher.match("Pay your EZ Pass now");
    expect(match).toEqual({ key: 0, start: 2, end: 4, weight: "ez pass".length });
  });

  it("drops a mention inside a longer one but keeps separate ones", () => {
    expect(keys("New York EZ Pass")).toEqual([1]);
    expect(keys("New York EZ Pass and EZ Pass")).toEqual([1, 0]);
  });

  it("needs a cue or a sender tag for a word alias", () => {
    expect(keys("the delta of the river")).toEqual([]);
    expect(keys("Delta flight cancelled")).toEqual([2]);
    expect(keys("DELTA: gate change")).toEqual([2]);
    expect(keys("Delta - your seat")).toEqual([2]);
    expect(keys("Delta of the Nile")).toEqual([]);
    expect(keys("call DELTA now")).toEqual([]);
  });

  it("needs capitals for a caps alias", () => {
    expect(keys("ICE agents")).toEqual([3]);
    expect(keys("Ice cream")).toEqual([]);
    expect(keys("ice")).toEqual([]);
  });

  it("refuses an alias without words", () => {
    expect(() => createAliasMatcher([{ key: 0, alias: "--", mode: "plain" }])).toThrow(/without words/);
  });
});

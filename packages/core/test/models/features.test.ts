import { describe, expect, it } from "vitest";
import { bucket, describeFeature, textFeatures, urlFeatures } from "../../src/models/features.js";

const words = (text: string): string[] =>
  textFeatures(text)
    .filter((f) => f.startsWith("w:"))
    .map((f) => f.slice(2));

describe("urlFeatures", () => {
  it("reads the host and the path apart, lower-cased, with the host's parts and counts", () => {
    const f = urlFeatures("HTTP://user@Www.PayPal.com.secure-login.xyz:8080/WebScr/login.php?cmd=_login");
    expect(f).toEqual(
      expect.arrayContaining([
        "sch:http",
        "userinfo",
        "port:8080",
        "tld:xyz",
        "dom:secure-login",
        "sub:3",
        "ht:paypal",
        "h:^www",
        "h:xyz$",
        "h:pal.c",
        "ext:php",
        "query",
        "pt:webscr",
        "p:/web",
        "p:.php",
      ]),
    );
    expect(f.some((x) => x.startsWith("h:/") || x.startsWith("p:^"))).toBe(false);
    expect(new Set(f).size).toBe(f.length);
  });

  it("names a hosting suffix, an IP host and a missing scheme", () => {
    expect(urlFeatures("orange-auth-log.github.io")).toEqual(
      expect.arrayContaining(["sch:none", "ps:github.io", "dom:orange-auth-log", "ht:orange"]),
    );
    expect(urlFeatures("http://61.57.62.114/AppleID.htm")).toEqual(expect.arrayContaining(["ip", "ext:htm"]));
  });
});

describe("textFeatures", () => {
  it("stands shapes in for links, addresses, amounts, phone numbers, dates and codes", () => {
    expect(
      words(
        "WINNER! Won £1,000. Call 09061701461 or +44 20 7946 0958, visit www.x-prize.com/claim or bit.ly/abc, " +
          "mail john.doe@example.com by 2023-11-30, code ABC123 or 482913, pay $6.99 in 24 hrs",
      ),
    ).toEqual([
      // Each word once, in the order first seen.
      "winner",
      "won",
      "<money>",
      "call",
      "<phone>",
      "or",
      "visit",
      "<url>",
      "mail",
      "<email>",
      "by",
      "<date>",
      "code",
      "<code>",
      "pay",
      "in",
      "24",
      "hrs",
    ]);
    expect(textFeatures("Call 09061701461 now or +44 20 7946 0958")).toEqual(
      expect.arrayContaining(["b:call <phone>", "b:or <phone>"]),
    );
    expect(textFeatures("visit bit.ly/abc or pay $6.99 to 482913")).toEqual(
      expect.arrayContaining(["b:visit <url>", "b:pay <money>", "b:to <code>"]),
    );
  });

  it("leaves dotted words that are no links as words", () => {
    expect(words("e.g. see the file notes.txt")).toEqual(["e", "g", "see", "the", "file", "notes", "txt"]);
  });

  it("reads scripts without spaces a character at a time, with character trigrams", () => {
    const f = textFeatures("您的包裹已到达，请点击链接确认。验证码 123456");
    expect(f).toEqual(expect.arrayContaining(["w:包", "b:包 裹", "c:包裹已", "b:码 <code>"]));
  });

  it("cuts words into character n-grams with their ends marked, after NFKC and lower-casing", () => {
    const f = textFeatures("𝐂𝐋𝐀𝐈𝐌 now");
    expect(f).toEqual(expect.arrayContaining(["w:claim", "c:_cl", "c:claim", "c:aim_", "b:claim now"]));
  });

  it("counts exclamation marks and capitals in buckets", () => {
    expect(textFeatures("FREE ENTRY NOW!!!!!")).toEqual(expect.arrayContaining(["excl:4", "caps:5"]));
    expect(bucket(0)).toBe(0);
    expect(bucket(3)).toBe(3);
    expect(bucket(7)).toBe(4);
    expect(bucket(300)).toBe(256);
  });

  it("buckets every count as the power of two its logarithm gives", () => {
    const counts = [
      4,
      5,
      7,
      8,
      9,
      15,
      16,
      17,
      1023,
      1024,
      1025,
      2 ** 30 - 1,
      2 ** 30,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 40 + 3,
    ];
    for (let n = 4; n < 5000; n++) counts.push(n);
    for (const n of [...counts, 4.5, 1e6 + 0.25]) expect(bucket(n)).toBe(2 ** Math.floor(Math.log2(n)));
  });

  it.each([
    ["letters", "a".repeat(1 << 20)],
    ["digits", "1".repeat(1 << 20)],
    ["digits and spaces", "1 ".repeat(1 << 19)],
    ["dotted", "a.".repeat(1 << 19)],
    ["accented", "éa".repeat(1 << 19)],
    ["Chinese", "中".repeat(1 << 20)],
    ["at signs", "a@".repeat(1 << 19)],
    ["words", "claim your prize now ".repeat(1 << 15)],
    ["money", "$1,".repeat(1 << 18)],
  ])("reads a bounded number of features from 1 MB of %s", (_, input) => {
    // How long it takes is measured in bench/model-inference.ts; here, that the work has a bound.
    const text = textFeatures(input);
    const url = urlFeatures(input);
    expect(text.length).toBeLessThan(12_000);
    expect(url.length).toBeLessThan(3_000);
  });
});

describe("describeFeature", () => {
  it.each([
    ["b:call <phone>", "“call [phone number]”"],
    ["w:claim", "“claim”"],
    ["c:_cla", "words starting “cla”"],
    ["c:aim_", "words ending “aim”"],
    ["c:lai", "“…lai…” within words"],
    ["tld:xyz", "the ending .xyz"],
    ["ps:weebly.com", "a site on weebly.com"],
    ["h:^payp", "“payp” in the site name"],
    ["pt:login", "“login” in the path"],
    ["hyph:4", "4-7 hyphens in the site name"],
    ["hyph:1", "1 hyphen in the site name"],
    ["pdepth:1", "1 folder level"],
    ["hdig:2", "2 digits in the site name"],
  ])("reads %s as %s", (feature, words) => {
    expect(describeFeature(feature)).toBe(words);
  });
});

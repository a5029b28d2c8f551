// The shipped models read exactly what training computed: the golden file, written by `pnpm train:models`, holds for
// a few fixed inputs the feature list and the logit the trainer got from the same bytes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  describeFeature,
  messageModel,
  readModel,
  readMessage,
  readUrl,
  textFeatures,
  urlFeatures,
  urlModel,
  type LinearModel,
} from "../../src/models/index.js";
import { TEXT_FEATURE_SET, URL_FEATURE_SET } from "../../src/models/features.js";

interface GoldenCase {
  readonly input: string;
  readonly features: string[];
  readonly logit: number;
  readonly floatLogit: number;
  readonly top: { feature: string; weight: number }[];
}
const golden = JSON.parse(readFileSync(new URL("./fixtures/golden-models.json", import.meta.url), "utf8")) as Record<
  string,
  GoldenCase[]
>;

const MODELS: Record<string, { model: () => LinearModel; features: (s: string) => string[]; set: number }> = {
  url: { model: urlModel, features: urlFeatures, set: URL_FEATURE_SET },
  message: { model: () => messageModel("sms"), features: textFeatures, set: TEXT_FEATURE_SET },
  email: { model: () => messageModel("email"), features: textFeatures, set: TEXT_FEATURE_SET },
};

describe.each(Object.keys(MODELS))("the %s model", (name) => {
  const { model, features, set } = MODELS[name]!;
  const cases = golden[name] ?? [];

  it("has golden cases and reads its own feature set", () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(model().featureSet).toBe(set);
    expect(model()).toBe(model());
  });

  it("is a model of a few hundred kilobytes to a megabyte or two in memory", () => {
    expect(model().weights.byteLength).toBeGreaterThanOrEqual(2 ** 16);
    expect(model().weights.byteLength).toBeLessThanOrEqual(2 ** 22);
  });

  it.each(cases.map((c) => [c.input.slice(0, 40), c] as const))("reads %j as training did", (_, c) => {
    expect(features(c.input)).toEqual(c.features);
    const reading = readModel(model(), c.features);
    expect(reading.logit).toBeCloseTo(c.logit, 9);
    expect(reading.top).toEqual(c.top.map((t) => ({ feature: t.feature, weight: expect.closeTo(t.weight, 9) })));
    // Quantisation moves the logit only a little from the float model's.
    expect(Math.abs(reading.logit - c.floatLogit)).toBeLessThan(0.05 + 0.02 * Math.abs(c.floatLogit));
  });
});

describe("readings", () => {
  it("puts a prize scam text above a friend's message, and says which words weighed", () => {
    const scam = readMessage("sms", "WINNER!! You have won a £1,000 prize. Call 09061701461 now to claim.");
    const friend = readMessage("sms", "Hey, are we still on for dinner at 7? I'll bring the wine.");
    expect(scam.logit).toBeGreaterThan(friend.logit);
    expect(scam.top.length).toBeGreaterThan(0);
    for (const t of scam.top) expect(t.weight).toBeGreaterThan(0);
    expect(scam.top.map((t) => describeFeature(t.feature)).every((d) => d.length > 0)).toBe(true);
  });

  it("puts an advance-fee email above a colleague's note", () => {
    const scam = readMessage(
      "email",
      "URGENT BUSINESS PROPOSAL\n\nDear friend, I am a bank manager and I need your assistance to transfer " +
        "$15,500,000 to your account. Reply with your full name and phone number.",
    );
    const note = readMessage("email", "Re: meeting notes\n\nHi all, attached are the notes from Tuesday.");
    expect(scam.logit).toBeGreaterThan(note.logit);
  });

  it("puts a phishing URL above a well-known page", () => {
    expect(readUrl("http://paypal.com.account-verify-login.xyz/webscr/signin.php").logit).toBeGreaterThan(
      readUrl("https://en.wikipedia.org/wiki/Phishing").logit,
    );
  });

  it("reads a 1 MB input no differently from a 2 MB one", () => {
    // How long it takes is measured in bench/model-inference.ts; here, that only a bounded opening is read.
    const big = "Claim your prize now at www.example.com! ".repeat(26_000);
    const whole = readMessage("email", big);
    expect(Number.isFinite(whole.logit)).toBe(true);
    // Twice as long reads the same: past the bound, what follows is never looked at.
    expect(readMessage("email", big + big).logit).toBeCloseTo(whole.logit, 9);
    expect(Number.isFinite(readUrl(`https://example.com/${big}`).logit)).toBe(true);
  });
});

describe("readUrl", () => {
  // A fixed pseudo-random stream, so the generated addresses are the same on every run.
  let state = 0x2545f491;
  const next = (n: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const PIECES = [
    "a",
    "b",
    "ab",
    "-",
    ".",
    "/",
    "?",
    "=",
    "&",
    "%2f",
    ":",
    "@",
    "é",
    "😀",
    "\ud800",
    "\udc00",
    "0",
    "9",
  ];
  const generated = Array.from({ length: 400 }, () => {
    let s = ["https://", "http://", "", "ftp://", "HTTPS://"][next(5)]!;
    for (let i = next(60); i > 0; i--) s += PIECES[next(PIECES.length)];
    return s;
  });
  const CASES = [
    "https://paypa1-secure-login.com/signin?n=1",
    "http://aaaaaaaaaaaa.com/aaaaaaaaaaaaaaaa/aaaa?aaa=aaaa",
    "https://com.com/com/com/com",
    "https://user:pw@[::1]:8080/x",
    "https://192.168.0.1/login",
    "https://a.b.c.d.e.f.example.co.uk./x/y/z.php?q=1#frag",
    "ftp://ünïcödé.de/päth/😀😀/\ud800x",
    `https://x.com/${"abc/".repeat(200)}`,
    `https://${"ab".repeat(200)}.com/`,
    "",
    ...generated,
  ];

  it("reads as readModel reads urlFeatures: the same logit, and the same top features in the same order", () => {
    for (const url of CASES) {
      expect(readUrl(url), url).toEqual(readModel(urlModel(), urlFeatures(url)));
      expect(readUrl(url, 12), url).toEqual(readModel(urlModel(), urlFeatures(url), 12));
    }
  });

  it("reads a host met before as it read it the first time, whatever the rest of the URL", () => {
    // The host's features are counted from what the first reading kept: the same logit and the same top features,
    // in the same order, as reading every feature afresh, for each URL read again and under other hosts' paths.
    const paths = CASES.map((url) => url.replace(/^[a-z]*:?\/*[^/?#\\]*/i, ""));
    for (const [i, url] of CASES.entries()) {
      for (const again of [
        url,
        `${url}&again`,
        `${url.slice(0, url.length - paths[i]!.length)}${paths[(i + 7) % paths.length]}`,
      ]) {
        expect(readUrl(again), again).toEqual(readModel(urlModel(), urlFeatures(again)));
        expect(readUrl(again, 12), again).toEqual(readModel(urlModel(), urlFeatures(again), 12));
      }
    }
  });
});

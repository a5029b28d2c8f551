// The words a message model read, and how much of its reading counts for a text in words it never read.
import { describe, expect, it } from "vitest";
import { messageVocabulary, readMessage, readMessageKnown, textFeatures } from "../../src/models/index.js";
import { MAX_STRENGTH, messageModelEvidence, readingStrength } from "../../src/models/model-evidence.js";
import {
  encodeVocabulary,
  FAMILIAR_SHARE,
  familiarity,
  Vocabulary,
  VOCABULARY_MIN_TEXTS,
  vocabularyWords,
} from "../../src/models/vocabulary.js";

describe("vocabularyWords", () => {
  it("takes the text's words with a letter, not the shapes of links, amounts and numbers", () => {
    const words = vocabularyWords(textFeatures("Pay $25 at https://x.example/pay by 12/03 or call 0800 123 4567 now"));
    expect(words).toEqual(expect.arrayContaining(["pay", "at", "by", "or", "call", "now"]));
    expect(words.some((w) => w.startsWith("<") || /^\d+$/.test(w))).toBe(false);
  });
});

describe("a vocabulary", () => {
  const texts = [
    ["parcel", "fee"],
    ["parcel", "home"],
    ["parcel", "fee"],
    ["fee", "home"],
  ];
  const vocabulary = new Vocabulary(encodeVocabulary(texts));

  it(`knows a word met in ${VOCABULARY_MIN_TEXTS} or more texts, and not one met in fewer`, () => {
    expect(VOCABULARY_MIN_TEXTS).toBe(3);
    expect(vocabulary.has("parcel")).toBe(true);
    expect(vocabulary.has("fee")).toBe(true);
    expect(vocabulary.has("home")).toBe(false);
    expect(vocabulary.has("unmet")).toBe(false);
  });

  it("counts a word once per text", () => {
    const once = new Vocabulary(encodeVocabulary([["fee", "fee", "fee"], ["fee"]]));
    expect(once.has("fee")).toBe(false);
  });

  it("gives the share of known words, and none for a text without words", () => {
    expect(vocabulary.share(["parcel", "home", "fee", "unmet"])).toBe(0.5);
    expect(vocabulary.share([])).toBeNull();
  });

  it("refuses bytes of another size", () => {
    expect(() => new Vocabulary(new Uint8Array(16))).toThrow(RangeError);
  });
});

describe("how much of a reading counts", () => {
  it(`counts all of it from ${FAMILIAR_SHARE} of the words known, in proportion below, and all of it when uncounted`, () => {
    expect(familiarity(1)).toBe(1);
    expect(familiarity(FAMILIAR_SHARE)).toBe(1);
    expect(familiarity(FAMILIAR_SHARE / 2)).toBeCloseTo(0.5, 12);
    expect(familiarity(0)).toBe(0);
    expect(familiarity(null)).toBe(1);
  });

  it("clips the log-odds before it scales them", () => {
    expect(readingStrength(20, null)).toBe(MAX_STRENGTH);
    expect(readingStrength(-20, FAMILIAR_SHARE / 4)).toBeCloseTo(-MAX_STRENGTH / 4, 12);
    expect(readingStrength(3, 0.1)).toBeCloseTo(3 * (0.1 / FAMILIAR_SHARE), 12);
  });
});

describe("the shipped texts' and letters' model", () => {
  const persian = "مشتری گرامی، قبض گاز شما صادر شد. برای پرداخت روی لینک زیر بزنید https://example.ir/pay";
  const english = "Your parcel could not be delivered. Pay the redelivery fee today at https://example.top/pay";

  it("knows the words of its training languages and few of a language it never read", () => {
    const v = messageVocabulary();
    expect(v).toBe(messageVocabulary());
    for (const w of ["your", "account", "call", "delivered", "bạn", "tài", "ค", "kamu", "pesa"])
      expect(v.has(w), w).toBe(true);
    expect(readMessageKnown("sms", english).known).toBeGreaterThanOrEqual(0.9);
    expect(readMessageKnown("sms", persian).known).toBeLessThan(FAMILIAR_SHARE);
  });

  it("reads the same logit as readMessage, and counts no share for mail, whose model is its own", () => {
    expect(readMessageKnown("sms", persian).reading).toEqual(readMessage("sms", persian));
    expect(readMessageKnown("email", english).known).toBeNull();
  });

  it("weighs a reading of a text in unknown words for less, and says so", () => {
    const { reading, known } = readMessageKnown("sms", persian);
    const hit = messageModelEvidence("sms", persian).factors[0] as { strength: number; label: string };
    expect(hit.strength).toBeCloseTo(readingStrength(reading.logit, known), 3);
    expect(Math.abs(hit.strength)).toBeLessThan(Math.min(MAX_STRENGTH, Math.abs(reading.logit)));
    expect(hit.label).toMatch(/the model knows \d+% of its words, so its reading counts for less/);

    const plain = messageModelEvidence("sms", english).factors[0] as { strength: number; label: string };
    expect(plain.strength).toBeCloseTo(
      Math.max(-MAX_STRENGTH, Math.min(MAX_STRENGTH, readMessage("sms", english).logit)),
      3,
    );
    expect(plain.label).not.toMatch(/counts for less/);
  });
});

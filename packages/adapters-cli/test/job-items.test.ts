// The items `scamverify jobs submit` reads from a file: values one per line, JSON Lines, or CSV with a header.
import { describe, expect, it } from "vitest";
import { readItems } from "../src/commands/jobs.js";

describe("readItems", () => {
  it("turns one value a line into the channel's request body, skipping blank lines", () => {
    expect(readItems("https://a.example/\n\n  https://b.example/  \r\n", "url", undefined)).toEqual([
      { url: "https://a.example/" },
      { url: "https://b.example/" },
    ]);
    expect(readItems("+14155552671\n", "phone", undefined)).toEqual([{ phone_number: "+14155552671" }]);
  });

  it("reads JSON Lines as request bodies, by contents or by --format", () => {
    const text = '{"text":"Your parcel is held","sender_number":"+14155552671"}\n{"text":"hi"}\n';
    expect(readItems(text, "text", undefined)).toEqual([
      { text: "Your parcel is held", sender_number: "+14155552671" },
      { text: "hi" },
    ]);
    expect(() => readItems("{not json\n", "text", "jsonl")).toThrow();
  });

  it("reads CSV with a header naming the fields", () => {
    expect(readItems("phone_number\n+14155552671\n+12025550123\n", "phone", "csv")).toEqual([
      { phone_number: "+14155552671" },
      { phone_number: "+12025550123" },
    ]);
  });

  it("reads CSV as RFC 4180 says: quoted commas, doubled quotes and line breaks stay in their cell", () => {
    expect(readItems('text,sender_number\n"Pay now, ""today""","+14155552671"\n"a\nb",\n', "text", "csv")).toEqual([
      { text: 'Pay now, "today"', sender_number: "+14155552671" },
      { text: "a\nb" },
    ]);
    expect(() => readItems("url\nhttps://a.example/,extra\n", "url", "csv")).toThrow(/line\.2: Has 2 cells/);
  });
});

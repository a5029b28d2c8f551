// The URL lookup's shortcut for a plainly valid body gives what the request schema gives, and leaves every other
// body (whatever the schema would say of it) to the schema.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quickUrlRequest } from "../../../src/channels/url/url-channel.js";
import { MAX_URL_LENGTH, UrlLookupRequestSchema } from "../../../src/schemas/url.js";

const urlLike = fc.oneof(
  fc.webUrl(),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    "x",
    "a".repeat(MAX_URL_LENGTH),
    "a".repeat(MAX_URL_LENGTH + 1),
    "😀".repeat(1024),
    "😀".repeat(1025),
  ),
);
const body = fc.oneof(
  fc.record({ url: urlLike }),
  fc.record({ url: urlLike, force_refresh: fc.boolean() }),
  fc.record({ force_refresh: fc.boolean(), url: urlLike }),
  fc.record({ url: urlLike, force_refresh: fc.constant(undefined) }),
  fc.record({ url: fc.anything(), force_refresh: fc.anything() }, { requiredKeys: [] }),
  fc.record({ url: urlLike, other: fc.anything() }),
  fc.dictionary(fc.string(), fc.anything()),
  fc.anything(),
);

describe("quickUrlRequest", () => {
  it("gives what the schema gives, or leaves the body to it", () => {
    fc.assert(
      fc.property(body, (b) => {
        const quick = quickUrlRequest(b);
        const parsed = UrlLookupRequestSchema.safeParse(b);
        if (quick === undefined) return;
        expect(parsed.success).toBe(true);
        expect(Object.keys(quick)).toEqual(Object.keys(parsed.data!));
        expect(quick).toEqual(parsed.data);
      }),
      { numRuns: 2_000 },
    );
  });

  it("takes the bodies lookups send", () => {
    expect(quickUrlRequest({ url: "https://example.com/" })).toEqual({
      url: "https://example.com/",
      force_refresh: false,
    });
    expect(quickUrlRequest({ url: "example.com", force_refresh: true })).toEqual({
      url: "example.com",
      force_refresh: true,
    });
  });

  it("leaves to the schema what it must refuse or word", () => {
    const leftOut: unknown[] = [
      {},
      { url: "" },
      { url: 42 },
      { url: "a".repeat(MAX_URL_LENGTH + 1) },
      { url: "x", force_refresh: "yes" },
      { url: "x", extra: 1 },
      JSON.parse('{"url":"x","__proto__":{"a":1}}'),
      Object.assign(Object.create(null) as object, { url: "x" }),
      ["x"],
      "https://example.com/",
      null,
      undefined,
    ];
    for (const b of leftOut) expect(quickUrlRequest(b)).toBeUndefined();
  });
});

// Request bodies are validated once at the core boundary. A frozen body (one the HTTP face gives out again for the
// same bytes) is validated once per schema: the same body gets the same frozen value; anything else is parsed afresh.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UrlLookupRequestSchema } from "../../src/schemas/url.js";
import { parseBody } from "../../src/usecases/parse-body.js";

describe("parseBody", () => {
  it("gives a frozen body's validated value again, frozen, for that body and schema", () => {
    const body = Object.freeze({ url: "https://example.com/" });
    const first = parseBody(UrlLookupRequestSchema, body);
    const second = parseBody(UrlLookupRequestSchema, body);
    expect(first._unsafeUnwrap()).toEqual({ url: "https://example.com/", force_refresh: false });
    expect(second._unsafeUnwrap()).toBe(first._unsafeUnwrap());
    expect(Object.isFrozen(first._unsafeUnwrap())).toBe(true);
    // Another schema validates the same body for itself.
    const other = z.strictObject({ url: z.string().max(5) });
    expect(parseBody(other, body).isErr()).toBe(true);
  });

  it("parses a body that is not frozen every time, into a value the caller may change", () => {
    const body = { url: "https://example.com/" };
    const first = parseBody(UrlLookupRequestSchema, body)._unsafeUnwrap();
    const second = parseBody(UrlLookupRequestSchema, body)._unsafeUnwrap();
    expect(second).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });

  it("refuses a frozen body as it refuses the same body unfrozen, every time", () => {
    const bad = { url: "", extra: 1 };
    const plain = parseBody(UrlLookupRequestSchema, bad)._unsafeUnwrapErr();
    const frozen = Object.freeze({ ...bad });
    expect(parseBody(UrlLookupRequestSchema, frozen)._unsafeUnwrapErr()).toEqual(plain);
    expect(parseBody(UrlLookupRequestSchema, frozen)._unsafeUnwrapErr()).toEqual(plain);
  });

  it("keeps no shared value that holds objects: a frozen body's nested value is parsed afresh", () => {
    const schema = z.object({ tags: z.array(z.string()) });
    const body = Object.freeze({ tags: Object.freeze(["a"]) });
    const first = parseBody(schema, body)._unsafeUnwrap();
    const second = parseBody(schema, body)._unsafeUnwrap();
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });
});

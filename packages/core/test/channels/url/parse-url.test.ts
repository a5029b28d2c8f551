import { describe, expect, it } from "vitest";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";
import { parseUrl } from "../../../src/channels/url/url-channel.js";

describe("parseUrl", () => {
  it("gives the normal form normalizeUrl gives, shared and frozen when the same URL comes again", () => {
    const raw = "  <HTTPS://Secure-PayPa1.com.verify-account.top/login?x=1#jane@corp.example>.";
    const first = parseUrl(raw, "url")._unsafeUnwrap();
    const again = parseUrl(raw, "url")._unsafeUnwrap();
    expect(first).toEqual(normalizeUrl(raw)._unsafeUnwrap());
    expect(again).toBe(first);
    expect(Object.isFrozen(again)).toBe(true);
  });

  it("keeps URLs apart, however many come between", () => {
    const urls = Array.from({ length: 3_000 }, (_, i) => `https://site-${i}.example.com/p/${i}`);
    for (const raw of urls) expect(parseUrl(raw, "url")._unsafeUnwrap().href).toBe(raw);
    for (const raw of urls.slice(0, 5)) expect(parseUrl(raw, "url")._unsafeUnwrap().host).toBe(new URL(raw).host);
  });

  it("names the field of the request in a refusal, each time", () => {
    for (const field of ["url", "value", "url"]) {
      const e = parseUrl("not a url", field)._unsafeUnwrapErr();
      expect(e.code).toBe("validation_error");
      expect((e.details?.["issues"] as { field: string }[])[0]?.field).toBe(field);
    }
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";
import { MAX_URL_LENGTH } from "../../../src/schemas/url.js";

describe("normalizeUrl accepts what people paste", () => {
  it.each([
    ["example.com", "https://example.com/", "example.com"],
    ["  https://Example.COM/Path?q=1#frag ", "https://example.com/Path?q=1", "example.com"],
    ["<https://example.com/a>", "https://example.com/a", "example.com"],
    ['"www.example.co.uk/login".', "https://www.example.co.uk/login", "example.co.uk"],
    ["(example.org/page)!", "https://example.org/page", "example.org"],
    [
      "https://en.wikipedia.org/wiki/Phishing_(computing)).",
      "https://en.wikipedia.org/wiki/Phishing_(computing)",
      "wikipedia.org",
    ],
    ["example.com/x\u2026", "https://example.com/x", "example.com"],
    ["hxxp://evil[.]example[.]com/x", "http://evil.example.com/x", "example.com"],
    ["//cdn.example.net/a.js", "https://cdn.example.net/a.js", "example.net"],
    ["example.com:8080/admin", "https://example.com:8080/admin", "example.com"],
    ["http://münchen.de/", "http://xn--mnchen-3ya.de/", "xn--mnchen-3ya.de"],
    ["https://foo.github.io/x", "https://foo.github.io/x", "foo.github.io"],
  ])("%s", (raw, href, registrable) => {
    const r = normalizeUrl(raw)._unsafeUnwrap();
    expect(r.href).toBe(href);
    expect(r.registrableDomain).toBe(registrable);
  });

  it("splits host parts and keeps the Unicode form", () => {
    const r = normalizeUrl("https://user:pw@a.b.xn--mnchen-3ya.de:8443/p?q=1")._unsafeUnwrap();
    expect(r).toMatchObject({
      scheme: "https",
      host: "a.b.xn--mnchen-3ya.de",
      hostUnicode: "a.b.münchen.de",
      port: 8443,
      path: "/p",
      query: "?q=1",
      publicSuffix: "de",
      subdomain: "a.b",
      isIp: false,
      hasCredentials: true,
    });
  });

  it.each([
    ["http://3232235777/", "192.168.1.1"],
    ["http://0xC0A80101/", "192.168.1.1"],
    ["http://0300.0250.1.1/", "192.168.1.1"],
    ["http://[::1]:8080/", "::1"],
  ])("canonicalizes the IP host %s", (raw, host) => {
    const r = normalizeUrl(raw)._unsafeUnwrap();
    expect(r.host).toBe(host);
    expect(r.isIp).toBe(true);
    expect(r.registrableDomain).toBeNull();
    expect(r.publicSuffix).toBeNull();
  });
});

describe("normalizeUrl rejects what is not a web URL", () => {
  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["javascript:alert(1)", "javascript"],
    ["data:text/html,hi", "data"],
    ["ftp://example.com/file", "ftp"],
    ["mailto:someone@example.com", "mailto"],
    ["file:///etc/passwd", "file"],
    ["foo:bar", "Unsupported"],
    ["http://", "no host"],
    ["exa mple.com", "spaces"],
    ["http://exa mple.com/path", "spaces"],
    ["localhost:3000", "not a public host"],
    ["https://co.uk/", "public suffix"],
    ["http://exa<mple.com", "valid"],
    [`https://example.com/${"a".repeat(MAX_URL_LENGTH)}`, String(MAX_URL_LENGTH)],
  ])("%#: %s", (raw, fragment) => {
    const issues = normalizeUrl(raw)._unsafeUnwrapErr();
    expect(issues).toHaveLength(1);
    expect(issues[0]?.field).toBe("url");
    expect(issues[0]?.message).toContain(fragment);
  });
});

describe("normalizeUrl refuses hosts and ports that cannot exist", () => {
  const label = (n: number): string => "a".repeat(n);
  it.each([
    [`https://${label(64)}.com/`, "is 64 characters long; a label has at most 63"],
    [`https://www.${label(70)}.example.com/`, "is 70 characters long; a label has at most 63"],
    [`https://${"\u00fc".repeat(60)}.com/`, "a label has at most 63"], // 66 characters once in Punycode
    [`https://${`${label(62)}.`.repeat(4)}com/`, "is 255 characters long; a host name has at most 253"],
    [`https://${"a.".repeat(127)}com/`, "has 128 labels; a host name has at most 127"],
    ["https://example.com:0/", "port is 0"],
    ["example.com:00", "port is 0"],
    ["http://[2001:db8::1]:0/", "port is 0"],
    ["https://example.com:65536/", "port 65536 is out of range"],
    ["https://203.0.113.9:99999/", "port 99999 is out of range"],
  ])("%#: %s", (raw, fragment) => {
    const issues = normalizeUrl(raw)._unsafeUnwrapErr();
    expect(issues).toEqual([{ field: "url", message: expect.stringContaining(fragment) }]);
  });

  it.each([
    `https://${label(63)}.com/`,
    `https://${`${label(61)}.`.repeat(4)}com/`, // 251 characters
    `https://${"a.".repeat(125)}com/`, // 126 labels
    "https://example.com:1/",
    "https://example.com:65535/",
  ])("accepts the limits themselves: %s", (raw) => {
    expect(normalizeUrl(raw).isOk()).toBe(true);
  });
});

describe("normalizeUrl properties", () => {
  it("never throws and always answers with a URL or issues", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.string({ unit: "grapheme" })), (s) => {
        const r = normalizeUrl(s);
        if (r.isOk()) {
          expect(["http", "https"]).toContain(r.value.scheme);
          expect(r.value.href.includes("#")).toBe(false);
        } else {
          expect(r.error.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent on its own output", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), (s) => {
        const once = normalizeUrl(s);
        if (once.isErr()) return;
        expect(normalizeUrl(once.value.href)._unsafeUnwrap().href).toBe(once.value.href);
      }),
    );
  });
});

describe("the fragment", () => {
  it("is left out of the normalized URL, keeping only whether it was an email address", () => {
    const withEmail = normalizeUrl("https://docs.example/#jane@corp.example")._unsafeUnwrap();
    expect(withEmail.href).toBe("https://docs.example/");
    expect(withEmail.fragmentEmail).toBe(true);
    expect(normalizeUrl("https://docs.example/#top")._unsafeUnwrap().fragmentEmail).toBeUndefined();
  });
});

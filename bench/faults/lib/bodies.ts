// Generated request bodies for the fuzz campaign (fast-check, seeded: the same corpus on every run). A body is a
// value plus how it travels: JSON, a form, multipart or raw bytes, with a content type and sometimes a content
// encoding, because the readers in front of the handlers (JSON, form, multipart, gzip) are as much under test as
// the handlers.
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { DEFAULT_REGISTRY } from "../../../packages/core/src/index.js";

export interface Wire {
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  /** A short description for the report. */
  readonly note: string;
}

const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "\udfff",
    "\u202e",
    "\ufeff",
    "a".repeat(70_000),
    "<script>alert(1)</script>",
    "%00",
    "%",
    "{{7*7}}",
    "${jndi:ldap://x}",
    "'; DROP TABLE accounts; --",
    "../../../../etc/passwd",
    "http://",
    "http://[::1",
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    "+",
    "+1",
    "00000000000000000000000000",
    "NaN",
    "-1",
    "1e309",
    "__proto__",
    "constructor",
  ),
);

export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(nastyString, { maxLength: 5 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 2 ** 31, 1e300),
);

const phone = fc.oneof(
  fc
    .tuple(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 9999 }))
    .map(([a, b, c]) => `(${a}) ${b}-${String(c).padStart(4, "0")}`),
  fc.stringMatching(/^\+[1-9][0-9]{6,14}$/),
  fc.stringMatching(/^[0-9 ()+\-.]{3,25}$/),
);
const url = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.domain(),
  fc.stringMatching(/^https?:\/\/[a-z0-9.-]{1,40}\.[a-z]{2,6}\/[a-zA-Z0-9/_.?=&%-]{0,40}$/),
);
const words = fc
  .array(
    fc.constantFrom(
      "your",
      "account",
      "is",
      "locked",
      "verify",
      "now",
      "pay",
      "toll",
      "$4.15",
      "USPS",
      "package",
      "click",
      "gift",
      "card",
      "urgent",
      "IRS",
      "refund",
      "hi",
      "mom",
      "new",
      "number",
    ),
    { minLength: 1, maxLength: 30 },
  )
  .map((w) => w.join(" "));
const text = fc.oneof(
  words,
  fc.tuple(words, url).map(([w, u]) => `${w} ${u}`),
  fc.tuple(words, phone).map(([w, p]) => `${w} call ${p}`),
);
const headersBlock = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "From",
        "To",
        "Subject",
        "Received",
        "Return-Path",
        "DKIM-Signature",
        "Authentication-Results",
        "Reply-To",
        "Message-ID",
        "X-Junk",
      ),
      fc.string({ unit: "binary-ascii", maxLength: 80 }),
    ),
    { maxLength: 8 },
  )
  .map((h) => h.map(([k, v]) => `${k}: ${v}`).join("\r\n"));

/** Plausible values for the fields the API knows, so part of the corpus gets past validation into the engine. */
export const plausible: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  url,
  urls: fc.array(url, { minLength: 1, maxLength: 4 }),
  phone_number: phone,
  phone_numbers: fc.array(phone, { minLength: 1, maxLength: 4 }),
  sender_number: phone,
  text,
  messages: fc.array(fc.record({ text }), { minLength: 1, maxLength: 3 }),
  email_body: fc.oneof(
    text,
    fc.tuple(headersBlock, text).map(([h, t]) => `${h}\r\n\r\n${t}`),
  ),
  raw_headers: headersBlock,
  kind: fc.constantFrom(...DEFAULT_REGISTRY.channels.map((c) => c.id)),
  value: fc.oneof(url, phone),
  category: fc.constantFrom("phishing", "scam", "spam", "robocall", "other", "irs_impersonation"),
  comment: text,
  force_refresh: fc.boolean(),
  country: fc.constantFrom("US", "GB", "CA", "XX"),
};

/** A record of the route's fields: plausible values mostly, a nasty one or an unknown field now and then. */
export function recordOf(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  if (fields.length === 0) return fc.dictionary(nastyString, nasty, { maxKeys: 3 });
  const entry = fc
    .constantFrom(...fields)
    .chain((f) =>
      fc.tuple(
        fc.constant(f),
        fc.oneof({ weight: 3, arbitrary: plausible[f] ?? nastyString }, { weight: 1, arbitrary: nasty }),
      ),
    );
  return fc
    .tuple(
      fc.uniqueArray(entry, { selector: (e) => e[0], maxLength: fields.length }),
      fc.option(fc.tuple(nastyString, nasty), { freq: 5 }),
    )
    .map(([entries, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries) out[k] = v;
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
}

/** A JSON value for a route: mostly a record of its fields, sometimes any JSON at all. */
export function jsonValueOf(fields: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: recordOf(fields) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.array(recordOf(fields), { maxLength: 3 }) },
  );
}

function stringify(v: unknown): string {
  // undefined and lone surrogates are what JSON.stringify would drop or escape; keep them as they come.
  return JSON.stringify(v) ?? "undefined";
}

const transport = fc.nat({ max: 99 });
const junkBytes = fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b));

/** How a JSON value travels: mostly as JSON, sometimes gzipped, mislabelled, in another charset or broken. */
export function jsonWire(value: fc.Arbitrary<unknown>): fc.Arbitrary<Wire> {
  return fc.tuple(value, transport, junkBytes).map(([v, t, junk]): Wire => {
    const text = stringify(v);
    const json = { "content-type": "application/json" };
    if (t < 72) return { headers: json, body: Buffer.from(text, "utf8"), note: "json" };
    if (t < 78) return { headers: { ...json, "content-encoding": "gzip" }, body: gzipSync(text), note: "json gzip" };
    if (t < 81) return { headers: { ...json, "content-encoding": "gzip" }, body: junk, note: "broken gzip" };
    if (t < 84)
      return {
        headers: { ...json, "content-encoding": "br, identity, x" },
        body: Buffer.from(text),
        note: "odd encoding",
      };
    if (t < 87)
      return {
        headers: { "content-type": "application/json; charset=utf-16" },
        body: Buffer.from(text, "utf16le"),
        note: "utf-16",
      };
    if (t < 90)
      return {
        headers: { "content-type": "application/json; charset=latin1" },
        body: Buffer.from(text, "latin1"),
        note: "latin1",
      };
    if (t < 93)
      return {
        headers: json,
        body: Buffer.concat([Buffer.from(text.slice(0, text.length >> 1)), junk]),
        note: "cut json",
      };
    if (t < 95) return { headers: { "content-type": "text/plain" }, body: Buffer.from(text), note: "text/plain" };
    if (t < 97) return { headers: {}, body: Buffer.from(text), note: "no content-type" };
    if (t < 98)
      return { headers: { ...json, "transfer-encoding": "chunked" }, body: Buffer.from(text), note: "chunked" };
    return {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.from(text),
      note: "json as form",
    };
  });
}

function formText(record: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(record)) {
    if (Array.isArray(v)) for (const item of v) p.append(k, String(item));
    else if (v !== undefined) p.append(k, typeof v === "object" && v !== null ? stringify(v) : String(v));
  }
  return p.toString();
}

/** How a form travels: urlencoded mostly; sometimes raw percent soup, JSON, gzip or a huge field count. */
export function formWire(record: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Wire> {
  return fc.tuple(record, transport, junkBytes).map(([r, t, junk]): Wire => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const text = formText(r);
    if (t < 75) return { headers: form, body: Buffer.from(text), note: "form" };
    if (t < 80)
      return { headers: form, body: Buffer.from(`${text}&${"%".repeat(3)}%zz%%&=&&a=%ff%fe`), note: "bad escapes" };
    if (t < 84)
      return {
        headers: form,
        body: Buffer.from(Array.from({ length: 120 }, (_, i) => `k${i}=v`).join("&")),
        note: "many fields",
      };
    if (t < 88)
      return { headers: { "content-type": "application/json" }, body: Buffer.from(stringify(r)), note: "json" };
    if (t < 91) return { headers: { ...form, "content-encoding": "gzip" }, body: gzipSync(text), note: "form gzip" };
    if (t < 94) return { headers: { ...form, "content-encoding": "gzip" }, body: junk, note: "broken gzip" };
    if (t < 97) return { headers: form, body: junk, note: "junk bytes" };
    return {
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: Buffer.from(`--b\r\n${text}\r\n--b--`),
      note: "form as multipart",
    };
  });
}

/** Byte-level damage to a valid file: flips, a cut, an insertion, or nothing. */
export function mutated(file: Buffer): fc.Arbitrary<Buffer> {
  return fc
    .tuple(
      fc.nat({ max: 9 }),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 12 }),
      fc.nat(),
      junkBytes,
    )
    .map(([kind, flips, at, junk]) => {
      const out = Buffer.from(file);
      if (kind < 2) return out;
      if (kind < 6) {
        for (const [i, b] of flips) out[i % out.length] = b;
        return out;
      }
      if (kind < 8) return out.subarray(0, at % out.length);
      const cut = at % out.length;
      return Buffer.concat([out.subarray(0, cut), junk, out.subarray(cut)]);
    });
}

/** A multipart upload of `file` (or a malformed envelope around it). */
export function multipartWire(files: fc.Arbitrary<Buffer>): fc.Arbitrary<Wire> {
  return fc
    .tuple(
      files,
      transport,
      fc.constantFrom("a.png", "a.pdf", "a.jpg", "", "../../x", "a\u0000.png", "ünï.gif"),
      fc.constantFrom("image/png", "application/pdf", "image/jpeg", "text/plain", "application/octet-stream", ""),
      fc.boolean(),
    )
    .map(([bytes, t, filename, type, force]): Wire => {
      const b = "fuzzboundary";
      const part = (name: string, content: Buffer, extra = ""): Buffer =>
        Buffer.concat([
          Buffer.from(
            `--${b}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n${type && extra ? `Content-Type: ${type}\r\n` : ""}\r\n`,
          ),
          content,
          Buffer.from("\r\n"),
        ]);
      const end = Buffer.from(`--${b}--\r\n`);
      const headers = { "content-type": `multipart/form-data; boundary=${b}` };
      const file = part("file", bytes, `; filename="${filename}"`);
      if (t < 70) {
        const parts = force ? [file, part("force_refresh", Buffer.from("true"))] : [file];
        return { headers, body: Buffer.concat([...parts, end]), note: "upload" };
      }
      if (t < 75) return { headers, body: Buffer.concat([file, file, end]), note: "two files" };
      if (t < 80) return { headers, body: Buffer.concat([part("other", bytes), end]), note: "no file field" };
      if (t < 85) return { headers, body: file, note: "no closing boundary" };
      if (t < 88)
        return {
          headers: { "content-type": "multipart/form-data" },
          body: Buffer.concat([file, end]),
          note: "no boundary",
        };
      if (t < 91) return { headers: { "content-type": "image/png" }, body: bytes, note: "raw body" };
      if (t < 94)
        return {
          headers: { "content-type": "application/json" },
          body: Buffer.from(JSON.stringify({ file: bytes.toString("base64") })),
          note: "json",
        };
      if (t < 97)
        return {
          headers,
          body: Buffer.concat([part("file", bytes, `; filename="${"x".repeat(5000)}"`), end]),
          note: "long filename",
        };
      return {
        headers: { ...headers, "content-encoding": "gzip" },
        body: gzipSync(Buffer.concat([file, end])),
        note: "gzip upload",
      };
    });
}

/** A random query string (for GET routes and the authorize endpoint). */
export function queryOf(record: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc.tuple(record, fc.nat({ max: 9 })).map(([r, t]) => {
    if (t === 0) return "?%zz&&=%&a[b]=1&a[c]=2";
    return `?${formText(r)}`;
  });
}

export function sample<T>(arb: fc.Arbitrary<T>, count: number, seed: number): T[] {
  return fc.sample(arb, { seed, numRuns: count });
}

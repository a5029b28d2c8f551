import { describe, expect, it } from "vitest";
import { createPostalMimeReader, looksLikeRfc822, MAX_EMAIL_BYTES } from "../../src/email/postal-mime-mail-reader.js";
import { parseReceived } from "../../src/email/received.js";

const reader = createPostalMimeReader();

const WHOLE = [
  "Return-Path: <bounce@mailer.shop.example>",
  "Received: from mx.internal (10.0.0.5) by mailbox.example with SMTP; Tue, 5 Nov 2024 10:00:09 +0000",
  "Received: from out.shop.example (out.shop.example [198.51.100.20]) by mx.example with ESMTPS id A1; Tue, 5 Nov 2024 10:00:05 +0000",
  'From: "Shop Example" <news@shop.example>',
  "Reply-To: help@shop.example",
  "To: you@example.net",
  "Subject: =?utf-8?B?WW91ciBvcmRlciDinJM=?=",
  "Date: Tue, 5 Nov 2024 10:00:00 +0000",
  "Message-ID: <abc123@shop.example>",
  "List-Unsubscribe: <https://shop.example/u/1>",
  "Authentication-Results: mx.example; spf=pass smtp.mailfrom=mailer.shop.example",
  "MIME-Version: 1.0",
  'Content-Type: multipart/mixed; boundary="outer"',
  "",
  "--outer",
  'Content-Type: multipart/alternative; boundary="inner"',
  "",
  "--inner",
  "Content-Type: text/plain; charset=iso-8859-1",
  "Content-Transfer-Encoding: quoted-printable",
  "",
  "Caf=E9 order shipped.",
  "--inner",
  "Content-Type: text/html; charset=utf-8",
  "",
  '<p>Caf&eacute; order <a href="https://track.shop.example/1">www.shop.example</a></p>',
  "--inner--",
  "--outer",
  'Content-Type: application/octet-stream; name="invoice.pdf.exe"',
  "Content-Transfer-Encoding: base64",
  'Content-Disposition: attachment; filename="invoice.pdf.exe"',
  "",
  Buffer.from("MZ\x90\x00this program cannot be run in DOS mode").toString("base64"),
  "--outer--",
  "",
].join("\r\n");

async function readOk(body: string, headers?: string) {
  const r = await reader.read(body, headers);
  if (r.isErr()) throw new Error(`unexpected refusal: ${r.error.message}`);
  return r.value;
}

describe("createPostalMimeReader: what clients send", () => {
  it("detects a whole RFC 822 message and reads its headers, parts and attachments", async () => {
    const m = await readOk(WHOLE);
    expect(m.kind).toBe("rfc822");
    expect(m.from).toEqual({ name: "Shop Example", address: "news@shop.example", domain: "shop.example" });
    expect(m.fromCount).toBe(1);
    expect(m.replyTo[0]?.address).toBe("help@shop.example");
    expect(m.returnPath).toBe("bounce@mailer.shop.example");
    expect(m.subject).toBe("Your order \u2713");
    expect(m.messageId).toBe("abc123@shop.example");
    expect(m.listUnsubscribe).toBe("<https://shop.example/u/1>");
    expect(m.authenticationResults).toHaveLength(1);
    expect(m.text).toContain("Caf\u00e9 order shipped.");
    expect(m.links).toEqual([{ href: "https://track.shop.example/1", text: "www.shop.example" }]);
    expect(m.received).toHaveLength(2);
    expect(m.received[0]).toMatchObject({ fromIp: "10.0.0.5", external: false, byHost: "mailbox.example" });
    expect(m.received[1]).toMatchObject({
      fromHost: "out.shop.example",
      fromIp: "198.51.100.20",
      external: true,
      byHost: "mx.example",
      protocol: "ESMTPS",
      timestamp: "2024-11-05T10:00:05.000Z",
    });
    expect(m.attachments).toHaveLength(1);
    const a = m.attachments[0];
    expect(a?.filename).toBe("invoice.pdf.exe");
    expect(a?.head[0]).toBe(0x4d);
    expect(a?.head[1]).toBe(0x5a);
    expect(m.raw).toContain("Message-ID: <abc123@shop.example>");
  });

  it("reads pasted text without headers as the text it is", async () => {
    const m = await readOk("Dear customer,\nYour account: is locked. Call 800-555-0100 now.");
    expect(m.kind).toBe("pasted_text");
    expect(m.headers).toEqual([]);
    expect(m.from).toBeNull();
    expect(m.text).toContain("Your account: is locked.");
  });

  it("decodes a base64 body with the Content-Transfer-Encoding and charset of the raw headers", async () => {
    const body = Buffer.from("Gr\u00fc\u00dfe aus K\u00f6ln", "latin1").toString("base64");
    const m = await readOk(
      body,
      "From: Anna <anna@example.de>\r\nSubject: Hallo\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: base64",
    );
    expect(m.kind).toBe("mime_body");
    expect(m.from?.address).toBe("anna@example.de");
    expect(m.text.trim()).toBe("Gr\u00fc\u00dfe aus K\u00f6ln");
  });

  it("decodes a quoted-printable multipart body with the boundary of the raw headers", async () => {
    const body = [
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Pay =E2=82=AC500 today",
      "--b1--",
    ].join("\r\n");
    const m = await readOk(body, 'From: x@y.example\r\nContent-Type: multipart/alternative; boundary="b1"');
    expect(m.text.trim()).toBe("Pay \u20ac500 today");
  });

  it("reads an already decoded body as text when the raw headers announce base64 or a missing boundary", async () => {
    const a = await readOk("Please wire the funds today.", "From: x@y.example\r\nContent-Transfer-Encoding: base64");
    expect(a.text.trim()).toBe("Please wire the funds today.");
    const b = await readOk(
      "Please wire the funds today.",
      'From: x@y.example\r\nContent-Type: multipart/mixed; boundary="nothere"',
    );
    expect(b.text.trim()).toBe("Please wire the funds today.");
  });

  it("derives text and links from an HTML-only message", async () => {
    const m = await readOk(
      [
        "From: Bank <alerts@bank.example>",
        "Subject: Alert",
        "MIME-Version: 1.0",
        "Content-Type: text/html; charset=utf-8",
        "",
        '<html><head><style>p{color:red}</style></head><body><p>Your account is <b>locked</b>.</p><a href="http://198.51.100.9/login">https://www.paypal.com/signin</a><script>var x=1</script></body></html>',
      ].join("\r\n"),
    );
    expect(m.text).toContain("Your account is locked.");
    expect(m.text).not.toContain("color:red");
    expect(m.text).not.toContain("var x");
    expect(m.links).toEqual([{ href: "http://198.51.100.9/login", text: "https://www.paypal.com/signin" }]);
  });

  it("counts every From header", async () => {
    const m = await readOk(
      "From: a@one.example\r\nFrom: b@two.example\r\nSubject: x\r\nMessage-ID: <1@one.example>\r\n\r\nhi",
    );
    expect(m.fromCount).toBe(2);
  });

  it("reads ZIP entry names and the encryption flag of an attached archive", async () => {
    const name = Buffer.from("invoice.js");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(1, 6); // encrypted
    local.writeUInt32LE(4, 18);
    local.writeUInt16LE(name.length, 26);
    const zip = Buffer.concat([local, name, Buffer.from("abcd")]);
    const m = await readOk(
      [
        "From: x@y.example",
        "Message-ID: <1@y.example>",
        'Content-Type: multipart/mixed; boundary="z"',
        "",
        "--z",
        "Content-Type: text/plain",
        "",
        "password: 1234",
        "--z",
        'Content-Type: application/zip; name="docs.zip"',
        "Content-Transfer-Encoding: base64",
        "",
        zip.toString("base64"),
        "--z--",
      ].join("\r\n"),
    );
    expect(m.attachments[0]).toMatchObject({ filename: "docs.zip", encrypted: true, archiveEntries: ["invoice.js"] });
  });
});

describe("createPostalMimeReader: bounds", () => {
  const quick = 2_000;

  it("refuses 10,000 MIME parts quickly", async () => {
    const parts: string[] = ["From: x@y.example", 'Content-Type: multipart/mixed; boundary="p"', ""];
    for (let i = 0; i < 10_000; i++) parts.push("--p", "Content-Type: text/plain", "", `part ${i}`);
    parts.push("--p--");
    const start = performance.now();
    const r = await reader.read(parts.join("\r\n"));
    expect(performance.now() - start).toBeLessThan(quick);
    expect(r.isErr() && r.error.code).toBe("payload_too_large");
  });

  it("refuses 2,000-deep nesting quickly, without exhausting the stack", async () => {
    const lines: string[] = ["From: x@y.example", 'Content-Type: multipart/mixed; boundary="b0"', ""];
    for (let i = 0; i < 2_000; i++) lines.push(`--b${i}`, `Content-Type: multipart/mixed; boundary="b${i + 1}"`, "");
    lines.push("--b2000", "Content-Type: text/plain", "", "deep");
    const start = performance.now();
    const r = await reader.read(lines.join("\r\n"));
    expect(performance.now() - start).toBeLessThan(quick);
    expect(r.isErr() && r.error.code).toBe("payload_too_large");
  });

  it("answers a 1 MB header line quickly with the line cut", async () => {
    const raw = `From: x@y.example\r\nMessage-ID: <1@y.example>\r\nX-Long: ${"a".repeat(1024 * 1024)}\r\nSubject: still read\r\n\r\nbody`;
    const start = performance.now();
    const r = await reader.read(raw);
    expect(performance.now() - start).toBeLessThan(quick);
    expect(r.isOk()).toBe(true);
    if (r.isOk()) {
      expect(r.value.subject).toBe("still read");
      expect(r.value.headers.find((h) => h.name === "X-Long")?.value.length).toBeLessThanOrEqual(16 * 1024);
    }
  });

  it("reads a part with an unknown charset instead of failing", async () => {
    const m = await readOk(
      "From: x@y.example\r\nMessage-ID: <1@y.example>\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\nplain words",
    );
    expect(m.text).toContain("plain words");
  });

  it("drops NUL bytes and reads the rest", async () => {
    const m = await readOk("From: x@y.example\r\nMessage-ID: <1@y.example>\r\n\r\npay\u0000 now\u0000");
    expect(m.text.trim()).toBe("pay now");
  });

  it("refuses input over the size limit and empty input", async () => {
    const big = await reader.read("x".repeat(MAX_EMAIL_BYTES + 1));
    expect(big.isErr() && big.error.code).toBe("payload_too_large");
    const split = await reader.read("x".repeat(MAX_EMAIL_BYTES / 2 + 1), "y".repeat(MAX_EMAIL_BYTES / 2));
    expect(split.isErr() && split.error.code).toBe("payload_too_large");
    const empty = await reader.read("   ");
    expect(empty.isErr() && empty.error.code).toBe("validation_error");
  });
});

describe("looksLikeRfc822 and parseReceived", () => {
  it("tells a message from text that merely starts with a word and a colon", () => {
    expect(looksLikeRfc822("Received: from a by b; Tue, 5 Nov 2024 10:00:00 +0000\nFrom: a@b.example\n\nhi")).toBe(
      true,
    );
    expect(looksLikeRfc822("From: Anna <a@b.example>\nTo: me@c.example\nSubject: hi\n\nbody")).toBe(true);
    expect(looksLikeRfc822("Note: call me today\nThanks\n")).toBe(false);
    expect(looksLikeRfc822("URGENT: your account is locked")).toBe(false);
  });

  it("reads IPv6 hops and hops without a from clause", () => {
    expect(
      parseReceived("from a.example ([IPv6:2001:db8::1]) by b.example; Tue, 5 Nov 2024 10:00:00 +0000"),
    ).toMatchObject({
      fromIp: "2001:db8::1",
      external: true,
    });
    expect(parseReceived("by 2002:a05:6a10::1 with SMTP id x; Tue, 5 Nov 2024 10:00:00 -0800")).toMatchObject({
      fromHost: null,
      fromIp: null,
      external: false,
      timestamp: "2024-11-05T18:00:00.000Z",
    });
  });
});

describe("hostile headers end to end", () => {
  it("reads and authenticates a message whose From and Return-Path are 16 KB without an address quickly", async () => {
    const { createMailauthAuthenticator } = await import("../../src/email/mailauth-email-authenticator.js");
    const long = "a".repeat(200_000);
    const raw = `Return-Path: ${long}\r\nFrom: "${long}" ${long}\r\nMessage-ID: <1@y.example>\r\n\r\nbody`;
    const start = performance.now();
    const r = await reader.read(raw);
    expect(r.isOk()).toBe(true);
    if (r.isOk()) {
      const auth = createMailauthAuthenticator({
        resolver: () => Promise.reject(Object.assign(new Error("x"), { code: "ENOTFOUND" })),
      });
      const result = await auth.authenticate(r.value.raw, { signal: new AbortController().signal });
      expect(result.dmarc.result).not.toBe("fail");
    }
    expect(performance.now() - start).toBeLessThan(3_000);
  });
});

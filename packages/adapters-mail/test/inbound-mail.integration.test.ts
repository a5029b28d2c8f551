// End to end on 127.0.0.1: mail forwarded to the listener (by nodemailer, and by a raw SMTP client where the test
// needs the session itself) is analysed by a real engine and answered through a local SMTP sink standing in for the
// outbound relay. Forwarded as an attachment and inline: a reply with X-Scamverify-Verdict within 10 s, to the
// forwarder only. An auto-reply and a bounce: none. An oversized mail: refused during the session.
import { connect } from "node:net";
import nodemailer from "nodemailer";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCOPES, createEngine, type Principal } from "@scamverify/core";
import { InMemoryRateLimiter, inMemoryEngineDeps } from "@scamverify/core/testing";
import { NodeHasher, NodeIds } from "@scamverify/persistence";
import { createMailauthAuthenticator, createOfflineDnsResolver, createPostalMimeReader } from "@scamverify/providers";
import { createSmtpTransport, startInboundMailServer, type RunningMailServer } from "../src/index.js";

interface Received {
  readonly envelopeTo: string[];
  readonly to: string;
  readonly subject: string;
  readonly verdict: string | null;
  readonly autoSubmitted: string | null;
  readonly text: string;
  readonly at: number;
}

const received: Received[] = [];
const webhook: unknown[] = [];
const logs: string[] = [];
let sink: SMTPServer;
let sinkPort = 0;
let inbound: RunningMailServer;
let transport: ReturnType<typeof createSmtpTransport>;
const MAX = 64 * 1024;

const ORIGINAL = [
  "Return-Path: <bounce@paypa1-support.com>",
  "From: PayPal <service@paypa1-support.com>",
  "Reply-To: helpdesk@paypa1-support.com",
  "To: jane@example.org",
  "Subject: Your account is limited",
  "Date: Tue, 10 Mar 2026 10:00:00 +0000",
  "Message-ID: <abc123@paypa1-support.com>",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Dear customer, your account has been limited. Verify your identity within 24 hours at",
  "https://paypa1-support.com/verify or your account will be closed.",
  "",
].join("\r\n");

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((m) => {
          const h = (k: string): string | null => m.headers.find((x) => x.key === k)?.value ?? null;
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            to: h("to") ?? "",
            subject: m.subject ?? "",
            verdict: h("x-scamverify-verdict"),
            autoSubmitted: h("auto-submitted"),
            text: m.text ?? "",
            at: Date.now(),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  sinkPort = (sink.server.address() as { port: number }).port;

  const deps = inMemoryEngineDeps(
    { hasher: new NodeHasher(), ids: new NodeIds() },
    {
      mailReader: createPostalMimeReader(),
      emailAuthenticator: createMailauthAuthenticator({ resolver: createOfflineDnsResolver() }),
    },
  );
  const engine = createEngine(deps);
  const account = await engine.accounts.create({ email: "mail@scamverify.local", plan: "enterprise" });
  const principal: Principal = { accountId: account._unsafeUnwrap().id, mode: "live", via: "api_key", scopes: SCOPES };
  transport = createSmtpTransport(`smtp://127.0.0.1:${sinkPort}`);
  inbound = await startInboundMailServer(
    {
      engine,
      principal: () => Promise.resolve(principal),
      transport,
      replyFrom: "scamverify <check@scamverify.test>",
      maxBytes: MAX,
      limiter: new InMemoryRateLimiter(),
      perHour: 5,
      log: (level, message, fields) => logs.push(`${level} ${message} ${JSON.stringify(fields)}`),
      webhookUrl: "http://127.0.0.1:9/verdicts",
      fetch: (_url, init) => {
        webhook.push(JSON.parse(String(init?.body)));
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    },
    0,
    "127.0.0.1",
  );
});

afterAll(async () => {
  await inbound?.close();
  transport?.close();
  await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
});

function client(): ReturnType<typeof nodemailer.createTransport> {
  return nodemailer.createTransport({ host: "127.0.0.1", port: inbound.port, secure: false, ignoreTLS: true });
}

async function replyTo(address: string, since: number, timeoutMs = 10_000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = received.find((x) => x.envelopeTo.includes(address) && x.at >= since);
    if (r) return r;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no reply to ${address} within ${timeoutMs} ms`);
}

/** A raw SMTP session: sends each command, returns every reply line block. */
async function rawSession(commands: (string | Buffer)[]): Promise<string[]> {
  const socket = connect(inbound.port, "127.0.0.1");
  const replies: string[] = [];
  let buffer = "";
  let waiting: ((line: string) => void) | null = null;
  socket.on("data", (d: Buffer) => {
    buffer += d.toString("latin1");
    for (;;) {
      // A reply ends at a line whose code is followed by a space.
      const m = /^(\d{3}) [^\r\n]*\r\n/m.exec(buffer);
      if (!m) break;
      const end = (m.index ?? 0) + m[0].length;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end);
      replies.push(block.trim());
      const w = waiting;
      waiting = null;
      w?.(block);
    }
  });
  const next = (): Promise<string> =>
    new Promise((resolve) => {
      waiting = resolve;
    });
  await next();
  for (const c of commands) {
    const reply = next();
    socket.write(c);
    await reply;
  }
  socket.end();
  return replies;
}

describe("mail forwarded to the listener", () => {
  it("answers a mail forwarded as an attachment, to the forwarder only, with the verdict header", async () => {
    const started = Date.now();
    await client().sendMail({
      envelope: { from: "jane@example.org", to: "check@scamverify.test" },
      from: "Jane <jane@example.org>",
      replyTo: "someone-else@example.net",
      to: "check@scamverify.test",
      subject: "Fwd: Your account is limited",
      text: "Is this real?",
      attachments: [{ filename: "original.eml", contentType: "message/rfc822", content: ORIGINAL }],
    });
    const reply = await replyTo("jane@example.org", started);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(["high_risk", "scam"]).toContain(reply.verdict);
    expect(reply.envelopeTo).toEqual(["jane@example.org"]);
    expect(reply.autoSubmitted).toBe("auto-replied");
    expect(received.some((r) => r.envelopeTo.some((t) => /paypa1|someone-else/.test(t)))).toBe(false);
    await inbound.idle();
    expect(webhook.at(-1)).toMatchObject({ forwarded_by: "jane@example.org", forwarded_as: "attachment" });
    // The log says what happened, never what the mail said.
    expect(logs.join("\n")).not.toMatch(/paypa1|limited|jane@/);
  });

  it("answers a mail forwarded inline, analysing the forwarded part", async () => {
    const started = Date.now();
    await client().sendMail({
      envelope: { from: "sam@example.co.uk", to: "check@scamverify.test" },
      from: "sam@example.co.uk",
      to: "check@scamverify.test",
      subject: "Fwd: Your account is limited",
      text: `Got this today, is it real?\n\n---------- Forwarded message ---------\nFrom: PayPal <service@paypa1-support.com>\nDate: Tue, 10 Mar 2026 at 10:00\nSubject: Your account is limited\nTo: <sam@example.co.uk>\n\nYour account has been limited. Verify your identity within 24 hours at https://paypa1-support.com/verify or it will be closed.\n`,
    });
    const reply = await replyTo("sam@example.co.uk", started);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(["high_risk", "scam"]).toContain(reply.verdict);
  });

  it("does not answer an auto-reply or a bulk mail", async () => {
    const before = received.length;
    await client().sendMail({
      envelope: { from: "away@example.org", to: "check@scamverify.test" },
      from: "away@example.org",
      to: "check@scamverify.test",
      subject: "Out of office",
      headers: { "Auto-Submitted": "auto-replied" },
      text: "I am away until Monday.",
    });
    await client().sendMail({
      envelope: { from: "news@example.org", to: "check@scamverify.test" },
      from: "news@example.org",
      to: "check@scamverify.test",
      subject: "Newsletter",
      headers: { Precedence: "bulk" },
      text: "This week's news.",
    });
    await inbound.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.length).toBe(before);
  });

  it("does not answer a bounce (null sender)", async () => {
    const before = received.length;
    const replies = await rawSession([
      "EHLO client.test\r\n",
      "MAIL FROM:<>\r\n",
      "RCPT TO:<check@scamverify.test>\r\n",
      "DATA\r\n",
      "From: MAILER-DAEMON@example.org\r\nTo: check@scamverify.test\r\nSubject: Undelivered Mail\r\n\r\nThe message could not be delivered.\r\n.\r\n",
      "QUIT\r\n",
    ]);
    expect(replies.some((r) => r.startsWith("250") && /queued|ok|accepted/i.test(r))).toBe(true);
    await inbound.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.length).toBe(before);
  });

  it("refuses an oversized mail during the session: announced SIZE, and past the limit after DATA", async () => {
    const announced = await rawSession([
      "EHLO client.test\r\n",
      `MAIL FROM:<big@example.org> SIZE=${MAX * 4}\r\n`,
      "QUIT\r\n",
    ]);
    expect(announced[1]).toMatch(/^250-.*SIZE/ms);
    expect(announced[2]).toMatch(/^552/);
    const body = `Subject: big\r\n\r\n${"x".repeat(1000)}\r\n`.repeat(Math.ceil((MAX * 2) / 1000));
    const sent = await rawSession([
      "EHLO client.test\r\n",
      "MAIL FROM:<big@example.org>\r\n",
      "RCPT TO:<check@scamverify.test>\r\n",
      "DATA\r\n",
      `${body}.\r\n`,
      "QUIT\r\n",
    ]);
    expect(sent.at(-2)).toMatch(/^552/);
  });

  it("limits how many mails one sender may forward in an hour", async () => {
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await rawSession(["EHLO client.test\r\n", "MAIL FROM:<eager@example.org>\r\n", "QUIT\r\n"]);
      codes.push((r[2] ?? "").slice(0, 3));
    }
    expect(codes.slice(0, 5)).toEqual(["250", "250", "250", "250", "250"]);
    expect(codes[5]).toBe("450");
  });
});

import { createSocket, type Socket } from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailauthAuthenticator } from "../../src/email/mailauth-email-authenticator.js";
import { createSystemDnsResolver } from "../../src/email/system-dns-resolver.js";

// A DNS server on 127.0.0.1 answering in the RFC 1035 wire format: TXT and A records from a table, NXDOMAIN otherwise.
const TXT = 16;
const A = 1;
const ZONE: Record<string, { txt?: string[]; a?: string[] }> = {
  "example-bank.com": { txt: ["v=spf1 ip4:203.0.113.0/24 -all"] },
  "_dmarc.example-bank.com": { txt: ["v=DMARC1; p=reject; rua=mailto:dmarc@example-bank.com"] },
};

function readName(msg: Buffer, at: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = at;
  while (msg[i] !== 0 && i < msg.length) {
    const len = msg[i] ?? 0;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString("ascii"));
    i += len + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: i + 1 };
}

function answer(query: Buffer): Buffer {
  const { name, end } = readName(query, 12);
  const qtype = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const entry = ZONE[name];
  const records: Buffer[] = [];
  if (qtype === TXT) {
    for (const t of entry?.txt ?? []) {
      const s = Buffer.from(t);
      records.push(Buffer.concat([Buffer.from([s.length]), s]));
    }
  } else if (qtype === A) {
    for (const ip of entry?.a ?? []) records.push(Buffer.from(ip.split(".").map(Number)));
  }
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(entry === undefined ? 0x8183 : 0x8180, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((rdata) => {
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0);
    rr.writeUInt16BE(qtype, 2);
    rr.writeUInt16BE(1, 4);
    rr.writeUInt32BE(300, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, question, ...answers]);
}

function listen(reply: boolean): Promise<{ socket: Socket; port: number }> {
  return new Promise((resolve) => {
    const socket = createSocket("udp4");
    socket.on("message", (msg, rinfo) => {
      if (reply) socket.send(answer(msg), rinfo.port, rinfo.address);
    });
    socket.bind(0, "127.0.0.1", () => resolve({ socket, port: socket.address().port }));
  });
}

function message(ip: string): string {
  return [
    "Return-Path: <bounce@example-bank.com>",
    `Received: from mail.example-bank.com (mail.example-bank.com [${ip}]) by mx.recipient.example with ESMTPS id 1; Tue, 5 Nov 2024 10:00:05 +0000`,
    "From: Example Bank <alerts@example-bank.com>",
    "To: you@recipient.example",
    "Subject: Statement",
    "Date: Tue, 5 Nov 2024 10:00:00 +0000",
    "Message-ID: <1@example-bank.com>",
    "",
    "Your statement is ready.",
    "",
  ].join("\r\n");
}

describe("createSystemDnsResolver with mailauth over a DNS server on 127.0.0.1", () => {
  let live: { socket: Socket; port: number };
  let silent: { socket: Socket; port: number };
  beforeAll(async () => {
    live = await listen(true);
    silent = await listen(false);
  });
  afterAll(() => {
    live.socket.close();
    silent.socket.close();
  });
  const ctx = { signal: new AbortController().signal };

  it("returns TXT records as arrays of strings and rejects unknown names with ENOTFOUND", async () => {
    const resolve = createSystemDnsResolver({ servers: [`127.0.0.1:${live.port}`], timeoutMs: 1_000 });
    expect(await resolve("example-bank.com", "TXT")).toEqual([["v=spf1 ip4:203.0.113.0/24 -all"]]);
    await expect(resolve("nothing.example-bank.com", "TXT")).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  it("passes SPF and DMARC for an authorised server and fails them for another", async () => {
    const auth = createMailauthAuthenticator({
      resolver: createSystemDnsResolver({ servers: [`127.0.0.1:${live.port}`], timeoutMs: 1_000 }),
    });
    const good = await auth.authenticate(message("203.0.113.7"), ctx);
    expect(good.spf.result).toBe("pass");
    expect(good.dmarc).toMatchObject({ result: "pass", policy: "reject" });
    const bad = await auth.authenticate(message("192.0.2.9"), ctx);
    expect(bad.spf.result).toBe("fail");
    expect(bad.dmarc).toMatchObject({ result: "fail", policy: "reject" });
  });

  it("reads temperror, not fail, when the DNS server never answers", async () => {
    const auth = createMailauthAuthenticator({
      resolver: createSystemDnsResolver({ servers: [`127.0.0.1:${silent.port}`], timeoutMs: 200 }),
      timeoutMs: 300,
    });
    const start = performance.now();
    const r = await auth.authenticate(message("192.0.2.9"), ctx);
    expect(r.spf.result).toBe("temperror");
    expect(r.dmarc.result).not.toBe("fail");
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});

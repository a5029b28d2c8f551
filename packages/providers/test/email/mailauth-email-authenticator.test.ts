import { generateKeyPairSync } from "node:crypto";
import { dkimSign } from "mailauth";
import { beforeAll, describe, expect, it } from "vitest";
import { createMailauthAuthenticator, type DnsResolver } from "../../src/email/mailauth-email-authenticator.js";
import { parseAuthenticationResults } from "../../src/email/authentication-results.js";
import { createOfflineDnsResolver } from "../../src/email/system-dns-resolver.js";
import { createConnectivityProbe } from "../../src/network/connectivity.js";

// A zone in the formats published DNS answers carry: TXT records as arrays of character-strings.
type Zone = Record<string, { TXT?: string[][]; A?: string[]; MX?: Array<{ exchange: string; priority: number }> }>;

function dnsError(code: string): Error {
  return Object.assign(new Error(`query failed: ${code}`), { code });
}

function zoneResolver(zone: Zone, failing: ReadonlySet<string> = new Set()): DnsResolver {
  return (name, rrtype) => {
    const key = name.toLowerCase().replace(/\.$/, "");
    if (failing.has(key)) return Promise.reject(dnsError("ETIMEOUT"));
    const records = zone[key]?.[rrtype as keyof Zone[string]];
    if (records === undefined) return Promise.reject(dnsError(zone[key] === undefined ? "ENOTFOUND" : "ENODATA"));
    return Promise.resolve(records);
  };
}

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicB64 = publicKey.export({ type: "spki", format: "der" }).toString("base64");

const ZONE: Zone = {
  "example-bank.com": { TXT: [["v=spf1 include:_spf.mailer.example-bank.com -all"]] },
  "_spf.mailer.example-bank.com": { TXT: [["v=spf1 ip4:203.0.113.0/24 ~all"]] },
  "sel1._domainkey.example-bank.com": { TXT: [["v=DKIM1; k=rsa; ", `p=${publicB64}`]] },
  "_dmarc.example-bank.com": { TXT: [["v=DMARC1; p=reject; rua=mailto:dmarc@example-bank.com"]] },
  "soft.example": { TXT: [["v=spf1 ip4:198.51.100.1 ~all"]] },
  "_dmarc.soft.example": { TXT: [["v=DMARC1; p=none"]] },
  "attacker.example": { TXT: [["v=spf1 ip4:192.0.2.0/24 -all"]] },
};

interface MessageOptions {
  readonly from?: string;
  readonly returnPath?: string;
  readonly ip?: string;
  readonly extraHeaders?: string[];
  readonly body?: string;
}

function message(o: MessageOptions = {}): string {
  const ip = o.ip ?? "203.0.113.7";
  return [
    `Return-Path: <${o.returnPath ?? "bounce@example-bank.com"}>`,
    ...(o.extraHeaders ?? []),
    `Received: from mail.sender.example (mail.sender.example [${ip}]) by mx.recipient.example with ESMTPS id 4XyZ; Tue, 5 Nov 2024 10:00:05 +0000`,
    `From: ${o.from ?? "Example Bank <alerts@example-bank.com>"}`,
    "To: customer@recipient.example",
    "Subject: Your statement is ready",
    "Date: Tue, 5 Nov 2024 10:00:00 +0000",
    "Message-ID: <stmt-1@example-bank.com>",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    o.body ?? "Your November statement is ready in online banking.",
    "",
  ].join("\r\n");
}

async function signed(raw: string): Promise<string> {
  // mailauth 4.13.3 signs from `signatureData` (its README); its bundled typings declare the keys at the top level.
  const options = {
    canonicalization: "relaxed/relaxed",
    signatureData: [{ signingDomain: "example-bank.com", selector: "sel1", privateKey: privatePem }],
  } as unknown as Parameters<typeof dkimSign>[1];
  const res = await dkimSign(raw, options);
  expect(res.errors).toEqual([]);
  return res.signatures + raw;
}

const ctx = { signal: new AbortController().signal };

describe("createMailauthAuthenticator", () => {
  const auth = createMailauthAuthenticator({ resolver: zoneResolver(ZONE), mta: "test.invalid" });
  let good = "";
  beforeAll(async () => {
    good = await signed(message());
  });

  it("passes SPF through an include chain, DKIM and DMARC for a signed message from an authorised server", async () => {
    const r = await auth.authenticate(good, ctx);
    expect(r.spf).toMatchObject({
      result: "pass",
      origin: "verified",
      domain: "example-bank.com",
      clientIp: "203.0.113.7",
    });
    expect(r.dkim.result).toBe("pass");
    expect(r.dkim.signatures).toEqual([
      { result: "pass", domain: "example-bank.com", selector: "sel1", aligned: true },
    ]);
    expect(r.dmarc).toMatchObject({ result: "pass", origin: "verified", domain: "example-bank.com", policy: "reject" });
    expect(r.arc.result).toBe("none");
    expect(r.receiver).toBeNull();
  });

  it("fails SPF for a server outside the record and DMARC for an unsigned message", async () => {
    const r = await auth.authenticate(message({ ip: "192.0.2.99" }), ctx);
    expect(r.spf.result).toBe("fail");
    expect(r.dkim.result).toBe("none");
    expect(r.dmarc).toMatchObject({ result: "fail", policy: "reject" });
  });

  it("reads softfail from a ~all record", async () => {
    const r = await auth.authenticate(
      message({ from: "Soft <news@soft.example>", returnPath: "bounce@soft.example", ip: "192.0.2.50" }),
      ctx,
    );
    expect(r.spf.result).toBe("softfail");
    expect(r.dmarc).toMatchObject({ result: "fail", policy: "none" });
  });

  it("fails DKIM when the body changed after signing", async () => {
    const tampered = good.replace("Your November statement", "Your account is locked: pay the fee. Your statement");
    const r = await auth.authenticate(tampered, ctx);
    expect(r.dkim.result).toBe("fail");
    expect(r.dkim.signatures[0]?.result).toBe("fail");
    // SPF still passes for the aligned envelope domain, which carries DMARC.
    expect(r.spf.result).toBe("pass");
  });

  it("fails DMARC for a forged From whose envelope passes SPF for the forger's own domain", async () => {
    const r = await auth.authenticate(message({ returnPath: "x@attacker.example", ip: "192.0.2.10" }), ctx);
    expect(r.spf).toMatchObject({ result: "pass", domain: "attacker.example" });
    expect(r.dmarc).toMatchObject({ result: "fail", domain: "example-bank.com", policy: "reject" });
  });

  it("counts two From headers as a DMARC failure even when everything else passes", async () => {
    const twice = await signed(message({ extraHeaders: ["From: Support <help@attacker.example>"] }));
    const r = await auth.authenticate(twice, ctx);
    expect(r.dmarc.result).toBe("fail");
  });

  it("reads temperror, never fail, when DNS times out", async () => {
    const failing = new Set(Object.keys(ZONE));
    const offline = createMailauthAuthenticator({ resolver: zoneResolver(ZONE, failing) });
    const r = await offline.authenticate(message({ ip: "192.0.2.99" }), ctx);
    expect(r.spf.result).toBe("temperror");
    for (const result of [r.spf.result, r.dkim.result, r.dmarc.result, r.arc.result]) {
      expect(["fail", "softfail", "permerror"]).not.toContain(result);
    }
  });

  it("reads unknown, never fail, when the resolver is unreachable for a signed message", async () => {
    const unreachable = createMailauthAuthenticator({ resolver: () => Promise.reject(dnsError("ECONNREFUSED")) });
    const r = await unreachable.authenticate(good, ctx);
    for (const result of [r.spf.result, r.dkim.result, r.dmarc.result]) {
      expect(["fail", "softfail", "permerror"]).not.toContain(result);
    }
  });

  describe("on a machine without DNS", () => {
    // A resolver with nothing behind it: every name is "not found", as a sandbox's or an air-gapped host's answers.
    const noSuchName: DnsResolver = () => Promise.reject(dnsError("ENOTFOUND"));
    const probe = createConnectivityProbe({
      resolver: () => Promise.reject(dnsError("ENOTFOUND")),
      clock: { now: () => new Date("2026-11-27T12:00:00Z") },
    });
    const noDns = createMailauthAuthenticator({ resolver: noSuchName, connectivity: probe });

    it("reads SPF, DKIM and DMARC as unknown, never as none or fail from checks that could not be made", async () => {
      for (const raw of [good, message(), message({ ip: "192.0.2.99" })]) {
        const r = await noDns.authenticate(raw, ctx);
        expect(r.spf).toMatchObject({ result: "unknown", origin: "unknown" });
        expect(r.dkim).toMatchObject({ result: "unknown", origin: "unknown" });
        expect(r.dmarc).toMatchObject({ result: "unknown", origin: "unknown", policy: null });
        for (const sig of r.dkim.signatures) expect(sig.result).toBe("unknown");
        expect(r.arc).toMatchObject({ result: "none", instances: 0 });
      }
    });

    it("still says what needs no DNS: two From headers fail DMARC, a trusted receiver's results are read", async () => {
      const twoFrom = message({ extraHeaders: ["From: Another <x@attacker.example>"] });
      expect((await noDns.authenticate(twoFrom, ctx)).dmarc.result).toBe("fail");
      const received = message({
        extraHeaders: [
          "Authentication-Results: mx.google.com; spf=pass smtp.mailfrom=bounce@example-bank.com; dmarc=pass header.from=example-bank.com",
          "Received: from mail.sender.example (mail.sender.example. [203.0.113.7]) by mx.google.com with ESMTPS id x12si; Tue, 5 Nov 2024 10:00:05 -0800",
        ],
      });
      const r = await noDns.authenticate(received, ctx);
      expect(r.spf).toMatchObject({ result: "pass", origin: "receiver" });
      expect(r.dmarc).toMatchObject({ result: "pass", origin: "receiver" });
      expect(r.dkim).toMatchObject({ result: "unknown", origin: "unknown" });
    });

    it("reads unknown with network inspection off (the offline resolver, a probe that says so)", async () => {
      const off = createMailauthAuthenticator({
        resolver: createOfflineDnsResolver(),
        connectivity: { state: () => Promise.resolve({ online: false, reason: "network inspection is off" }) },
      });
      const r = await off.authenticate(good, ctx);
      expect([r.spf.result, r.dkim.result, r.dmarc.result]).toEqual(["unknown", "unknown", "unknown"]);
    });

    it("reads none where DNS works and the domain publishes nothing", async () => {
      const online = createMailauthAuthenticator({
        resolver: noSuchName,
        connectivity: { state: () => Promise.resolve({ online: true }) },
      });
      const r = await online.authenticate(message({ from: "Shop <hello@no-records.example>" }), ctx);
      expect(r.dmarc).toMatchObject({ result: "none", origin: "verified" });
    });
  });

  it("answers without waiting for a resolver that never replies once the call is aborted", async () => {
    const hanging = createMailauthAuthenticator({ resolver: () => new Promise(() => undefined), timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = hanging.authenticate(message(), { signal: controller.signal });
    controller.abort();
    const r = await pending;
    expect(["temperror", "unknown", "none"]).toContain(r.spf.result);
    expect(r.dmarc.result).not.toBe("fail");
  });

  it("uses a trusted receiver's Authentication-Results written above the external hop", async () => {
    const offline = createMailauthAuthenticator({ resolver: () => Promise.reject(dnsError("ETIMEOUT")) });
    const raw = message({
      extraHeaders: [
        "Received: by 2002:a05:6a10:8e0c:b0:5d1:6b2e:4c1f with SMTP id hk12csp123; Tue, 5 Nov 2024 10:00:06 -0800",
        "Authentication-Results: mx.google.com;",
        "       dkim=pass header.i=@example-bank.com header.s=sel1 header.b=AbCdEf12;",
        "       spf=pass (google.com: domain of bounce@example-bank.com designates 203.0.113.7 as permitted sender) smtp.mailfrom=bounce@example-bank.com;",
        "       dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=example-bank.com",
        "Received: from mail.sender.example (mail.sender.example. [203.0.113.7]) by mx.google.com with ESMTPS id x12si; Tue, 5 Nov 2024 10:00:05 -0800",
      ],
    });
    const r = await offline.authenticate(raw, ctx);
    expect(r.receiver).toBe("mx.google.com");
    expect(r.spf).toMatchObject({ result: "pass", origin: "receiver", domain: "example-bank.com" });
    expect(r.dkim).toMatchObject({ result: "pass", origin: "receiver" });
    expect(r.dkim.signatures[0]).toMatchObject({ domain: "example-bank.com", selector: "sel1", aligned: true });
    expect(r.dmarc).toMatchObject({ result: "pass", origin: "receiver", policy: "reject" });
  });

  it("ignores a trusted id planted below a hop written by another server, and ids not trusted", async () => {
    const offline = createMailauthAuthenticator({ resolver: () => Promise.reject(dnsError("ETIMEOUT")) });
    const planted = message({
      ip: "192.0.2.10",
      extraHeaders: [
        "Received: from relay.attacker.example (relay.attacker.example [192.0.2.10]) by mx.smallisp.example with ESMTP id 1; Tue, 5 Nov 2024 10:00:06 +0000",
        "Authentication-Results: mx.google.com; spf=pass smtp.mailfrom=example-bank.com; dmarc=pass header.from=example-bank.com",
      ],
    });
    const r1 = await offline.authenticate(planted, ctx);
    expect(r1.receiver).toBeNull();
    expect(r1.dmarc.result).not.toBe("pass");
    const untrusted = message({
      extraHeaders: [
        "Authentication-Results: mail.attacker.example; spf=pass; dkim=pass; dmarc=pass header.from=example-bank.com",
      ],
    });
    const r2 = await offline.authenticate(untrusted, ctx);
    expect(r2.receiver).toBeNull();
    expect(r2.dmarc.result).not.toBe("pass");
  });

  it("answers unknown for pasted text without headers", async () => {
    const r = await auth.authenticate("Hello, please pay the invoice today.", ctx);
    expect(r.spf.result).toBe("unknown");
    expect(r.dmarc.result).toBe("unknown");
  });
});

describe("parseAuthenticationResults", () => {
  it("reads the authserv-id, every method, properties and the DMARC policy Gmail writes in a comment", () => {
    const ar = parseAuthenticationResults(
      "mx.google.com; dkim=pass header.i=@a.example header.s=s1 header.b=x; dkim=fail header.i=@b.example; spf=softfail (google.com: domain of transitioning x@a.example does not designate 1.2.3.4 as permitted sender) smtp.mailfrom=x@a.example; arc=pass (i=1); dmarc=fail (p=QUARANTINE sp=NONE dis=QUARANTINE) header.from=a.example",
    );
    expect(ar.authservId).toBe("mx.google.com");
    expect(ar.dkim.map((d) => d.result)).toEqual(["pass", "fail"]);
    expect(ar.spf?.result).toBe("softfail");
    expect(ar.spf?.props["smtp.mailfrom"]).toBe("x@a.example");
    expect(ar.arc?.result).toBe("pass");
    expect(ar.dmarc?.result).toBe("fail");
    expect(ar.dmarc?.props["policy.p"]).toBe("quarantine");
    expect(ar.dmarc?.props["header.from"]).toBe("a.example");
  });

  it("reads a header without an authserv-id (as Microsoft writes it) with an empty id", () => {
    const ar = parseAuthenticationResults(
      "spf=pass (sender IP is 40.107.1.1) smtp.mailfrom=contoso.com; dkim=pass (signature was verified) header.d=contoso.com;dmarc=pass action=none header.from=contoso.com;compauth=pass reason=100",
    );
    expect(ar.authservId).toBe("");
    expect(ar.spf?.result).toBe("pass");
    expect(ar.dmarc?.result).toBe("pass");
  });
});

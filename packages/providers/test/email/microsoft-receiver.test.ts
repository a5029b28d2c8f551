// Mail delivered by Microsoft 365 and Outlook.com: its Authentication-Results name no authserv-id, so they are
// recognised by where they sit in the Received chain. The headers below follow the layout Microsoft documents and
// writes (anti-spam message headers, Authentication-Results fields, compauth reason codes); hosts, addresses and
// domains are made up or documentation ranges.
import { analyzeHeaders } from "@scamverify/core";
import { describe, expect, it } from "vitest";
import { createMailauthAuthenticator } from "../../src/email/mailauth-email-authenticator.js";
import { createPostalMimeReader } from "../../src/email/postal-mime-mail-reader.js";
import { microsoftReceiverResults, parseAuthenticationResults } from "../../src/email/authentication-results.js";
import { parseReceived } from "../../src/email/received.js";

const ctx = { signal: new AbortController().signal };
// Offline: every DNS query fails, so whatever the results say comes from the receiver's headers.
const offline = createMailauthAuthenticator({
  resolver: () => Promise.reject(Object.assign(new Error("offline"), { code: "ETIMEOUT" })),
});
const reader = createPostalMimeReader();

/** Microsoft's hops from the mailbox down to the front door, newest first. */
const DELIVERY = [
  "Received: from SA1PR12MB6680.namprd12.prod.outlook.com (2603:10b6:806:253::12)",
  " by DM6PR12MB4107.namprd12.prod.outlook.com with HTTPS; Tue, 5 Nov 2024",
  " 10:00:09 +0000",
  "Received: from BN9PR03CA0412.namprd03.prod.outlook.com (2603:10b6:408:111::27)",
  " by SA1PR12MB6680.namprd12.prod.outlook.com (2603:10b6:806:253::12) with",
  " Microsoft SMTP Server (version=TLS1_2,",
  " cipher=TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384) id 15.20.8137.18; Tue, 5 Nov",
  " 2024 10:00:08 +0000",
  "Received: from BN2PEPF000044A8.namprd04.prod.outlook.com",
  " (2603:10b6:408:111:cafe::5d) by BN9PR03CA0412.outlook.office365.com",
  " (2603:10b6:408:111::27) with Microsoft SMTP Server (version=TLS1_3,",
  " cipher=TLS_AES_256_GCM_SHA384) id 15.20.8137.18 via Frontend Transport; Tue,",
  " 5 Nov 2024 10:00:07 +0000",
];

/** What Exchange Online stamps on a spoof of a domain publishing p=reject. */
const SPOOF_RESULTS = [
  "Authentication-Results: spf=fail (sender IP is 198.51.100.23)",
  " smtp.mailfrom=mailer.example-shop.net; dkim=none (message not signed)",
  " header.d=none;dmarc=fail action=oreject",
  " header.from=example-bank.com;compauth=fail reason=000",
  "Received-SPF: Fail (protection.outlook.com: domain of mailer.example-shop.net does",
  " not designate 198.51.100.23 as permitted sender)",
  " receiver=protection.outlook.com; client-ip=198.51.100.23;",
  " helo=mail.example-shop.net;",
];

/** The hop where Microsoft took the message in from the sending server. */
const ENTRY = [
  "Received: from mail.example-shop.net (198.51.100.23) by",
  " BN2PEPF000044A8.mail.protection.outlook.com (10.167.243.159) with Microsoft",
  " SMTP Server (version=TLS1_3, cipher=TLS_AES_256_GCM_SHA384) id 15.20.8137.18",
  " via Frontend Transport; Tue, 5 Nov 2024 10:00:06 +0000",
];

/** Results a sender wrote into its own message to look authenticated, with a made-up Microsoft hop under them. */
const FORGED = [
  "Authentication-Results: spf=pass (sender IP is 203.0.113.7)",
  " smtp.mailfrom=example-bank.com; dkim=pass (signature was verified)",
  " header.d=example-bank.com;dmarc=pass action=none",
  " header.from=example-bank.com;compauth=pass reason=100",
  "Received: from mail.example-bank.com (203.0.113.7) by",
  " BN2PEPF00004412.mail.protection.outlook.com (10.167.243.1) with Microsoft",
  " SMTP Server id 15.20.8137.18 via Frontend Transport; Tue, 5 Nov 2024 09:59:00 +0000",
];

const MESSAGE = [
  "From: Example Bank <alerts@example-bank.com>",
  "To: customer@contoso.example",
  "Subject: Unusual sign-in to your account",
  "Date: Tue, 5 Nov 2024 10:00:00 +0000",
  "Message-ID: <a1b2c3@mail.example-shop.net>",
  "MIME-Version: 1.0",
  "Content-Type: text/plain; charset=utf-8",
];

/** What Exchange Online appends at the end of the header block of inbound mail. */
const FILTER = [
  "X-MS-Exchange-Organization-SCL: 5",
  "X-Forefront-Antispam-Report:",
  " CIP:198.51.100.23;CTRY:US;LANG:en;SCL:5;SRV:;IPV:NLI;SFV:SPM;H:mail.example-shop.net;PTR:mail.example-shop.net;CAT:SPOOF;SFS:(13230040)(82310400026);DIR:INB;",
];

function raw(...blocks: string[][]): string {
  return [...blocks.flat(), "", "We noticed a sign-in from a new device. Confirm it was you.", ""].join("\r\n");
}

describe("Microsoft 365 and Outlook.com as the receiver", () => {
  it("reads the results Microsoft wrote among its own hops: DMARC, SPF, compauth and the filter verdict", async () => {
    const r = await offline.authenticate(raw(DELIVERY, SPOOF_RESULTS, ENTRY, MESSAGE, FILTER), ctx);
    expect(r.receiver).toBe("bn2pepf000044a8.mail.protection.outlook.com");
    expect(r.dmarc).toMatchObject({ result: "fail", origin: "receiver", domain: "example-bank.com", policy: "reject" });
    expect(r.spf).toMatchObject({ result: "fail", origin: "receiver", domain: "mailer.example-shop.net" });
    expect(r.dkim).toMatchObject({ result: "none", origin: "receiver" });
    expect(r.dkim.signatures.map((s) => s.domain)).toEqual([""]);
    expect(r.compauth).toEqual({ result: "fail", reason: "000" });
    expect(r.receiverFilter).toEqual({ scl: 5, category: "SPOOF", filter: "SPM" });
  });

  it("ignores results a sender planted below the hop where Microsoft took the message in", async () => {
    const both = await offline.authenticate(raw(DELIVERY, SPOOF_RESULTS, ENTRY, FORGED, MESSAGE), ctx);
    expect(both.dmarc.result).toBe("fail");
    expect(both.compauth).toEqual({ result: "fail", reason: "000" });

    const forgedOnly = await offline.authenticate(raw(DELIVERY, ENTRY, FORGED, MESSAGE, FILTER), ctx);
    expect(forgedOnly.receiver).toBeNull();
    expect(forgedOnly.dmarc.origin).not.toBe("receiver");
    expect(forgedOnly.dmarc.result).not.toBe("pass");
    expect(forgedOnly.compauth).toBeUndefined();
    expect(forgedOnly.receiverFilter).toBeUndefined();
  });

  it("trusts no results without an authserv-id when the top of the chain is another server's", async () => {
    const relayed = [
      "Received: from relay.smallisp.example (relay.smallisp.example [192.0.2.44]) by mx.smallisp.example",
      " with ESMTPS id 7Hq2; Tue, 5 Nov 2024 10:00:12 +0000",
    ];
    const r = await offline.authenticate(raw(relayed, DELIVERY, SPOOF_RESULTS, ENTRY, MESSAGE, FILTER), ctx);
    expect(r.receiver).toBeNull();
    expect(r.compauth).toBeUndefined();
    expect(r.receiverFilter).toBeUndefined();
    // Results above every hop, with no Microsoft hop under them, are anyone's.
    const loose = await offline.authenticate(raw(SPOOF_RESULTS, MESSAGE), ctx);
    expect(loose.receiver).toBeNull();
  });

  it("falls back to the ARC and X-MS-Exchange variants Microsoft writes, and to the policy in a comment", async () => {
    const arc = [
      "ARC-Authentication-Results: i=1; mx.microsoft.com 1; spf=softfail (sender ip is",
      " 198.51.100.23) smtp.rcpttodomain=contoso.example smtp.mailfrom=example-bank.com;",
      " dmarc=fail (p=quarantine sp=quarantine pct=100) action=quarantine",
      " header.from=example-bank.com; dkim=none (message not signed); arc=none (0)",
    ];
    const viaArc = await offline.authenticate(raw(DELIVERY, arc, ENTRY, MESSAGE), ctx);
    expect(viaArc.spf).toMatchObject({ result: "softfail", origin: "receiver" });
    expect(viaArc.dmarc).toMatchObject({ result: "fail", origin: "receiver", policy: "quarantine" });

    const exchange = [
      "X-MS-Exchange-Authentication-Results: spf=none (sender IP is 198.51.100.23)",
      " smtp.mailfrom=example-bank.com; dkim=none (message not signed)",
      " header.d=none;dmarc=none action=none header.from=example-bank.com;compauth=fail reason=001",
    ];
    const viaExchange = await offline.authenticate(raw(DELIVERY, exchange, ENTRY, MESSAGE), ctx);
    expect(viaExchange.compauth).toEqual({ result: "fail", reason: "001" });
    expect(viaExchange.dmarc).toMatchObject({ result: "none", origin: "receiver" });
  });

  it("stops at mail handed over by another Microsoft 365 organisation, so that organisation's results are not the receiver's", async () => {
    const fromTenant = [
      "Received: from NAM04-DM6-obe.outbound.protection.outlook.com",
      " (mail-dm6nam04on2102.outbound.protection.outlook.com [40.107.102.102]) by",
      " BN2PEPF000044A8.mail.protection.outlook.com (10.167.243.159) with Microsoft",
      " SMTP Server (version=TLS1_3, cipher=TLS_AES_256_GCM_SHA384) id 15.20.8137.18",
      " via Frontend Transport; Tue, 5 Nov 2024 10:00:06 +0000",
    ];
    const receiverOwn = [
      "Authentication-Results: spf=pass (sender IP is 40.107.102.102)",
      " smtp.mailfrom=example-bank.com; dkim=pass (signature was verified)",
      " header.d=example-bank.com;dmarc=pass action=none header.from=example-bank.com;compauth=pass reason=100",
    ];
    // The sending organisation's own stamp, from its hybrid relay: a failure that is not the receiver's verdict.
    const senderSide = [
      "X-MS-Exchange-Authentication-Results: spf=fail (sender IP is 198.51.100.9)",
      " smtp.mailfrom=example-bank.com; dkim=none (message not signed)",
      " header.d=none;dmarc=fail action=oreject header.from=example-bank.com;",
      "Received: from relay.example-bank.com (198.51.100.9) by",
      " CO1PEPF000044F2.mail.protection.outlook.com (10.167.241.72) with Microsoft",
      " SMTP Server id 15.20.8137.18 via Frontend Transport; Tue, 5 Nov 2024 10:00:04 +0000",
      "X-Forefront-Antispam-Report: CIP:198.51.100.9;CTRY:GB;LANG:en;SCL:1;SRV:;IPV:NLI;SFV:NSPM;CAT:NONE;DIR:OUT;",
    ];
    const r = await offline.authenticate(raw(DELIVERY, receiverOwn, fromTenant, senderSide, MESSAGE), ctx);
    expect(r.dmarc).toMatchObject({ result: "pass", origin: "receiver" });
    expect(r.compauth).toEqual({ result: "pass", reason: "100" });
    expect(r.receiverFilter).toBeUndefined();

    const noOwn = await offline.authenticate(raw(DELIVERY, fromTenant, senderSide, MESSAGE), ctx);
    expect(noOwn.receiver).toBeNull();
    expect(noOwn.dmarc.origin).not.toBe("receiver");
  });
});

describe("microsoftReceiverResults", () => {
  const fields = (lines: string[]): { name: string; value: string }[] => {
    const out: { name: string; value: string }[] = [];
    for (const line of lines) {
      if (line.startsWith(" ")) {
        const last = out[out.length - 1];
        if (last !== undefined) last.value = `${last.value} ${line.trim()}`;
      } else {
        const colon = line.indexOf(":");
        out.push({ name: line.slice(0, colon), value: line.slice(colon + 1).trim() });
      }
    }
    return out;
  };

  it("takes the topmost plain header over the ARC and Exchange variants", () => {
    const headers = fields([
      ...DELIVERY,
      "X-MS-Exchange-Authentication-Results: spf=pass smtp.mailfrom=a.example; dmarc=pass action=none header.from=a.example",
      ...SPOOF_RESULTS,
      ...ENTRY,
    ]);
    const found = microsoftReceiverResults(headers, parseReceived);
    expect(found?.results.dmarc?.result).toBe("fail");
    expect(found?.results.compauth?.word).toBe("fail");
    expect(found?.filter).toBeNull();
  });

  it("reads Microsoft's bare action= and reason= properties and soft passes", () => {
    const ar = parseAuthenticationResults(
      "spf=none (sender IP is 192.0.2.1) smtp.mailfrom=example.net; contoso.example; dkim=none header.d=example.net;contoso.example; dmarc=bestguesspass action=none header.from=example.net;compauth=softpass reason=201",
    );
    expect(ar.authservId).toBe("");
    expect(ar.dmarc).toMatchObject({ result: "none", word: "bestguesspass", props: { action: "none" } });
    expect(ar.compauth).toMatchObject({ word: "softpass", props: { reason: "201" } });
  });
});

describe("Microsoft's verdicts as header findings", () => {
  async function factorIds(message: string): Promise<string[]> {
    const mail = await reader.read(message);
    if (mail.isErr()) throw new Error("unreadable");
    const auth = await offline.authenticate(mail.value.raw, ctx);
    return analyzeHeaders(mail.value, auth).evidence.flatMap((e) => e.factors.map((f) => f.id));
  }

  it("names the compauth failure and the filter's spoofing class beside the DMARC failure", async () => {
    const ids = await factorIds(raw(DELIVERY, SPOOF_RESULTS, ENTRY, MESSAGE, FILTER));
    expect(ids).toEqual(expect.arrayContaining(["dmarc_fail", "compauth_fail", "receiver_spoof_verdict", "spf_fail"]));
  });

  it("finds nothing in results planted below the chain", async () => {
    const ids = await factorIds(raw(DELIVERY, ENTRY, FORGED, MESSAGE, FILTER));
    for (const id of ["dmarc_fail", "compauth_fail", "receiver_spoof_verdict", "spf_fail"])
      expect(ids).not.toContain(id);
  });
});

import { describe, expect, it } from "vitest";
import {
  analyzeHeaders,
  brandInDisplayName,
  HeaderAnalysisSchema,
  isLookalikeDomain,
} from "../../../src/analyzers/email/index.js";
import { UNKNOWN_AUTHENTICATION, type EmailAuthentication } from "../../../src/ports/email-authenticator.js";
import type { ParsedMail, ReceivedHop } from "../../../src/ports/mail-reader.js";
import { mailbox, parsedMail } from "../../support/parsed-mail.js";
import { prior, riskRules } from "../rules.js";

function hop(fromIp: string, timestamp: string, external = true): ReceivedHop {
  return { fromHost: "relay.example", fromIp, external, byHost: "mx.example", protocol: "ESMTPS", timestamp };
}

function mail(over: Partial<ParsedMail> & { toHeader?: string } = {}): ParsedMail {
  const { toHeader: to, ...rest } = over;
  const from = rest.from === undefined ? mailbox("Acme Billing", "billing@acme.com") : rest.from;
  return parsedMail({
    headers: [
      ...(from !== null ? [{ name: "From", value: `${from.name} <${from.address}>` }] : []),
      { name: "To", value: to ?? "pat@customer.example" },
    ],
    from,
    subject: "Your invoice",
    date: "2024-11-05T10:00:00.000Z",
    messageId: "1@acme.com",
    received: [hop("203.0.113.5", "2024-11-05T10:00:05.000Z")],
    ...rest,
  });
}

function auth(
  over: Partial<{ spf: string; dkim: string; dmarc: string; arc: string; policy: string; aligned: boolean }>,
): EmailAuthentication {
  const a = { spf: "unknown", dkim: "unknown", dmarc: "unknown", arc: "none", policy: null, aligned: true, ...over };
  return {
    spf: { result: a.spf as never, origin: "verified", domain: "acme.com", clientIp: "203.0.113.5" },
    dkim: {
      result: a.dkim as never,
      origin: "verified",
      signatures:
        a.dkim === "none" || a.dkim === "unknown"
          ? []
          : [{ result: a.dkim as never, domain: "acme.com", selector: "s1", aligned: a.aligned }],
    },
    dmarc: { result: a.dmarc as never, origin: "verified", domain: "acme.com", policy: a.policy as never },
    arc: { result: a.arc as never, origin: "verified", instances: 0, sealers: [] },
    receiver: null,
  };
}

const ids = (out: ReturnType<typeof analyzeHeaders>): string[] =>
  out.evidence.flatMap((e) => e.factors.map((f) => f.id));
/** What the header analyzers found, as the rules that fired. */
const found = (out: ReturnType<typeof analyzeHeaders>) => ({ factors: out.evidence.flatMap((e) => e.factors) });

describe("analyzeHeaders", () => {
  it("produces a header_analysis object that satisfies its schema", () => {
    const out = analyzeHeaders(mail(), auth({ spf: "pass", dkim: "pass", dmarc: "pass", policy: "reject" }));
    expect(HeaderAnalysisSchema.parse(out.headerAnalysis)).toEqual(out.headerAnalysis);
    expect(out.headerAnalysis.authentication.dkim.aligned).toBe(true);
    expect(out.evidence.map((e) => e.source)).toEqual(["email_authentication", "email_headers"]);
    // Passing authentication proves who sent it, not that the sender is honest: no rule fires on it by itself.
    expect(ids(out)).toEqual([]);
  });

  it("flags a brand's name over a free mailbox", () => {
    const out = analyzeHeaders(
      mail({ from: mailbox("PayPal Support", "paypal.support.team@gmail.com") }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(ids(out)).toContain("brand_name_free_mail");
    expect(out.headerAnalysis.brand_impersonation).toMatchObject({
      detected: true,
      brand: "PayPal",
      technique: "display_name",
    });
    expect(out.headerAnalysis.brand_impersonation.summary).toMatch(/PayPal/);
    expect(out.headerAnalysis.display_name_mismatch).toBe(true);
  });

  it("flags a brand's name over an unrelated domain, not over the brand's own", () => {
    const fake = analyzeHeaders(
      mail({ from: mailbox("Netflix", "billing@streamhelp-center.net") }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(ids(fake)).toContain("brand_name_unrelated_domain");
    const named = analyzeHeaders(
      mail({ from: mailbox("DocuSign", "dse@docusign-envelope.net") }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(named.evidence[1]?.factors.find((f) => f.id === "brand_name_unrelated_domain")?.points).toBe(65);
    const real = analyzeHeaders(
      mail({ from: mailbox("Netflix", "info@mailer.netflix.com") }),
      auth({ dmarc: "pass", dkim: "pass" }),
    );
    expect(real.headerAnalysis.display_name_mismatch).toBe(false);
    expect(real.headerAnalysis.brand_impersonation.detected).toBe(false);
  });

  it("reads a person who shares a short brand's name as a person", () => {
    expect(brandInDisplayName("Chase Miller")).toBeNull();
    expect(brandInDisplayName("Chase Fraud Alerts")?.name).toBe("Chase");
    expect(brandInDisplayName("Wells Fargo")?.name).toBe("Wells Fargo");
  });

  it("flags an address in the display name that is not the sender's", () => {
    const out = analyzeHeaders(
      mail({ from: mailbox("service@paypal.com", "x1@mail-relay.ru") }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(ids(out)).toContain("display_name_other_address");
    expect(out.headerAnalysis.brand_impersonation.brand).toBe("PayPal");
  });

  it("runs the URL channel's brand analyzers on the sender domain", () => {
    const out = analyzeHeaders(
      mail({ from: mailbox("Account", "security@paypa1.com") }),
      auth({ dmarc: "pass", dkim: "pass" }),
    );
    expect(ids(out).some((id) => id.startsWith("sender_domain_"))).toBe(true);
    expect(out.headerAnalysis.brand_impersonation).toMatchObject({ detected: true, brand: "PayPal" });
  });

  it("flags a sender domain copying the recipient's (business email compromise) even with passing authentication", () => {
    const out = analyzeHeaders(
      mail({
        from: mailbox("Dana Whitfield", "dana.whitfield@northwind-traders.com"),
        toHeader: "ap@northwindtraders.com",
        subject: "Updated bank details for payment",
      }),
      auth({ spf: "pass", dkim: "pass", dmarc: "pass", policy: "none" }),
    );
    expect(out.headerAnalysis.lookalike_of_recipient).toBe("northwindtraders.com");
    expect(ids(out)).toEqual(
      expect.arrayContaining(["sender_lookalike_of_recipient", "payment_request_with_sender_anomaly"]),
    );
    // The domain's own passing authentication takes nothing away.
    expect(out.evidence.find((e) => e.source === "email_authentication")?.factors).toEqual([]);
  });

  it("flags replies to a free mailbox or to a near copy of the sender's domain", () => {
    const free = analyzeHeaders(
      mail({
        from: mailbox("Mark Chen", "mark.chen@acme.com"),
        replyTo: [mailbox("Mark Chen", "markchen.ceo@outlook.com")],
      }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(ids(free)).toContain("reply_to_free_mail");
    expect(free.headerAnalysis.reply_to).toMatchObject({ differs_from_sender: true, free_mail: true });
    const near = analyzeHeaders(
      mail({ from: mailbox("Mark Chen", "mark.chen@acme-corp.com"), replyTo: [mailbox("", "mark.chen@acmecorp.co")] }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(ids(near)).toContain("reply_to_lookalike");
  });

  it("scores DMARC failure by the published policy and counts two From headers as a failure", () => {
    const reject = analyzeHeaders(mail(), auth({ spf: "fail", dmarc: "fail", policy: "reject" }));
    const none = analyzeHeaders(mail(), auth({ spf: "fail", dmarc: "fail", policy: "none" }));
    expect(ids(reject)).toContain("dmarc_fail");
    expect(ids(none)).toContain("dmarc_fail_policy_none");
    expect(ids(none)).not.toContain("dmarc_fail");
    expect(prior(found(reject), "dmarc_fail")).toBeGreaterThan(prior(found(none), "dmarc_fail_policy_none"));
    const two = analyzeHeaders(mail({ fromCount: 2 }), auth({ spf: "pass", dkim: "pass", dmarc: "pass" }));
    expect(ids(two)).toContain("multiple_from_headers");
    expect(two.headerAnalysis.authentication.dmarc.result).toBe("fail");
    expect(two.evidence[0]?.floor).toBe(65);
  });

  it("reads DMARC failure on a mailing list with List-Id and ARC as the list's doing", () => {
    const out = analyzeHeaders(
      mail({ from: mailbox("Ann", "ann@acme.com"), listId: "<dev.lists.example.org>" }),
      auth({ spf: "fail", dkim: "fail", dmarc: "fail", arc: "pass", policy: "reject" }),
    );
    expect(out.headerAnalysis.mailing_list_dmarc_breakage).toBe(true);
    expect(out.headerAnalysis.bulk.mailing_list).toBe(true);
    expect(ids(out)).not.toContain("dmarc_fail");
    expect(ids(out)).toContain("dmarc_fail_mailing_list");
    expect(riskRules(found(out))).toEqual([]);
  });

  it("doubts a DKIM failure of a body pasted under its raw headers unless the envelope fails too", () => {
    const pasted = analyzeHeaders(
      mail({ kind: "mime_body" }),
      auth({ spf: "pass", dkim: "fail", dmarc: "fail", policy: "reject" }),
    );
    expect(ids(pasted)).not.toContain("dkim_fail");
    expect(ids(pasted)).not.toContain("dmarc_fail");
    const forged = analyzeHeaders(
      mail({ kind: "mime_body" }),
      auth({ spf: "fail", dkim: "fail", dmarc: "fail", policy: "reject" }),
    );
    expect(ids(forged)).toContain("dmarc_fail");
    const whole = analyzeHeaders(mail(), auth({ spf: "pass", dkim: "fail", dmarc: "fail", policy: "reject" }));
    expect(ids(whole)).toEqual(expect.arrayContaining(["dkim_fail", "dmarc_fail"]));
  });

  it("summarises the Received chain and flags hops out of order", () => {
    const out = analyzeHeaders(
      mail({
        received: [
          hop("10.1.1.1", "2024-11-05T10:00:10.000Z", false),
          hop("198.51.100.7", "2024-11-05T10:00:05.000Z"),
          hop("192.0.2.1", "2024-11-05T14:00:00.000Z"),
        ],
      }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(out.headerAnalysis.received).toMatchObject({
      hops: 3,
      first_external_ip: "198.51.100.7",
      out_of_order: true,
    });
    expect(ids(out)).toContain("received_out_of_order");
  });

  it("skips the header evidence for pasted text and the authentication evidence when nothing could be checked", () => {
    const out = analyzeHeaders(
      mail({ kind: "pasted_text", from: null, headers: [], received: [] }),
      UNKNOWN_AUTHENTICATION,
    );
    expect(out.evidence.map((e) => e.status)).toEqual(["skipped", "skipped"]);
    expect(out.headerAnalysis.summary).toBe("No headers to analyse.");
  });

  it("vouches for authenticated mail from a brand's official domain only", () => {
    const real = analyzeHeaders(
      mail({ from: mailbox("PayPal", "service@paypal.com") }),
      auth({ spf: "pass", dkim: "pass", dmarc: "pass", policy: "reject" }),
    );
    expect(ids(real)).toEqual(["sender_established_domain"]);
    const spoofed = analyzeHeaders(
      mail({ from: mailbox("PayPal", "service@paypal.com") }),
      auth({ spf: "fail", dmarc: "fail", policy: "reject" }),
    );
    expect(ids(spoofed)).toContain("dmarc_fail");
    expect(ids(spoofed)).not.toContain("sender_established_domain");
  });
});

describe("analyzeHeaders: a receiver's own verdicts (Microsoft 365, Outlook.com)", () => {
  const fromMicrosoft = (over: Partial<EmailAuthentication>): EmailAuthentication => ({
    ...auth({ spf: "none", dkim: "none", dmarc: "none" }),
    receiver: "bn2pepf000044a8.mail.protection.outlook.com",
    ...over,
  });
  const cases: Array<[string, Partial<EmailAuthentication>, string[], string[]]> = [
    ["an implicit compauth failure alone", { compauth: { result: "fail", reason: "001" } }, ["compauth_fail"], []],
    [
      "an explicit compauth failure beside DMARC's",
      {
        compauth: { result: "fail", reason: "000" },
        dmarc: { result: "fail", origin: "receiver", domain: "acme.com", policy: "reject" },
      },
      ["compauth_fail", "dmarc_fail"],
      [],
    ],
    ["a compauth pass", { compauth: { result: "pass", reason: "100" } }, [], ["compauth_fail"]],
    ["a soft pass", { compauth: { result: "softpass", reason: "201" } }, [], ["compauth_fail"]],
    [
      "a phishing class",
      { receiverFilter: { scl: 9, category: "HPHSH", filter: "SPM" } },
      ["receiver_phishing_verdict"],
      ["receiver_spam_verdict"],
    ],
    [
      "an impersonation class",
      { receiverFilter: { scl: 5, category: "DIMP", filter: "SPM" } },
      ["receiver_spoof_verdict"],
      ["receiver_spam_verdict"],
    ],
    [
      "a malware class",
      { receiverFilter: { scl: 9, category: "MALW", filter: null } },
      ["receiver_malware_verdict"],
      [],
    ],
    [
      "spam by its confidence level",
      { receiverFilter: { scl: 6, category: "NONE", filter: null } },
      ["receiver_spam_verdict"],
      [],
    ],
    [
      "a clean verdict",
      { receiverFilter: { scl: 1, category: "NONE", filter: "NSPM" } },
      [],
      ["receiver_spam_verdict", "receiver_phishing_verdict", "receiver_spoof_verdict"],
    ],
    ["bulk mail", { receiverFilter: { scl: 4, category: "BULK", filter: "NSPM" } }, [], ["receiver_spam_verdict"]],
  ];
  it.each(cases)("%s", (_name, over, fire, quiet) => {
    const found = ids(analyzeHeaders(mail(), fromMicrosoft(over)));
    for (const id of fire) expect(found).toContain(id);
    for (const id of quiet) expect(found).not.toContain(id);
  });

  it("reads a compauth failure of list mail as the list's doing, as it does DMARC's", () => {
    const out = analyzeHeaders(
      mail({ from: mailbox("Ann", "ann@acme.com"), listId: "<dev.lists.example.org>" }),
      fromMicrosoft({
        ...auth({ spf: "fail", dkim: "fail", dmarc: "fail", arc: "pass", policy: "reject" }),
        compauth: { result: "fail", reason: "000" },
      }),
    );
    expect(ids(out)).not.toContain("compauth_fail");
  });
});

describe("isLookalikeDomain", () => {
  it("finds near copies and leaves the same organisation and other names alone", () => {
    expect(isLookalikeDomain("acrne.com", "acme.com")).toBe(true);
    expect(isLookalikeDomain("acne.com", "acme.com")).toBe(true);
    expect(isLookalikeDomain("acmes.org", "acme.com")).toBe(true);
    expect(isLookalikeDomain("northwlndtraders.com", "northwindtraders.com")).toBe(true);
    expect(isLookalikeDomain("contoso-payments.com", "contoso.com")).toBe(true);
    expect(isLookalikeDomain("contoso.co", "contoso.com")).toBe(true);
    expect(isLookalikeDomain("python.net", "python.org")).toBe(false);
    expect(isLookalikeDomain("mail.contoso.com", "contoso.com")).toBe(false);
    expect(isLookalikeDomain("fabrikam.com", "contoso.com")).toBe(false);
  });
});

// The reply a forwarder gets: the page's words, reasons, sources and next steps for their country, in plain text.
import { describe, expect, it } from "vitest";
import { composeMailReply } from "../../src/page/mail-reply.js";

const result = {
  verdict: "scam",
  risk_score: 96,
  confidence: 0.86,
  explanation: "This email is almost certainly a scam.",
  scam_type: "account_suspension",
  factors: [
    { id: "sender_domain_homoglyph", label: '"paypa1-support.com" imitates PayPal', points: 40 },
    { id: "urgency", label: 'Pushes you to act right away ("within 24 hours")', points: 8 },
  ],
  sources: [
    { name: "email_headers", status: "ok" },
    { name: "email_authentication", status: "skipped", reason: "authentication could not be checked" },
  ],
  created_at: "2026-03-10T12:00:00.000Z",
  sub_lookups: [{ kind: "url", value: "https://paypa1-support.com/verify" }],
};

describe("the mail reply", () => {
  it("says the verdict, quotes the findings, and gives the forwarder's country's steps", () => {
    const reply = composeMailReply(
      { result, subject: "Fwd: Your account is limited", language: null, forwarder: "sam@example.co.uk" },
      { baseUrl: "https://check.example" },
    );
    expect(reply.subject).toBe("scamverify: Scam — Your account is limited");
    expect(reply.text).toContain("SCAM:");
    expect(reply.text).toContain('- Pushes you to act right away ("within 24 hours")');
    expect(reply.text).toContain("report@phishing.gov.uk");
    expect(reply.text).toContain("https://paypa1-support.com/verify");
    expect(reply.text).toContain("What we could not check:");
    expect(reply.text).toContain("https://check.example/");
  });

  it("answers in Spanish when the forwarder's mail says so, and says when nothing could be read", () => {
    const es = composeMailReply(
      { result, subject: "RV: cuenta", language: "es-ES", forwarder: "ana@example.es" },
      { baseUrl: "https://check.example" },
    );
    expect(es.text).toContain("ESTAFA:");
    expect(es.text).toContain("017");
    const none = composeMailReply(
      { result: null, subject: "", language: null, forwarder: "a@example.org" },
      { baseUrl: "https://check.example" },
    );
    expect(none.subject).toContain("could not check");
  });
});

// The page's pure parts: what a paste is read as, the Spanish findings, the language and country, the signed answer,
// the counting key of a client address and the "not sure" state.
import { describe, expect, it } from "vitest";
import { clientKey } from "../../src/page/anonymous-limits.js";
import { verdictState, type PageAnswer } from "../../src/page/answer.js";
import { detectInput } from "../../src/page/detect-input.js";
import { negotiateLang, regionOf } from "../../src/page/i18n.js";
import { spanishLabel } from "../../src/page/labels.js";
import { pickCountry, scamGroupOf } from "../../src/page/next-steps.js";
import { createAnswerSigner } from "../../src/page/signed-answer.js";

describe("what a paste is read as", () => {
  it.each([
    ["https://paypa1.com/login", "url"],
    ["paypa1-secure.com", "url"],
    ["hxxps://evil[.]top/x", "url"],
    ["(415) 555-2671", "phone"],
    ["+1 415 555 2671", "phone"],
    ["tel:+14155552671", "phone"],
    ["1-800-FLOWERS", "phone"],
    ["service@paypa1.com", "address"],
    ["mailto:a@b.co", "address"],
    ["From: a@b.test\nTo: c@d.test\nSubject: hi\n\nbody", "eml"],
    ["Received: from x\n\tby y\nFrom: a@b.test\nSubject: hi\n\nbody", "eml"],
    ["USPS: your parcel is on hold, pay $1.99 at usps-fee.top", "sms"],
    ["hey, is this still your number?", "sms"],
    [
      `Dear customer,\n\n${"Your account needs attention. ".repeat(30)}\n\nPlease verify.\n\nRegards,\nThe team`,
      "email_text",
    ],
    ["Subject: Invoice\nFrom: billing\n\nPlease pay", "eml"],
    ["Look at this one\nFrom: Billing <billing@pay.test>\nSubject: Invoice\n\nPlease pay", "email_text"],
    ["   ", null],
  ])("%j -> %s", (text, kind) => {
    expect(detectInput(text)).toBe(kind);
  });
});

describe("findings in Spanish", () => {
  it("translates a message finding and keeps the words it quotes", () => {
    expect(spanishLabel("urgency", 'Pushes you to act right away ("today")')).toBe(
      'Te presiona para que actúes ya ("today")',
    );
  });
  it("translates a link's finding quoted inside a message's", () => {
    expect(
      spanishLabel(
        "url_high_risk",
        'The link https://ezpass-ny.top/pay reads as high risk (83): "ezpass-ny" combines E-ZPass\'s name with other words on a domain E-ZPass does not own',
      ),
    ).toBe(
      'El enlace https://ezpass-ny.top/pay resulta de riesgo alto (83): "ezpass-ny" combina el nombre de E-ZPass con otras palabras en un dominio que no es suyo',
    );
    expect(
      spanishLabel("sender_domain_homoglyph", `Sender domain: "paypa1" is a lookalike of PayPal's domain name`),
    ).toBe('Dominio del remitente: "paypa1" imita el dominio de PayPal');
  });
  it("leaves a finding it has no sentence for to the English label", () => {
    expect(spanishLabel("some_new_rule", "A finding added later")).toBeNull();
  });
});

describe("language and country", () => {
  it("follows Accept-Language unless chosen", () => {
    expect(negotiateLang(undefined, "es-MX,es;q=0.9,en;q=0.5")).toBe("es");
    expect(negotiateLang(undefined, "fr-FR,en;q=0.5,es;q=0.4")).toBe("en");
    expect(negotiateLang(undefined, "fr")).toBe("en");
    expect(negotiateLang("es", "en")).toBe("es");
    expect(regionOf("en-GB,en;q=0.9")).toBe("GB");
    expect(pickCountry(undefined, "GB", "US")).toBe("GB");
    expect(pickCountry(undefined, "MX", "US")).toBe("US");
    expect(pickCountry("ES", "GB", "US")).toBe("ES");
    expect(scamGroupOf("toll_fee")).toBe("toll");
    expect(scamGroupOf("none")).toBe("other");
  });
});

const answer: PageAnswer = {
  v: 1,
  channel: "text",
  read_as: "sms",
  verdict: "low_risk",
  risk_score: 20,
  confidence: 0.7,
  scam_type: null,
  factors: [{ id: "limited_evidence", label: "Nothing vouches for it yet", points: 15 }],
  sources: [{ name: "message_content", status: "ok" }],
  subject: null,
  reportable: [],
  explanation: "",
  created_at: "2026-03-10T12:00:00.000Z",
};

describe("the answer", () => {
  it("is 'not sure' when a low verdict stands on too little, never for high risk", () => {
    expect(verdictState(answer)).toBe("unsure");
    expect(verdictState({ ...answer, factors: [], confidence: 0.8 })).toBe("low_risk");
    expect(verdictState({ ...answer, verdict: "high_risk", confidence: 0.3 })).toBe("high_risk");
  });

  it("travels signed: a changed byte, another secret or an expired token is refused", () => {
    const t0 = new Date("2026-03-10T12:00:00Z");
    const signer = createAnswerSigner("a secret of sixteen+ chars");
    const token = signer.sign(answer, t0);
    expect(signer.verify(token, t0)).toEqual(answer);
    const [payload = "", mac = ""] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ exp: t0.getTime() + 1e6, a: { ...answer, verdict: "safe" } })).toString(
      "base64url",
    );
    expect(signer.verify(`${forged}.${mac}`, t0)).toBeNull();
    expect(createAnswerSigner("another secret, sixteen+").verify(token, t0)).toBeNull();
    expect(signer.verify(`${payload}.${mac}`, new Date(t0.getTime() + 3 * 3600_000))).toBeNull();
  });
});

describe("the counting key of a client", () => {
  it("is the address, or the /64 of an IPv6 address", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

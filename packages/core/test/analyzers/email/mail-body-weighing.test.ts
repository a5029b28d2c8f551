import { describe, expect, it } from "vitest";
import {
  analyzeRequest,
  bulkMailSignals,
  isGenericSenderName,
  mailContext,
  senderSpeaksFor,
  textWithRealLinks,
  weighBodyEvidence,
} from "../../../src/analyzers/email/index.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";
import type { MailAttachment, ParsedMail } from "../../../src/ports/mail-reader.js";
import { mailbox, parsedMail } from "../../support/parsed-mail.js";
import type { Evidence } from "../../../src/ports/signal-source.js";

const directory = createOrganisationDirectory();

function mail(over: Partial<ParsedMail> = {}): ParsedMail {
  return parsedMail({
    from: mailbox("Pat Lee", "pat@lee-family.net"),
    to: [mailbox("Jordan Lee", "jordan@brightpathmedia.com")],
    returnPath: "pat@lee-family.net",
    subject: "Hello",
    messageId: "1@lee-family.net",
    ...over,
  });
}

const PAYPAL = { organisation_id: "paypal", official_channels: ["paypal.com"] };

describe("bulkMailSignals", () => {
  it("reads list headers, Precedence, mailing services' headers and their bounce addresses", () => {
    expect(bulkMailSignals(mail({ listId: "<devs.lists.example.org>" }))).toContain("List-Id");
    expect(bulkMailSignals(mail({ headers: [{ name: "Precedence", value: "bulk" }] }))).toContain("Precedence: bulk");
    expect(bulkMailSignals(mail({ headers: [{ name: "X-SG-EID", value: "abc" }] }))).toContain("X-SG-EID");
    expect(bulkMailSignals(mail({ returnPath: "bounces+12-ab-jordan=gmail.com@em12.shop.example" }))).toContain(
      "a per-recipient bounce address",
    );
    expect(bulkMailSignals(mail({ returnPath: "Online#3.19586.b5-9w0blztbvHPdZdRR.1@mail.example.com" }))).toContain(
      "a per-recipient bounce address",
    );
    expect(bulkMailSignals(mail({ from: mailbox("Digest", "update@list.example.co.uk") }))).toContain(
      "a newsletter or list address",
    );
  });

  it("finds nothing in a message from one person, whatever its envelope's mailbox is called", () => {
    expect(bulkMailSignals(mail())).toEqual([]);
    expect(bulkMailSignals(mail({ returnPath: "bounce@shop.example" }))).toEqual([]);
    expect(bulkMailSignals(mail({ returnPath: "paypal.resolution.center2024@gmail.com" }))).toEqual([]);
    expect(bulkMailSignals(mail({ returnPath: "jordan.leesmith2024@lee-family.net" }))).toEqual([]);
  });
});

describe("who the sender says it is", () => {
  it("tells service names from people's and publishers' names", () => {
    expect(isGenericSenderName("")).toBe(true);
    expect(isGenericSenderName("Customer Support Team")).toBe(true);
    expect(isGenericSenderName("The Security Department")).toBe(true);
    expect(isGenericSenderName("Gary Lawrence Murphy")).toBe(false);
    expect(isGenericSenderName("boingboing")).toBe(false);
  });

  it("speaks for an organisation it names or over a free mailbox or a service name, not as a person writing about it", () => {
    const speaks = (m: ParsedMail): boolean => senderSpeaksFor(m, mailContext(m), PAYPAL, directory);
    expect(speaks(mail({ from: mailbox("PayPal Service", "service@pp-resolve.example") }))).toBe(true);
    expect(speaks(mail({ from: mailbox("Pat Lee", "pat.lee.1977@gmail.com") }))).toBe(true);
    expect(speaks(mail({ from: mailbox("Account Services", "notice@acct.example") }))).toBe(true);
    expect(speaks(mail({ from: mailbox("", "alerts@paypal-service.example") }))).toBe(true);
    expect(speaks(mail({ from: mailbox("Pat Lee", "pat@lee-family.net") }))).toBe(false);
    expect(speaks(mail({ from: mailbox("boingboing", "rssfeeds@feeds.example.org") }))).toBe(false);
    expect(speaks(mail({ kind: "pasted_text", from: null }))).toBe(true);
  });
});

describe("weighBodyEvidence", () => {
  const content: Evidence = {
    source: "message_content",
    status: "ok",
    signals: {},
    factors: [
      { id: "scam_script", source: "message_content", label: "script", points: 30 },
      { id: "prize", source: "message_content", label: "prize", points: 30 },
      { id: "link_action", source: "message_content", label: "link", points: 25 },
      { id: "yes_no_alert", source: "message_content", label: "yes/no", points: -15 },
    ],
  };
  const issuer: Evidence = {
    source: "claimed_issuer",
    status: "ok",
    signals: {},
    factors: [
      { id: "issuer_link_mismatch", source: "claimed_issuer", label: "Claims to be PayPal", points: 60 },
      { id: "issuer_channels_match", source: "claimed_issuer", label: "match", points: -25 },
    ],
  };
  const plain = { bulk: false, speaksForIssuer: true, senderName: "Pat Lee" };

  it("leaves the body's evidence alone for one sender writing as itself", () => {
    expect(weighBodyEvidence(content, plain)).toEqual(content);
    expect(weighBodyEvidence(issuer, plain)).toEqual(issuer);
  });

  it("makes each cue of bulk mail a rule of its own at half its prior, legitimacy kept as it is", () => {
    const out = weighBodyEvidence(content, { ...plain, bulk: true });
    const positive = out.factors.filter((f) => f.points > 0);
    expect(positive.length).toBeGreaterThan(0);
    for (const f of positive) expect(f.id).toMatch(/_in_bulk$/);
    expect(out.factors.find((f) => f.id === "yes_no_alert")?.points).toBe(-15);
    expect(weighBodyEvidence(issuer, { ...plain, bulk: true })).toEqual(issuer);
  });

  it("weighs an organisation's mismatched channels a quarter when the sender writes as someone else", () => {
    const out = weighBodyEvidence(issuer, { ...plain, speaksForIssuer: false });
    expect(out.factors[0]?.id).toMatch(/_mentioned$/);
    expect(out.factors[0]?.points).toBe(15);
    expect(out.factors[0]?.label).toMatch(/writes as "Pat Lee"/);
    expect(out.factors[1]?.points).toBe(-25);
  });
});

describe("analyzeRequest", () => {
  const gmail = mailbox("David Chen", "dchen.office@gmail.com");
  const ask = (m: ParsedMail, text: string): string[] =>
    analyzeRequest(m, mailContext(m), text).factors.map((f) => `${f.id}:${f.points}`);

  it("reads a free mailbox asking a work address to move money as business email compromise", () => {
    expect(ask(mail({ from: gmail }), "Are you available? I need you to purchase some gift cards today.")).toEqual([
      "free_mail_payment_request:65",
    ]);
    expect(ask(mail({ from: gmail }), "Hi, I changed banks. Please update my direct deposit information.")).toEqual([
      "free_mail_payment_request:65",
    ]);
    expect(ask(mail({ from: gmail, subject: "Request" }), "Are you at your desk? Reply when you can.")).toEqual([
      "free_mail_urgent_approach:40",
    ]);
    const replyToFree = mail({ from: mailbox("CFO", "cfo@brightpathmedia.co"), replyTo: [gmail] });
    expect(ask(replyToFree, "Please handle a wire transfer today.")).toEqual(["free_mail_payment_request:65"]);
  });

  it("leaves alone the same words between people on free mail, in bulk mail, and ordinary requests", () => {
    const toFree = mail({ from: gmail, to: [mailbox("", "jordan.lee@gmail.com")] });
    expect(ask(toFree, "Can you buy some gift cards for the party?")).toEqual([]);
    expect(ask(mail({ from: gmail, listId: "<x.lists.example>" }), "Wire transfer instructions inside")).toEqual([]);
    expect(ask(mail({ from: gmail }), "Could you send me the slides for the 2pm meeting?")).toEqual([]);
    expect(
      ask(mail({ from: gmail }), "Could you process the payment for this invoice by the end of the month?"),
    ).toEqual([]);
    expect(ask(mail(), "Are you available? Please buy gift cards for the team.")).toEqual([]);
  });

  it("reads an instruction to enable content beside an attachment with macros as a lure", () => {
    const macro: MailAttachment = {
      filename: "Invoice.docm",
      declaredType: "application/vnd.ms-word.document.macroEnabled.12",
      size: 1000,
      head: new Uint8Array(),
      encrypted: false,
      hasMacros: true,
      archiveEntries: [],
    };
    expect(ask(mail({ attachments: [macro] }), "Invoice attached. Click Enable Content to view it.")).toEqual([
      "enable_macros_lure:75",
    ]);
    expect(ask(mail({ attachments: [macro] }), "Invoice attached.")).toEqual([]);
    expect(ask(mail(), "Click Enable Content to view it.")).toEqual([]);
  });
});

describe("textWithRealLinks", () => {
  it("writes a lying link as where it goes and gives an address-less link its target", () => {
    const text = "Sign in at https://www.paypal.com/signin or Restore access today.";
    const out = textWithRealLinks(text, [
      { href: "https://account-review.top/pp/login", text: "https://www.paypal.com/signin" },
      { href: "https://account-review.top/restore", text: "Restore access" },
    ]);
    expect(out).not.toContain("www.paypal.com");
    expect(out).toContain("https://account-review.top/pp/login");
    expect(out).toContain("Restore access https://account-review.top/restore");
  });

  it("leaves links that show their own site and mailing services' tracked links as they are", () => {
    const text = "Visit example.org or Shop now.";
    expect(
      textWithRealLinks(text, [
        { href: "https://www.example.org/a", text: "example.org" },
        { href: "https://shop.us4.list-manage.com/track/click?u=1", text: "Shop now" },
      ]),
    ).toBe(text);
  });
});

import { describe, expect, it } from "vitest";
import { analyzeMessage, type AnalyzeMessageOptions } from "../../../src/analyzers/message/analyze-message.js";
import { extractEntities } from "../../../src/analyzers/message/extract-entities.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";
import { riskRules } from "../rules.js";
import { MARKET_ALERTS, MARKET_ALERT_SCAMS } from "./fixtures/market-alerts.js";

// Bank, payment-app and telecom alerts of India, Pakistan, Bangladesh, Nigeria, Kenya and the Philippines in the
// layouts public pages describe (fixtures/market-alerts.ts, written by the project: a regression set, never fitted).
const options: AnalyzeMessageOptions = { directory: createOrganisationDirectory([]), kind: "text" };
const factorsOf = (text: string) => ({ factors: analyzeMessage(text, options).evidence.flatMap((e) => e.factors) });
const ids = (text: string): string[] => factorsOf(text).factors.map((f) => f.id);

describe("bank, payment and telecom alerts of the largest markets", () => {
  it.each(MARKET_ALERTS.map((a) => [`${a.country} ${a.kind}`, a.text] as const))(
    "finds no scam rule of substance in a genuine alert (%s): %s",
    (_kind, text) => {
      expect(riskRules(factorsOf(text))).toEqual([]);
    },
  );

  it.each([
    ["kyc scam", ["account_locked", "cutoff_callback", "link_action"]],
    ["fake debit", ["call_to_dispute"]],
    ["sim block", ["account_locked", "cutoff_callback", "scam_script"]],
    ["card block", ["code_request", "account_locked"]],
  ] as const)("keeps the scam rules of a %s of the same look", (kind, rules) => {
    const scams = MARKET_ALERT_SCAMS.filter((s) => s.kind === kind);
    expect(scams.length).toBeGreaterThan(0);
    for (const rule of rules)
      expect(
        scams.some((s) => ids(s.text).includes(rule)),
        `${kind}: ${rule}`,
      ).toBe(true);
    for (const s of scams)
      expect(
        ids(s.text).some((id) => id.endsWith("_in_receipt")),
        s.text,
      ).toBe(false);
  });

  it("reads a payment address as no number to call, even when a mobile number is its name", () => {
    const alert =
      "Rs.2,000.00 debited from A/c XX7788 on 18-06-22 to VPA 9876543210@ybl (UPI Ref No 216912345678). Not you? Call 1800-425-3800 to report -Axis Bank";
    expect(extractEntities(alert).phones.map((p) => p.raw)).toEqual(["1800-425-3800"]);
    expect(ids(alert)).toContain("call_to_dispute_in_receipt");
    expect(ids(alert)).not.toContain("call_to_dispute");
    // The same mobile number written to call is a person's line, and an e-mail address stays one.
    const scam =
      "Rs.2,000.00 debited from A/c XX7788 on 18-06-22 to VPA 9876543210@ybl (UPI Ref No 216912345678). Not you? Call 9876543210 to cancel";
    expect(ids(scam)).toContain("call_to_dispute");
    expect(ids(scam)).not.toContain("call_to_dispute_in_receipt");
    expect(extractEntities("Write to 9876543210@gmail.com").emails).toEqual(["9876543210@gmail.com"]);
  });

  it("takes a keyword of two words, and an alert to forward, as the bank's service line", () => {
    const card =
      "Spent Rs.1249.00 On HDFC Bank Card 1234 At AMAZON On 2022-09-27:16:18:00. Not You? Call 18002586161/SMS BLOCK CC 1234 to 7308080808";
    expect(ids(card)).toContain("call_to_dispute_in_receipt");
    expect(ids(card)).not.toContain("call_to_dispute");
    const atm =
      "Dear Customer, Rs.5000 withdrawn at SBI ATM S1AW000123 from A/cX1234 on 03Nov22. Available Balance Rs.22,410.55. If not withdrawn by you, forward this SMS to 9223008333 / call 1800111109 to block your card.";
    expect(ids(atm)).toContain("call_request_in_receipt");
    expect(ids(atm)).not.toContain("call_request");
    // A mobile to call beside them is a person's line: the callback is read as it is.
    const scam =
      "Spent Rs.49,999.00 On HDFC Bank Card 1234 At APPLE On 2022-09-27. Not You? Call 9876543210 now or SMS BLOCK CC 1234 to 7308080808";
    expect(ids(scam)).toContain("call_to_dispute");
    const forwardScam =
      "Rs.5000 withdrawn from A/cX1234 on 03Nov22. Available Balance Rs.210. If not you, forward this SMS to 9223008333 and call our officer on 9876543210 to cancel.";
    expect(ids(forwardScam)).toContain("call_request");
    expect(ids(forwardScam).some((id) => id.endsWith("_in_receipt"))).toBe(false);
  });

  it("reads a low-balance alert and a card blocked with a ticket as reports on the holder's account", () => {
    const low =
      "Balance in your A/c XX1234 has fallen below Rs 1,000.00. Avl Bal: Rs 842.10 as on 10-Jan-23. Please maintain minimum balance to avoid charges. -SBI";
    expect(ids(low)).toContain("threat_in_receipt");
    expect(ids(low)).not.toContain("threat");
    const blocked =
      "Dear Sir/Madam, Your State Bank Debit Card ending 2136 is blocked. Ticket No. 123456789012 Date 12-05-2022 10:14:22. To apply for a new card contact the issuing branch.";
    expect(ids(blocked)).toContain("account_locked_in_receipt");
    expect(ids(blocked)).not.toContain("account_locked");
    // The same words with a link no bank owns, or with a request for the code, are the block scam.
    const lowLink =
      "Balance in your A/c XX1234 has fallen below Rs 1,000.00. Avl Bal: Rs 842.10. Update your KYC at http://sbi-kyc-help.top to avoid charges.";
    expect(ids(lowLink).some((id) => id.endsWith("_in_receipt"))).toBe(false);
    const blockedCode =
      "Your SBI Debit Card ending 2136 is blocked. Ticket No. 123456789012. To unblock share the OTP sent to you with our executive on 7001234567";
    expect(ids(blockedCode)).toEqual(expect.arrayContaining(["code_request", "account_locked"]));
  });
});

describe("numbers in alerts that are no number to call", () => {
  it("reads a number masked with X, a transaction id and a dated stamp as no phone number", () => {
    const phones = (text: string): string[] => extractEntities(text).phones.map((p) => p.raw);
    expect(
      phones(
        "QBC8JT386 Confirmed. You have received Ksh1,230.00 from JAMES KORIR 0722XXX567 on 6/4/22 at 5:40 PM. New M-PESA balance is Ksh2,150.00.",
      ),
    ).toEqual([]);
    expect(
      phones(
        "You have received Rs. 2,500.00 from 0300XXXX567 in your JazzCash Mobile Account. TID: 12345678901. Your new balance is Rs. 3,120.45.",
      ),
    ).toEqual([]);
    expect(
      phones("You have received PHP 1,500.00 of GCash on 05-12-2022 03:15 PM. Your new balance is PHP 2,340.50."),
    ).toEqual([]);
    // Keypad letters and a number written in full stay numbers.
    expect(phones("Call 1-800-FLOWERS or 0722 123 567 today")).toEqual(["1-800-FLOWERS", "0722 123 567"]);
  });
});

describe("a notice whose only ask is a visit in person with one's papers", () => {
  it("weighs a deactivation for incomplete KYC apart when it sends the reader to the sender's store or branch", () => {
    const store =
      "Your Jio number will be deactivated in 7 days due to incomplete KYC. Please visit the nearest Jio Store with original Aadhaar to complete verification.";
    expect(ids(store)).toEqual(expect.arrayContaining(["own_app_only", "account_locked_own_channel"]));
    expect(ids(store)).not.toContain("account_locked");
    // The same threat with a mobile to call, or a link, is the SIM-block script.
    const call =
      "Your Jio number will be deactivated in 7 days due to incomplete KYC. Visit the nearest Jio Store with Aadhaar or call 8509876543 to complete verification.";
    expect(ids(call)).toContain("account_locked");
    expect(ids(call)).not.toContain("own_app_only");
    const link =
      "Your Jio number will be deactivated due to incomplete KYC. Visit the nearest Jio Store with Aadhaar or update now at http://jio-kyc-update.top";
    expect(ids(link)).toContain("account_locked");
  });
});

describe("payment addresses and the PIN asked to receive money", () => {
  it("reads a payment address whose name ends like a site as no link", () => {
    const alert = "Money Received - INR 1,500.00 in your A/c xx1234 on 12-03-22 from VPA priya.in@okicici. -HDFC Bank";
    expect(extractEntities(alert).urls).toEqual([]);
    // A site named on its own stays a link, and an e-mail address stays one.
    expect(extractEntities("Visit priya.in or write to priya@gmail.com").urls.map((u) => u.candidate)).toEqual([
      "priya.in",
    ]);
  });

  it("reads a PIN asked to receive money as a request for a code, and not a PIN asked to pay", () => {
    const collect =
      "You have received Rs 5,000 from your friend. To accept, enter your UPI PIN in the collect request from refund.help@okaxis";
    expect(ids(collect)).toContain("code_request");
    const pay =
      "You have a collect request of Rs 499.00 from AMAZON. Enter your UPI PIN in the app to approve the payment.";
    expect(ids(pay)).not.toContain("code_request");
  });
});

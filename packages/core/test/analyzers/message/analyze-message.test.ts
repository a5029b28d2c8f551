import { describe, expect, it } from "vitest";
import {
  analyzeMessage,
  GIFT_CARD_PAYMENT_FLOOR,
  type AnalyzeMessageOptions,
} from "../../../src/analyzers/message/analyze-message.js";
import { offlineSubLookups } from "../../../src/analyzers/message/assess-message.js";
import { ClaimedIssuerSchema } from "../../../src/analyzers/message/claimed-issuer.js";
import { extractEntities } from "../../../src/analyzers/message/extract-entities.js";
import { SCAM_TYPES, ScamTypeSchema } from "../../../src/analyzers/message/scam-types.js";
import type { Organisation } from "../../../src/analyzers/organisations/organisation.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";
import { prior, riskRules } from "../rules.js";

const org = (o: Omit<Organisation, "source">): Organisation => ({ ...o, source: "test fixture" });
const directory = createOrganisationDirectory([
  org({
    id: "usps",
    name: "USPS",
    category: "postal",
    aliases: ["USPS", "US Postal Service"],
    officialDomains: ["usps.com"],
    officialPhones: ["+18002758777"],
  }),
  org({
    id: "ezpass-ny",
    name: "E-ZPass New York",
    category: "toll",
    aliases: ["E-ZPass", "EZPass"],
    officialDomains: ["e-zpassny.com"],
    officialPhones: ["+18003335392"],
  }),
  org({
    id: "chase",
    name: "Chase",
    category: "bank",
    aliases: ["Chase"],
    officialDomains: ["chase.com"],
    officialPhones: ["+18009359935"],
  }),
  org({
    id: "zelle",
    name: "Zelle",
    category: "payment",
    aliases: ["Zelle"],
    officialDomains: ["zellepay.com"],
    officialPhones: [],
  }),
]);
const options: AnalyzeMessageOptions = { directory, kind: "text" };

/**
 * What the message's own detectors (its cues and the organisation it claims) find, and the story they tell. Its links'
 * and numbers' lookups are left out: their verdicts come from the other channels' weights.
 */
function read(text: string, opts: AnalyzeMessageOptions = options) {
  const analysis = analyzeMessage(text, opts);
  const factors = analysis.evidence.flatMap((e) => e.factors);
  return { factors, ids: factors.map((f) => f.id), type: analysis.likelyType };
}

describe("analyzeMessage: the claimed organisation", () => {
  it("names both the organisation and the lookalike domain when the link imitates the organisation's", () => {
    const a = analyzeMessage("E-ZPass: unpaid toll of $6.99, pay by 11/30: https://ezpass-ny.top/pay", options);
    expect(a.claimedIssuer).toMatchObject({
      organisation_id: "ezpass-ny",
      channels_match: false,
      mismatched: [{ kind: "url", value: "ezpass-ny.top" }],
      matched: [],
    });
    const factor = a.evidence.flatMap((e) => e.factors).find((f) => f.id === "issuer_lookalike_domain");
    expect(factor?.label).toBe(
      "Claims to be E-ZPass New York; the link goes to ezpass-ny.top, which imitates E-ZPass New York's domain",
    );
    expect(ClaimedIssuerSchema.parse(a.claimedIssuer)).toEqual(a.claimedIssuer);
  });

  it("counts a link on the organisation's own domain as evidence for legitimacy", () => {
    const a = analyzeMessage(
      "USPS: your package will be delivered today. Track: https://tools.usps.com/go/Track",
      options,
    );
    expect(a.claimedIssuer?.channels_match).toBe(true);
    expect(a.claimedIssuer?.matched).toEqual([{ kind: "url", value: "usps.com" }]);
    const found = { factors: a.evidence.flatMap((e) => e.factors) };
    expect(found.factors.map((f) => f.id)).toContain("issuer_channels_match");
    expect(riskRules(found)).toEqual([]);
  });

  it("reads a number the organisation is not known to publish as not confirmed, and accepts one it does", () => {
    const foreign = analyzeMessage("Chase fraud team: call us now at (786) 302-4419.", options);
    expect(foreign.claimedIssuer).toMatchObject({ mismatched: [], channels_match: null });
    expect(foreign.evidence.flatMap((e) => e.factors).map((f) => f.id)).toContain("issuer_phone_unconfirmed");
    const own = analyzeMessage("Chase: questions? Call 1-800-935-9935.", options);
    expect(own.claimedIssuer?.channels_match).toBe(true);
  });

  it("reads a number one digit off the organisation's own as misread when the text came from OCR", () => {
    const letter = "Chase\nQuestions about your statement? Call 1-800-935-9985.";
    const ocr = { ...options, kind: "document" as const, readByOcr: true };
    const ids = (text: string, opts: AnalyzeMessageOptions): string[] =>
      analyzeMessage(text, opts).evidence.flatMap((e) => e.factors.map((f) => f.id));
    expect(ids(letter, ocr)).not.toContain("issuer_phone_unconfirmed");
    // Typed text says what it means, and two digits off is another number, however it was read.
    expect(ids(letter, { ...options, kind: "document" })).toContain("issuer_phone_unconfirmed");
    expect(ids("Chase\nCall 1-800-935-9088.", ocr)).toContain("issuer_phone_unconfirmed");
  });

  it("does not count another listed organisation's domain against the claimed one", () => {
    const a = analyzeMessage("Chase: send money with Zelle at zellepay.com", options);
    expect(a.claimedIssuer?.mismatched).toEqual([]);
  });

  it("never takes a personal address at a free mailbox for the mailbox provider's own channel", () => {
    const real = { directory: createOrganisationDirectory(), kind: "text" as const };
    const a = analyzeMessage("Landlord: send the rent by Zelle to rentpay.m@gmail.com today.", real);
    expect(a.claimedIssuer?.channels_match).not.toBe(true);
    expect(a.evidence.flatMap((e) => e.factors).map((f) => f.id)).not.toContain("issuer_channels_match");
    const google = analyzeMessage("Google security: reply to google.help.desk@gmail.com", real);
    expect(google.claimedIssuer?.matched).toEqual([]);
  });

  it("reports a shortened link as unverifiable rather than foreign, and weighs it less", () => {
    const a = analyzeMessage("USPS: track your package at bit.ly/3xYz9", options);
    const ids = a.evidence.flatMap((e) => e.factors).map((f) => f.id);
    expect(ids).toContain("issuer_link_shortened");
    expect(ids).not.toContain("issuer_link_mismatch");
  });

  it("takes a payment app named as the way to pay, and the shop a parcel comes from, for no claim", () => {
    const builtIn: AnalyzeMessageOptions = { directory: createOrganisationDirectory(), kind: "text" };
    const claim = (text: string): string | null => analyzeMessage(text, builtIn).claimedIssuer?.organisation_id ?? null;
    expect(
      claim("Hi, it's Jenny from the HOA. The key deposit is $25, you can pay by Zelle to hoa@pinecrest.org."),
    ).toBe(null);
    expect(claim("Can you Venmo me the $18 for the movie? Or Zelle me at 412-621-0199")).toBe(null);
    expect(claim("Intelcom: Your parcel from Amazon will be delivered today. Track: intelcom.ca/track")).toBe(null);
    // The sender itself, a link beside the payment app, or no sender of its own: still a claim.
    expect(claim("Zelle: You received $500. To accept it, call 1-888-412-0937.")).toBe("zelle");
    expect(claim("Verify your payment by Zelle at https://zelle-verify.top today")).toBe("zelle");
    expect(claim("Your parcel from Amazon is on hold. Pay the fee at amazon-redeliver.top")).toBe("amazon");
  });

  it("takes a payment network or an insurer named as a means or a mark for no claim, in every kind of message", () => {
    const builtIn = createOrganisationDirectory();
    const issuer = (text: string, kind: AnalyzeMessageOptions["kind"], claimText?: string): string | null =>
      analyzeMessage(text, { directory: builtIn, kind, ...(claimText !== undefined ? { claimText } : {}) })
        .claimedIssuer?.organisation_id ?? null;
    const statement =
      "Your statement is ready at https://www.firstharborbank.com/statements. Member FDIC. Equal Housing Lender.";
    expect(issuer(statement, "text")).toBeNull();
    expect(issuer(statement, "email", `First Harbor Bank\n${statement}`)).toBeNull();
    expect(
      issuer("Rosie Cafe: Visa and Mastercard accepted. Google Pay accepted. Order at https://rosiecafe.com", "text"),
    ).toBeNull();
    const alert = "Unusual activity on your card. Verify at https://visa-secure-check.com";
    expect(issuer(alert, "email", `Visa Security Team\n${alert}`)).toBe("visa");
  });

  it("takes a federal agency's initials alone in a sender's name for no claim, unless the message bears it out", () => {
    const builtIn = createOrganisationDirectory();
    const issuer = (text: string, claimText: string, senderNumber?: string): string | null =>
      analyzeMessage(text, {
        directory: builtIn,
        kind: "email",
        claimText,
        ...(senderNumber !== undefined ? { senderNumber } : {}),
      }).claimedIssuer?.organisation_id ?? null;
    const practice = "Practice is moved to 4pm Thursday. Please pay the $20 field trip fee at https://dunbarhs.org/pay";
    expect(issuer(practice, `DHS Athletics\nPractice update\n${practice}`)).toBeNull();
    expect(issuer(practice, `DHS\n${practice}`, "coach@dunbarhs.org")).toBeNull();
    const notice = "Your case needs action. Verify your status at https://dhs-case-status.com";
    expect(issuer(notice, `DHS\n${notice}`, "alerts@dhs.gov")).toBe("dhs");
    const named = `The Department of Homeland Security: ${notice}`;
    expect(issuer(named, `DHS\n${named}`)).toBe("dhs");
    const story = "DHS: your federal benefits are on hold. Verify at https://dhs-case-status.com";
    expect(issuer(story, story)).toBe("dhs");
  });

  it("claims no organisation when none is named, and channels_match is null without links or numbers", () => {
    expect(analyzeMessage("see you at 5", options).claimedIssuer).toBeNull();
    expect(analyzeMessage("USPS is closed on Monday", options).claimedIssuer?.channels_match).toBeNull();
  });
});

describe("analyzeMessage: cues weighed together", () => {
  it.each([
    [
      "E-ZPass: You have an unpaid toll balance of $6.99. Pay within 24 hours to avoid a $50 late fee: https://ezpass-ny.top/pay",
      "toll_fee",
      ["toll", "scam_script", "issuer_lookalike_domain"],
    ],
    [
      "USPS: your package is on hold due to an incomplete address. Update it within 12 hours: https://usps.redelivery-help.top/us",
      "parcel_delivery",
      ["parcel", "scam_script", "issuer_lookalike_domain"],
    ],
    [
      "Hi Mum, this is my new number, my phone broke. Can you message me on WhatsApp?",
      "family_emergency",
      ["new_number", "platform_move", "family_emergency"],
    ],
    [
      "Hi, I accidentally sent my Google verification code to your number. Can you send it back to me?",
      "verification_code",
      ["code_request"],
    ],
    [
      "Aviso de peaje: su vehículo tiene peajes impagos. Pague hoy para evitar multas: https://sunpass-pagos.top",
      "toll_fee",
      ["toll", "scam_script", "unbranded_link_lure"],
    ],
    [
      "IRS: you owe back taxes. Pay today with gift cards or you will be arrested. Call 202-318-4406.",
      "government_impersonation",
      ["legal_threat", "gift_card", "scam_script"],
    ],
  ])("reads %s as %s, by the rules that make it one", (text, type, rules) => {
    const r = read(text);
    expect(r.ids).toEqual(expect.arrayContaining(rules));
    expect(r.type).toBe(type);
  });

  it.each([
    [
      "Your Chase verification code is 482913. Don't share this code with anyone; we'll never call you to ask for it.",
      [],
    ],
    ["Chase Fraud Alert: Did you attempt a $742.10 purchase at BESTBUY on card ending 4421? Reply YES or NO.", []],
    // A courier's notice tells a parcel story through the courier's own link: its own-channel rule, a hint.
    [
      "USPS: Your package could not be delivered. It is held at the Post Office. Schedule redelivery at usps.com/redelivery",
      [],
    ],
    ["hey can you venmo me $40 for the concert tix? thanks!!", []],
    ["Mom can you send me $200 for rent? I get paid Friday and I'll pay you back.", []],
    ["Old Navy: 50% off EVERYTHING today only! Shop now: https://bit.ly/3ONsale Reply STOP to quit.", []],
    ["Tu código de verificación de Google es 730194. No lo compartas con nadie.", []],
  ] as const)("finds no scam rule in the ordinary message %s", (text, rules) => {
    expect(riskRules(read(text))).toEqual(rules);
  });

  it("vouches for a courier's notice whose link is the courier's own", () => {
    const own = read(
      "USPS: Your package could not be delivered. It is held at the Post Office. Schedule redelivery at usps.com/redelivery",
    );
    expect(own.ids).toContain("issuer_channels_match");
    expect(own.ids).not.toContain("issuer_lookalike_domain");
    expect(own.ids).toContain("parcel_own_channel");
    // The same story through another site is the parcel story.
    const foreign = read("USPS: Your package could not be delivered. Schedule redelivery at usps-redelivery-help.com");
    expect(foreign.ids).toContain("parcel");
    expect(foreign.ids).not.toContain("parcel_own_channel");
  });

  const ids = (text: string, opts: AnalyzeMessageOptions = options): string[] =>
    analyzeMessage(text, opts).evidence.flatMap((e) => e.factors.map((f) => f.id));

  it("weighs a story and a request through a link when the text never says who sends it", () => {
    const lure = "Your mailbox is full and new mail is on hold. Confirm your account: https://mailbox-upgrade.click";
    expect(ids(lure)).toEqual(expect.arrayContaining(["unbranded_link_lure", "story_and_request"]));
    // A friend's link with no story or request, and a named organisation's own link, are no lure.
    expect(ids("Check out this video lol https://www.youtube.com/watch?v=dQw4w9WgXcQ")).not.toContain(
      "unbranded_link_lure",
    );
    expect(ids("USPS: your package is on hold. Schedule redelivery at usps.com/redelivery")).not.toContain(
      "unbranded_link_lure",
    );
  });

  it("reads a parcel waiting on the reader through an unknown link as a lure, and not the carrier's own text", () => {
    const lure = "Your parcel is waiting for you to confirm the shipping address: https://4kr-parcel.example/15EmC";
    expect(ids(lure)).toEqual(expect.arrayContaining(["parcel", "unbranded_link_lure"]));
    const named = "USPS: your package is waiting for you to set delivery preferences: https://j9hsv.info/Ot";
    expect(ids(named)).toEqual(expect.arrayContaining(["parcel", "issuer_lure_elsewhere"]));
    const own = "USPS: your package is waiting for you to set delivery preferences at usps.com/redelivery";
    expect(ids(own)).toContain("parcel_own_channel");
    expect(ids(own)).not.toContain("unbranded_link_lure");
    expect(ids(own)).not.toContain("issuer_lure_elsewhere");
  });

  it("trusts a link to the very site named by the sender tag, and not a look-alike of it", () => {
    const own = "Planet Fitness: Your membership payment was declined. Update your card at planetfitness.com/account.";
    expect(ids(own)).toContain("links_match_sender");
    expect(ids(own)).not.toContain("unbranded_link_lure");
    // What it asks is done on the sender's own site: a servicing notice's words, a rule of their own.
    expect(riskRules(read(own))).toEqual([]);
    expect(ids(own)).toContain("verify_action_own_channel");
    expect(ids(own)).not.toContain("verify_action");
    const lookAlike = "Planet Fitness: Your payment method was declined. Update it: planetfitness-billing.top";
    expect(ids(lookAlike)).not.toContain("links_match_sender");
    expect(ids(lookAlike)).toContain("unbranded_link_lure");
    expect(ids(lookAlike)).not.toContain("verify_action_own_channel");
  });

  it.each([
    // The directory confirms the link; the sender's own site by name; the sender's own app.
    [
      "Adobe: Your Creative Cloud payment of $59.99 failed. Update your payment details at account.adobe.com to avoid losing access.",
      ["personal_info_request", "threat"],
    ],
    [
      "Cricket Wireless: Your payment of $55.00 is due 11/28. Avoid service interruption: pay at cricketwireless.com/pay",
      ["threat", "pay_demand"],
    ],
    [
      "Root Insurance: Your policy will be canceled on 12/05 for non-payment unless we receive $143.20. Pay in the Root app.",
      ["account_locked"],
    ],
  ] as const)("weighs the asks of a notice through the sender's own channels apart: %s", (text, cues) => {
    const found = ids(text);
    for (const cue of cues) {
      expect(found).toContain(`${cue}_own_channel`);
      expect(found).not.toContain(cue);
    }
  });

  it("keeps the asks as they are when a link is not the sender's, or the ask is one no sender makes", () => {
    const foreign = ids(
      "Adobe: Your Creative Cloud payment failed. Update your payment details at adobe-billing-help.com to avoid losing access.",
    );
    expect(foreign).toContain("personal_info_request");
    expect(foreign.some((id) => id.endsWith("_own_channel"))).toBe(false);
    const giftCards = ids(
      "Cricket Wireless: Your account is past due. Pay with Apple gift cards today at cricketwireless.com/pay",
    );
    expect(giftCards).toContain("gift_card");
    expect(giftCards).not.toContain("gift_card_own_channel");
  });

  it.each([
    // Bank, card and wallet receipts: the account by its last digits, a balance, a limit or a reference, and the
    // issuer's toll-free or short-code line to call or text if the holder did not make it.
    [
      "Rs.450.00 debited from A/c XX1234 on 12-03-22 to VPA shop@okaxis (UPI Ref No 208112345678). Not you? Call 18002586161 to block your account",
      ["call_to_dispute"],
    ],
    [
      "Dear Customer, INR 2,000.00 has been debited from your account XX5678 on 05-Apr-22. Avl Bal INR 10,432.18. If not done by you, call 1800-425-3800.",
      ["charge_notice"],
    ],
    [
      "Transaction of Rs.1,299 on your Credit Card ending 4455 at AMAZON on 02-01-22. Avl limit Rs 45,000. Not you? SMS BLOCK 4455 to 5676766",
      ["account_alert"],
    ],
    [
      "Your card ending 2231 was charged $64.20 at SHELL OIL on 03/14. Available balance $1,204.55. If you did not make it, call 1-800-555-0142.",
      ["account_alert", "charge_notice", "call_to_dispute"],
    ],
    // A mobile-range number to text a keyword to is a service's line; a link named like the bank is its own.
    [
      "Rs 2,000 withdrawn from A/c XX4455 at ATM on 12-05-22. Avl Bal Rs 5,120. If not you, call 1800111109 or SMS BLOCK to 9223008333.",
      ["call_to_dispute"],
    ],
    [
      "Sent Rs.250.00 from Kotak Bank AC X1234 to shop@okicici on 12-03-22. UPI Ref 208112345678. Not you? Call 18602662666 or visit kotak.com/fraud",
      ["call_to_dispute"],
    ],
    // A card blocked at the holder's request, and a statement's amount due and late fee.
    [
      "Dear Customer, your debit card XX9876 has been blocked as per your request. Call 1800-1234-567 for a replacement.",
      ["account_locked"],
    ],
    [
      "Your Credit Card XX1234 statement is generated. Total Amt Due Rs 12,450.00, Min Amt Due Rs 620.00. Pay now to avoid late payment charges.",
      ["pay_demand", "threat"],
    ],
    // A card's limit written short, and a debit with its reference and the issuer's fraud line.
    [
      "INR 1,250.00 spent on HDFC Bank Card xx5678 at AMAZON on 2022-03-04. Avl Lmt: INR 98,750.00. Not you? Call 18002586161",
      ["call_to_dispute"],
    ],
    [
      "Dear Customer, Rs.2,500.00 has been debited from your A/c XX1234 on 12-01-22 to VPA shop@ybl. UPI Ref No 201234567890. Not you? Call 18002586161 to block UPI.",
      ["charge_notice", "call_to_dispute"],
    ],
    // An issuer's one-time code for a payment on the holder's own card, with its fraud line.
    [
      "OTP is 482913 for txn of INR 2,499.00 at AMAZON on HDFC Bank card ending 1234. Do not share OTP for security reasons. Not you? Call 18002586161",
      ["call_to_dispute", "account_alert"],
    ],
    [
      "482913 is your OTP for Rs. 1,200.00 at Amazon on your Card ending 1234. DO NOT disclose it to anyone. Not you? Call 18002586161",
      ["call_to_dispute"],
    ],
    // The account masked in its middle, after a star or dots, or written in full in a Nigerian bank's alert.
    [
      "Rs.2,500.00 debited from A/c 10XXXXX234 on 12-01-22. Avl Bal Rs.10,240.50. Not you? Call 18002586161 to block your account",
      ["call_to_dispute"],
    ],
    [
      "$45.00 debit card purchase at SHELL on acct ...1234. Available balance $1,234.56. Not you? Call 1-800-935-9935",
      ["call_to_dispute"],
    ],
    [
      "Your a/c *1234 was debited with $45.00 at SHELL. Available balance $1,234.56. Not you? Call 1-800-935-9935",
      ["charge_notice", "call_to_dispute"],
    ],
    [
      "Your Acct 3041207489 Has Been Debited with NGN2,000.00 On 04-FEB-2014 16:45:00 By ATM WITHDRAWAL. Bal: NGN1,159.30CR",
      ["charge_notice"],
    ],
    // An instalment the issuer will take from the account, and what happens if the balance falls short.
    [
      "Dear Customer, your a/c XX1234 will be debited with Rs.5,432 towards EMI on 05-Sep-22. Keep sufficient balance to avoid penalty charges.",
      ["charge_notice", "threat"],
    ],
  ] as const)("weighs what a transaction receipt says apart, and tells no story with it: %s", (text, cues) => {
    const found = ids(text);
    for (const cue of cues) {
      expect(found).toContain(`${cue}_in_receipt`);
      expect(found).not.toContain(cue);
    }
    expect(found).not.toContain("story_and_request");
    expect(found).not.toContain("scam_script");
    // A debit and the issuer's line to call about it are the receipt's own, not a charge with a callback to cancel it.
    expect(found).not.toContain("charge_callback");
  });

  it("keeps a callback as it is where the receipt is no receipt or the line is a person's", () => {
    // A mobile number to call about a debit: the fake-debit scam's callback, not an issuer's line.
    const mobile = ids(
      "Rs 49,999 debited from your A/c XX1234 for iPhone purchase. Avl Bal Rs 210. Not you? Call 9876543210 to cancel",
    );
    expect(mobile).toContain("call_to_dispute");
    expect(mobile).not.toContain("call_to_dispute_in_receipt");
    // No account by its last digits, no balance or reference: an order lure with a refund line.
    const order = ids(
      "Your Amazon order of $899.99 has been placed. If you did not make this purchase call 1-888-555-0199 immediately.",
    );
    expect(order).toContain("call_to_dispute");
    expect(order.some((id) => id.endsWith("_in_receipt"))).toBe(false);
    // "Send money to" a mobile is no keyword to a service, and a link no bank owns keeps a receipt's words as they are.
    const sendMoney = ids(
      "Rs 49,999 debited from A/c XX1234. Avl Bal Rs 210. Not you? send money to 9876543210 or call 9876543210",
    );
    expect(sendMoney.some((id) => id.endsWith("_in_receipt"))).toBe(false);
    const foreignLink = ids(
      "Rs 5,000 debited from A/c XX1234, Ref 208112345678. Not you? Call 1800-425-3800 or cancel at http://sbi-cancel-txn.top",
    );
    expect(foreignLink).toContain("call_to_dispute");
    // A limit written short makes a receipt, not one whose line to call is a person's.
    const shortLimit = ids(
      "INR 49,999 spent on Card xx5678 at APPLE STORE. Avl Lmt: INR 210. Not you? Call 9876543210 to cancel",
    );
    expect(shortLimit).toContain("call_to_dispute");
    expect(shortLimit).not.toContain("call_to_dispute_in_receipt");
    // A card's one-time code with a mobile to call, or one that asks for the code back, is no issuer's.
    const codeMobile = ids(
      "OTP is 482913 for txn of INR 2,499.00 at AMAZON on card ending 1234. Do not share OTP. Not you? Call 9876543210 to cancel",
    );
    expect(codeMobile).toContain("call_to_dispute");
    expect(codeMobile.some((id) => id.endsWith("_in_receipt"))).toBe(false);
    const codeBack = ids(
      "OTP 482913 for txn of Rs 2,499 on card ending 1234. Do not share it with anyone. If not you, share the OTP with our executive on 1800123456 to cancel",
    );
    expect(codeBack).toContain("code_request");
    expect(codeBack.some((id) => id.endsWith("_in_receipt"))).toBe(false);
    // The same debit with a mobile to call is the fake-debit scam: a charge and a callback to cancel it.
    const fakeDebit = ids(
      "Dear Customer, Rs.2,500.00 has been debited from your A/c XX1234 on 12-01-22. UPI Ref No 201234567890. Not you? Call 9876543210 to cancel.",
    );
    expect(fakeDebit).toEqual(expect.arrayContaining(["charge_notice", "call_to_dispute", "charge_callback"]));
    expect(foreignLink).not.toContain("call_to_dispute_in_receipt");
    // The Nigerian layout with a mobile to call, read where Nigerian numbers are at home, or a link no bank owns.
    const nigerianMobile = ids(
      "Debit Alert! Acct: 01**89 Amt: NGN5,000.00 DR Desc: POS PURCHASE Avail Bal: NGN12,345.67. Not you? Call 08031234567 now to reverse it",
      { ...options, settingCountries: ["NG"] },
    );
    expect(nigerianMobile).toContain("call_to_dispute");
    expect(nigerianMobile.some((id) => id.endsWith("_in_receipt"))).toBe(false);
    const maskedLink = ids(
      "Debit Alert! Acct: 012****789 Amt: NGN5,000.00 DR Avail Bal: NGN12,345.67. Not you? Reverse it at http://gtb-reversal.top/verify and confirm your account",
    );
    expect(maskedLink).toContain("verify_action");
    expect(maskedLink.some((id) => id.endsWith("_in_receipt"))).toBe(false);
    // A receipt that asks for a sign-in through a link asks what no receipt does.
    const link = ids(
      "Rs.5000 debited from A/c XX1234. Ref 208112345678. Not you? Click http://bit.ly/cancel-txn to cancel and verify your account",
    );
    expect(link).toContain("link_action");
    expect(link.some((id) => id.endsWith("_in_receipt"))).toBe(false);
  });

  it("trusts a link to the sender's own site when the name is shortened or given in the text", () => {
    for (const own of [
      "Crunch Fitness: Your membership payment was declined. Update your billing info at crunch.com/account.",
      "The New York Times: Your subscription payment was declined. Update your payment information at nytimes.com/account.",
      "Metro by T-Mobile: Your payment is due tomorrow. Pay at metrobyt-mobile.com/pay or in the app.",
      "Hi Maria, your Massage Envy membership payment couldn't be processed. Please update your card at massageenvy.com.",
    ]) {
      expect(ids(own), own).toContain("links_match_sender");
    }
    for (const lookAlike of [
      "Crunch Fitness: Your membership payment was declined. Update your billing info at crunch-fitness.com/account.",
      "Crunch Fitness: Your membership payment was declined. Update your billing info at crunchfitness-billing.top.",
      "Mint Mobile: Your payment failed. Update your payment info at mint-mobile.com/account.",
      // A link written in capitals names no one, and neither do words anybody can register.
      "PAYMENT-UPDATE-CENTER.COM: Your payment failed. Update your payment info at payment-update-center.com.",
      "Secure Billing Center: Your payment failed. Update your payment info at securebillingcenter.com.",
    ]) {
      expect(ids(lookAlike), lookAlike).not.toContain("links_match_sender");
    }
  });

  it("trusts the sender's own site on its country's second level, and not on a resold or private one", () => {
    for (const own of [
      "Thameswater: your bill is ready. View it at https://www.thameswater.co.uk/my-account",
      "VNPT: Chuc mung nam moi! Nhan uu dai tai https://vnpt.com.vn/nammoi2025",
      "Kasikorn: your statement is ready at https://www.kasikorn.co.th/statement",
    ]) {
      expect(ids(own), own).toContain("links_match_sender");
    }
    for (const other of [
      // Anybody's: a page host's subdomains and a second level a company resells under a country code.
      "Thameswater: your bill is ready. View it at https://thameswater.github.io/my-account",
      "Thameswater: your bill is ready. View it at https://thameswater.com.de/my-account",
      // A country code alone, or a look-alike on the country's second level.
      "Thameswater: your bill is ready. View it at https://thameswater.vn/my-account",
      "Thameswater: your bill is ready. View it at https://thameswater-billing.co.uk/my-account",
    ]) {
      expect(ids(other), other).not.toContain("links_match_sender");
    }
  });

  it("trusts a widely visited site whose name bears the sender's, and no look-alike or platform page", () => {
    const own = read(
      "Your SBI Credit Card payment of Rs 5,000 is overdue. Pay immediately to avoid late charges. Pay now: https://sbicard.com/quickpay",
    ).ids;
    expect(own).toContain("links_match_sender");
    // What it asks is done on the sender's own site: a servicing notice's cues, not a demand's.
    expect(own).toContain("pay_demand_own_channel");
    expect(own).not.toContain("pay_demand");
    for (const other of [
      // The same name on a site few visit, or joined to words with hyphens.
      "Your SBI Credit Card payment of Rs 5,000 is overdue. Pay immediately to avoid late charges. Pay now: https://sbicardpay.com/quickpay",
      "Your SBI Credit Card payment of Rs 5,000 is overdue. Pay immediately to avoid late charges. Pay now: https://sbi-card.top/quickpay",
      // A popular platform's page that anyone publishes, under a name the text gives.
      "Google: your account will be closed. Confirm your details now: https://docs.google.com/forms/d/e/1FAIpQLSe/viewform",
      // A popular site that bears no name the text gives.
      "Your SBI Credit Card payment of Rs 5,000 is overdue. Pay immediately to avoid late charges. Pay now: https://wetransfer.com/downloads/ab12",
    ]) {
      expect(read(other).ids, other).not.toContain("links_match_sender");
    }
  });

  it("trusts a brand's own link domain, from the brand directory, in a text that names the brand", () => {
    for (const own of [
      "Rs 150.00 cashback credited to your PhonePe wallet for your recharge. Check balance: https://phon.pe/wallet",
      "Your payment of Rs 1,299 via AutoPay on HDFC Bank Credit Card XX1234 is scheduled. To cancel, visit https://hdfcbk.io/HDFCBK/a/x1",
    ]) {
      expect(read(own).ids, own).toContain("links_match_sender");
    }
    for (const other of [
      // The domain, in a text that names another sender or none.
      "Rs 150.00 cashback credited to your wallet for your recharge. Check balance: https://phon.pe/wallet",
      "Airtel: Rs 150.00 cashback credited to your wallet. Check balance: https://phon.pe/wallet",
      // A shortener the brand runs for anyone's links, and a platform's page under the brand's domain.
      "LinkedIn: you appeared in 9 searches this week. See who: https://lnkd.in/eXaMpLe",
      "Google: your storage is full. Review your files: https://drive.google.com/file/d/1AbC/view",
    ]) {
      expect(read(other).ids, other).not.toContain("links_match_sender");
    }
  });

  it("trusts a site directly under a country code only as a name the text gives, in a text about that country", () => {
    for (const own of [
      "Airtel: Your bill of Rs 499 is due on 12 Mar. Pay at airtel.in/pay",
      "Viettel: Quy khach da nap thanh cong 50.000d vao thue bao. Chi tiet tai viettel.vn/km",
      // The name given in the text, not only the one it signs with.
      "Dear customer, your Airtel bill of Rs 499 is due. Pay at airtel.in/pay",
      "Thue bao cua Quy khach vua dang nhap ung dung My Viettel - http://viettel.vn/app tren mot thiet bi moi. Xin cam on!",
    ]) {
      expect(ids(own), own).toContain("links_match_sender");
    }
    for (const other of [
      // An ending sold as a generic one, or a country the text is not about.
      "Paytm: Rs 200 cashback credited. Check paytm.co/abc",
      "Airtel: Your bill of $49 is due. Pay at airtel.ke/pay",
      "Dear customer, your Airtel bill of $49 is due. Pay at airtel.ke/pay",
      // A look-alike under the country code, and a site the text gives no name of.
      "Airtel: Your KYC of Rs 499 plan is pending. Update at airtel-kyc.in/verify",
      "Quy khach da nap thanh cong 50.000d vao thue bao. Chi tiet tai viettel.vn/km",
    ]) {
      expect(ids(other), other).not.toContain("links_match_sender");
    }
  });

  it("credits to the sender its own site and, in a text, a site on its country's registry second level", () => {
    const own = (text: string, opts: AnalyzeMessageOptions = options): readonly string[] =>
      analyzeMessage(text, opts).ownLinks;
    expect(own("Dear customer, your Airtel bill of Rs 499 is due. Pay at airtel.in/pay")).toEqual([
      "https://airtel.in/pay",
    ]);
    // A Thai operator's page, a Vietnamese bank's, in a text in the country's script or language.
    expect(own("คุณได้ 10 คะแนนจากการชำระบิล เช็กที่ http://m.ais.co.th/zGH6WKzUZ")).toEqual([
      "http://m.ais.co.th/zGH6WKzUZ",
    ]);
    expect(
      own("Quý khách đã thanh toán thành công 50.000đ. Chi tiết tại https://onlinecard.vib.com.vn/the-tin-dung"),
    ).toHaveLength(1);
    for (const none of [
      // A country's second level in a text not about that country, a shortener, a look-alike, a mail's links.
      "Your parcel is held. Pay the fee at https://m.ais.co.th/zGH6WKzUZ",
      "คุณได้ 10 คะแนนจากการชำระบิล เช็กที่ https://bit.ly/3tCpzdT",
      "Airtel: Your KYC of Rs 499 plan is pending. Update at airtel-kyc.in/verify",
    ]) {
      expect(own(none), none).toEqual([]);
    }
    expect(own("คุณได้ 10 คะแนน เช็กที่ http://m.ais.co.th/zGH6WKzUZ", { ...options, kind: "email" })).toEqual([]);
  });

  it("counts one request read several ways once ('update your payment info at <link>')", () => {
    const found = ids("Your payment failed. Update your payment info at https://example-billing.com/account");
    expect(found).toContain("personal_info_request");
    expect(found).not.toContain("verify_action");
    expect(found).not.toContain("link_action");
    // Two requests in two places each count.
    const two = ids("Verify your identity today. Then click here to continue: https://example-billing.com/account");
    expect(two).toContain("verify_action");
    expect(two).toContain("link_action");
  });

  it("weighs a notice that sends you only to the sender's own app as no scam script", () => {
    const app =
      "Lyft: Your account is on hold because of an outstanding balance. Update your payment method in the Lyft app.";
    expect(ids(app)).toContain("own_app_only");
    expect(ids(app)).not.toContain("story_and_request");
    // A way to pay someone, a number to call or a link keeps it a request like any other.
    for (const scam of [
      "Cash App: Your account is on hold. Send $50 to the refund desk in the Cash App to release your funds.",
      "Lyft: Your account is on hold. Verify your identity in the app or call 1-888-412-0937 to restore access.",
      "Your account is on hold. Update your payment method in the app or at https://lyft-billing.top",
    ]) {
      expect(ids(scam), scam).not.toContain("own_app_only");
    }
  });

  it("weighs a dunning notice on the sender's own site as a story and a request, not a scam script", () => {
    const own =
      "Boost Mobile: Your account is past due and your service will be suspended tomorrow. Pay now at boostmobile.com/pay";
    expect(ids(own)).toContain("story_and_request");
    expect(ids(own)).not.toContain("scam_script");
    const lookAlike =
      "Boost Mobile: Your account is past due and your service will be suspended tomorrow. Pay now at boostmobile-pay.com";
    expect(ids(lookAlike)).toEqual(expect.arrayContaining(["scam_script", "unbranded_link_lure"]));
  });

  it("gives no own-site credit to a sender that tells a toll or government story under a name of its own", () => {
    const toll =
      "Texas Toll Services: You have an unpaid toll of $6.99. Pay today to avoid a late fee: texastollservices.com";
    expect(ids(toll)).not.toContain("links_match_sender");
    expect(ids(toll)).toEqual(expect.arrayContaining(["unbranded_link_lure", "toll", "scam_script"]));
  });

  it("reads a cut-off over an unpaid bill, with a number to call at once, as a scam script", () => {
    const shutOff =
      "Dear customer, your electricity will be disconnected in 30 minutes due to an unpaid bill. Call billing now at 877-301-6672";
    expect(ids(shutOff)).toEqual(expect.arrayContaining(["account_problem", "threat", "scam_script"]));
    expect(ids("Su servicio de agua será suspendido hoy por falta de pago. Llame al 877-301-6672")).toContain(
      "account_problem",
    );
  });

  it("takes a link into a government-only registry for the government body's, named or not", () => {
    const city =
      "City of Madison: your parking citation #44721 is due by 12/15. Pay online at https://pay.cityofmadison.gov";
    expect(ids(city)).not.toContain("unbranded_link_lure");
    const copy = city.replace("pay.cityofmadison.gov", "cityofmadison-gov.info");
    expect(ids(copy)).toContain("unbranded_link_lure");
  });

  it("reads commission as pay for tasks, not as the name of a public body", () => {
    expect(ids("Complete 40 orders a day and earn commissions. Deposit 100 USDT to activate.")).toContain("task_scam");
    expect(ids("Withdraw your $1,260 commission after one more recharge.")).toContain("task_scam");
    expect(ids("Recharge your account to continue the tasks and get your salary today.")).toContain("task_scam");
    expect(
      ids("In cooperation with the U.S. Consumer Product Safety Commission, we are recalling the heater you bought."),
    ).not.toContain("task_scam");
    expect(
      ids("La Comisión Federal de Comercio le recuerda que nunca pedimos pagos con tarjetas de regalo."),
    ).not.toContain("task_scam");
  });

  it("weighs a promise that a fraud agent will call you, and reads 'reply NO' as a keyword, not a negation", () => {
    const setUp =
      "Zelle: A payment of $1,500.00 is pending. If you did not authorize this, reply NO and our fraud team will call you to reverse it.";
    expect(ids(setUp)).toEqual(expect.arrayContaining(["callback_promise", "story_and_request"]));
    expect(ids("Chase will never call you to ask for it. Your code is 482913.")).not.toContain("callback_promise");
    expect(ids("Home Depot: Our delivery team will call you 30 minutes before arrival.")).not.toContain(
      "callback_promise",
    );
  });

  it("reads a code 'sent to your number by mistake' and 'if not, call' however the sentence runs", () => {
    expect(ids("Hey, I sent my Google code to your number by mistake. Can you send it back?")).toContain(
      "code_request",
    );
    expect(ids("Hola, te mandé mi código de Google a tu número por error. ¿Me lo reenvías?")).toContain("code_request");
    expect(
      ids("Chase: Did you try a $984.00 Zelle payment? If NOT, call our fraud department now at 1-833-291-4478."),
    ).toContain("call_to_dispute");
    expect(
      ids(
        "Chase: ¿Autorizó un pago de $984.00? Si NO fue usted, llame de inmediato a nuestro departamento de fraude al 1-833-291-4478.",
      ),
    ).toContain("call_to_dispute");
  });

  it("stays fast on the longest text made of names, payment apps and shops", () => {
    for (const text of [
      "Aa ".repeat(1666),
      "Your Order From Amazon, Zelle me by Venmo ".repeat(120),
      "Crunch Fitness: ".repeat(300),
    ]) {
      const start = performance.now();
      analyzeMessage(text, options);
      // Generous for a shared, loaded machine; a quadratic path takes seconds here.
      expect(performance.now() - start).toBeLessThan(1_000);
    }
  });

  it("reads a merchant written in capitals as no link in a YES/NO card alert", () => {
    const alert =
      "Credit Union: Your debit card ending 6612 is temporarily locked due to suspicious activity. Reply YES if you made a $419.00 purchase at NIKE.COM, NO if not.";
    expect(ids(alert)).toContain("yes_no_alert");
    // A locked card is the story; no link, number or request comes with it.
    expect(riskRules(read(alert))).toEqual(["account_locked"]);
  });

  it("tells a stranger's 'wrong number' chat-up from a plain wrong number", () => {
    expect(ids("Sorry, wrong number. You seem very kind though, where are you from?")).toContain("stranger_opener");
    expect(ids("Hola, ¿eres Carlos? Perdón, número equivocado. Mucho gusto, ¿de dónde eres?")).toContain(
      "stranger_opener",
    );
    const friend = read("Hi, is this Jess? It's Tom from the soccer team, practice moved to 5 tomorrow.");
    expect(friend.ids).not.toContain("stranger_opener");
    expect(riskRules(friend)).toEqual(["wrong_number"]);
  });

  it("weighs an offer of money that moves to a chat app, and money 'sent by mistake' to send back", () => {
    expect(ids("Join our crypto trading group, guaranteed profits of 20% weekly. Message me on WhatsApp.")).toContain(
      "offer_to_chat_app",
    );
    const back =
      "Hi, I accidentally sent you $300 through Venmo, it was meant for my landlord. Could you send it back?";
    expect(ids(back)).toEqual(expect.arrayContaining(["return_the_money", "overpayment"]));
  });

  it("weighs a charge with a number to call to cancel it, unless the number is the organisation's own", () => {
    expect(ids("Norton: su suscripción se renovó por $299.99. Si no lo autorizó, llame al 1-844-506-1829.")).toContain(
      "charge_callback",
    );
    expect(ids("Chase: your payment of $50.00 was processed. To dispute it call 1-800-935-9935.")).not.toContain(
      "charge_callback",
    );
  });

  it("does not count a negated request ('never share this code') as a request", () => {
    const a = analyzeMessage("Never share this code with anyone: 482913", options);
    expect(a.evidence.flatMap((e) => e.factors).map((f) => f.id)).not.toContain("code_request");
  });

  it("treats a disguised link as a cue of its own", () => {
    const a = analyzeMessage("Your account: hxxps://secure-login[.]top", options);
    expect(a.entities.urls[0]?.defanged).toBe(true);
    expect(a.evidence.flatMap((e) => e.factors).map((f) => f.id)).toContain("disguised_link");
    expect(a.redFlags).toContain("Disguises its link to get past filters");
  });

  it("says why in plain words, guesses the language and names only known scam types", () => {
    const en = analyzeMessage(
      "Congratulations! You've won a $1,000 gift card. Pay the $5 shipping fee: prize-claims.top",
      options,
    );
    expect(en.redFlags.length).toBeGreaterThan(0);
    expect(en.language).toBe("en");
    expect(SCAM_TYPES).toContain(en.likelyType);
    expect(ScamTypeSchema.safeParse(en.scamType).success).toBe(true);
    expect(analyzeMessage("Hola mamá, este es mi nuevo número", options).language).toBe("es");
  });

  it("reads a safety recall's free remedy as no refund lure, and a recall that wants card details or a fee as one", () => {
    for (const text of [
      "RECALL NOTICE: Your 2019 Civic has an open airbag recall. The recall repair is free. Contact your dealer to schedule.",
      "Important safety recall: you are entitled to a free replacement or a refund; contact the manufacturer at its own site.",
      "Aviso de retiro del mercado: tiene derecho a un reemplazo gratuito o a un reembolso, sin costo alguno.",
    ]) {
      expect(ids(text)).not.toContain("refund");
    }
    for (const text of [
      "Safety recall: you are entitled to a free replacement or a refund. Enter your card details at https://recall-refunds.net to claim it.",
      "Product recall: your free refund is ready, just pay a $4.99 shipping fee at https://recall-refunds.net",
      "You are owed a refund of $312.40. Enter your card details at https://refund-claim.net to receive it today.",
    ]) {
      expect(ids(text)).toEqual(expect.arrayContaining(["refund", "unbranded_link_lure"]));
    }
  });

  it("reads a disclosed card surcharge as no fee to pay, and a processing fee that releases money as one", () => {
    for (const text of [
      "Reminder: your invoice of $120 is due 5/1. A 3% card processing fee applies to card payments; no processing fee for ACH.",
      "Pay your balance online. A credit card processing fee of 2.9% applies.",
    ]) {
      expect(ids(text)).not.toContain("fee_payment");
    }
    for (const text of [
      "Congratulations, you won $5,000! Pay the $49 processing fee to release your prize.",
      "Your loan is approved! A 3% processing fee applies and must be paid before funds are released.",
      "Your package is held. A card processing fee of $2.99 applies, pay at https://usps-redeliver.info",
    ]) {
      expect(ids(text)).toContain("fee_payment");
    }
  });

  it("weighs a text sent from an email address", () => {
    const text = "USPS: your package is on hold, update your address: usps-help.top";
    const plain = analyzeMessage(text, options);
    const fromEmail = analyzeMessage(text, { ...options, senderNumber: "jdoe8812@icloud.com" });
    expect(fromEmail.evidence[0]?.factors.map((f) => f.id)).toContain("email_sender");
    expect(plain.evidence[0]?.factors.map((f) => f.id)).not.toContain("email_sender");
  });
});

describe("analyzeMessage: a courier's fee", () => {
  it("reads a fee held against a parcel as a parcel scam, not romance", () => {
    const r = read(
      "USPS: Your package is on hold due to an unpaid shipping fee of $1.99. Pay now: https://usps-hold.example/",
    );
    expect(r.ids).toEqual(expect.arrayContaining(["fee_payment", "parcel"]));
    expect(r.type).toBe("parcel_delivery");
    const a = analyzeMessage("Your parcel is held. Pay the customs fee: https://parcel-hold.example/", options);
    expect(a.evidence.flatMap((e) => e.factors).map((f) => f.id)).not.toContain("romance");
  });

  it("reads an amount before a fee as the fee asked for", () => {
    for (const text of ["Pay the 1.99 fee: https://x-example.top/", "Please pay a $3 charge to continue"]) {
      const ids = analyzeMessage(text, options).evidence.flatMap((e) => e.factors.map((f) => f.id));
      expect(ids).toContain("fee_payment");
    }
    const romance = analyzeMessage(
      "Sweetheart, the gift I sent you is stuck at the airport. Can you cover the $900 clearance fee with a gift card?",
      options,
    );
    expect(romance.likelyType).toBe("romance");
  });
});

describe("analyzeMessage: gift cards asked for, offered or named", () => {
  const read = (text: string): { ids: string[]; floor: number } => {
    const evidence = analyzeMessage(text, options).evidence;
    return {
      ids: evidence.flatMap((e) => e.factors.map((f) => f.id)),
      floor: Math.max(0, ...evidence.map((e) => e.floor ?? 0)),
    };
  };

  const NEAR_CONCLUSIVE = "gift_card_payment";
  const ASK = "gift_card";
  it.each([
    // A "boss" or a "relative" asking a favour: the cards bought, then their codes or backs sent on.
    [
      "Hey, it's Mark. Can you do me a favor? I need 4 Apple gift cards, $100 each, for a client. I'm stuck in a meeting, send me photos of the backs.",
      NEAR_CONCLUSIVE,
    ],
    [
      "Are you available? Pick up three Google Play cards for me and text me the codes on the cards, I'll pay you back tonight",
      NEAR_CONCLUSIVE,
    ],
    // A debt, fee or bail to be paid in them, or a sum sent in them.
    [
      "US Treasury: you are eligible for a $6,400 federal grant. Pay the processing fee of $250 in Apple gift cards to release the funds.",
      NEAR_CONCLUSIVE,
    ],
    [
      "IRS Final Notice: you owe $3,480 in back taxes. Payment accepted by gift card or bitcoin. Call 202-318-4406.",
      NEAR_CONCLUSIVE,
    ],
    ["Grandma please send $500 in Target gift cards, the lawyer says it is the only way", NEAR_CONCLUSIVE],
    // Asked to buy them or to pay with them, with no code or debt named: a relative may ask that too, so no floor.
    [
      "Hey, are you free? I need a quick favor. I'm in a meeting. I need you to get some Apple gift cards for a client, I'll reimburse you.",
      ASK,
    ],
    ["Hiring: personal assistant, $600 per week. First task: buy gift cards for our clients.", ASK],
    ["IRS: you owe back taxes. Pay today with gift cards or you will be arrested.", ASK],
    // Warnings name the ask they warn against.
    ["We will never ask you to pay a fee with gift cards or send us the codes on the back of a card.", null],
    // A store's receipt, its own payment method, a gift card given or offered.
    ["You paid $25.00 with a gift card at Target. Remaining balance $10.00", null],
    ["Pay for apps and games with a Google Play gift card", null],
    ["Your Amazon gift card code is AB12-CD34-EF56. Enjoy your gift from Sarah!", null],
    ["Send an eGift card to a friend in minutes at target.com/giftcards", null],
    [
      "Sam's Club: Join or renew today and get a $20 gift card. Offer ends 12/01. samsclub.com/join Reply STOP to end.",
      null,
    ],
    // Photos and codes asked for in a message that names no gift card.
    ["Can you send me photos of the back garden? The fence looks broken", null],
    ["Send me pictures of the cards you made for the wedding!", null],
  ])("reads %s as %s", (text, rule) => {
    const r = read(text);
    const gift = r.ids.filter((id) => id === ASK || id === NEAR_CONCLUSIVE);
    // The near-conclusive reading absorbs the ask where both read one phrase; either way it names the rule and floors.
    if (rule === NEAR_CONCLUSIVE) expect(gift).toContain(NEAR_CONCLUSIVE);
    else expect(gift).toEqual(rule === null ? [] : [rule]);
    expect(r.floor).toBe(rule === NEAR_CONCLUSIVE ? GIFT_CARD_PAYMENT_FLOOR : 0);
  });
});

describe("analyzeMessage: endearments", () => {
  it.each([
    "Good morning my dear, hope you slept well. See you at church on Sunday, God bless you.",
    "Beloved, the fellowship meets at 5pm today. Bring your Bible.",
    "Hi sweetheart, I'm running late, will be home by 7. Love you",
    "Thanks dear, I got the parcel from mummy. Greet everyone at home.",
    // A colour is no soldier's story.
    "Rejoice with us as we become one on Saturday 15th March. Colour: Army green, gold and orange.",
  ])("reads an endearment between people who know each other as no romance: %s", (text) => {
    expect(read(text).ids).not.toContain("romance");
  });

  it.each([
    // Money asked.
    ["Hello my dear, I need you to send me $500 through Western Union so I can get my visa.", "romance_money"],
    // Another app.
    ["Hi dear, I'm not often on here. Let's talk on WhatsApp, add me at +1 202 555 0147", "romance"],
    // A stranger's story or introduction.
    ["Hello dear, I am a US soldier deployed in Syria and I feel so lonely. Can we talk?", "romance"],
    ["Hello my dear, my name is Linda from Texas, I saw your profile and I liked it.", "romance"],
    // An adult chat line: a paid service's keyword and its price per message.
    ["Hey there darling, no word back from you! Fancy some fun? Text CHAT to 82242, 150p per msg", "romance"],
  ])("keeps romance where a stranger speaks, tells a story or asks: %s", (text, rule) => {
    expect(read(text).ids).toContain(rule);
  });
});

/** A rule, the story it stands for, texts it must fire on and ordinary texts it must leave alone. */
const CATEGORY_RULES: readonly { rule: string; story: string; fires: string[]; quiet: string[] }[] = [
  {
    rule: "parcel",
    story: "a failed delivery told from the courier's side",
    fires: [
      "We couldn't deliver your parcel due to an unpaid customs fee. Follow this link to pay: https://arame-x.example/",
      "Customer service announcement. We recently tried to make a delivery to you but were unable to do so, please call 07099833605 to re-schedule.",
      "Your parcel 1Z99 will not ship from the distribution center due to outstanding shipping cost. Track your package: https://onj.example/dN6vj",
      "We are having a problem delivering your package: https://trgtl.example/abM",
    ],
    quiet: [
      "Your order has been delivered. Thank you for shopping with us.",
      "We tried to call you about your appointment on Monday. Call us back when you can.",
      "Your package will be delivered today between 2pm and 4pm.",
    ],
  },
  {
    rule: "sender_name_lookalike_link",
    story: "a site the directory does not know that joins the name the text gives to other words",
    fires: [
      "PTSB: Due to unusual activity your card has been placed on hold. Please visit ptsb-review.com",
      "Royal Mail: Your package has a £2.99 unpaid shipping fee, pay at https://uk-royalmail.com/",
      "DigiD: verleng uw digitale sleutel via https://www-digid.nl/activeren",
    ],
    quiet: [
      "T-Mobile: your bill is ready at https://t-mobile.com/bill",
      "Hi from Crunch Fitness! Book your class at https://crunch-fitness.com",
      "Bendigo: your statement is ready at https://bendigobank.com.au",
      "Maybank Securities: your voucher was sent, track it at https://www.maybank-ke.co.th/track",
      "Your table is booked. Directions: https://city-maps.example/route",
    ],
  },
  {
    rule: "premium_billing",
    story: "a price per message, minute or week billed to the phone",
    fires: [
      "No 1 POLYPHONIC tone 4 ur mob every week! Just txt PT2 to 87575. 1st Tone FREE! 150p/tone. 16+ reply HL 4info",
      "SIX chances to win CASH! txt CSH11 to 87575. Cost 150p/day, 6days, 16+ TsandCs apply",
      "Fancy a flirt? Reply DATE now. Texts cost £1.50 per week, 18+ only",
      "Talk to a live psychic now, only $3.99/min",
    ],
    quiet: [
      "Your plan renews at $9.99/month. Manage it in the app.",
      "Parking there costs £3 a day, so let's take the bus",
      "Meet you at 1:50pm ok",
    ],
  },
  {
    rule: "prize",
    story: "card points said to be worth money that lapses or turns into cash",
    fires: [
      "Dear customer your credit card points worth Rs 6885 will expire today. Kindly redeem your points in cash: https://pointcash.example/",
      "Your reward points worth $120.50 expire tonight, convert your points into cash at https://redeem.example/",
    ],
    quiet: ["You earned 120 points on your last visit. Your balance is 1,480 points."],
  },
  {
    rule: "disavow_link",
    story: "a link to follow 'if this wasn't you' on a site that is not the sender's",
    fires: [
      "Your account login was attempted from Ohio. If this wasn't you, secure your account: https://acct-shield.example",
      "Bank alert: a transfer of $980 is pending approval. If you did not request this, cancel at https://stop-transfer.example",
      "New device signed in to your account. Not you? https://bit.ly/3kQz9x",
      "Nuevo inicio de sesion en su cuenta. Si no fue usted, ingrese a https://seguridad-cuenta.example",
    ],
    quiet: [
      "Wells Fargo: New sign-in to your account from an iPhone. If this wasn't you, visit wellsfargo.com/fraud",
      "Mint: new login on your account. Not you? Visit mintmobile.com/security",
      "New sign-in to your account. If this wasn't you, call the number on the back of your card.",
      "Your order has shipped: https://track.example.com/abc. Questions? Reply HELP",
    ],
  },
  {
    rule: "risky_link_ask",
    story: "an ask carried out through a link to a bare address or a site under an ending scams favour",
    fires: [
      "Toll notice: you have an unpaid balance of $6.99. Pay now to avoid a late fee: https://ezpass-billing.top/pay",
      "Your package is on hold due to an incomplete address. Update it here: https://parcel-redeliver.xyz",
      "Your points expire today, redeem them at https://rewards-center.icu/r",
      "Track your shipment at http://185.243.112.7/track",
    ],
    quiet: [
      "Your order has shipped. Track it at https://track.example.com/abc",
      "Our new collection is live at https://autumn.example.shop",
      "Pay your bill at https://bills.example.com before Friday",
      "Saw this and thought of you: https://funny-cats.xyz/video",
    ],
  },
  {
    rule: "cutoff_callback",
    story: "a SIM, account or power cut off within hours unless the reader calls or updates documents",
    fires: [
      "Dear customer your SIM document has expired. Kindly call customer care 6372354910 immediately otherwise your SIM will be blocked within 24 hours",
      "Dear Paytm customer your KYC has been suspended. Call customer care 7679460117 immediately, your account will be blocked within 24 hrs",
      "Dear consumer your electricity power will be disconnected tonight at 9:30 pm because your last bill was not updated. Please contact electricity officer 9064512387 immediately",
      "Dear SBI user your account will be blocked today. Please update your PAN card",
    ],
    quiet: [
      "Your debit card XX9876 has been blocked as per your request. Call 1-800-555-0199 if you need help today.",
      "Power will be disconnected in our street tonight from 10pm for maintenance. Sorry for the trouble.",
      "My account got blocked again today, call me when you can",
      "Your card was blocked after 3 wrong PIN attempts. Call us at 1-800-555-0199 today to unblock it.",
    ],
  },
  {
    rule: "account_locked",
    story: "an account or card locked, told in uninflected English",
    fires: [
      "Your ANZ account have be suspend Click here for re verify your data",
      "Dear customer your ATM Debit card have be block due to security reasons call 9064512387",
      "Commonwealth bank Your account be lock Unlock it manually",
      "PayPal We have limit your account due to safety concern Please visit https://pp-limits.example",
      "CIBC ALERT As a precaution we have disable your online access",
      "ALERTS Your ATM be block because of security reason call our number to unblock your card 9064512387",
    ],
    quiet: [
      "I will be at the bank account meeting, then lock up the office",
      "Have you been to the new card shop? It's close to the station",
      "The account will be close to its limit by Friday, so let's pay it down",
      "Your card has been renewed and is on its way.",
    ],
  },
  {
    rule: "threat",
    story: "a service about to be cut off, told in uninflected English",
    fires: [
      "Dear customer your mobile number will be disconnect today please call 9064512387",
      "Your subscription may be suspend if no action is taken",
      "Dear Luno Trader Validate your Luno account to avoid deactivation in 24hrs",
      "Please complete the security form to avoid restriction",
    ],
    quiet: [
      "I will be close by at 5, text me",
      "He will be locking up tonight, ask Sam",
      "Stretch before the run to avoid a muscle cramp",
    ],
  },
  {
    rule: "cutoff_callback",
    story: "a cut-off script that gives the number of its office or helpline instead of saying 'call'",
    fires: [
      "Dear PAYTM customer your paytm KYC have be suspend paytm office PH 9064512387 immediately your account will block within 24hr",
      "Dear user your SIM KYC has expired, helpline no XXXXXXXXXX, your SIM will be blocked today",
    ],
    quiet: [
      "Our office phone 9064512387 is open today until 5pm",
      "Your card was blocked today as per your request. Customer care 1800 425 3800 (toll free)",
    ],
  },
  {
    rule: "parcel",
    story: "a parcel held for an unpaid fee or customs duty, in English and Spanish",
    fires: [
      "AN POST Your package have a €1.90 unpaid fee To pay this visit https://anpost-fees.example",
      "Estimado cliente su paquete no se ha podido entregar el 11/10 porque no se han pagado las tasas de aduana https://4hy.example/u",
      "Estimado su paquete no se pudo entregar ya que no se pagaron los aranceles aduaneros",
    ],
    quiet: [
      "The outstanding balance on the car is paid, the item is yours",
      "No se pudo ir a la fiesta, lo siento",
      "Su paquete fue entregado hoy a las 14:10.",
    ],
  },
  {
    rule: "account_locked",
    story: "an account or card the sender says it blocked, in Spanish",
    fires: [
      "BancoEstado Por motivos de seguridad hemos bloqueado tu Tarjeta de Coordenadas. Verifica tu cuenta",
      "Santander Debido a una actualizacion hemos tenido que suspender su cuenta. Para desbloquearlo https://bs-part.example",
      "Bancolombia te informa que el 02/08/2022 se ha desactivado tu Clave Dinamica. Activala aqui https://personal.example/v",
      "BBVA ES Usuario deshabilitado por razones de seguridad www.bit.ly/33YeUfr activar ahora",
    ],
    quiet: ["Hemos bloqueado la fecha del evento en el calendario", "Tu cuenta fue creada con exito."],
  },
  {
    rule: "disavow_link",
    story: "a link to follow 'if this be not you' or 'was this you', in uninflected English",
    fires: [
      "Lloyds ALERT An unknown device have request an unregistered payee on 09/12 If this be NOT you please visit https://securepaylogin.example/",
      "HSBC Your request to pay MR A ADAMS on 28/11/20 be successful Was this you review this securely https://request.online-rectify.example",
    ],
    quiet: [
      "Was this your order? Track it at https://www.amazon.com/orders",
      "Was it you who called? Ring me back when you can",
    ],
  },
  {
    rule: "prize",
    story: "a win or a selection told in uninflected English",
    fires: [
      "Congratulations You have win a XXX Woolworths Giftcard as part of our Customer of the Month program",
      "You have be select to receive a XXX euro Supervalu voucher",
    ],
    quiet: ["Did you win the match?", "You have been so kind, thank you"],
  },
  {
    rule: "verify_action",
    story: "a bank that asks to verify the reader's credentials",
    fires: ["NetBank Alert We need to verify your credential", "Westpac Alert: please confirm your credentials today"],
    quiet: ["Your new credentials were sent to your registered address."],
  },
  {
    rule: "account_problem",
    story: "a payment the sender says it could not take",
    fires: [
      "We couldn't authorize your payment. Please update your info at https://billing-help.example",
      "Your recent payment was declined. Update your card to keep your service: https://pay-update.example",
    ],
    quiet: [
      "Your payment of $55.00 was received. Thank you!",
      "I couldn't make the payment run today, will do it tomorrow",
    ],
  },
  {
    rule: "account_alert",
    story: "a sign-in attempt or recent activity to confirm",
    fires: [
      "Please confirm recent activity on your debit card. Visit https://card-review.example",
      "Your account login was attempted from Ohio.",
    ],
    quiet: ["Your recent order has shipped.", "I attempted to log the hours but the sheet was locked"],
  },
  {
    rule: "parcel",
    story: "a courier asking for delivery details",
    fires: ["Your package is waiting at the local depot. Please update delivery details: https://dlvry-now.example/us"],
    quiet: ["Your package was delivered at 2:14 PM.", "Thanks for the delivery details, see you at 5"],
  },
  {
    rule: "parcel",
    story: "a parcel waiting on the reader to set, confirm or pay something",
    fires: [
      "Hello Giorgos your USPS package with the track code 4411 is waiting for you to set delivery preferences: j9hsv.info/Ot",
      "Shipment Tracking: your parcel with track number P3W4 be wait for you to check the shipping address screensteward.com/",
      "ALERT Steven please confirm the details for shipment ID 4125J1 here e3svc.info",
      "We have try to deliver your item IE88549601EU but there be no postage. Follow the instruction here 9esw.com/SW",
      "Post Office: your package is waiting. Please confirm the ship fee of £2.10 via post-office-repostage.com",
    ],
    quiet: [
      "Your parcel is waiting at the pickup point on Main St until Friday.",
      "I'm waiting for your package to arrive before I leave",
      "Your order has shipped. Track it at ups.com/track",
    ],
  },
  {
    rule: "prize",
    story: "a phone number or ticket that won",
    fires: [
      "Your mobile number has won $2,500 in our annual draw. Claim: https://winclaim.example",
      "Your entry was drawn in our weekly promo!",
      "Free Msg: your bill is paid for March. Thanks, here's a little gift for you: https://gift-thanks.example/r",
      "Commonwealth: your cell have win 500,000.00. To claim go to www.cwgames.example/",
    ],
    quiet: ["Our team won the game last night!", "I won the bet, you owe me lunch"],
  },
  {
    rule: "prize",
    story: "a number written short or a name that won, a reader selected to get a sum, a lucky draw",
    fires: [
      "YOUR WHATSAPP NO HAS WON RS.2 CRORE IN THE WHATSAPP GLOBAL AWARD",
      "Your mobile no have be select for 1 crore 50 lakh in the oil and gas privilege",
      "YOUR MOBILE NUMBER HAVE BEEN AWARDED 4.65 CRORE FROM THE COMPANY PROMO",
      "YOU ARE SELECTED TO GET 1.75 CRORE FROM THE MOTORS PROMOTION",
      "Dear sir your product order result is out, your name to open the lucky draw for a new car",
    ],
    quiet: [
      "Your name is on the guest list for Saturday",
      "You are selected for the second interview round on Monday",
      "Good luck with the draw tonight, see you after",
    ],
  },
  {
    rule: "personal_info_request",
    story: "a name, address, age and occupation asked for a prize or a fund",
    fires: [
      "TO RECEIVE SEND YOUR NAME MOBILE NO ADDRESS AGE OCCUP TO prize.desk@example.com",
      "For claim send name, add, occupation and age to the claims office",
      "To claim send ur name home address mobile no state age",
    ],
    quiet: ["Send me your name for the booking and I'll sort it", "What's your address? I'll send the card"],
  },
  {
    rule: "windfall",
    story: "an inheritance, a dead client's fund or a share of millions offered to a stranger",
    fires: [
      "There is a deceased client who bears the same surname as yours whose benefit has been unclaimed. Contact me by email",
      "ATTN Your last name has been linked to an unclaimed benefits as next of kin. Kindly email Mr. Jonathan",
      "I work with a bank in Malta. Can I trust you with a business worth 29.6 million? Reply only to my email",
      "My name is Mrs. Maria, I want to transfer 3.5m dollars to you for charity work in your country",
      "Attn: unclaimed inheritance fund in your surname, send your full name for more info",
    ],
    quiet: [
      "Grandma left me her ring, the rest of the inheritance goes to the church",
      "The business is worth a lot more now, let's talk on Friday",
      "Surname and first name please, for the register",
      "My late father's house is sold, the deceased estate is settled at last",
    ],
  },
  {
    rule: "password_request",
    story: "a sign-in with a PIN on the site the text gives",
    fires: [
      "You are due to receive a tax refund of 2675.51. Visit https://tax-reclaim.example and logon with your phone number and PIN",
    ],
    quiet: ["Log on to the portal to see your new timetable"],
  },
  {
    rule: "verify_action",
    story: "a request to verify an account through a link, no longer absorbed by the link's reading",
    fires: [
      "URGENT We must verify your account http://wallet-app.example/login",
      "You have 1 BitCoin in your account. Confirm your account here https://go2l.example",
    ],
    quiet: ["Click here to see our summer collection: https://shop.example/summer"],
  },
];

describe("analyzeMessage: the readings of one ask", () => {
  it("reads a request to verify through a link as the request, not as the link alone", () => {
    const { ids } = read("URGENT We must verify your account http://wallet-app.example/login");
    expect(ids).toContain("verify_action");
    expect(ids).not.toContain("link_action");
  });
  it("keeps the link reading where nothing else says what is asked", () => {
    const { ids } = read("Click here to claim your spot: https://event-seats.example/r");
    expect(ids).toContain("link_action");
    expect(ids).not.toContain("verify_action");
  });
});

describe("analyzeMessage: scam categories the training texts missed", () => {
  for (const { rule, story, fires, quiet } of CATEGORY_RULES) {
    it(`reads ${story} as ${rule}`, () => {
      for (const text of fires) expect(read(text).ids, text).toContain(rule);
    });
    it(`leaves ordinary texts near ${story} without ${rule}`, () => {
      for (const text of quiet) expect(read(text).ids, text).not.toContain(rule);
    });
  }
});

describe("analyzeMessage: a loan offered for a fee", () => {
  const NOTHING_ASKED = "Good news: you may qualify for a personal loan. Visit a branch to learn more.";

  it("reads a guaranteed loan that wants a fee first as high risk", () => {
    const fee = read(
      "Get approved for a $5,000 loan today, no credit check! Just pay a $50 processing fee first: https://cash-now.example/",
    );
    expect(fee.ids).toEqual(expect.arrayContaining(["loan_offer", "fee_payment", "scam_script"]));
    // Approved, and without a bureau check: the offer is read twice over, and pressed for today.
    const approved = read("Prestamo aprobado de $20,000 sin revision de buro. Solo deposite $300 de comision hoy.");
    expect(approved.ids).toEqual(expect.arrayContaining(["loan_offer", "urgency"]));
    expect(prior(approved, "loan_offer")).toBeGreaterThan(prior(read(NOTHING_ASKED), "loan_offer"));
  });

  it("leaves an offer that asks for nothing below medium risk", () => {
    expect(riskRules(read(NOTHING_ASKED))).toEqual(["loan_offer"]);
  });
});

describe("analyzeMessage: numbers of other countries", () => {
  const factorIds = (text: string, senderNumber?: string): string[] =>
    analyzeMessage(text, { ...options, ...(senderNumber !== undefined ? { senderNumber } : {}) }).evidence.flatMap(
      (e) => e.factors.map((f) => f.id),
    );

  it.each([
    // text, sender, the numbers it places, factor ids that fire, factor ids that do not
    [
      "URGENT! You have won a £1000 prize. Call 09061234567 to claim",
      undefined,
      ["+449061234567"],
      ["premium_rate_contact", "prize"],
      ["foreign_number", "premium_rate_unplaced"],
    ],
    // Nothing says where a 900 number is from: premium-rate only if it is North American, a weaker finding.
    [
      "Congratulations! You won a cash prize. Call 900-555-1234 now to claim it",
      undefined,
      [null],
      ["premium_rate_unplaced"],
      ["premium_rate_contact", "foreign_number"],
    ],
    [
      // The 1 set apart before the area code is dialled only in North America: the number is placed there.
      "Congratulations! You won a cash prize. Call 1-900-555-1234 now to claim it",
      undefined,
      ["+19005551234"],
      ["premium_rate_contact"],
      ["premium_rate_unplaced", "foreign_number"],
    ],
    [
      "Congratulations! You won a cash prize. Call 900-555-1234 now to claim it",
      "+12125550100",
      ["+19005551234"],
      ["premium_rate_contact"],
      ["premium_rate_unplaced", "foreign_number"],
    ],
    [
      "Votre colis est en attente: appelez le 08 99 12 34 56 pour le retrait",
      undefined,
      ["+33899123456"],
      ["premium_rate_contact"],
      ["foreign_number"],
    ],
    [
      "Your parcel fee is unpaid, call 1900 123 456",
      undefined,
      [null],
      ["premium_rate_unplaced"],
      ["premium_rate_contact", "foreign_number"],
    ],
    [
      "Hi mum it's me, text me on 07912 345678 this is my new number",
      undefined,
      [null],
      ["new_number"],
      ["foreign_number", "premium_rate_contact"],
    ],
    [
      "Hi mum it's me, text me on 07912 345678 this is my new number",
      "+447400123456",
      ["+447912345678"],
      ["new_number"],
      ["foreign_number", "premium_rate_contact"],
    ],
    // Written with its country code to a reader whose country the sender gives: foreign.
    [
      "Hi mum it's me, text me on +44 7912 345678 this is my new number",
      "+12125550100",
      ["+447912345678"],
      ["new_number", "foreign_number"],
      ["premium_rate_contact"],
    ],
    ["Your KYC is pending, call 98765 43210 now", undefined, [null], [], ["foreign_number", "premium_rate_contact"]],
    [
      "Your KYC is pending, call 98765 43210 now",
      "+919812345678",
      ["+919876543210"],
      [],
      ["foreign_number", "premium_rate_contact"],
    ],
    [
      "Call our freephone 0800 123 4567",
      "+447400123456",
      ["+448001234567"],
      [],
      ["foreign_number", "premium_rate_contact"],
    ],
    // A Vietnamese mobile in a Vietnamese text is no foreign landline, and "lien he" (contact) is no legal threat.
    [
      "Lien he 0389048463 de duoc ho tro. So du tai khoan 120.000 VND",
      undefined,
      [null],
      [],
      ["foreign_number", "premium_rate_contact", "legal_threat"],
    ],
    ["Call 604 681 2345 about your order", undefined, [null], [], ["foreign_number"]],
    // Premium-rate in France, a Thai mobile: a Thai text names the country, so it is that country's own line.
    [
      "0816122345 พยายามติดต่อคุณเวลา11:18น.This number tried to contact you.",
      undefined,
      [null],
      [],
      ["premium_rate_unplaced", "premium_rate_ambiguous", "premium_rate_contact"],
    ],
    // Premium-rate in Britain, a Nigerian mobile: priced in naira, the number is Nigeria's.
    [
      "Dear customer, recharge N500 and call 09039002000 for a quote on our services",
      undefined,
      [null],
      [],
      ["premium_rate_unplaced", "premium_rate_ambiguous"],
    ],
    [
      "Thue bao 0828054353 cua Quy khach da cap nhat thanh cong thong tin vao ngay 05/08/2022",
      undefined,
      [null],
      [],
      ["premium_rate_unplaced", "premium_rate_ambiguous"],
    ],
    // Premium-rate in Britain, an Iranian mobile: a Persian text names the country.
    [
      "مشترک گرامی، برای پیگیری با شماره 09121234567 تماس بگیرید",
      undefined,
      [null],
      [],
      ["premium_rate_unplaced", "premium_rate_ambiguous"],
    ],
    // Priced in pence per minute, the British premium-rate reading stands.
    [
      "URGENT! Your mobile number has been awarded a 2000 prize GUARANTEED. Call 09061701461 from landline. 150ppm",
      undefined,
      [null],
      ["premium_rate_unplaced", "prize"],
      ["premium_rate_ambiguous"],
    ],
    // Nothing names a country and the digits are also a Philippine mobile: the weaker reading.
    [
      "You are a winner! To claim your prize call 09061701461 now",
      undefined,
      [null],
      ["premium_rate_ambiguous", "prize"],
      ["premium_rate_unplaced"],
    ],
  ] as const)("%s (sender %s)", (text, sender, numbers, fire, quiet) => {
    const a = analyzeMessage(text, { ...options, ...(sender !== undefined ? { senderNumber: sender } : {}) });
    expect(a.entities.phones.map((p) => p.e164)).toEqual(numbers);
    const ids = factorIds(text, sender);
    for (const id of fire) expect(ids, id).toContain(id);
    for (const id of quiet) expect(ids, id).not.toContain(id);
  });

  it("names the number's country and kind of line, and never calls it a U.S. number", () => {
    const a = analyzeMessage("Your KYC is pending, call +91 98765 43210 now", {
      ...options,
      senderNumber: "+12125550100",
    });
    const label = a.evidence.flatMap((e) => e.factors).find((f) => f.id === "foreign_number")?.label;
    expect(label).toBe(
      "Gives a mobile number in India (+91 98765 43210), outside the sender's country (the United States)",
    );
  });

  it("says an unplaced number is premium-rate only if it is from where its format fits", () => {
    const a = analyzeMessage("Your parcel fee is unpaid, call 1900 123 456", options);
    const label = a.evidence.flatMap((e) => e.factors).find((f) => f.id === "premium_rate_unplaced")?.label;
    expect(label).toBe(
      "Gives 1900 123 456, a premium-rate number if it is one in Australia (nothing in the message says which country it is from)",
    );
  });

  it("reads the merchant where a card was used as the place of the purchase, not as the sender", () => {
    for (const text of [
      "Your card ending 9911 was used for $45.00 at CHASE.COM. If you did not make this purchase, call us at 1-888-921-4471.",
      "USD 120.00 debited from a/c **4821 on 03/11 towards Chase Bank. Avl bal USD 880.10",
      "Purchase of $20.00 at USPS Store #1042 approved on card ending 1234",
    ]) {
      expect(analyzeMessage(text, options).claimedIssuer, text).toBeNull();
    }
    // Named as the one who writes, it is still a claim.
    const claim = analyzeMessage("Chase: your card was locked. Call 1-888-921-4471 to restore it", options);
    expect(claim.claimedIssuer?.name).toBe("Chase");
  });

  it("reads a legal threat only where English writes the word as a noun", () => {
    expect(factorIds("Quy khach vui long lien he tong dai de duoc ho tro")).not.toContain("legal_threat");
    expect(factorIds("Quý khách vui lòng liên hệ tổng đài để được hỗ trợ")).not.toContain("legal_threat");
    // Vietnamese "thẻ liền" (a card, at once) is no English "the lien" once its accents are read as its own.
    expect(factorIds("NẠP THẺ LIỀN TAY - NHẬN NGAY ƯU ĐÃI")).not.toContain("legal_threat");
    // Spanish accents still fold: "código" is a code.
    expect(factorIds("Hola, te envié un código por error, ¿me lo puedes reenviar?")).toContain("code_request");
    expect(factorIds("The IRS will place a lien on your home")).toContain("legal_threat");
    expect(factorIds("A tax lien was filed in your name")).toContain("legal_threat");
    // A levy on the reader's money is a threat; a duty a receipt itemises is not.
    expect(factorIds("The IRS will levy your bank account today unless you call 202-555-0147")).toContain(
      "legal_threat",
    );
    expect(factorIds("Final notice: a bank levy has been approved against you")).toContain("legal_threat");
    expect(
      factorIds(
        "Confirmed. You have withdrawn TZS 200,000.00 at ATM using card ending 1234. Charges TZS 2,500. Govt Levy TZS 200.",
      ),
    ).not.toContain("legal_threat");
  });

  it("reads a statement's opening hint as no password request", () => {
    expect(
      factorIds(
        "Your account statement for March is ready: https://stmt.example/a1. Enter your PAN as the password to open it.",
      ),
    ).not.toContain("password_request");
    expect(factorIds("Your account is on hold. Reply with your online banking password to restore it")).toContain(
      "password_request",
    );
    expect(factorIds("To keep your account open, enter your username and password at https://x.example")).toContain(
      "password_request",
    );
  });

  it("checks a foreign number against the organisation the message claims to be", () => {
    // Chase runs a British bank too: a London number it does not list is not confirmed, not a contradiction.
    const a = analyzeMessage("Chase fraud team: call us now on +44 20 7946 0958", options);
    const ids = a.evidence.flatMap((e) => e.factors).map((f) => f.id);
    expect(ids).toContain("issuer_phone_unconfirmed");
    expect(a.claimedIssuer?.matched).toEqual([]);
  });

  it("hands the phone lookup NANP numbers only, and only those the message places", () => {
    const fromUs = extractEntities("Call 07912 345678 or 900-555-1234", { senderNumber: "+12125550100" });
    expect(offlineSubLookups(fromUs).map((s) => s.value)).toEqual(["+19005551234"]);
    expect(offlineSubLookups(extractEntities("Call 07912 345678 or 900-555-1234"))).toEqual([]);
    expect(offlineSubLookups(extractEntities("Call 07912 345678 or 1-900-555-1234")).map((s) => s.value)).toEqual([
      "+19005551234",
    ]);
  });
});

describe("analyzeMessage: one-time passcodes and codes to quote", () => {
  const ids = (text: string): string[] =>
    analyzeMessage(text, options).evidence.flatMap((e) => e.factors.map((f) => f.id));

  it.each([
    "Congratulations! You have won $5,000 in our prize draw. Your claim code 7834. Call 1-888-921-4471 today to claim",
    "You are a winner! Prize code: 4471. Reply with your name and address to claim your reward",
    "WINNER! Your identifier code is 88213. Claim your prize today by calling 1-888-921-4471",
    "You have won a gift! 7834 is your claim code. Call 1-888-921-4471",
    "Congratulations, you won the lottery! Use code 7834 to claim your prize at 1-888-921-4471",
    "Felicidades! Ha ganado un premio. Su codigo de premio es 7834. Llame al 305 614 2289 hoy",
    "¡Ganador! Código de reclamo: 5521. Llame al 305 614 2289 para cobrar su premio",
  ])("keeps the prize and reads no one-time passcode in %s", (text) => {
    const found = ids(text);
    expect(found).toContain("prize");
    expect(found).not.toContain("code_delivery");
  });

  it.each([
    "Use promo code 2024 at checkout for 20% off",
    "Your booking code is 5521 for your stay on 12/3",
    "Your reference number is 552913",
    "Your ref code: 4471",
    "Your Amazon pickup code is 123456",
    "Su número de referencia es 552913",
  ])("reads %s as a code to quote, not a one-time passcode", (text) => {
    expect(ids(text)).not.toContain("code_delivery");
  });

  it.each([
    "Your Chase verification code is 482913. Don't share this code with anyone.",
    "482913 is your Google verification code",
    "Your code: 482913",
    "Your one-time passcode is 482913. It expires in 10 minutes.",
    "Your verification code for PayPal is 482913. Do not share it.",
    // With a link, the warning not to share or disclose it is what makes it a code delivery.
    "Your verification code for Zomato is 339201. Do not disclose it to anyone. zoma.to/abc",
    "Tu código de verificación de Google es 730194. No lo compartas con nadie.",
    "Tu código de verificación es 730194",
  ])("still reads the one-time passcode in %s", (text) => {
    expect(ids(text)).toContain("code_delivery");
  });

  it("asks for a code to quote without asking for a passcode, and for a passcode as before", () => {
    expect(ids("Congratulations, you won! Send us your prize code and address to receive it")).not.toContain(
      "code_request",
    );
    expect(ids("Hi, I sent you a code by mistake, can you send me the code you just received?")).toContain(
      "code_request",
    );
  });

  it.each([
    "Your Flipkart order will be delivered today. Share OTP 4412 only at delivery.",
    "Amazon: your package is out for delivery. Please share this code 8812 with the delivery agent.",
    "Delivery executive will ask for the OTP 5521 at the time of delivery.",
  ])("reads a code to show the courier at the door as no request for a code: %s", (text) => {
    expect(ids(text)).not.toContain("code_request");
  });

  it.each([
    "Share the code you received with our agent who will call you",
    "Your parcel is held. Reply with the code we sent to release it",
    "Share the OTP with our delivery agent who will call you to confirm your address",
    "Your order is out for delivery. Share the OTP you receive over the phone with the delivery agent",
  ])("still reads a code wanted by a caller or in a reply as a request for it: %s", (text) => {
    expect(ids(text)).toContain("code_request");
  });
});

describe("analyzeMessage: warnings and negations", () => {
  const ids = (text: string): string[] =>
    analyzeMessage(text, options).evidence.flatMap((e) => e.factors.map((f) => f.id));
  /** The ask and payment cues: what a warning must not fire. */
  const ASKS = [
    "gift_card",
    "crypto_payment",
    "wire_transfer",
    "p2p_payment",
    "money_request",
    "code_request",
    "password_request",
    "personal_info_request",
    "verify_action",
    "fee_payment",
    "pay_demand",
    "link_action",
  ];

  it.each([
    "Chase will never ask you to pay in gift cards or cryptocurrency, or to wire money to protect it.",
    "We will never ask you to pay in gift cards, wire money or send cryptocurrency.",
    "Do not pay anyone who calls asking for payment in gift cards.",
    "Never share this code with anyone. We will not ask for your password.",
    "No one from our bank will ever ask you to send money by Zelle or to give your password.",
    "Be careful of texts asking you to verify your account or pay a processing fee.",
    "Beware of callers who tell you to buy gift cards or pay in bitcoin.",
    "Scammers may ask you to send money by Zelle or buy Apple gift cards.",
    "Nunca le pediremos que pague con tarjetas de regalo o bitcoin.",
    "No comparta este código con nadie. Nunca le pediremos su contraseña.",
    "Tenga cuidado con mensajes que le piden transferir dinero por Zelle.",
    "Los estafadores pueden pedirle que compre tarjetas de regalo o que envíe bitcoin.",
    "Nadie de su banco le pedirá que envíe dinero por Zelle.",
  ])("reads the warning %s as no demand, and as a small sign of a real notice", (text) => {
    const found = ids(text);
    for (const ask of ASKS) expect(found, ask).not.toContain(ask);
    expect(found).toContain("warns_against_scams");
  });

  it("reads 'if you did not request this, ignore this message' as asking nothing", () => {
    const found = ids("Your password was reset. If you did not request this, ignore this message.");
    for (const ask of ASKS) expect(found, ask).not.toContain(ask);
  });

  it.each([
    ["Pay the $500 fine today with Apple gift cards or you will be arrested.", "gift_card_payment"],
    ["Don't tell mom, just send me the money via Zelle", "money_request"],
    ["Don't tell anyone, send me $300 on Zelle now", "p2p_payment"],
    ["I wouldn't ask if it wasn't urgent, can you send me $300 via Zelle", "p2p_payment"],
    ["If you did not make this purchase, call us at 1-888-921-4471", "call_to_dispute"],
    ["If you don't pay today, your service will be cut off. Pay now at https://pay-bill.top", "pay_demand"],
    [
      "Fraudsters may have accessed your account, please verify your identity at https://secure-check.top",
      "verify_action",
    ],
    [
      "We will never ask for your PIN. Your account is locked, verify it at https://chase-verify.top now",
      "link_action",
    ],
    ["Pague hoy con tarjetas de regalo o será arrestado.", "gift_card"],
    ["No le digas a mamá, envíame el dinero por Zelle", "p2p_payment"],
    ["Si no paga hoy, su cuenta será suspendida. Pague en https://pago-peaje.top", "pay_demand"],
    [
      "Nunca le pediremos su clave por teléfono, pero confirme sus datos de tarjeta aquí: https://banco-seguro.top",
      "personal_info_request",
    ],
  ])("still reads the demand in %s (%s)", (text, ask) => {
    const found = ids(text);
    expect(found).toContain(ask);
    expect(found).not.toContain("warns_against_scams");
  });

  it.each([
    "Under Federal law, a payment received on or before its due date may not be treated as late, and a late fee may not be imposed on you.",
    "Your account was reviewed and no late fees will be charged. The late fee on your last statement has been waived.",
    "Legal action will not be taken while your application is under review.",
    "Durante los 60 días siguientes, no se cobrará ningún cargo por pago atrasado.",
  ])("reads a penalty the sentence says will not happen as no threat: %s", (text) => {
    const found = ids(text);
    expect(found).not.toContain("threat");
    expect(found).not.toContain("legal_threat");
  });

  it.each([
    ["A late fee will be imposed on you if you do not pay today.", "threat"],
    ["If you do not pay, a late fee may be imposed and your service will be suspended.", "threat"],
    ["If you do not call us today, legal action will be taken against you.", "legal_threat"],
    ["Si no paga hoy, se le cobrará un recargo y su cuenta será suspendida.", "threat"],
  ])("still reads a penalty that will happen, on a condition or not: %s (%s)", (text, cue) => {
    expect(ids(text)).toContain(cue);
  });

  it.each([
    "We will not charge you a late fee for this payment.",
    "You will not be charged a late fee while your request is reviewed.",
    "We won't charge you any additional fees for the transfer.",
    "No fee will be imposed, and no late fee will be charged.",
    "No le cobraremos un recargo por este pago.",
  ])("reads a penalty whose verb is denied before it as no threat: %s", (text) => {
    expect(ids(text)).not.toContain("threat");
  });

  it.each([
    ["If you do not pay today, we will charge you a late fee.", "threat"],
    ["Pay now or you will be charged additional fees and your account will be suspended.", "threat"],
    ["We cannot stop the late fees unless you pay the balance today.", "threat"],
  ])("still reads a penalty whose verb is not denied: %s (%s)", (text, cue) => {
    expect(ids(text)).toContain(cue);
  });

  it.each([
    "No payment is due on your account this month.",
    "You do not need to pay this bill: it was paid by your insurer.",
    "No payment is required at this time.",
    "No tiene que pagar nada por este aviso.",
  ])("reads a notice that nothing is owed as no payment asked: %s", (text) => {
    expect(ids(text)).not.toContain("pay_demand");
  });

  it.each([
    "Payment is due by March 1. Pay online at https://tollpay-ez.top",
    "You do not need to call us. Pay the balance now at https://tollpay-ez.top",
  ])("still reads a payment asked beside other words: %s", (text) => {
    expect(ids(text)).toContain("pay_demand");
  });

  it.each([
    "To stop all marketing from us and our affiliates, contact us: By telephone: 1-877-555-0163",
    "Call 1-877-555-0163 to stop all marketing offers from our affiliates.",
    "To limit marketing offers, call 1-877-555-0163.",
    "To opt out of prescreened offers, call 1-888-567-8688.",
  ])("reads a line to stop the sender's marketing as an opt-out, not a call to cancel a charge: %s", (text) => {
    expect(ids(text)).not.toContain("call_to_dispute");
  });

  it.each([
    "A charge of $399.99 was made to your account. Call us at 1-877-555-0163 to cancel this charge.",
    "Your subscription renewed. To stop the charge, call 1-877-555-0163.",
  ])("still reads a call to cancel a charge as one: %s", (text) => {
    expect(ids(text)).toContain("call_to_dispute");
  });

  it("reads a deposit to unlock within one clause, not across a list's items", () => {
    const list =
      "Payment forbearance temporarily gives you more time to pay your monthly payment; or \u2022 If you are not able to continue paying your mortgage, you may be able to sell your home.";
    expect(ids(list)).not.toContain("deposit_to_unlock");
    expect(ids("You must pay a $300 tax to unlock your withdrawal today.")).toContain("deposit_to_unlock");
  });

  it.each([
    "Dear Customer, your unused data plan has expired. Please recharge your account to continue to enjoy the service.",
    "Your plan expires on 12-Dec. Recharge now to continue enjoying unlimited calls and data.",
    "Your bill of $45.20 is due on 20 Feb. Pay your bill to continue service without interruption.",
  ])("reads an operator's or biller's own reminder to recharge or pay as no deposit to unlock: %s", (text) => {
    expect(ids(text)).not.toContain("deposit_to_unlock");
    expect(ids(text)).not.toContain("task_scam");
  });

  it.each([
    "Your commission is ready. Deposit 100 USDT to unlock your withdrawal.",
    "Top up your balance to withdraw your earnings of $850 today.",
  ])("still reads a deposit asked before money is released as one: %s", (text) => {
    expect(ids(text)).toContain("deposit_to_unlock");
  });

  it("gives no warning credit to a one-time code, which has its own", () => {
    const found = ids("Your Chase verification code is 482913. Never share it; we'll never call you to ask for it.");
    expect(found).toContain("code_delivery");
    expect(found).not.toContain("warns_against_scams");
  });
});

describe("analyzeMessage: a genuine notice's customer-service line", () => {
  it("reads 'questions? call us at' as no number to dispute a charge", () => {
    const notice =
      "Your March statement is ready: a payment of $82.40 was charged to your card on file. Questions? Call us at 1-800-432-1000.";
    const found = analyzeMessage(notice, options)
      .evidence.flatMap((e) => e.factors)
      .map((f) => f.id);
    expect(found).not.toContain("charge_callback");
    const dispute =
      "A payment of $482.40 was charged to your card. If you did not make this purchase, call 1-888-412-0937 to cancel.";
    expect(
      analyzeMessage(dispute, options)
        .evidence.flatMap((e) => e.factors)
        .map((f) => f.id),
    ).toContain("charge_callback");
  });
});

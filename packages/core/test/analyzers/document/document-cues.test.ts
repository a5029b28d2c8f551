import { describe, expect, it } from "vitest";
import { analyzeDocumentText } from "../../../src/analyzers/document/analyze-document-text.js";

const cueIds = (text: string, method: "pdf_text" | "ocr" = "pdf_text"): string[] =>
  analyzeDocumentText({ pages: [{ number: 1, text, method }] }).cues.map((c) => c.id);

describe("document cues", () => {
  it("flag a jury notice that demands a bond in gift cards over the phone", () => {
    const ids = cueIds(`Superior Court of Travis County
NOTICE OF FAILURE TO APPEAR FOR JURY DUTY
A bench warrant has been issued for your arrest. To avoid arrest, you must pay a bond of $1,395.60 today.
Payment is accepted in Visa prepaid gift cards. Call the Clerk's Office at (919) 555-0144.
Do not discuss this matter with anyone.`);
    expect(ids).toEqual(
      expect.arrayContaining([
        "court_payment_demand",
        "untraceable_payment",
        "arrest_threat",
        "secrecy_demand",
        "deadline_pressure",
      ]),
    );
  });

  it("read a penalty the law provides for as no arrest threat, and a bond to pay or be arrested as one", () => {
    // A registrar's direction: prosecution and a fine are what the law provides; nothing is to be paid to anyone.
    const direction = `Companies House
You must comply with identity verification requirements by 16 February 2026.
If you do not comply, you may be committing an offence. You may face prosecution and a fine through the courts,
or a financial penalty. To make a representation, go to www.gov.uk/government/publications/make-a-representation`;
    expect(cueIds(direction)).not.toContain("arrest_threat");
    expect(cueIds("A warrant for your arrest will be issued unless you pay the balance of $2,400 today.")).toContain(
      "arrest_threat",
    );
    expect(cueIds("You owe $3,120 in back taxes. Failure to respond will lead to your arrest.")).toContain(
      "arrest_threat",
    );
  });

  it("flag an unpaid-toll notice that sends the reader to a link, even as misread by OCR", () => {
    const analysis = analyzeDocumentText({
      pages: [
        {
          number: 1,
          text: "E-ZPass Toll Services\nFINAL NOTICE: UNPAID TOLL\nPay now: hitps://ezpass-tollpay.com/notice/1234 to avoid a late fee",
          method: "ocr",
          ocr_confidence: 0.8,
        },
      ],
    });
    expect(analysis.cues.map((c) => c.id)).toContain("toll_payment_link");
    expect(analysis.entities.urls[0]?.url).toBe("https://ezpass-tollpay.com/notice/1234");
    expect(analysis.repairs).toEqual([{ from: "hitps://", to: "https://" }]);
    expect(analysis.ocrConfidence).toBe(0.8);
  });

  it("flag an invoice whose purpose is a callback number for cancellation", () => {
    expect(
      cueIds("Norton LifeLock INVOICE. Total charged $399.99. To cancel and receive a refund, call +1 (808) 555-0111."),
    ).toContain("invoice_callback");
  });

  it("stay quiet on a utility bill that warns against gift-card demands", () => {
    const analysis = analyzeDocumentText({
      pages: [
        {
          number: 1,
          text: `PG&E Your Energy Statement. Amount due $53.29. Due date February 18, 2026.
Pay online at www.pge.com/pay, with AutoPay, or by mail. Questions about your bill: 1-800-743-5000.
We will never call to demand immediate payment by gift card or prepaid card.`,
          method: "pdf_text",
        },
      ],
    });
    expect(analysis.cues.map((c) => c.id)).toEqual(["warns_against_payment_scams"]);
    expect(analysis.cues.reduce((s, c) => s + c.points, 0)).toBeLessThan(0);
  });

  it("find no scam cue in a real jury summons that mentions courts but asks for nothing, only its genuine marks", () => {
    const ids = cueIds(`Albany County Jury Services. Summons for Jury Service.
You are summoned to appear for jury service on May 3, 2026. Complete your questionnaire at www.jury.nycourts.gov.
The court will never ask you for money, gift cards or payment of any kind by phone or email.`);
    expect(ids.sort()).toEqual(["government_site", "warns_against_payment_scams"]);
  });

  it("count the PDF's link annotations as links of the document", () => {
    const analysis = analyzeDocumentText({
      pages: [{ number: 1, text: "SunPass unpaid toll: click here to pay", method: "pdf_text" }],
      links: ["https://sunpass-tollpay.com/p/9"],
    });
    expect(analysis.entities.urls.map((u) => u.host)).toEqual(["sunpass-tollpay.com"]);
    expect(analysis.cues.map((c) => c.id)).toContain("toll_payment_link");
  });

  it("read a recall's free refund with a number to call as no refund callback, unless the letter wants payment", () => {
    const recall = `SAFETY RECALL. Your order number 4471-K included this heater: stop using it. You are entitled to a free replacement
or a full refund at no cost to you. Call 1-800-555-0142 to arrange it.`;
    expect(cueIds(recall)).not.toContain("invoice_callback");
    expect(cueIds(`${recall} A handling charge of $19.99 is due: pay online at recall-desk.net.`)).toContain(
      "invoice_callback",
    );
  });

  it("read a disclosed card surcharge as no advance fee, and a processing fee before a loan is released as one", () => {
    expect(
      cueIds(`Invoice 2291 for your package order. A 3% card processing fee applies and is required for card payments.
No processing fee for ACH.`),
    ).not.toContain("fee_to_release");
    expect(
      cueIds("Your loan is approved. A 3% processing fee applies and must be paid before the loan is released."),
    ).toContain("fee_to_release");
  });

  it("flag a fee to release a prize or a parcel", () => {
    expect(
      cueIds(`You have won $250,000.00 in our sweepstakes. Before your prize can be released, a processing fee of
$499.00 must be paid.`),
    ).toContain("fee_to_release");
    expect(
      cueIds("Your parcel is held at our facility. A redelivery fee of $2.99 must be paid at redeliver-parcel.info."),
    ).toContain("fee_to_release");
  });

  it("flag a fee to pay before an inheritance or a sale goes through, wired to an agent", () => {
    const ids =
      cueIds(`We have a buyer ready to purchase your timeshare. A closing and transfer fee of $1,840.00 must be wired
to our escrow agent within 5 business days.`);
    expect(ids).toEqual(expect.arrayContaining(["fee_to_release", "untraceable_payment"]));
  });

  it("flag a check to deposit with the rest to send on", () => {
    expect(
      cueIds(`Deposit the enclosed cashier's check for $2,450.00 today. Keep $300.00 for your time and send the
remaining balance to our coordinator.`),
    ).toContain("deposit_and_send_back");
  });

  it("flag a payment app as the way to pay, not a payment app line of a statement", () => {
    expect(cueIds("Settle the balance of $640.00 within 72 hours. Payment must be made by Zelle.")).toContain(
      "payment_app_demand",
    );
    expect(cueIds("March 3, 2026 Zelle payment to Maria Lopez -$40.00")).not.toContain("payment_app_demand");
  });

  it("flag money sent to a personal account, not a dollar amount", () => {
    expect(
      cueIds("Please send your donation today by Cash App to $FORFund or by Zelle to relief.fund@gmail.com."),
    ).toContain("personal_payee");
    expect(cueIds("Please send $45.00 by check to the office.")).not.toContain("personal_payee");
  });

  it("flag a short ultimatum with something taken away, not a bill's due date", () => {
    expect(
      cueIds("Your service will be disconnected today unless payment is received. Call (404) 555-0111 now."),
    ).toContain("payment_ultimatum");
    expect(cueIds("Amount due $82.10. Pay by March 3, 2026 to avoid a late fee.")).not.toContain("payment_ultimatum");
  });

  it("flag a threat to send private images to the reader's family", () => {
    expect(
      cueIds("I have a video of you. If you do not pay $2,000 in Bitcoin, it will be sent to your family and friends."),
    ).toContain("exposure_threat");
  });

  it("flag a government notice whose payment link is not a government site, not one on its .gov site", () => {
    expect(
      cueIds("City of Tampa Parking Enforcement. Fine due $45.00. Pay within 3 days at https://tampa-parkpay.com/c/1."),
    ).toContain("government_payment_offsite");
    expect(
      cueIds(
        "City of Tampa. Notice of Parking Violation. Fine $45.00. Pay or contest online at https://www.tampa.gov/parking.",
      ),
    ).not.toContain("government_payment_offsite");
  });

  it("judge a notice by the link of its QR code when the code is the only way to pay", () => {
    const analysis = analyzeDocumentText({
      pages: [{ number: 1, text: "City of Austin Parking Enforcement. Fine due $45.00. Scan to pay.", method: "ocr" }],
      links: ["https://austin-parkpay.com/c/77"],
    });
    expect(analysis.cues.map((c) => c.id)).toContain("government_payment_offsite");
  });

  it("count the marks of genuine mail only when nothing in the letter reads as a scam", () => {
    const eob = cueIds(`Explanation of Benefits. THIS IS NOT A BILL. Your provider may send you a bill for the amount
you owe.`);
    expect(eob).toContain("not_a_bill");
    const statement = cueIds(`Checking Account Statement. Beginning balance $1,925.81; ending balance $1,602.35.
We will never call, text or email you to ask for your PIN, password or a one-time code.`);
    expect(statement).toEqual(expect.arrayContaining(["account_statement", "warns_against_payment_scams"]));
    expect(
      cueIds("To make sure this notice is from the IRS, look up your balance in your Online Account at irs.gov."),
    ).toContain("verify_through_sender");
    const scam = cueIds(`THIS IS NOT A BILL. Your account is suspended. Pay $300 in Google Play gift cards today.
Beginning balance $300.00.`);
    expect(scam.filter((id) => ["not_a_bill", "account_statement"].includes(id))).toEqual([]);
  });

  it("trust a government notice whose links are all .gov, and not a solicitation that says it is not a bill", () => {
    expect(
      cueIds(
        "Travis County Tax Office. Total due $6,214.90. Pay by January 31, 2026 at tax-office.traviscountytx.gov.",
      ),
    ).toContain("government_site");
    expect(
      cueIds(
        "Domain listing expires. Annual listing fee $289.00. Pay online at https://domain-list.net. This is not a bill.",
      ),
    ).not.toContain("not_a_bill");
  });

  it("trust a notice of another country's government whose links are all on its government registry", () => {
    const registrar = `Companies House
You must comply with identity verification requirements by 16 February 2026.
For information on how to do this, visit: gov.uk/guidance/verifying-your-identity-for-companies-house
To make a representation, go to www.gov.uk/government/publications/make-a-representation`;
    expect(cueIds(registrar)).toContain("government_site");
    // Without the agency words, a number to call instead of the government site earns no such trust.
    expect(cueIds(`${registrar}\nTo discuss your case call 1-888-555-0147.`)).not.toContain("government_site");
    // A look-alike that only names a government in its own domain is not a government registry.
    expect(cueIds("Companies Office. Verify your identity at gov.uk-verify.com/psc today.")).not.toContain(
      "government_site",
    );
    // Nor is a name anyone can buy that reads like one: .de has no gov. registry, so gov.de is a private name.
    expect(cueIds("Companies Office. Verify your identity at www.gov.de/psc today.")).not.toContain("government_site");
  });

  it("read a link that wrapped at a hyphen as one link", () => {
    const analysis = analyzeDocumentText({
      pages: [{ number: 1, text: "Go to redeliver-\nfedex.info/989125 and enter your number.", method: "pdf_text" }],
    });
    expect(analysis.entities.urls.map((u) => u.raw)).toEqual(["redeliver-fedex.info/989125"]);
    expect(analysis.text).toContain("redeliver-fedex.info");
  });

  it("give the message analyzer the letter without its salutation, and the claim without statement rows", () => {
    const analysis = analyzeDocumentText({
      pages: [
        {
          number: 1,
          text: `Prairie State Savings
Dear Susan Patel,
February 20, 2026 Zelle payment to Susan Patel -$38.36
Member FDIC. Equal Housing Lender.`,
          method: "pdf_text",
        },
      ],
    });
    expect(analysis.messageText).not.toContain("Dear");
    const inline = analyzeDocumentText({
      pages: [{ number: 1, text: "Dear customer, your parcel is held.", method: "pdf_text" }],
    });
    expect(inline.messageText).toBe(" your parcel is held.");
    expect(analysis.claimText).not.toContain("Zelle");
    expect(analysis.claimText).not.toContain("FDIC");
    expect(analysis.claimText).toContain("Prairie State Savings");
    const rent = analyzeDocumentText({
      pages: [
        { number: 1, text: "Maple Court Apartments. Pay by check or by Zelle to the office.", method: "pdf_text" },
      ],
    });
    expect(rent.claimText).not.toMatch(/zelle/i);
  });

  it("mark a notice that tells the reader their rights under a law it names", () => {
    const denial = cueIds(`Prairie State Credit Union
We regret that we are unable to approve your application. You have a right under the Fair Credit Reporting Act to
know the information contained in your credit file, and the right to dispute it with the reporting agency.
Notice: The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants.`);
    expect(denial).toContain("rights_notice");
    const marketing = cueIds(
      "Federal law gives you the right to limit some but not all marketing from our affiliates.",
    );
    expect(marketing).toContain("rights_notice");
    // Rights without a law, or a law without the reader's rights, are no such notice.
    expect(cueIds("You have the right to remain happy with our service.")).not.toContain("rights_notice");
    expect(cueIds("This letter is sent under the Companies Act 2006.")).not.toContain("rights_notice");
  });

  it("give no rights mark to a letter that demands what a scam does, whatever rights it quotes", () => {
    const ids = cueIds(`Federal Benefits Office
You have the right under the Fair Debt Collection Practices Act to dispute this debt. To avoid arrest, you must pay
the balance of $1,200 today in Apple gift cards. Call (202) 555-0147.`);
    expect(ids).toContain("arrest_threat");
    expect(ids).not.toContain("rights_notice");
  });
});

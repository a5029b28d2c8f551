import { describe, expect, it } from "vitest";
import { analyzeDocumentText } from "../../../src/analyzers/document/analyze-document-text.js";
import { analyzeMessage } from "../../../src/analyzers/message/analyze-message.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";

const directory = createOrganisationDirectory();

/** The message analyzer's rule ids for a letter, read as the document channel reads it. */
function letterRules(text: string): string[] {
  const letter = analyzeDocumentText({ pages: [{ number: 1, text, method: "pdf_text" }] });
  const analysis = analyzeMessage(letter.messageText, {
    directory,
    kind: "document",
    claimText: letter.claimText,
    settingCountries: ["US"],
  });
  return analysis.evidence.flatMap((e) => e.factors.map((f) => f.id));
}

describe("a letter's sender", () => {
  it("is the name in its letterhead: a site of that name is the sender's own, even unlisted", () => {
    const rules = letterRules(`Riverside Water Utility
88 Commerce Street, Dayton, OH 45402
March 3, 2026
Jordan Avery
1427 Maple Street, Dayton, OH 45410
To go paperless, click here: riversidewater.org/paperless. Sign up today and get your bill by email.`);
    expect(rules).toContain("links_match_sender");
    expect(rules).toContain("link_action_own_channel");
    expect(rules).not.toContain("link_action");
    expect(rules).not.toContain("unbranded_link_lure");
  });

  it("is not a name further down the letter, and a site made of other words is not the sender's", () => {
    // The letterhead names the water utility; the link's site is named after no one the letterhead names.
    const rules = letterRules(`Riverside Water Utility
88 Commerce Street, Dayton, OH 45402
Your service will be disconnected today. Click here to pay now: water-bill-settlement.com/pay
Payments are processed for Riverside by Settlement Partners.`);
    expect(rules).not.toContain("links_match_sender");
    expect(rules).toContain("link_action");
  });
});

/** The claimed organisation's name and its checks, for a letter read as the document channel reads it. */
function letterClaim(text: string): { name: string | null; rules: string[] } {
  const letter = analyzeDocumentText({ pages: [{ number: 1, text, method: "pdf_text" }] });
  const analysis = analyzeMessage(letter.messageText, {
    directory,
    kind: "document",
    claimText: letter.claimText,
    settingCountries: ["US"],
  });
  return {
    name: analysis.claimedIssuer?.name ?? null,
    rules: analysis.evidence.flatMap((e) => e.factors.map((f) => f.id)),
  };
}

const REGISTRAR_DIRECTION = `Companies House
Direction to verify your identity
You must comply with identity verification requirements by 16 February 2026.
If you do not comply, you may be committing an offence. You may face prosecution and a fine through the courts,
or a financial penalty.
1. Verify your identity: visit gov.uk/guidance/verifying-your-identity-for-companies-house
2. Provide your personal code. Search online for the service, or visit:
gov.uk/guidance/provide-psc-verification`;

describe("a government body's letter whose only way to act is its own site", () => {
  it("reads a link printed on gov.uk itself as the government's site, so its asks are a servicing notice's", () => {
    const rules = letterRules(REGISTRAR_DIRECTION);
    expect(rules).toContain("verify_action_own_channel");
    expect(rules).toContain("threat_own_channel");
    expect(rules).not.toContain("verify_action");
    expect(rules).not.toContain("threat");
  });

  it("reads a code to enter at the government's own service, and the prosecution it warns of, as its servicing", () => {
    const rules = letterRules(REGISTRAR_DIRECTION);
    expect(rules).toContain("code_request_own_channel");
    expect(rules).toContain("legal_threat_own_channel");
    expect(rules).not.toContain("code_request");
    expect(rules).not.toContain("legal_threat");
  });

  it("still reads the code request and the threat where a number is given to call, or a site not the government's", () => {
    const byPhone = letterRules(
      `${REGISTRAR_DIRECTION}\nTo avoid prosecution, call our verification officer on 0203 555 0188 and provide your personal code.`,
    );
    expect(byPhone).toContain("code_request");
    expect(byPhone).toContain("legal_threat");
    const bySite = letterRules(
      REGISTRAR_DIRECTION.replace("gov.uk/guidance/provide-psc-verification", "companies-house-verify.co.uk/psc"),
    );
    expect(bySite).toContain("code_request");
    expect(bySite).toContain("legal_threat");
  });

  it("keeps the code request whole in a text message, which can be answered by reply", () => {
    const analysis = analyzeMessage("HMRC: provide your personal code to avoid prosecution. gov.uk/guidance/verify", {
      directory,
      kind: "text",
    });
    expect(analysis.evidence.flatMap((e) => e.factors.map((f) => f.id))).toContain("code_request");
  });
});

describe("a letterhead that names its sender", () => {
  const DENIAL = `Prairie State Credit Union
310 Jefferson Avenue, Springfield, IL 62701
Dear Applicant: we regret that we are unable to approve your application at this time.
The consumer reporting agency contacted that provided information that influenced our decision was Equifax
Information Services LLC, P.O. Box 740241, Atlanta, GA 30374, 1-800-685-1111. You have a right under the Fair
Credit Reporting Act to know the information contained in your credit file. If you have any questions regarding this
letter, you should contact us at Prairie State Credit Union, 1-800-555-0163.`;

  it("is the claim: a credit bureau named further down as the source of a report is a mention", () => {
    const claim = letterClaim(DENIAL);
    expect(claim.name).toBeNull();
    expect(claim.rules.filter((r) => r.startsWith("issuer_"))).toEqual([]);
  });

  it("still claims the bureau when the bureau heads the letter, or the first line is a heading and not a name", () => {
    const asBureau = letterClaim(DENIAL.replace("Prairie State Credit Union\n", "Equifax\n"));
    expect(asBureau.name).toBe("Equifax");
    expect(asBureau.rules).toContain("issuer_phone_scam_range");
    const underHeading = letterClaim(DENIAL.replace("Prairie State Credit Union\n", "NOTICE OF CREDIT FILE REVIEW\n"));
    expect(underHeading.name).toBe("Equifax");
    const underDepartment = letterClaim(DENIAL.replace("Prairie State Credit Union\n", "Fraud Prevention Services\n"));
    expect(underDepartment.name).toBe("Equifax");
  });
});

describe("a notice of the reader's marketing choices and of what is not owed", () => {
  const NO_MARKETING = [
    "Prairie State Credit Union",
    "310 Jefferson Avenue, Springfield, IL 62701",
    "February 18, 2026",
    "Your Choice To Stop Marketing",
    "\u2022 Prairie State Credit Union is providing this notice.",
    "\u2022 You may choose to stop all marketing from us and our affiliates.",
    "To stop all marketing, contact us:",
    "\u2022 By telephone: 1-800-555-0163",
    "\u2022 On the Web: www.prairiestatecu.org",
  ].join("\n");

  it("reads a line to stop all marketing as the opt-out it is, not a call to cancel a charge", () => {
    const rules = letterRules(NO_MARKETING);
    expect(rules).not.toContain("call_to_dispute");
    expect(rules).not.toContain("charge_callback");
  });

  it("still reads a letter's call to cancel a charge as one", () => {
    const invoice = [
      "Geek Support Services",
      "INVOICE #88213",
      "Your annual protection plan renewed and $399.99 was charged to your account.",
      "If you did not authorize this charge, call 1-800-555-0147 to cancel and receive a refund.",
    ].join("\n");
    expect(letterRules(invoice)).toContain("call_to_dispute");
  });

  it("reads 'no payment is due' and a late fee denied as nothing asked and no threat", () => {
    const rules = letterRules(
      `${NO_MARKETING}\nNo payment is due. We will not charge you a late fee while your request is reviewed.`,
    );
    expect(rules).not.toContain("pay_demand");
    expect(rules).not.toContain("threat");
  });

  it("still reads a letter's late fee and payment due", () => {
    const rules = letterRules(
      `${NO_MARKETING}\nPayment is due by March 20, 2026. If you do not pay, we will charge you a late fee.`,
    );
    expect(rules).toContain("pay_demand");
    expect(rules).toContain("threat");
  });
});

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

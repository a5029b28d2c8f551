// The claimed organisation against the links, numbers and addresses a message gives, over the built-in directory.
// The directory is open-world: what it does not list is "not confirmed"; a contradiction takes evidence.
import { describe, expect, it } from "vitest";
import { analyzeMessage } from "../../../src/analyzers/message/analyze-message.js";
import { CLAIMED_ISSUER_SOURCE } from "../../../src/analyzers/message/claimed-issuer.js";
import { createOrganisationDirectory } from "../../../src/analyzers/organisations/organisation-directory.js";
import { isGovernmentRegistry } from "../../../src/analyzers/url/brand-index.js";
import { normalizeUrl } from "../../../src/analyzers/url/normalize-url.js";

const directory = createOrganisationDirectory();

function issuerFindings(text: string): { organisation: string | null; ids: string[]; match: boolean | null } {
  const a = analyzeMessage(text, { directory, kind: "text" });
  return {
    organisation: a.claimedIssuer?.organisation_id ?? null,
    ids: a.evidence.filter((e) => e.source === CLAIMED_ISSUER_SOURCE).flatMap((e) => e.factors.map((f) => f.id)),
    match: a.claimedIssuer?.channels_match ?? null,
  };
}

const CONTRADICTIONS = [
  "issuer_lookalike_domain",
  "issuer_link_free_host",
  "issuer_email_free_mail",
  "issuer_other_organisation",
  "issuer_link_shortened",
  "issuer_phone_scam_range",
];

// [message, organisation claimed, the claimed-issuer findings it makes, in any order]
const TABLE: Array<readonly [string, string, readonly string[]]> = [
  // Listed: its own site, number or address.
  [
    "USPS: your package is out for delivery. Track: https://tools.usps.com/go/TrackConfirmAction",
    "usps",
    ["issuer_channels_match"],
  ],
  ["Chase: questions? Call 1-800-935-9935.", "chase", ["issuer_channels_match"]],
  ["Amazon.com: your order 112-3345 has shipped.", "amazon", ["issuer_channels_match"]],
  [
    "Internal Revenue Service: call 1-800-829-1040, see https://www.irs.gov and https://www.taxpayeradvocate.irs.gov",
    "irs",
    ["issuer_channels_match"],
  ],
  // Unlisted but plausible: not confirmed, never a mismatch.
  ["Chase fraud team: call us now at 1-877-242-7372.", "chase", ["issuer_phone_unconfirmed"]],
  [
    "Costco: your travel booking is confirmed, see https://www.costcotravel.com/trips",
    "costco",
    ["issuer_link_unconfirmed"],
  ],
  ["Verizon: your bill is ready at https://www.ebillpay-center.net/statement", "verizon", ["issuer_link_unconfirmed"]],
  ["PayPal: join the discussion at https://www.reddit.com/r/paypal/", "paypal", ["issuer_link_unconfirmed"]],
  ["Netflix: write to us at members@streamhelp-desk.net", "netflix", ["issuer_email_unconfirmed"]],
  // A public body's links on government-only registries: its own or another body's, never a mismatch.
  [
    "Internal Revenue Service: make your estimated tax payment at https://www.eftps.gov",
    "irs",
    ["issuer_government_links"],
  ],
  [
    "Social Security Administration: learn about benefits at https://www.benefits.gov and https://www.ssa.gov",
    "ssa",
    ["issuer_government_links"],
  ],
  ["Internal Revenue Service: pay at https://www.pay.gov/public/form/start", "irs", ["issuer_government_links"]],
  [
    "Internal Revenue Service: for UK taxes see https://www.gov.uk/self-assessment-tax-returns",
    "irs",
    ["issuer_government_links"],
  ],
  // Contradicted: a lookalike, a free host or mailbox, a rival, a shortener, a number no organisation gives out.
  [
    "USPS: your parcel is held. Update your address: https://usps-redelivery-center.com/track",
    "usps",
    ["issuer_lookalike_domain"],
  ],
  [
    "USPS: your parcel is held. Update your address: https://usps.com-track.info/update",
    "usps",
    ["issuer_lookalike_domain"],
  ],
  ["E-ZPass NY: unpaid toll, pay at https://e-zpassny.top/pay", "ezpass-ny", ["issuer_lookalike_domain"]],
  ["NY Courts: your case file is at https://nycourts.gov.case-lookup.com", "ny-courts", ["issuer_lookalike_domain"]],
  ["Citi: your card is locked, unlock it at https://citi-unlock-center.net", "citi", ["issuer_lookalike_domain"]],
  ["E-ZPass: unpaid toll, pay at https://ezpassnj.com-tolls.top/pay", "ezpass", ["issuer_lookalike_domain"]],
  ["USPS: your parcel is held: https://sites.google.com/view/usps-redelivery", "usps", ["issuer_link_free_host"]],
  ["Amazon: your account is on hold, email amazon.support.team@gmail.com", "amazon", ["issuer_email_free_mail"]],
  [
    "Chase: your account is locked. Restore it at https://www.wellsfargo.com/verify",
    "chase",
    ["issuer_other_organisation"],
  ],
  [
    "Internal Revenue Service: pay your balance now at https://www.paypal.com/paypalme/irsdesk",
    "irs",
    ["issuer_other_organisation"],
  ],
  ["USPS: your parcel is held: https://bit.ly/3xYz9", "usps", ["issuer_link_shortened"]],
  ["Chase: we detected fraud. Call 1-900-555-0199 now.", "chase", ["issuer_phone_scam_range"]],
  ["Chase: we detected fraud. Call (876) 555-2301 now.", "chase", ["issuer_phone_scam_range"]],
  // A text's lure about the account, money or parcel, sent to a site that does not bear the organisation's name; the
  // same lure on a site that does (perhaps its own, unlisted) and a bill with a payment service's link stay unconfirmed.
  [
    "Amazon: An unusual purchase of $1,299 was made on your account. Visit https://amz-disputes.com",
    "amazon",
    ["issuer_lure_elsewhere"],
  ],
  [
    "Netflix: we couldn't authorize your payment. Update your billing info at https://streamhelp-desk.net",
    "netflix",
    ["issuer_lure_elsewhere"],
  ],
  [
    "Costco: your travel payment was declined. Update your card at https://www.costcotravel.com/account",
    "costco",
    ["issuer_link_unconfirmed"],
  ],
  [
    "Duke Energy: your bill of $84.12 is due 12/1. Pay online: https://paymentus.com/duke",
    "duke-energy",
    ["issuer_link_unconfirmed"],
  ],
  // Evidence and the unconfirmed side by side: each its own finding.
  [
    "USPS: your parcel is held, call 1-877-908-2256 or visit https://usps-redelivery-center.com",
    "usps",
    ["issuer_lookalike_domain", "issuer_phone_unconfirmed"],
  ],
];

describe("checkClaimedIssuer: listed, unlisted and contradicting channels", () => {
  it.each(TABLE)("%s", (text, organisation, expected) => {
    const found = issuerFindings(text);
    expect(found.organisation).toBe(organisation);
    expect([...found.ids].sort()).toEqual([...expected].sort());
  });

  it("reads channels_match as false only on a contradiction, and null when a channel is merely unconfirmed", () => {
    for (const [text, , expected] of TABLE) {
      const { match } = issuerFindings(text);
      if (expected.some((id) => CONTRADICTIONS.includes(id))) expect(match, text).toBe(false);
      else if (expected.includes("issuer_channels_match")) expect(match, text).toBe(true);
      else expect(match, text).toBeNull();
    }
  });
});

describe("checkClaimedIssuer: a lure sent elsewhere", () => {
  it("reads the lure in texts only: mail and letters name organisations they discuss", () => {
    const text = "Amazon: An unusual purchase of $1,299 was made on your account. Visit https://amz-disputes.com";
    const email = analyzeMessage(text, { directory, kind: "email" });
    const ids = email.evidence.flatMap((e) => e.factors.map((f) => f.id));
    expect(ids).toContain("issuer_link_unconfirmed");
    expect(ids).not.toContain("issuer_lure_elsewhere");
  });
});

describe("checkClaimedIssuer: who is claimed", () => {
  it("takes no claim from a name inside a link or an address", () => {
    expect(issuerFindings("Netflix: follow us at https://www.facebook.com/netflix").organisation).toBe("netflix");
    expect(issuerFindings("Photos from the trip: https://sites.google.com/view/ourtrip").organisation).toBeNull();
    expect(issuerFindings("Reach me at jordan.chase.w@outlook.com").organisation).toBeNull();
  });

  it("counts a partner of another kind neither way: a bank's payment app, a shop's carrier, a social page", () => {
    for (const text of [
      "Chase: send money with Zelle at zellepay.com",
      "Amazon: your order shipped. Track it at https://www.ups.com/track?tracknum=1Z999",
      "Netflix: follow us at https://www.facebook.com/netflix",
    ]) {
      const { ids } = issuerFindings(text);
      for (const id of [...CONTRADICTIONS, "issuer_link_unconfirmed"]) expect(ids, text).not.toContain(id);
    }
  });

  it("leaves initials, abbreviations and prices with dots in them as words", () => {
    expect(issuerFindings("Mr.Smith from St.Louis, U.S. paid 3.50 into his Chase account").organisation).toBe("chase");
  });
});

describe("isGovernmentRegistry", () => {
  const government = (raw: string): boolean => isGovernmentRegistry(normalizeUrl(raw)._unsafeUnwrap());

  it("knows the registries only government bodies can register in", () => {
    for (const raw of [
      "https://www.irs.gov/",
      "https://www.army.mil/",
      "https://www.gov.uk/",
      "https://www.ato.gov.au/",
      "https://www.cra-arc.gc.ca/",
    ]) {
      expect(government(raw), raw).toBe(true);
    }
  });

  it("does not take a government word elsewhere in a name for the registry", () => {
    for (const raw of [
      "https://ca-gov.info/",
      "https://gov.pay-toll.com/",
      "https://www.go.com/",
      "https://www.canada.ca/",
    ]) {
      expect(government(raw), raw).toBe(false);
    }
  });
});

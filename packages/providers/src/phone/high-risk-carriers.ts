// Voice providers flagged as high risk for scam and robocall traffic, matched by name pattern or OCN against any
// carrier we learn (vendor lookup, NANPA original assignee). Each entry cites the public action it rests on; the
// list is data to maintain: review it when the FCC publishes Robocall Mitigation Database removal orders,
// Enforcement Bureau cease-and-desist letters, or the Industry Traceback Group names non-cooperating providers.

export interface HighRiskCarrier {
  readonly id: string;
  readonly name: string;
  /** Matched against the normalized carrier name (lower case, punctuation and corporate suffixes removed). */
  readonly pattern: RegExp;
  /** NANPA operating company numbers, when published. */
  readonly ocns: readonly string[];
  /** Percent risk a number on this carrier implies by itself. */
  readonly points: number;
  readonly source: string;
}

export const HIGH_RISK_CARRIERS: readonly HighRiskCarrier[] = [
  {
    id: "connexum",
    name: "Connexum",
    pattern: /\bconnexum\b/,
    ocns: [],
    points: 40,
    // FCC and FTC joint letter to gateway providers carrying COVID-19 scam robocalls, April 3, 2020.
    source: "FCC/FTC joint letter, 2020-04-03 (COVID-19 scam robocalls)",
  },
  {
    id: "sipphony",
    name: "SipPhony",
    pattern: /\bsip ?phony\b/,
    ocns: [],
    points: 40,
    source: "FCC/FTC joint letter, 2020-04-03 (COVID-19 scam robocalls)",
  },
  {
    id: "voip-terminator",
    name: "VoIP Terminator (BL Marketing)",
    pattern: /\bvoip ?terminator\b|\bbl marketing\b/,
    ocns: [],
    points: 40,
    source: "FCC/FTC joint letter, 2020-04-03 (COVID-19 scam robocalls)",
  },
  {
    id: "urth-access",
    name: "Urth Access",
    pattern: /\burth access\b/,
    ocns: [],
    points: 45,
    // Student-loan robocall campaign; downstream providers were told they may block its traffic.
    source: "FCC Enforcement Bureau cease-and-desist letter, 2022 (student loan robocalls)",
  },
  {
    id: "avid-telecom",
    name: "Avid Telecom",
    pattern: /\bavid telecom\b/,
    ocns: [],
    points: 45,
    source: "Anti-Robocall Multistate Litigation Task Force lawsuit (state attorneys general), May 2023",
  },
  {
    id: "one-eye",
    name: "One Eye",
    pattern: /\bone eye\b/,
    ocns: [],
    points: 45,
    source: "FCC Enforcement Bureau cease-and-desist letter and blocking order, 2023",
  },
  {
    id: "lingo-telecom",
    name: "Lingo Telecom",
    pattern: /\blingo telecom\b/,
    ocns: [],
    // A large carrier with one enforcement action: weak evidence about any single number.
    points: 15,
    source: "FCC consent decree over the 2024 New Hampshire deepfake robocalls, August 2024",
  },
  {
    id: "telnyx",
    name: "Telnyx",
    pattern: /\btelnyx\b/,
    ocns: [],
    points: 15,
    source: "FCC Notice of Apparent Liability (calls impersonating the FCC), February 2025",
  },
];

const SUFFIXES = /\b(llc|l l c|inc|incorporated|corp|corporation|co|company|ltd|limited|lp|llp|plc|sa|de cv)\b/g;

/** "LEVEL 3 COMMUNICATIONS, LLC - CA" -> "level 3 communications ca". */
export function normalizeCarrierName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .replace(SUFFIXES, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The first flagged carrier matching the name or OCN, or null. */
export function matchHighRiskCarrier(
  carrier: { readonly name?: string | null; readonly ocn?: string | null },
  list: readonly HighRiskCarrier[] = HIGH_RISK_CARRIERS,
): HighRiskCarrier | null {
  const name = carrier.name ? normalizeCarrierName(carrier.name) : "";
  const ocn = carrier.ocn?.trim().toUpperCase() ?? "";
  for (const c of list) {
    if (ocn !== "" && c.ocns.includes(ocn)) return c;
    if (name !== "" && c.pattern.test(name)) return c;
  }
  return null;
}

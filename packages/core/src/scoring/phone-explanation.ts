// The rules' explanation of a phone lookup, in the order a person reading it needs: what kind of number it is and
// where its area code is, how risky it reads, what was found, what was and was not checked (a check that did not run
// is never reported as clean), and what to do about a call from it.
import type { ExplanationInput } from "../ports/explainer.js";
import type { SourceStatus, Verdict } from "../schemas/common.js";
import { clause, confidenceWord, topFactors } from "./explanation-words.js";

/** The verdict about a call or text showing the number (caller IDs can be faked, so it is not about its owner). */
const VERDICT_WORDS: Record<Verdict, string> = {
  safe: "It looks safe",
  low_risk: "It shows low risk",
  medium_risk: "A call or text from it shows some warning signs",
  high_risk: "A call or text from it is likely a scam",
  scam: "A call or text from it is almost certainly a scam",
};

/** The phone sources in words; a source not named here is called by its name. */
const CHECK_NAMES: Readonly<Record<string, string>> = {
  number_analysis: "the number's area code and exchange",
  complaint_registry: "FTC and FCC complaint records",
  carrier_intelligence: "carrier and line-type records",
  phone_reputation: "a phone reputation service",
  community_reports: "reports from other people",
};

const ADVICE: Record<Verdict, string> = {
  scam: "Do not answer it or call it back, and never give a code, a card number or a payment to anyone calling from it.",
  high_risk:
    "Do not answer it or call it back, and never give a code, a card number or a payment to anyone calling from it.",
  medium_risk:
    "Do not act on a call or message from it: if it says it is your bank, an agency or a company, call them on the number printed on your card, your bill or their own website.",
  low_risk:
    "Caller ID can be faked: if a call from it asks for money, a code or personal details, hang up and call the organisation on a number you look up yourself.",
  safe: "Caller ID can be faked: if a call from it asks for money, a code or personal details, hang up and call the organisation on a number you look up yourself.",
};

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** A factor's label as a sentence of its own. */
function asSentence(label: string): string {
  const t = clause(label.trim());
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}.`;
}

/** Check names hold "and" themselves, so a list of them is split by semicolons. */
const list = (items: readonly string[]): string => items.join("; ");

/** What kind of number it is, from the number analysis' signals; the area code is read from the number as shown. */
function kindOf(subject: string, signals: Readonly<Record<string, unknown>>): string {
  const npa = /^\D*(\d{3})/.exec(subject)?.[1];
  const region = text(signals["region"]);
  const area = `has ${npa === undefined ? "an area code" : `area code ${npa}`}${region === null ? "" : ` (${region})`}`;
  switch (text(signals["number_type"])) {
    case "international_nanp":
      return `${area}: it is dialled like a U.S. number, but it is not one`;
    case "toll_free":
      return "is a toll-free number, which is not tied to any place";
    case "premium":
      return "is a pay-per-call number";
    case "personal":
      return "is a personal number, which is not tied to any place";
    case "non_geographic":
      return "is a service number, which is not tied to any place";
    case "n11":
      return "uses an N11 service code where only an area code or an exchange may stand";
    case "test":
      return "is a test or placeholder number";
    case "unassigned":
      return "is in a range no one has been given";
    default:
      // Geographic numbers, and the fictional 555-01xx range (its factor says what it is).
      return area;
  }
}

/** What was checked and what was not, by name, so that a check that did not run is never read as a clean one. */
function checks(sources: readonly SourceStatus[]): string[] {
  const name = (s: SourceStatus): string => CHECK_NAMES[s.name] ?? s.name.replace(/_/g, " ");
  const known = sources.filter((s) => s.name in CHECK_NAMES);
  const ran = known.filter((s) => s.status === "ok").map(name);
  const skipped = known.filter((s) => s.status === "skipped").map(name);
  const failed = sources.filter((s) => s.status === "unavailable").map(name);
  const out: string[] = [];
  if (ran.length > 0) out.push(`Checked: ${list(ran)}.`);
  if (skipped.length > 0) out.push(`Not checked, so they say nothing either way: ${list(skipped)}.`);
  if (failed.length > 0) out.push(`Could not be reached: ${list(failed)}, which lowers confidence.`);
  return out;
}

/** The explanation of a phone lookup; the same input always gives the same text. */
export function explainPhone(input: ExplanationInput): string {
  const signals = input.signals ?? {};
  const parts = [
    `${input.subject} ${kindOf(input.subject, signals)}.`,
    `${VERDICT_WORDS[input.verdict]} (risk ${input.riskScore}/100, ${confidenceWord(input.confidence)} confidence).`,
  ];
  const { risks, trust } = topFactors(input);
  const lineType = text(signals["line_type"]);
  const carrier = text(signals["carrier"]);
  if (lineType !== null || carrier !== null) {
    parts.push(
      `Carrier records: ${[lineType === null ? null : `a ${lineType.replace(/_/g, " ")} line`, carrier].filter((x) => x !== null).join(" with ")}.`,
    );
  }
  if (risks.length > 0) parts.push(...risks.map((f) => asSentence(f.label)));
  else
    parts.push(
      input.sources === undefined ? "Nothing was found against it." : "None of the checks found anything against it.",
    );
  if (trust.length > 0) parts.push(`In its favour: ${trust.map((f) => clause(f.label)).join("; ")}.`);
  if (input.factors.some((f) => f.id === "limited_evidence")) {
    parts.push("Nothing vouches for it, so it is not rated safe.");
  }
  if (input.sources !== undefined) parts.push(...checks(input.sources));
  else if (input.unavailableSources.length > 0) {
    parts.push(`Could not be reached: ${list(input.unavailableSources)}, which lowers confidence.`);
  }
  parts.push(ADVICE[input.verdict]);
  return parts.join(" ");
}

// Findings particular to letters and notices, beyond the scam language a text message shows: a court that wants
// money over the phone, a toll bill that sends the reader to a link, an invoice whose only purpose is a callback
// number, a letter that threatens arrest. Each cue needs two things together (a kind of document and a demand),
// so a real jury summons or utility bill that merely mentions courts or gift cards does not fire it.
import type { Factor } from "../../schemas/common.js";
import type { DocumentEntities } from "./document-entities.js";

export const DOCUMENT_RULES_SOURCE = "document_rules";

export const DOCUMENT_CUE_IDS = [
  "court_payment_demand",
  "arrest_threat",
  "toll_payment_link",
  "invoice_callback",
  "untraceable_payment",
  "deadline_pressure",
  "secrecy_demand",
  "warns_against_payment_scams",
] as const;
export type DocumentCueId = (typeof DOCUMENT_CUE_IDS)[number];

export interface DocumentCue extends Factor {
  readonly id: DocumentCueId;
  /** The words of the document that triggered it. */
  readonly evidence: string;
}

const COURT = /\b(?:court|jury|juror|bench warrant|sheriff|marshal|clerk of (?:the )?court|judge|summons|subpoena)\b/i;
const ARREST =
  /\b(?:arrest(?:ed)?|warrant for your arrest|bench warrant|taken into custody|jail|prosecut(?:ed|ion)|law enforcement will)\b/i;
const PAY = /\b(?:pay|payment|bond|fine|fee|settle|balance|owe|amount due|remit)\b/i;
const TOLL = /\b(?:toll|e-?z ?pass|sunpass|fastrak|txtag|peach pass|ipass|good to go|turnpike)\b/i;
const TOLL_DEMAND = /\b(?:unpaid|outstanding|overdue|final notice|late fee|past due|suspension)\b/i;
const INVOICE = /\b(?:invoice|receipt|order (?:confirmation|number)|renewal|subscription|charged|purchase)\b/i;
const CALLBACK = /\b(?:cancel(?:l?ation)?|refund|did not authori[sz]e|not authori[sz]ed|dispute|unauthori[sz]ed)\b/i;
const URGENT =
  /\b(?:within (?:24|48|72) hours|today|immediately|final notice|last notice|avoid (?:a |the )?(?:late fee|suspension|arrest))\b/i;
const SECRECY = /\b(?:do not (?:discuss|tell|share)|keep this (?:confidential|private)|don't tell)\b/i;
const WARNS =
  /\b(?:never|will not|won't) (?:call|ask|email|text|contact)[^.]{0,80}\b(?:gift cards?|payment|money|prepaid)/i;

const UNTRACEABLE = new Set(["gift_card", "crypto", "wire_transfer", "money_transfer_service", "prepaid_card"]);

function find(text: string, pattern: RegExp): string | undefined {
  return pattern.exec(text)?.[0];
}

function cue(id: DocumentCueId, points: number, label: string, evidence: string): DocumentCue {
  return { id, source: DOCUMENT_RULES_SOURCE, label, points, evidence };
}

/** Document cues of a text and its entities, strongest first. Pure and deterministic. */
export function detectDocumentCues(text: string, entities: DocumentEntities): DocumentCue[] {
  const flat = text.replace(/\s+/g, " ");
  const cues: DocumentCue[] = [];
  const demanded = entities.payment_methods.filter((p) => p.demanded);
  const untraceable = demanded.filter((p) => UNTRACEABLE.has(p.method));
  const court = find(flat, COURT);
  const arrest = find(flat, ARREST);
  const pay = find(flat, PAY);
  const hasPhone = entities.phones.length > 0;

  if (court && pay && (untraceable.length > 0 || (hasPhone && /\bcall\b/i.test(flat) && arrest))) {
    const how = untraceable[0]?.raw ?? entities.phones[0]?.raw ?? "";
    cues.push(
      cue(
        "court_payment_demand",
        45,
        "A court notice demanding payment by phone or by gift card, crypto or wire: courts never collect that way",
        `${court} ... ${how}`,
      ),
    );
  }
  if (arrest && pay) {
    cues.push(cue("arrest_threat", 30, "The letter threatens arrest unless a payment is made", arrest));
  }
  const toll = find(flat, TOLL);
  const tollDemand = find(flat, TOLL_DEMAND);
  if (toll && tollDemand && entities.urls.length > 0) {
    cues.push(
      cue(
        "toll_payment_link",
        30,
        "An unpaid-toll notice that sends the reader to a payment link",
        `${tollDemand} ... ${entities.urls[0]?.raw ?? ""}`,
      ),
    );
  }
  const invoice = find(flat, INVOICE);
  const callback = find(flat, CALLBACK);
  if (invoice && callback && hasPhone) {
    cues.push(
      cue(
        "invoice_callback",
        35,
        "An invoice that asks the reader to call a number to cancel or get a refund: the usual refund-scam bait",
        `${callback} ... ${entities.phones[0]?.raw ?? ""}`,
      ),
    );
  }
  if (untraceable.length > 0) {
    cues.push(
      cue(
        "untraceable_payment",
        35,
        `Payment asked for by ${untraceable.map((p) => p.raw.toLowerCase()).join(", ")}: money that cannot be recovered`,
        untraceable[0]?.raw ?? "",
      ),
    );
  }
  const urgent = find(flat, URGENT);
  if (urgent && pay) cues.push(cue("deadline_pressure", 10, "A short deadline to pay", urgent));
  const secrecy = find(flat, SECRECY);
  if (secrecy) cues.push(cue("secrecy_demand", 20, "The reader is told to keep the matter secret", secrecy));
  const warns = find(flat, WARNS);
  if (warns && untraceable.length === 0 && !arrest) {
    cues.push(
      cue(
        "warns_against_payment_scams",
        -10,
        "The document warns that its sender never asks for payment this way",
        warns,
      ),
    );
  }
  return cues.sort((a, b) => b.points - a.points);
}

// The document channel's own analysis of a read document: its text (OCR pages repaired), the entities it names
// and the document cues. The message analyzer runs on `text` for the cues a text message shares with a letter;
// the URL and phone channels run on the entities.
import type { DocumentText } from "../../ports/document-reader.js";
import { detectDocumentCues, type DocumentCue } from "./document-cues.js";
import { extractDocumentEntities, type DocumentEntities } from "./document-entities.js";
import { normalizeOcrText, type OcrRepair } from "./ocr-normalize.js";
import { withoutMeansAndMarks } from "../organisations/means-and-marks.js";
import { letterhead } from "../message/sender-claim.js";

/** How much of a letter's opening says who it claims to be from (letterhead, reference, heading, opening lines). */
export const LETTER_CLAIM_CHARS = 800;

export interface DocumentAnalysis {
  /** The pages' text joined with blank lines, OCR pages repaired, links broken at a hyphen over two lines rejoined. */
  readonly text: string;
  /**
   * The text the message analyzer reads: without the salutation ("Dear Ms. Lopez,"), a letter's convention that
   * reads as affection in a text message.
   */
  readonly messageText: string;
  /**
   * Where the letter says who it is from: its opening, without the rows of an account's activity ("Zelle payment to
   * ...", "Amazon purchase") and the organisations it names only as a means or a mark ("Member FDIC", "by Zelle",
   * "Visa and Mastercard accepted": withoutMeansAndMarks), which are not its sender.
   */
  readonly claimText: string;
  readonly entities: DocumentEntities;
  readonly cues: readonly DocumentCue[];
  /** OCR repairs made, so the explanation can say "read as hitps://, taken as https://". */
  readonly repairs: readonly OcrRepair[];
  /** Lowest OCR confidence of the pages read by OCR; absent when no page was. */
  readonly ocrConfidence?: number;
}

/** Analyzes the pages a DocumentReader returned. Pure and deterministic. */
export function analyzeDocumentText(
  doc: Pick<DocumentText, "pages"> & Partial<Pick<DocumentText, "links">>,
): DocumentAnalysis {
  const repairs: OcrRepair[] = [];
  const texts: string[] = [];
  let ocrConfidence: number | undefined;
  for (const page of doc.pages) {
    if (page.method === "ocr") {
      const fixed = normalizeOcrText(page.text);
      repairs.push(...fixed.repairs);
      texts.push(fixed.text);
      if (page.ocr_confidence !== undefined) ocrConfidence = Math.min(ocrConfidence ?? 1, page.ocr_confidence);
    } else {
      texts.push(page.text.normalize("NFKC"));
    }
  }
  // Link annotations are where a click really goes, whatever the visible text says: they count as printed links.
  const links = (doc.links ?? []).filter((l) => /^https?:\/\//i.test(l));
  const text = rejoinWrappedLinks(texts.join("\n\n"));
  const entities = extractDocumentEntities(links.length > 0 ? `${text}\n\n${links.join("\n")}` : text);
  const cues = detectDocumentCues(text, entities);
  const messageText = text.replace(SALUTATION, "");
  const withoutRows = text
    .split("\n")
    .filter((line) => !isLedgerRow(line))
    .join("\n");
  const opening = withoutMeansAndMarks(withoutRows, { instruments: true }).slice(0, LETTER_CLAIM_CHARS);
  const claimText = ownLetterhead(opening) ?? opening;
  return ocrConfidence === undefined
    ? { text, messageText, claimText, entities, cues, repairs }
    : { text, messageText, claimText, entities, cues, repairs, ocrConfidence };
}

/**
 * A host name with a hyphen is where a line may wrap ("redeliver-" / "fedex.info/98"): when the next line goes on
 * with the rest of a host (letters up to a dot and a top-level domain), the two halves are one link.
 */
const WRAPPED_LINK = /(\b[a-z0-9][a-z0-9.-]*-)\n[ \t]*(?=[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/:?#]|\s|$))/gi;

export function rejoinWrappedLinks(text: string): string {
  return text.replace(WRAPPED_LINK, "$1");
}

/** A name's last words that say what kind of organisation it is: a bank, a credit union, a company, a registry. */
const ORGANISATION_KIND =
  /\b(?:bank|credit union|savings|mortgage|lending|financial|insurance|services|company|co\.?|corporation|corp\.?|inc\.?|llc|l\.l\.c\.|ltd\.?|limited|plc|group|trust|partners|associates|hospital|clinic|health|pharmacy|university|college|schools?|district|council|utility|utilities|house|registry)$/i;
/**
 * Words that name a function, not an organisation ("Fraud Prevention Services", "Customer Account Services",
 * "Federal Benefits Services"): a letterhead of them says what a department does, which anyone can print.
 */
const FUNCTION_WORDS =
  /\b(?:fraud|security|secure|verification|protection|prevention|recovery|refunds?|claims?|collections?|processing|billing|support|customer|accounts?|alerts?|notifications?|compliance|enforcement|settlements?|department|dept|center|centre|division|unit|office|payments?|debt|tax|benefits?|federal|national|government|official|online)\b/i;
/** A letterhead's name: a few capitalised words ("Prairie State Credit Union", "AVERY JOINERY LTD"). */
const LETTERHEAD_NAME = /^\p{Lu}[\p{L}\p{N}&'\u2019.-]*(?: (?:of|and|&|the|\p{Lu}[\p{L}\p{N}&'\u2019.-]*)){0,5}$/u;

/**
 * The letterhead alone, when it names the letter's sender by a name of its own and the kind of organisation it is
 * ("Prairie State Credit Union", "Harbor Point Mortgage Services", "Companies House"): the organisations named
 * further down (the credit bureau a denial names as its source, a regulator, a former servicer) are mentions, not the
 * sender. Null when the first line is no such name (a heading, a department, a logo's text), and the whole opening is
 * read for the claim.
 */
function ownLetterhead(opening: string): string | null {
  const first = letterhead(opening);
  if (first === undefined || first.length > 60 || !LETTERHEAD_NAME.test(first)) return null;
  if (!ORGANISATION_KIND.test(first) || FUNCTION_WORDS.test(first)) return null;
  // The kind alone ("Services", "The Bank") is no name.
  const named = first
    .replace(ORGANISATION_KIND, "")
    .replace(/\b(?:the|of|and|&)\b/gi, "")
    .trim();
  return named === "" ? null : first;
}

/** A salutation at the start of a line, up to its comma (or the whole line when short and without one). */
const SALUTATION = /^[ \t]*(?:dear|hello|hi)\b(?:[^\n,:]{0,40}[,:]|[^\n]{0,40}$)/gim;

const AMOUNT = /[$€£]\s?\d[\d,]*\.\d{2}/;
const ROW_DATE =
  /^\s*(?:\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:,? \d{4})?)\b/i;

/** A row of an account's activity: a date or a debit sign with an amount. */
function isLedgerRow(line: string): boolean {
  return AMOUNT.test(line) && (ROW_DATE.test(line) || /(?:^|\s)-\s?[$€£]/.test(line));
}

// The document channel's own analysis of a read document: its text (OCR pages repaired), the entities it names
// and the document cues. The message analyzer runs on `text` for the cues a text message shares with a letter;
// the URL and phone channels run on the entities.
import type { DocumentText } from "../../ports/document-reader.js";
import { detectDocumentCues, type DocumentCue } from "./document-cues.js";
import { extractDocumentEntities, type DocumentEntities } from "./document-entities.js";
import { normalizeOcrText, type OcrRepair } from "./ocr-normalize.js";

export interface DocumentAnalysis {
  /** The pages' text joined with blank lines, OCR pages repaired. */
  readonly text: string;
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
  const text = texts.join("\n\n");
  const entities = extractDocumentEntities(links.length > 0 ? `${text}\n\n${links.join("\n")}` : text);
  const cues = detectDocumentCues(text, entities);
  return ocrConfidence === undefined
    ? { text, entities, cues, repairs }
    : { text, entities, cues, repairs, ocrConfidence };
}

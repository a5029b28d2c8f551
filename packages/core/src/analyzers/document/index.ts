export { LETTER_CLAIM_CHARS, analyzeDocumentText, rejoinWrappedLinks } from "./analyze-document-text.js";
export type { DocumentAnalysis } from "./analyze-document-text.js";
export { DOCUMENT_CUE_IDS, DOCUMENT_RULES_SOURCE, detectDocumentCues } from "./document-cues.js";
export type { DocumentCue, DocumentCueId } from "./document-cues.js";
export {
  DocumentEntitiesSchema,
  PAYMENT_METHODS,
  extractDocumentEntities,
  placesInNorthAmerica,
} from "./document-entities.js";
export type { DocumentEntities, PaymentMethod } from "./document-entities.js";
export { normalizeOcrText, repairTld } from "./ocr-normalize.js";
export type { OcrRepair } from "./ocr-normalize.js";

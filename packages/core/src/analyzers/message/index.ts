export { analyzeMessage, CONTENT_SOURCE } from "./analyze-message.js";
export type { AnalyzeMessageOptions, MessageAnalysis, MessageKind } from "./analyze-message.js";
export { assessMessageOffline, finalScamType, offlineSubLookups } from "./assess-message.js";
export type { OfflineMessageAssessment } from "./assess-message.js";
export { CLAIMED_ISSUER_SOURCE, ClaimedIssuerSchema, checkClaimedIssuer } from "./claimed-issuer.js";
export type { ChannelRef, ClaimedIssuer, ContactChannels, IssuerCheck } from "./claimed-issuer.js";
export { CUE_IDS, CUES } from "./cue-table.js";
export type { CueId, CueMeaning, CueTable } from "./cue-table.js";
export { CUE_TABLES } from "./cue-matcher.js";
export {
  MAX_EXTRACTED_PHONES,
  MAX_EXTRACTED_URLS,
  MAX_SCANNED_CHARS,
  SUBLOOKUP_MAX_PHONES,
  SUBLOOKUP_MAX_URLS,
  extractEntities,
  placedPhones,
  unplacedPhones,
} from "./extract-entities.js";
export type {
  ExtractedPhone,
  ExtractedUrl,
  ExtractionLimits,
  MessageEntities,
  MoneyAmount,
} from "./extract-entities.js";
export { SCAM_TYPES, ScamTypeSchema } from "./scam-types.js";
export type { ScamType, ScamTypeOrNone } from "./scam-types.js";
export { SUBLOOKUP_SOURCE, subLookupEvidence } from "./sub-lookups.js";
export type { SubLookupResult } from "./sub-lookups.js";

export { AUTHENTICATION_SOURCE, HEADERS_SOURCE, analyzeHeaders } from "./analyze-headers.js";
export { brandInDisplayName, isLookalikeDomain } from "./sender-brand.js";
export type { HeaderAnalysisOptions, HeaderAnalysisOutput } from "./analyze-headers.js";
export { ATTACHMENTS_SOURCE, analyzeAttachments, sniffKind } from "./analyze-attachments.js";
export type { SniffedKind } from "./analyze-attachments.js";
export {
  HTML_LINKS_SOURCE,
  analyzeHtmlLinks,
  deceptiveLinks,
  shownDomain,
  textWithRealLinks,
} from "./analyze-html-links.js";
export { FREE_MAIL_DOMAINS } from "./free-mail.js";
export { HeaderAnalysisSchema, HeaderBrandImpersonationSchema } from "./header-analysis-schema.js";
export type { HeaderAnalysis, HeaderBrandImpersonation } from "./header-analysis-schema.js";
export { bulkMailSignals, isGenericSenderName, mailContext, senderSpeaksFor } from "./mail-context.js";
export type { MailContext } from "./mail-context.js";
export { weighBodyEvidence } from "./weigh-body.js";
export type { BodyWeighing } from "./weigh-body.js";
export { REQUEST_SOURCE, analyzeRequest } from "./analyze-request.js";
export { MAIL_CODES_SOURCE, analyzeMailCodes, codeLinks, mayCarryCodes, mayCarryLetter } from "./analyze-mail-codes.js";

// The channels' own offline scoring, for the evaluations: the same message analysis, sub-lookups and document rules
// the email and document channels run (channels/*), without the engine's cache and quota.
import {
  OFFLINE_WEIGHT,
  analyzeMessage,
  assess,
  createOrganisationDirectory,
  detectPromptInjection,
  messageModelEvidence,
  offlineSubLookups,
  subLookupEvidence,
  type Evidence,
  type MessageAnalysis,
  type MessageEntities,
  type ParsedMail,
} from "../packages/core/src/index.js";
import {
  emailBodyText,
  mailCodesEvidence,
  mailLinks,
  NO_MAIL_FILES,
  weighedEmailBody,
  withAttachedText,
  type MailFiles,
} from "../packages/core/src/channels/email/email-channel.js";
import { qrPayloadEvidence } from "../packages/core/src/analyzers/qr/index.js";
import { longFormContent } from "../packages/core/src/channels/text/text-channel.js";
import type { DocumentScorer } from "./document-eval.js";

const directory = createOrganisationDirectory();

/** 555-0100 to 555-0199, the block reserved for fiction, in E.164. */
const FICTION_BLOCK = /^\+1\d{3}55501\d{2}$/;

/** The message analyzer's evidence over a text, with extra links (HTML hrefs, QR payloads) among its sub-lookups. */
function messageEvidence(
  text: string,
  kind: "email" | "document",
  extraUrls: readonly string[],
  claimText: string,
  dropFictionalPhones = false,
  sender?: string,
): { evidence: Evidence[]; analysis: MessageAnalysis } {
  const analysis = analyzeMessage(text, {
    directory,
    kind,
    claimText,
    ...(sender !== undefined ? { senderNumber: sender } : {}),
  });
  const entities: MessageEntities = {
    ...analysis.entities,
    phones: dropFictionalPhones
      ? analysis.entities.phones.filter((p) => !FICTION_BLOCK.test(p.likely))
      : analysis.entities.phones,
    urls: [
      ...extraUrls.map((u) => ({ raw: u, candidate: u, defanged: false, obfuscated: false })),
      ...analysis.entities.urls,
    ],
  };
  const evidence = [
    ...analysis.evidence.map(longFormContent),
    subLookupEvidence(offlineSubLookups(entities), "every_verdict"),
    detectPromptInjection(text),
    messageModelEvidence(kind, text),
  ];
  return { evidence, analysis };
}

/**
 * The email channel's body scoring (emailBodyText with its attached letters' text, the links of its QR codes and
 * every HTML link, weighed by how the email was sent), and its QR codes weighed against the sender.
 */
export function emailBodyScorer(mail: ParsedMail, files: MailFiles = NO_MAIL_FILES): Evidence[] {
  const { text, claimText } = withAttachedText(emailBodyText(mail), files);
  const { evidence, analysis } = messageEvidence(
    text,
    "email",
    mailLinks(mail, files.codes),
    claimText,
    false,
    mail.from?.address,
  );
  return [
    ...weighedEmailBody(mail, text, analysis.claimedIssuer, evidence).evidence,
    ...mailCodesEvidence(mail, files.codes, text),
  ];
}

/**
 * The document channel's scoring: the message analysis of its text (QR links included) plus the document rules (a QR
 * code's link among the document's links, as the channel reads it). The generated letters print numbers from the 555-01xx block (scam letters and the invented small organisations'
 * genuine ones alike); the phone check would call every such number fictional, a point real letters never earn
 * either way, so those numbers are left out of the sub-lookups (the text analysis still reads them).
 */
export const documentChannelScorer: DocumentScorer = ({ analysis, qrPayloads }) => {
  const evidence: Evidence[] = [
    ...messageEvidence(
      analysis.messageText || " ",
      "document",
      analysis.entities.urls.map((u) => u.url),
      analysis.claimText,
      true,
    ).evidence,
    { source: "document_rules", status: "ok", signals: {}, factors: [...analysis.cues] },
    ...qrPayloadEvidence(qrPayloads),
  ];
  return assess(
    evidence.map((e) => ({ evidence: e, weight: OFFLINE_WEIGHT })),
    { channel: "document" },
  ).riskScore;
};

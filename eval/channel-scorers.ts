// The channels' own offline scoring, for the evaluations: the same message analysis, sub-lookups and document rules
// the email and document channels run (channels/*), without the engine's cache and quota.
import {
  OFFLINE_WEIGHT,
  analyzeMessage,
  assess,
  createOrganisationDirectory,
  detectPromptInjection,
  offlineSubLookups,
  subLookupEvidence,
  type Evidence,
  type MessageAnalysis,
  type MessageEntities,
  type ParsedMail,
} from "../packages/core/src/index.js";
import { CLAIM_WINDOW, emailBodyText, weighedEmailBody } from "../packages/core/src/channels/email/email-channel.js";
import { longFormContent } from "../packages/core/src/channels/text/text-channel.js";
import type { DocumentScorer } from "./document-eval.js";

const directory = createOrganisationDirectory();

/** The message analyzer's evidence over a text, with extra links (HTML hrefs, QR payloads) among its sub-lookups. */
function messageEvidence(
  text: string,
  kind: "email" | "document",
  extraUrls: readonly string[],
  claimText: string,
): { evidence: Evidence[]; analysis: MessageAnalysis } {
  const analysis = analyzeMessage(text, { directory, kind, claimText });
  const entities: MessageEntities = {
    ...analysis.entities,
    urls: [
      ...extraUrls.map((u) => ({ raw: u, candidate: u, defanged: false, obfuscated: false })),
      ...analysis.entities.urls,
    ],
  };
  const evidence = [
    ...analysis.evidence.map(longFormContent),
    subLookupEvidence(offlineSubLookups(entities)),
    detectPromptInjection(text),
  ];
  return { evidence, analysis };
}

/** The email channel's body scoring (emailBodyText, every HTML link, weighed by how the email was sent). */
export function emailBodyScorer(mail: ParsedMail): Evidence[] {
  const { text, claimText } = emailBodyText(mail);
  const { evidence, analysis } = messageEvidence(
    text,
    "email",
    mail.links.map((l) => l.href),
    claimText,
  );
  return weighedEmailBody(mail, text, analysis.claimedIssuer, evidence).evidence;
}

/** The document channel's scoring: the message analysis of its text plus the document rules. */
export const documentChannelScorer: DocumentScorer = ({ analysis }) => {
  const evidence: Evidence[] = [
    ...messageEvidence(
      analysis.text || " ",
      "document",
      analysis.entities.urls.map((u) => u.url),
      analysis.text.slice(0, 2 * CLAIM_WINDOW),
    ).evidence,
    { source: "document_rules", status: "ok", signals: {}, factors: [...analysis.cues] },
  ];
  return assess(evidence.map((e) => ({ evidence: e, weight: OFFLINE_WEIGHT }))).riskScore;
};

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
  type MessageEntities,
  type ParsedMail,
} from "../packages/core/src/index.js";
import {
  CLAIM_WINDOW,
  MAX_EMAIL_TEXT_ANALYZED,
  emailClaimText,
} from "../packages/core/src/channels/email/email-channel.js";
import { longFormContent } from "../packages/core/src/channels/text/text-channel.js";
import type { DocumentScorer } from "./document-eval.js";

const directory = createOrganisationDirectory();

/** The message analyzer's evidence over a text, with extra links (HTML hrefs, QR payloads) among its sub-lookups. */
function messageEvidence(
  text: string,
  kind: "email" | "document",
  extraUrls: readonly string[],
  claimText: string,
): Evidence[] {
  const analysis = analyzeMessage(text, { directory, kind, claimText });
  const entities: MessageEntities = {
    ...analysis.entities,
    urls: [
      ...extraUrls.map((u) => ({ raw: u, candidate: u, defanged: false, obfuscated: false })),
      ...analysis.entities.urls,
    ],
  };
  return [
    ...analysis.evidence.map(longFormContent),
    subLookupEvidence(offlineSubLookups(entities)),
    detectPromptInjection(text),
  ];
}

/** The email channel's body scoring (subject and the first 10,000 characters, every HTML link). */
export function emailBodyScorer(mail: ParsedMail): Evidence[] {
  const text = [mail.subject ?? "", mail.text]
    .filter((s) => s !== "")
    .join("\n\n")
    .slice(0, MAX_EMAIL_TEXT_ANALYZED);
  return messageEvidence(
    text || " ",
    "email",
    mail.links.map((l) => l.href),
    emailClaimText(mail),
  );
}

/** The document channel's scoring: the message analysis of its text plus the document rules. */
export const documentChannelScorer: DocumentScorer = ({ analysis }) => {
  const evidence: Evidence[] = [
    ...messageEvidence(
      analysis.text || " ",
      "document",
      analysis.entities.urls.map((u) => u.url),
      analysis.text.slice(0, 2 * CLAIM_WINDOW),
    ),
    { source: "document_rules", status: "ok", signals: {}, factors: [...analysis.cues] },
  ];
  return assess(evidence.map((e) => ({ evidence: e, weight: OFFLINE_WEIGHT }))).riskScore;
};

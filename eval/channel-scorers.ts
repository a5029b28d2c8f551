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
  type Assessment,
  type ParsedMail,
  type Scoring,
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
import {
  analyzeDocumentText,
  placesInNorthAmerica,
  type DocumentAnalysis,
} from "../packages/core/src/analyzers/document/index.js";
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
  options: {
    dropFictionalPhones?: boolean;
    sender?: string;
    readByOcr?: boolean;
    settingCountries?: readonly string[];
    scoring?: Scoring;
  } = {},
): { evidence: Evidence[]; analysis: MessageAnalysis } {
  const { dropFictionalPhones = false, sender, scoring } = options;
  const analysis = analyzeMessage(text, {
    directory,
    kind,
    claimText,
    ...(sender !== undefined ? { senderNumber: sender } : {}),
    ...(options.readByOcr === true ? { readByOcr: true } : {}),
    ...(options.settingCountries !== undefined ? { settingCountries: options.settingCountries } : {}),
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
    subLookupEvidence(offlineSubLookups(entities, scoring), analysis.ownLinks),
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
    mail.from?.address === undefined ? {} : { sender: mail.from.address },
  );
  return [
    ...weighedEmailBody(mail, text, analysis.claimedIssuer, evidence).evidence,
    ...mailCodesEvidence(mail, files.codes, text),
  ];
}

/**
 * The document channel's evidence for a read document, as the channel weighs it offline: the message analysis of its
 * text (its links and its QR codes' links among the sub-lookups; its numbers placed in North America by a U.S. postal
 * address or a number printed with its 1, as the channel places them), the document rules, and its QR codes. The
 * project's letters print numbers from the 555-01xx block (scam letters and invented organisations' genuine ones
 * alike); the phone check would call every such number fictional, a point real letters never earn either way, so
 * those numbers are left out of the sub-lookups (the text analysis still reads them).
 */
export function documentEvidence(
  analysis: DocumentAnalysis,
  qrPayloads: readonly string[],
  options: { readByOcr?: boolean; scoring?: Scoring } = {},
): Evidence[] {
  return [
    ...messageEvidence(
      analysis.messageText || " ",
      "document",
      analysis.entities.urls.map((u) => u.url),
      analysis.claimText,
      {
        dropFictionalPhones: true,
        ...(options.readByOcr === true ? { readByOcr: true } : {}),
        ...(placesInNorthAmerica(analysis.entities) ? { settingCountries: ["US"] } : {}),
        ...(options.scoring !== undefined ? { scoring: options.scoring } : {}),
      },
    ).evidence,
    {
      source: "document_rules",
      status: "ok",
      signals: {},
      factors: analysis.cues.map(({ id, source, label, points }) => ({ id, source, label, points })),
    },
    ...qrPayloadEvidence(qrPayloads),
  ];
}

/** The document channel's scoring of a read document (the generated set's PDFs, screenshots and photos). */
export const documentChannelScorer: DocumentScorer = ({ analysis, qrPayloads, document }) =>
  assess(
    documentEvidence(analysis, qrPayloads, { readByOcr: document.pages.some((p) => p.method === "ocr") }).map((e) => ({
      evidence: e,
      weight: OFFLINE_WEIGHT,
    })),
    { channel: "document" },
  ).riskScore;

/**
 * A letter given as its text (the real letters of eval/corpora/document), read as a PDF's text layer of one page
 * would be, through the same scoring; `scoring` as the corpora's runs pass it (fitted or hand, with an observer).
 */
export function assessLetterText(text: string, scoring?: Scoring): Assessment {
  const analysis = analyzeDocumentText({ pages: [{ number: 1, text, method: "pdf_text" }] });
  return assess(
    documentEvidence(analysis, [], scoring === undefined ? {} : { scoring }).map((e) => ({
      evidence: e,
      weight: OFFLINE_WEIGHT,
    })),
    { channel: "document", ...(scoring === undefined ? {} : { scoring }) },
  );
}

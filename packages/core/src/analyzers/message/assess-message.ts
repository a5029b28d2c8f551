// One offline scoring of a message for the channel and the evaluation alike: the analyzer's evidence plus the
// sub-lookups' verdicts, ready for assess(). The channel adds its live sources beside these items.

import { analyzePhoneNumber } from "../phone/analyze-phone-number.js";
import { messageModelEvidence } from "../../models/model-evidence.js";
import { normalizePhone } from "../phone/normalize-phone.js";
import { isNanp } from "../phone/read-phone-number.js";
import { normalizeUrl } from "../url/normalize-url.js";
import { assess, type WeightedEvidence } from "../../scoring/score.js";
import type { Scoring } from "../../scoring/weights.js";
import { assessUrlOffline } from "../url/assess-url-offline.js";
import { verdictFor } from "../../scoring/verdict.js";
import { OFFLINE_WEIGHT } from "../../scoring/evidence-weights.js";
import { analyzeMessage, type AnalyzeMessageOptions, type MessageAnalysis } from "./analyze-message.js";
import { SUBLOOKUP_MAX_PHONES, SUBLOOKUP_MAX_URLS, placedPhones, type MessageEntities } from "./extract-entities.js";
import type { ScamTypeOrNone } from "./scam-types.js";
import type { Verdict } from "../../schemas/common.js";
import { subLookupEvidence, type SubLookupResult } from "./sub-lookups.js";

/**
 * Priors of the message's own findings (analyze-message.ts, claimed-issuer.ts, sub-lookups.ts, cue-table.ts): the
 * points their detectors state. The weights fitted on real corpora (scoring/weights/) replace them for every rule the
 * corpora saw often enough.
 *
 * | finding                                      | points | source          |
 * |----------------------------------------------|--------|-----------------|
 * | single cues (urgency 15 ... gift cards 55)   | 5-55   | message_content |
 * | story + pressure + request (scam script)     | 30     | message_content |
 * |   ... through the sender's own channels only | 15     | message_content |
 * | story + request through a link/number/app    | 15     | message_content |
 * | "new number" + request (family emergency)    | 35     | message_content |
 * | wrong-number opener + app/romance/investing  | 25     | message_content |
 * | wrong-number opener + making friends         | 35     | message_content |
 * | story + ask through an unknown link, unnamed | 30     | message_content |
 * | money offer moved to WhatsApp/Telegram       | 25     | message_content |
 * | money "sent by mistake" + send it back       | 20     | message_content |
 * | charge + unpublished number to cancel it     | 20     | message_content |
 * | disguised link / look-alike link             | 45/35  | message_content |
 * | text sent from an email address              | 20     | message_content |
 * | a premium-rate number to call or text        | 40     | message_content |
 * | a number outside the sender's numbering plan | 10     | message_content |
 * | one-time code with "don't share"             | -25    | message_content |
 * | a warning against scams, nothing asked       | -10    | message_content |
 * | account alert asking only YES/NO, no link    | -15    | message_content |
 * | links only to the sender's own-name site  | -25    | message_content |
 * | only the sender's own app or store to act  | -15    | message_content |
 * | claims an organisation, links to a lookalike | 60     | claimed_issuer  |
 * | ... to a free host / from a free mailbox     | 50/45  | claimed_issuer  |
 * | ... to a rival's site or number              | 40     | claimed_issuer  |
 * | ... gives a number in a scam range           | 50     | claimed_issuer  |
 * | ... hides its link behind a shortener        | 20     | claimed_issuer  |
 * | ... a link, number or address not confirmed  | 10     | claimed_issuer  |
 * | a public body's links all on government ones | -15    | claimed_issuer  |
 * | every link and number belongs to it          | -25    | claimed_issuer  |
 * | worst link/number: scam / high / medium risk | 75/55/30 (floors 65/45) | sub_lookups |
 * | every link and number safe, one vouched      | -10    | sub_lookups     |
 *
 * One combination adds their log-odds (scoring/score.ts).
 */
export interface OfflineMessageAssessment {
  readonly analysis: MessageAnalysis;
  /** Evidence to score with assess(), each at OFFLINE_WEIGHT. */
  readonly items: WeightedEvidence[];
}

/** The message's evidence and its sub-lookups' evidence, weighted for assess(). */
export function assessMessageOffline(
  text: string,
  options: AnalyzeMessageOptions,
  subs: readonly SubLookupResult[],
): OfflineMessageAssessment {
  const analysis = analyzeMessage(text, options);
  const model = messageModelEvidence(options.kind === "text" ? "sms" : options.kind, text);
  const items: WeightedEvidence[] = [...analysis.evidence, subLookupEvidence(subs, analysis.ownLinks), model].map(
    (evidence) => ({
      evidence,
      weight: OFFLINE_WEIGHT,
    }),
  );
  return { analysis, items };
}

/**
 * The scam type to report once the message is scored: none below medium risk; otherwise the story its content
 * tells, or the one it resembles most when the links and numbers carried the verdict.
 */
/**
 * The scam type a result names: none below medium risk, else the analysis's type (or the likeliest). A test key's
 * magic input (`magic`, the verdict it asked for) names none for safe and low_risk and "other" for the rest.
 */
export function finalScamType(
  analysis: MessageAnalysis,
  riskScore: number,
  magic: Verdict | null = null,
): ScamTypeOrNone {
  if (magic !== null) return magic === "safe" || magic === "low_risk" ? "none" : "other";
  if (verdictFor(riskScore) === "safe" || verdictFor(riskScore) === "low_risk") return "none";
  return analysis.scamType === "none" ? analysis.likelyType : analysis.scamType;
}

/**
 * Sub-lookups done the way the engine's offline path does them: the offline URL and phone analyzers scored with
 * assess() at OFFLINE_WEIGHT, for the first SUBLOOKUP_MAX_URLS links and SUBLOOKUP_MAX_PHONES NANP numbers.
 */
export function offlineSubLookups(entities: MessageEntities, scoring?: Scoring): SubLookupResult[] {
  const out: SubLookupResult[] = [];
  for (const u of entities.urls.slice(0, SUBLOOKUP_MAX_URLS)) {
    const url = normalizeUrl(u.candidate);
    if (url.isErr()) continue;
    const a = assessUrlOffline(url.value, scoring);
    out.push({ kind: "url", value: url.value.href, verdict: a.verdict, risk_score: a.riskScore, factors: a.factors });
  }
  // The phone lookup reads NANP numbers the message places; the analyzer judges the others itself
  // (foreign_number, premium_rate_contact), and a number nothing places is read by no country's rules.
  for (const e164 of placedPhones(entities)
    .filter((n) => isNanp(n))
    .slice(0, SUBLOOKUP_MAX_PHONES)) {
    const phone = normalizePhone(e164);
    if (phone.isErr()) continue;
    const a = assess([{ evidence: analyzePhoneNumber(phone.value), weight: OFFLINE_WEIGHT }], {
      channel: "phone",
      ...(scoring === undefined ? {} : { scoring }),
    });
    out.push({
      kind: "phone",
      value: phone.value.e164,
      verdict: a.verdict,
      risk_score: a.riskScore,
      factors: a.factors,
    });
  }
  return out;
}

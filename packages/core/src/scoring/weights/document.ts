// Letters and notices: written here, not generated. The real letters in eval/corpora/document are genuine ones only
// (no real scam letter's text was found to publish), too few and one-sided to fit weights on, so the rules keep their
// priors. The policy the text channel keeps beside its weights holds for them too, and
// for a stronger reason: the message model never read a real letter, so its reading alone stays under medium risk.
import { PRIOR_BIAS, type ChannelWeights } from "../weights.js";
import { TEXT_WEIGHTS } from "./text.js";

export const DOCUMENT_WEIGHTS: ChannelWeights = {
  channel: "document",
  bias: PRIOR_BIAS,
  rules: {},
  fittedOn: "nothing: the detectors' priors (real genuine letters only, no real scam letters)",
  uncorroboratedCeiling: TEXT_WEIGHTS.uncorroboratedCeiling ?? 39,
};

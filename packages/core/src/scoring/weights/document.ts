// Letters and notices: written here, not generated. No public corpus of real letters exists to fit their weights
// on, so their rules keep their priors. The policy the text channel keeps beside its weights holds for them too, and
// for a stronger reason: the message model never read a real letter, so its reading alone stays under medium risk.
import { PRIOR_BIAS, type ChannelWeights } from "../weights.js";
import { TEXT_WEIGHTS } from "./text.js";

export const DOCUMENT_WEIGHTS: ChannelWeights = {
  channel: "document",
  bias: PRIOR_BIAS,
  rules: {},
  fittedOn: "nothing: the detectors' priors (no corpus of real letters and notices)",
  uncorroboratedCeiling: TEXT_WEIGHTS.uncorroboratedCeiling ?? 39,
};

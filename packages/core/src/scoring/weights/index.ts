// The fitted weights of every channel that has them (generated files beside this one, written by
// `pnpm eval rescore`; the document channel's file is policy written by hand). A channel absent here scores on
// its detectors' priors.
import type { ChannelWeights, ScoredChannel } from "../weights.js";
import { URL_WEIGHTS } from "./url.js";
import { TEXT_WEIGHTS } from "./text.js";
import { EMAIL_WEIGHTS } from "./email.js";
import { DOCUMENT_WEIGHTS } from "./document.js";

export const FITTED_WEIGHTS: Partial<Readonly<Record<ScoredChannel, ChannelWeights>>> = {
  url: URL_WEIGHTS,
  text: TEXT_WEIGHTS,
  email: EMAIL_WEIGHTS,
  document: DOCUMENT_WEIGHTS,
};

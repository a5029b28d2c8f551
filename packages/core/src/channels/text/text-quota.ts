import type { QuotaChannelDefinition } from "../define-channel.js";

/** The spec's text quota: one unit per successful non-cached text analysis. */
export const TEXT_QUOTA: QuotaChannelDefinition<"text"> = {
  id: "text",
  header: "Text",
  unit: "text analyses",
  limits: { free: 25, starter: 500, professional: 1500, business: 5000, scale: 12500, enterprise: 50000 },
};

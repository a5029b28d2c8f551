import type { QuotaChannelDefinition } from "../define-channel.js";

/** The spec's email quota: one unit per successful non-cached email analysis. */
export const EMAIL_QUOTA: QuotaChannelDefinition<"email"> = {
  id: "email",
  header: "Email",
  unit: "email analyses",
  limits: { free: 25, starter: 500, professional: 1500, business: 5000, scale: 12500, enterprise: 50000 },
};

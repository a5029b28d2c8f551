// SignalSource "phone_reputation": the IPQualityScore phone answer mapped to vendor4_fraud_score and factors.
import type { Evidence, Factor, NormalizedPhone, SignalSource } from "@scamverify/core";
import type { IpqsPhoneClient, PhoneReputation } from "./ipqs-phone.js";

export const PHONE_REPUTATION_SOURCE = "phone_reputation";

export function reputationEvidence(r: PhoneReputation): Evidence {
  const factors: Factor[] = [];
  const add = (id: string, label: string, points: number): void => {
    factors.push({ id, source: PHONE_REPUTATION_SOURCE, label, points: Math.round(points) });
  };
  // The vendor's score is calibrated so that 75+ is suspicious and 90+ is high risk.
  if (r.fraudScore >= 30)
    add(
      "vendor4_fraud_score",
      `Reputation provider fraud score ${r.fraudScore}/100`,
      Math.min(85, (r.fraudScore - 30) * 1.2),
    );
  else if (r.active !== false && !r.recentAbuse)
    add("vendor4_low_fraud_score", `Reputation provider fraud score ${r.fraudScore}/100`, -10);
  if (r.recentAbuse) add("vendor4_recent_abuse", "The reputation provider saw recent abuse from this number", 40);
  if (r.spammer) add("vendor4_spammer", "The reputation provider lists this number as a spammer", 35);
  if (r.risky && !r.recentAbuse && !r.spammer)
    add("vendor4_risky", "The reputation provider marks this number as risky", 20);
  if (r.voip) add("vendor4_voip", "VOIP number", 8);
  if (r.prepaid) add("vendor4_prepaid", "Prepaid line", 5);
  if (r.active === false)
    add("vendor4_inactive", "The number is not active: a caller ID showing it is likely spoofed", 30);
  factors.sort((a, b) => b.points - a.points);
  const floor = r.recentAbuse && r.fraudScore >= 90 ? 65 : 0;
  return {
    source: PHONE_REPUTATION_SOURCE,
    status: "ok",
    signals: { vendor4_fraud_score: r.fraudScore },
    factors,
    ...(floor > 0 ? { floor } : {}),
  };
}

export function createPhoneReputationSource(deps: { readonly ipqs: IpqsPhoneClient }): SignalSource<NormalizedPhone> {
  return {
    name: PHONE_REPUTATION_SOURCE,
    weight: 0.7,
    timeoutMs: 5000,
    async check(input, ctx): Promise<Evidence> {
      const out = await deps.ipqs.check(input, ctx.signal);
      if (!out.ok) {
        return {
          source: PHONE_REPUTATION_SOURCE,
          status: "unavailable",
          reason: out.reason,
          signals: { vendor4_fraud_score: null },
          factors: [],
        };
      }
      return reputationEvidence(out.value);
    },
  };
}

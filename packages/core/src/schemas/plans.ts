import { z } from "zod";

export const PLAN_NAMES = ["free", "starter", "professional", "business", "scale", "enterprise"] as const;
export const PlanNameSchema = z.enum(PLAN_NAMES).meta({ id: "PlanName" });
export type PlanName = z.infer<typeof PlanNameSchema>;

export interface Plan {
  readonly name: PlanName;
  /** Requests per minute on every endpoint except batch (batch is fixed at BATCH_RPM). */
  readonly rpm: number;
  readonly priceUsd: number | null;
  /** Paid plans may exceed the quota by 10% (grace); free has none. */
  readonly graceRatio: number;
  readonly rank: number;
}

export const BATCH_RPM = 5;

/**
 * The spec's plan table without its quotas (each quota channel declares its own limits per plan, see channels/).
 * Rate limits per plan are ours (the spec gives the range 10 to more than 600).
 */
export const PLANS: Readonly<Record<PlanName, Plan>> = {
  free: {
    name: "free",
    rpm: 10,
    priceUsd: 0,
    graceRatio: 0,
    rank: 0,
  },
  starter: {
    name: "starter",
    rpm: 60,
    priceUsd: 149,
    graceRatio: 0.1,
    rank: 1,
  },
  professional: {
    name: "professional",
    rpm: 120,
    priceUsd: 499,
    graceRatio: 0.1,
    rank: 2,
  },
  business: {
    name: "business",
    rpm: 300,
    priceUsd: 1499,
    graceRatio: 0.1,
    rank: 3,
  },
  scale: {
    name: "scale",
    rpm: 600,
    priceUsd: 2999,
    graceRatio: 0.1,
    rank: 4,
  },
  // Enterprise quotas and rate limit are set per account; the defaults apply until an operator sets them.
  enterprise: {
    name: "enterprise",
    rpm: 1200,
    priceUsd: null,
    graceRatio: 0.1,
    rank: 5,
  },
};

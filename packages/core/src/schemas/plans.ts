import { z } from "zod";
import type { Channel } from "./common.js";

export const PLAN_NAMES = ["free", "starter", "professional", "business", "scale", "enterprise"] as const;
export const PlanNameSchema = z.enum(PLAN_NAMES).meta({ id: "PlanName" });
export type PlanName = z.infer<typeof PlanNameSchema>;

export interface Plan {
  readonly name: PlanName;
  readonly quotas: Readonly<Record<Channel, number>>;
  /** Requests per minute on every endpoint except batch (batch is fixed at BATCH_RPM). */
  readonly rpm: number;
  readonly priceUsd: number | null;
  /** Paid plans may exceed the quota by 10% (grace); free has none. */
  readonly graceRatio: number;
  readonly rank: number;
}

export const BATCH_RPM = 5;

/** The spec's plan table. Rate limits per plan are ours (the spec gives the range 10 to more than 600). */
export const PLANS: Readonly<Record<PlanName, Plan>> = {
  free: {
    name: "free",
    quotas: { phone: 50, url: 50, text: 25, email: 25 },
    rpm: 10,
    priceUsd: 0,
    graceRatio: 0,
    rank: 0,
  },
  starter: {
    name: "starter",
    quotas: { phone: 1000, url: 1000, text: 500, email: 500 },
    rpm: 60,
    priceUsd: 149,
    graceRatio: 0.1,
    rank: 1,
  },
  professional: {
    name: "professional",
    quotas: { phone: 3000, url: 3000, text: 1500, email: 1500 },
    rpm: 120,
    priceUsd: 499,
    graceRatio: 0.1,
    rank: 2,
  },
  business: {
    name: "business",
    quotas: { phone: 10000, url: 10000, text: 5000, email: 5000 },
    rpm: 300,
    priceUsd: 1499,
    graceRatio: 0.1,
    rank: 3,
  },
  scale: {
    name: "scale",
    quotas: { phone: 25000, url: 25000, text: 12500, email: 12500 },
    rpm: 600,
    priceUsd: 2999,
    graceRatio: 0.1,
    rank: 4,
  },
  // Enterprise quotas and rate limit are set per account; these are the defaults until an operator sets them.
  enterprise: {
    name: "enterprise",
    quotas: { phone: 100000, url: 100000, text: 50000, email: 50000 },
    rpm: 1200,
    priceUsd: null,
    graceRatio: 0.1,
    rank: 5,
  },
};

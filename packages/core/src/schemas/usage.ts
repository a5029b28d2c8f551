import { z } from "zod";
import { PlanNameSchema } from "./plans.js";
import { DEFAULT_REGISTRY, type Channel } from "../channels/registry.js";

const ChannelUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int().describe("The plan's quota"),
  hard_limit: z.number().int().describe("The most that can be used: limit plus the 10% grace on paid plans"),
  remaining: z.number().int().describe("hard_limit - used, never below 0"),
});

export const UsageSchema = z
  .object({
    plan: PlanNameSchema,
    billing_period: z.object({ start: z.iso.datetime(), end: z.iso.datetime() }),
    quotas: z
      .object(
        Object.fromEntries(DEFAULT_REGISTRY.quotas.map((q) => [q.id, ChannelUsageSchema])) as Record<
          Channel,
          typeof ChannelUsageSchema
        >,
      )
      .describe("One entry per quota channel (phone, url, text, email, document)"),
    rate_limit: z
      .object({
        requests_per_minute: z.number().int().describe("Limit for lookup, usage and report endpoints"),
        batch_requests_per_minute: z.number().int().describe("Limit for batch endpoints (5 on every plan)"),
        window_seconds: z.number().int(),
      })
      .describe("The rate-limit configuration that applies to this account"),
    pending_plan: PlanNameSchema.nullable().describe("A downgrade that takes effect when the next period starts"),
    test_mode: z.boolean().describe("true when called with an sv_test_ key (test keys consume no quota)"),
  })
  .meta({ id: "Usage" });
export type Usage = z.infer<typeof UsageSchema>;

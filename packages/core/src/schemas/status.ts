import { z } from "zod";

export const COMPONENT_NAMES = [
  "phone_lookup",
  "url_lookup",
  "text_analysis",
  "email_analysis",
  "database",
  "ai_inference",
] as const;
export const ComponentStatusSchema = z.enum(["operational", "degraded", "unavailable"]).meta({ id: "ComponentStatus" });
export type ComponentStatus = z.infer<typeof ComponentStatusSchema>;

export const StatusSchema = z
  .object({
    status: z
      .enum(["operational", "degraded", "unavailable"])
      .describe("unavailable when the database is unreachable (HTTP 503)"),
    components: z.object({
      phone_lookup: ComponentStatusSchema,
      url_lookup: ComponentStatusSchema,
      text_analysis: ComponentStatusSchema,
      email_analysis: ComponentStatusSchema,
      database: ComponentStatusSchema,
      ai_inference: ComponentStatusSchema,
    }),
    version: z.string(),
    timestamp: z.iso.datetime(),
  })
  .meta({ id: "Status" });
export type Status = z.infer<typeof StatusSchema>;

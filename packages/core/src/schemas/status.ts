import { z } from "zod";
import { DEFAULT_REGISTRY } from "../channels/registry.js";

/** The spec's components, then one per channel of the default registry, then the engine's own. */
export const COMPONENT_NAMES = [
  ...new Set([
    "phone_lookup",
    "url_lookup",
    "text_analysis",
    "email_analysis",
    ...DEFAULT_REGISTRY.statusComponents,
    "database",
    "ai_inference",
  ]),
] as const;

export const ComponentStatusSchema = z.enum(["operational", "degraded", "unavailable", "not_configured"]).meta({
  id: "ComponentStatus",
  description:
    "operational; degraded (answering with less: e.g. the AI model failing its health probe while the rules answer); unavailable (down, or a channel this server does not serve); not_configured (an optional part no one has set up, such as ai_inference without a model)",
});
export type ComponentStatus = z.infer<typeof ComponentStatusSchema>;

export const StatusSchema = z
  .object({
    status: z
      .enum(["operational", "degraded", "unavailable"])
      .describe("unavailable when the database is unreachable (HTTP 503)"),
    components: z
      .object(Object.fromEntries(COMPONENT_NAMES.map((c) => [c, ComponentStatusSchema])))
      .catchall(ComponentStatusSchema)
      .describe("One entry per channel (from the channel registry), plus database and ai_inference"),
    version: z.string(),
    timestamp: z.iso.datetime(),
    paused_sources: z
      .array(
        z.object({
          name: z.string().describe("The signal source, as named in a result's sources"),
          component: z.string().describe("The component it serves, shown degraded meanwhile"),
          until: z.iso.datetime().describe("When it tries again (ISO 8601 UTC)"),
          reason: z.string(),
        }),
      )
      .optional()
      .describe("Present while a signal source has switched itself off (the network inspector when nothing answers)"),
  })
  .meta({ id: "Status" });
export type Status = z.infer<typeof StatusSchema>;

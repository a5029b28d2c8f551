// The channel registry: the one list of channels. Every derived list (channel ids, quota channels and their plan
// limits, status components, report kinds, test-mode magic inputs, engine verbs, routes, tools, commands) is read
// from it, so a channel added here appears on every face and a forgotten piece fails the build or createRegistry.
import { z } from "zod";
import type { PlanName } from "../schemas/plans.js";
import { ownQuota, type AnyChannel, type MagicInput, type QuotaChannelDefinition } from "./define-channel.js";
import { EMAIL_QUOTA } from "./email/email-quota.js";
import { PHONE_CHANNEL, PHONE_QUOTA } from "./phone/phone-channel.js";
import { TEXT_QUOTA } from "./text/text-quota.js";
import { URL_CHANNEL, URL_QUOTA } from "./url/url-channel.js";
import { QR_CHANNEL } from "./qr/qr-channel.js";
import { TEXT_CHANNEL } from "./text/text-channel.js";
import { EMAIL_CHANNEL } from "./email/email-channel.js";
import { DOCUMENT_CHANNEL } from "./document/document-channel.js";

/** Every channel the engine serves, in the order faces list them. */
export const DEFAULT_CHANNELS = [
  URL_CHANNEL,
  PHONE_CHANNEL,
  TEXT_CHANNEL,
  EMAIL_CHANNEL,
  DOCUMENT_CHANNEL,
  QR_CHANNEL,
] as const;

/** The spec's four quota channels exist on every plan even before their channels are served. */
const SPEC_QUOTAS = [PHONE_QUOTA, URL_QUOTA, TEXT_QUOTA, EMAIL_QUOTA] as const;

type OwnQuotaId<C> = C extends { quota: QuotaChannelDefinition<infer Q> } ? Q : never;
export type ChannelId = (typeof DEFAULT_CHANNELS)[number]["id"];
/** A quota channel of the default registry. */
export type Channel = (typeof SPEC_QUOTAS)[number]["id"] | OwnQuotaId<(typeof DEFAULT_CHANNELS)[number]>;

export interface ChannelRegistry {
  readonly channels: readonly AnyChannel[];
  get(id: string): AnyChannel | undefined;
  /** Every quota channel: the spec's four, then those channels declare. */
  readonly quotas: readonly QuotaChannelDefinition[];
  quota(id: string): QuotaChannelDefinition | undefined;
  readonly statusComponents: readonly string[];
  /** Channels whose values can be reported to the community database (report kind = channel id). */
  readonly reportKinds: readonly string[];
  readonly magic: readonly (MagicInput & { readonly channel: string })[];
}

function unique(what: string, values: readonly string[]): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new Error(`channel registry: two channels declare the ${what} ${v}`);
    seen.add(v);
  }
}

/** Builds the registry and checks what the compiler cannot: names unique across channels, quotas that exist. */
export function createChannelRegistry(channels: readonly AnyChannel[] = DEFAULT_CHANNELS): ChannelRegistry {
  const quotas: QuotaChannelDefinition[] = [...SPEC_QUOTAS];
  for (const c of channels) {
    const own = ownQuota(c);
    if (own && !quotas.some((q) => q.id === own.id)) quotas.push(own);
  }
  unique(
    "id",
    channels.map((c) => c.id),
  );
  unique(
    "verb",
    channels.flatMap((c) => [c.verb, ...(c.batch ? [c.batch.verb] : [])]),
  );
  unique(
    "path",
    channels.flatMap((c) => [c.http.path.toLowerCase(), ...(c.batch ? [c.batch.path.toLowerCase()] : [])]),
  );
  unique(
    "MCP tool",
    channels.flatMap((c) => [c.mcp.tool, ...(c.batch ? [c.batch.mcpTool] : [])]),
  );
  unique(
    "CLI command",
    channels.map((c) => c.cli.command),
  );
  unique(
    "status component",
    channels.map((c) => c.statusComponent),
  );
  unique(
    "quota header",
    quotas.map((q) => q.header.toLowerCase()),
  );
  for (const c of channels) {
    if (c.http.body === "multipart" && c.upload === undefined)
      throw new Error(`channel registry: ${c.id} takes an upload but does not declare what it accepts`);
    const charged = c.quota !== null && "chargedBy" in c.quota ? c.quota.chargedBy : null;
    if (charged !== null && !quotas.some((q) => q.id === charged))
      throw new Error(`channel registry: ${c.id} is charged to the unknown quota ${charged}`);
  }
  const byId = new Map(channels.map((c) => [c.id, c]));
  const quotaById = new Map(quotas.map((q) => [q.id, q]));
  return {
    channels,
    get: (id) => byId.get(id),
    quotas,
    quota: (id) => quotaById.get(id),
    statusComponents: channels.map((c) => c.statusComponent),
    reportKinds: channels.filter((c) => c.reportable).map((c) => c.id),
    magic: channels.flatMap((c) => c.magic.map((m) => ({ ...m, channel: c.id }))),
  };
}

export const DEFAULT_REGISTRY: ChannelRegistry = createChannelRegistry();

/** The default registry's quota channel ids (phone, url, text, email, then the channels' own). */
export const CHANNELS = DEFAULT_REGISTRY.quotas.map((q) => q.id) as readonly Channel[];
export const ChannelSchema = z.enum(CHANNELS as unknown as [Channel, ...Channel[]]).meta({ id: "Channel" });

/** The quota of every default quota channel on a plan. */
export function planQuotas(plan: PlanName, registry: ChannelRegistry = DEFAULT_REGISTRY): Record<string, number> {
  return Object.fromEntries(registry.quotas.map((q) => [q.id, q.limits[plan]]));
}

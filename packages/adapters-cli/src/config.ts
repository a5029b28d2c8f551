// Configuration from flags and the environment, parsed once with zod in the composition root.
import { resolve } from "node:path";
import { z } from "zod";

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === "boolean" ? v : !/^(0|false|no|off)$/i.test(v.trim())));

export const RuntimeConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().optional(),
  databaseUrl: z.string().min(1).optional(),
  dataDir: z.string().min(1).default(".scamverify-data"),
  redisUrl: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  upgradeUrl: z.string().url().optional(),
  networkInspection: bool.default(true),
  feedSyncHours: z.coerce.number().min(0).default(24),
  registrySyncHours: z.coerce.number().min(0).default(1),
  logLevel: z.enum(["debug", "info", "warn", "error"]).default("info"),
  webRiskKey: z.string().min(1).optional(),
  ipqsKey: z.string().min(1).optional(),
  urlhausKey: z.string().min(1).optional(),
  threatfoxKey: z.string().min(1).optional(),
  twilioAccountSid: z.string().min(1).optional(),
  twilioAuthToken: z.string().min(1).optional(),
  /** The AI model: the OpenAI SDK's own variables, so OpenAI and any OpenAI-compatible server work alike. */
  openaiApiKey: z.string().min(1).optional(),
  openaiBaseUrl: z.string().url().optional(),
  aiModel: z.string().min(1).optional(),
  aiVisionModel: z.string().min(1).optional(),
  oauthRedirectHosts: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ""),
    )
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "a host name such as claude.ai"))
        .min(1)
        .max(6),
    )
    .optional(),
  ftcDncUrl: z.string().url().optional(),
  fccComplaintsUrl: z.string().url().optional(),
  nanpaCodesUrl: z.string().url().optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema> & { baseUrl: string; dataDir: string };

const ENV: Record<string, keyof z.input<typeof RuntimeConfigSchema>> = {
  PORT: "port",
  HOST: "host",
  DATABASE_URL: "databaseUrl",
  SCAMVERIFY_DATA_DIR: "dataDir",
  REDIS_URL: "redisUrl",
  BASE_URL: "baseUrl",
  SCAMVERIFY_UPGRADE_URL: "upgradeUrl",
  SCAMVERIFY_NETWORK_INSPECTION: "networkInspection",
  SCAMVERIFY_FEED_SYNC_HOURS: "feedSyncHours",
  SCAMVERIFY_REGISTRY_SYNC_HOURS: "registrySyncHours",
  LOG_LEVEL: "logLevel",
  WEB_RISK_API_KEY: "webRiskKey",
  IPQS_API_KEY: "ipqsKey",
  URLHAUS_AUTH_KEY: "urlhausKey",
  THREATFOX_AUTH_KEY: "threatfoxKey",
  TWILIO_ACCOUNT_SID: "twilioAccountSid",
  TWILIO_AUTH_TOKEN: "twilioAuthToken",
  OPENAI_API_KEY: "openaiApiKey",
  OPENAI_BASE_URL: "openaiBaseUrl",
  SCAMVERIFY_AI_MODEL: "aiModel",
  SCAMVERIFY_AI_VISION_MODEL: "aiVisionModel",
  SCAMVERIFY_OAUTH_REDIRECT_HOSTS: "oauthRedirectHosts",
  SCAMVERIFY_FTC_DNC_URL: "ftcDncUrl",
  SCAMVERIFY_FCC_COMPLAINTS_URL: "fccComplaintsUrl",
  SCAMVERIFY_NANPA_CODES_URL: "nanpaCodesUrl",
};

/** Flags win over the environment; empty values count as unset. */
export function loadConfig(flags: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const raw: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(ENV)) {
    const v = env[name];
    if (v !== undefined && v !== "") raw[key] = v;
  }
  for (const [k, v] of Object.entries(flags)) if (v !== undefined && k in RuntimeConfigSchema.shape) raw[k] = v;
  const parsed = RuntimeConfigSchema.parse(raw);
  return {
    ...parsed,
    dataDir: resolve(parsed.dataDir),
    baseUrl: (parsed.baseUrl ?? `http://localhost:${parsed.port}`).replace(/\/+$/, ""),
  };
}

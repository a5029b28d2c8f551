// Configuration from flags and the environment, parsed once with zod in the composition root.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve, win32 } from "node:path";
import { fileURLToPath } from "node:url";
// The parser alone (node:net), not the HTTP face: configuration is read by every command.
import { parseTrustedProxies } from "@scamverify/adapters-http/client-address";
import { z } from "zod";

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === "boolean" ? v : !/^(0|false|no|off)$/i.test(v.trim())));

export const RuntimeConfigSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().optional(),
  databaseUrl: z.string().min(1).optional(),
  dataDir: z.string().min(1).optional(),
  redisUrl: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  upgradeUrl: z.string().url().optional(),
  billingUrl: z.string().url().optional(),
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
  // The checker page for people at / and the inbound mail listener (see people.ts).
  page: bool.default(true),
  pagePerMinute: z.coerce.number().int().min(1).default(10),
  pagePerDay: z.coerce.number().int().min(1).default(100),
  pageRpm: z.coerce.number().int().min(1).max(100_000).default(600),
  pageShareDays: z.coerce.number().min(0.01).max(90).default(7),
  pageSecret: z.string().min(16).optional(),
  pageCountry: z.enum(["US", "GB", "CA", "AU", "ES", "OTHER"]).default("US"),
  inboundSmtpPort: z.coerce.number().int().min(0).max(65535).optional(),
  inboundSmtpHost: z.string().min(1).optional(),
  inboundSmtpMaxBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  inboundSmtpPerHour: z.coerce.number().int().min(1).default(20),
  outboundSmtpUrl: z.string().min(1).optional(),
  replyFrom: z.string().min(3).optional(),
  verdictWebhookUrl: z.string().url().optional(),
  /** Job task loops `serve` runs in its own process (0: none; run `scamverify worker` processes instead). */
  jobWorkers: z.coerce.number().int().min(0).max(64).default(2),
  /**
   * Seconds a job task (25 items) may run before the queue takes its worker for dead and hands the task to another
   * (pg-boss); the expired tasks are looked for every half of it, at most every 30 s.
   */
  jobTaskTimeoutSeconds: z.coerce.number().int().min(5).max(3600).default(60),
  /** How long a lookup's quota hold lasts before the sweep may give its unit back (longer than any lookup). */
  quotaHoldSeconds: z.coerce.number().int().min(1).default(600),
  /**
   * Load balancers and reverse proxies (addresses and CIDR networks, comma-separated) whose X-Forwarded-For names
   * the client the per-address limits count; from any other peer the header is ignored.
   */
  trustedProxies: z
    .string()
    .superRefine((v, ctx) => {
      const { invalid } = parseTrustedProxies(v);
      if (invalid.length > 0)
        ctx.addIssue({ code: "custom", message: `not an address or network: ${invalid.join(", ")}` });
    })
    .optional(),
  /** Bearer token /metrics asks for; without it /metrics is served to loopback clients only. */
  metricsToken: z.string().min(16).optional(),
  /** OpenTelemetry traces over OTLP/HTTP (off unless an endpoint is set); the exporter reads the other OTEL_ variables. */
  otlpEndpoint: z.string().url().optional(),
  otlpTracesEndpoint: z.string().url().optional(),
  otlpProtocol: z.enum(["http/protobuf", "http/json"]).optional(),
  otlpTracesProtocol: z.enum(["http/protobuf", "http/json"]).optional(),
  otelServiceName: z.string().min(1).default("scamverify"),
  /** Days a finished job and its results are kept before the sweep deletes them. */
  jobRetentionDays: z.coerce.number().min(0.01).max(3650).default(7),
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
  SCAMVERIFY_BILLING_URL: "billingUrl",
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
  SCAMVERIFY_PAGE: "page",
  SCAMVERIFY_PAGE_PER_MINUTE: "pagePerMinute",
  SCAMVERIFY_PAGE_PER_DAY: "pagePerDay",
  SCAMVERIFY_PAGE_RPM: "pageRpm",
  SCAMVERIFY_PAGE_SHARE_DAYS: "pageShareDays",
  SCAMVERIFY_PAGE_SECRET: "pageSecret",
  SCAMVERIFY_PAGE_COUNTRY: "pageCountry",
  SCAMVERIFY_INBOUND_SMTP_PORT: "inboundSmtpPort",
  SCAMVERIFY_INBOUND_SMTP_HOST: "inboundSmtpHost",
  SCAMVERIFY_INBOUND_SMTP_MAX_BYTES: "inboundSmtpMaxBytes",
  SCAMVERIFY_INBOUND_SMTP_PER_HOUR: "inboundSmtpPerHour",
  SCAMVERIFY_OUTBOUND_SMTP_URL: "outboundSmtpUrl",
  SCAMVERIFY_REPLY_FROM: "replyFrom",
  SCAMVERIFY_VERDICT_WEBHOOK_URL: "verdictWebhookUrl",
  SCAMVERIFY_JOB_WORKERS: "jobWorkers",
  SCAMVERIFY_JOB_TASK_TIMEOUT_SECONDS: "jobTaskTimeoutSeconds",
  SCAMVERIFY_QUOTA_HOLD_SECONDS: "quotaHoldSeconds",
  SCAMVERIFY_METRICS_TOKEN: "metricsToken",
  SCAMVERIFY_TRUSTED_PROXIES: "trustedProxies",
  OTEL_EXPORTER_OTLP_ENDPOINT: "otlpEndpoint",
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "otlpTracesEndpoint",
  OTEL_EXPORTER_OTLP_PROTOCOL: "otlpProtocol",
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "otlpTracesProtocol",
  OTEL_SERVICE_NAME: "otelServiceName",
  SCAMVERIFY_JOB_RETENTION_DAYS: "jobRetentionDays",
};

/** What the default data folder depends on besides the environment. */
export interface HostFacts {
  readonly platform: NodeJS.Platform;
  readonly home: string;
  /** Whether this package runs from a clone of the repository (pnpm start, pnpm scamverify), not an installed copy. */
  readonly inClone: boolean;
}

/** The clone keeps its data beside the sources, where the README's quick start expects it. */
export const CLONE_DATA_DIR = ".scamverify-data";

function runsFromClone(): boolean {
  // src/config.ts or dist/config.js of packages/adapters-cli: the workspace file sits three levels up in a clone;
  // an installed copy lives under node_modules, where no such file is.
  const here = fileURLToPath(import.meta.url);
  return !/[\\/]node_modules[\\/]/.test(here) && existsSync(new URL("../../../pnpm-workspace.yaml", import.meta.url));
}

export function currentHost(): HostFacts {
  return { platform: process.platform, home: homedir(), inClone: runsFromClone() };
}

/**
 * Where the embedded database lives when neither --data-dir nor SCAMVERIFY_DATA_DIR says: `./.scamverify-data` in a
 * clone; otherwise the per-user data folder of the platform, so an installed CLI works the same from any directory.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv, host: HostFacts): string {
  if (host.inClone) return CLONE_DATA_DIR;
  const set = (name: string): string | undefined => {
    const v = env[name];
    return v !== undefined && v !== "" ? v : undefined;
  };
  if (host.platform === "win32") {
    return win32.join(set("LOCALAPPDATA") ?? win32.join(host.home, "AppData", "Local"), "scamverify");
  }
  if (host.platform === "darwin") return join(host.home, "Library", "Application Support", "scamverify");
  // XDG asks that a relative XDG_DATA_HOME be ignored.
  const xdg = set("XDG_DATA_HOME");
  return join(xdg !== undefined && xdg.startsWith("/") ? xdg : join(host.home, ".local", "share"), "scamverify");
}

/** Flags win over the environment; empty values count as unset. */
export function loadConfig(
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
  host: HostFacts = currentHost(),
): RuntimeConfig {
  const raw: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(ENV)) {
    const v = env[name];
    if (v !== undefined && v !== "") raw[key] = v;
  }
  for (const [k, v] of Object.entries(flags)) if (v !== undefined && k in RuntimeConfigSchema.shape) raw[k] = v;
  const parsed = RuntimeConfigSchema.parse(raw);
  return {
    ...parsed,
    dataDir: resolve(parsed.dataDir ?? defaultDataDir(env, host)),
    baseUrl: (parsed.baseUrl ?? `http://localhost:${parsed.port}`).replace(/\/+$/, ""),
  };
}

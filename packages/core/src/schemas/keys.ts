import { z } from "zod";

export const MAX_ACTIVE_KEYS = 5;
export const KEY_PREFIXES = { live: "sv_live_", test: "sv_test_" } as const;
export type KeyMode = keyof typeof KEY_PREFIXES;

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(["live", "test"]),
    prefix: z.string().describe("First characters of the key, e.g. sv_live_Ab3d, to recognise it"),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey", description: "An API key record; the key itself is shown once at creation" });
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().describe("The full key. Shown once; only its SHA-256 hash is stored"),
}).meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const KeyNameSchema = z.string().trim().min(1).max(64);

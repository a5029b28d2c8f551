import { z } from "zod";
import { ErrorCodeSchema } from "./error.js";
import { MAX_URL_LENGTH, UrlLookupResultSchema } from "./url.js";
import { PhoneLookupResultSchema } from "./phone.js";

export const MAX_BATCH_ITEMS = 100;
export const BATCH_CONCURRENCY = 10;

export const BatchItemErrorSchema = z
  .object({
    input: z.string().describe("The item as sent"),
    index: z.number().int().describe("Position of the item in the request"),
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "BatchItemError", description: "Stands in the results array in place of an item that failed" });

export const BatchSummarySchema = z
  .object({
    total: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    high_risk: z.number().int().describe("Items with verdict high_risk or scam"),
    medium_risk: z.number().int(),
    low_risk: z.number().int().describe("Items with verdict low_risk or safe"),
  })
  .meta({ id: "BatchSummary" });

export const BatchUrlRequestSchema = z
  .strictObject({
    urls: z.array(z.string().max(MAX_URL_LENGTH)).min(1).max(MAX_BATCH_ITEMS).optional(),
    items: z
      .array(z.strictObject({ url: z.string().max(MAX_URL_LENGTH) }))
      .min(1)
      .max(MAX_BATCH_ITEMS)
      .optional(),
    force_refresh: z.boolean().optional().default(false),
  })
  .refine((v) => (v.urls === undefined) !== (v.items === undefined), {
    message: "Send exactly one of urls (array of strings) or items (array of {url})",
    path: ["urls"],
  })
  .meta({ id: "BatchUrlRequest" });

export const BatchPhoneRequestSchema = z
  .strictObject({
    phone_numbers: z.array(z.string().max(64)).min(1).max(MAX_BATCH_ITEMS).optional(),
    items: z
      .array(z.strictObject({ phone_number: z.string().max(64) }))
      .min(1)
      .max(MAX_BATCH_ITEMS)
      .optional(),
    force_refresh: z.boolean().optional().default(false),
  })
  .refine((v) => (v.phone_numbers === undefined) !== (v.items === undefined), {
    message: "Send exactly one of phone_numbers (array of strings) or items (array of {phone_number})",
    path: ["phone_numbers"],
  })
  .meta({ id: "BatchPhoneRequest" });

export const BatchUrlResponseSchema = z
  .object({
    batch_id: z.string(),
    results: z.array(z.union([UrlLookupResultSchema, BatchItemErrorSchema])),
    summary: BatchSummarySchema,
    quota_used: z.object({ url: z.number().int() }),
  })
  .meta({ id: "BatchUrlResponse" });

export const BatchPhoneResponseSchema = z
  .object({
    batch_id: z.string(),
    results: z.array(z.union([PhoneLookupResultSchema, BatchItemErrorSchema])),
    summary: BatchSummarySchema,
    quota_used: z.object({ phone: z.number().int() }),
  })
  .meta({ id: "BatchPhoneResponse" });

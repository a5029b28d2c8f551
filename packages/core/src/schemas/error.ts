import { z } from "zod";
import { ERROR_CODES } from "../errors.js";

export const ErrorCodeSchema = z.enum(ERROR_CODES).meta({ id: "ErrorCode" });

export const ErrorBodySchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    retry_after: z.number().int().optional().describe("Seconds to wait before retrying"),
    upgrade_url: z.string().optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: "ErrorBody" });

export const ErrorEnvelopeSchema = z.object({ error: ErrorBodySchema }).meta({ id: "ErrorEnvelope" });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

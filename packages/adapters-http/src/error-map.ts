// Maps the core's error codes to HTTP statuses and the spec's envelope. Typed as Record<ErrorCode, number> so a
// new code fails the build until it has a status here.
import type { AppError, ErrorCode } from "@scamverify/core";

export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  validation_error: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  key_limit_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  quota_exhausted: 402,
  rate_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  method_not_allowed: 405,
};

export interface ErrorEnvelopeBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: Readonly<Record<string, unknown>>;
    retry_after?: number;
    upgrade_url?: string;
    request_id?: string;
  };
}

export function toEnvelope(e: AppError, requestId?: string): ErrorEnvelopeBody {
  return {
    error: {
      code: e.code,
      message: e.message,
      ...(e.details !== undefined ? { details: e.details } : {}),
      ...(e.retryAfter !== undefined ? { retry_after: e.retryAfter } : {}),
      ...(e.upgradeUrl !== undefined ? { upgrade_url: e.upgradeUrl } : {}),
      ...(requestId !== undefined ? { request_id: requestId } : {}),
    },
  };
}

// Exit codes of the CLI. Lookups exit by their worst verdict so scripts can branch on them; failures use the
// sysexits ranges. Typed as Record<ErrorCode, number> so a new error code fails the build until it has a code.
import type { ErrorCode, Verdict } from "@scamverify/core";

export const VERDICT_EXIT: Readonly<Record<Verdict, number>> = {
  safe: 0,
  low_risk: 0,
  medium_risk: 10,
  high_risk: 11,
  scam: 12,
};

export const ERROR_EXIT: Readonly<Record<ErrorCode, number>> = {
  validation_error: 65,
  missing_api_key: 77,
  invalid_api_key: 77,
  invalid_token: 77,
  insufficient_scope: 77,
  forbidden: 77,
  not_found: 66,
  conflict: 73,
  key_limit_reached: 73,
  payload_too_large: 65,
  unsupported_media_type: 65,
  quota_exhausted: 75,
  rate_limit_exceeded: 75,
  internal_error: 70,
  service_unavailable: 69,
  idempotency_key_in_use: 75,
  idempotency_key_reused: 65,
  method_not_allowed: 64,
};

export const USAGE_EXIT = 64;
export const ITEM_ERRORS_EXIT = 2;

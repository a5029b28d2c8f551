// The closed list of wire error codes. Every face maps each code (HTTP status, CLI exit code, MCP result)
// through a Record<ErrorCode, ...>, so adding a code here fails the build until every face handles it.

export const ERROR_CODES = [
  "validation_error",
  "missing_api_key",
  "invalid_api_key",
  "invalid_token",
  "insufficient_scope",
  "forbidden",
  "not_found",
  "conflict",
  "key_limit_reached",
  "payload_too_large",
  "unsupported_media_type",
  "quota_exhausted",
  "rate_limit_exceeded",
  "internal_error",
  "service_unavailable",
  "idempotency_key_in_use",
  "idempotency_key_reused",
  "method_not_allowed",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ValidationIssue {
  readonly field: string;
  readonly message: string;
}

/** An expected failure of a use case: data carried in a neverthrow Result, never thrown. */
export interface AppError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
  /** Seconds until a retry may succeed (rate limits, unavailability). */
  readonly retryAfter?: number;
  readonly upgradeUrl?: string;
  /**
   * The caller's counters when a request was refused after it was admitted (rate limit taken, the channel known):
   * faces that show counters beside an answer (HTTP's RateLimit-* and X-Quota-* headers) show them on the refusal
   * too. Never part of the error's body.
   */
  readonly counters?: ErrorCounters;
}

/** The counters an admitted request's refusal carries (the same fields a successful answer's meta has). */
export interface ErrorCounters {
  readonly quota?: { readonly channel: string; readonly used: number; readonly limit: number };
  readonly rateLimit?: { readonly limit: number; readonly remaining: number; readonly resetAt: Date };
}

export function appError(code: ErrorCode, message: string, extra: Omit<AppError, "code" | "message"> = {}): AppError {
  return { code, message, ...extra };
}

/** An issue whose message names its field first, as every message a user reads does. */
export function namedIssue(issue: ValidationIssue): ValidationIssue {
  if (issue.field === "" || issue.message.startsWith(issue.field)) return issue;
  return { field: issue.field, message: `${issue.field}: ${issue.message}` };
}

/** The same issue told of another field (a batch's urls[3] for the single request's url). */
export function issueAt(issue: ValidationIssue, field: string): ValidationIssue {
  const named = namedIssue(issue);
  const rest =
    named.field !== "" && named.message.startsWith(named.field)
      ? named.message.slice(named.field.length)
      : `: ${named.message}`;
  return { field, message: `${field}${rest}` };
}

/**
 * The validation_error of these issues, each message naming its field. Its message is the first issue's, and says
 * how many more there are.
 */
export function validationError(issues: readonly ValidationIssue[], message?: string): AppError {
  const named = issues.map(namedIssue);
  const first = named[0];
  const more = named.length > 1 ? ` (and ${named.length - 1} more: see details.issues)` : "";
  return appError("validation_error", message ?? (first ? `${first.message}${more}` : "The request is not valid."), {
    details: { issues: named },
  });
}

export type StoreErrorKind = "unavailable" | "conflict" | "internal";

/**
 * Infrastructure failure raised by a store adapter. Adapters classify driver errors into these kinds;
 * use cases turn them into `service_unavailable` or `internal_error`.
 */
export class StoreError extends Error {
  override readonly name = "StoreError";
  constructor(
    readonly kind: StoreErrorKind,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Maps anything thrown by an adapter to the AppError a face can show. Bugs become internal_error. */
export function toAppError(err: unknown): AppError {
  if (err instanceof StoreError && err.kind === "unavailable") {
    return appError("service_unavailable", "A backing service is unavailable; try again shortly", { retryAfter: 5 });
  }
  return appError("internal_error", "An unexpected error occurred");
}

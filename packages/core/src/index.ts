export { ERROR_CODES, StoreError, appError, toAppError, validationError } from "./errors.js";
export type { AppError, ErrorCode, StoreErrorKind, ValidationIssue } from "./errors.js";
export type { Clock, Evidence, FeedRecord, FeedSnapshot, FeedStore, SignalContext, SignalSource } from "./ports/index.js";
export type { NormalizedUrl } from "./analyzers/url/normalized-url.js";
export type { Factor } from "./schemas/common.js";

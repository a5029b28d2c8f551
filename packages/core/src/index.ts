export { ERROR_CODES, StoreError, appError, toAppError, validationError } from "./errors.js";
export type { AppError, ErrorCode, StoreErrorKind, ValidationIssue } from "./errors.js";

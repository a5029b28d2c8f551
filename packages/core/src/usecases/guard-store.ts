import { err, type Result } from "neverthrow";
import { toAppError, type AppError } from "../errors.js";

function failed(e: unknown): Result<never, AppError> {
  return err(toAppError(e));
}

/**
 * Runs a use case that touches stores, turning infrastructure failures (thrown, or its promise rejected) into
 * service_unavailable / internal_error. It adds no async step of its own: several wrap every lookup.
 */
export function guardStore<T>(fn: () => Promise<Result<T, AppError>>): Promise<Result<T, AppError>> {
  try {
    return fn().then(undefined, failed);
  } catch (e) {
    return Promise.resolve(failed(e));
  }
}

import { err, type Result } from "neverthrow";
import { toAppError, type AppError } from "../errors.js";

/** Runs a use case that touches stores, turning infrastructure failures into service_unavailable / internal_error. */
export async function guardStore<T>(fn: () => Promise<Result<T, AppError>>): Promise<Result<T, AppError>> {
  try {
    return await fn();
  } catch (e) {
    return err(toAppError(e));
  }
}

import { err, ok, type Result } from "neverthrow";
import type { z } from "zod";
import { validationError, type AppError } from "../errors.js";

/** Validates a request body once, at the core boundary; every issue names its field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): Result<z.infer<S>, AppError> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.map((i) => ({
    field: i.path.map(String).join(".") || "body",
    message: i.message,
  }));
  return err(validationError(issues));
}

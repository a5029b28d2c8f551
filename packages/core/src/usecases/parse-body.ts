// Validates request bodies once, at the core boundary, and words every problem for the person who sent it: each
// issue names its field by its path in the body (items[3].url) and says in plain words what is wrong and what is
// expected. zod's own wording ("Invalid input: expected string, received number") never reaches a user: zod's
// built-in checks are worded here, and a schema's own message (written for users) is kept, after the field's name.
import { err, ok, type Result } from "neverthrow";
import type { z } from "zod";
import { validationError, type AppError, type ValidationIssue } from "../errors.js";

/** The field of a path as a user reads it: items[3].url; the whole body is "body". */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (typeof seg === "string" && /^[A-Za-z_][\w-]*$/.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out === "" ? "body" : out;
}

// Messages worded here start with this mark, so they are told from a schema's own message (which has no NUL).
const OURS = "\u0000";

type RawIssue = z.core.$ZodRawIssue;

/** What an expected type is called in a sentence. */
function expectedWords(expected: string): string {
  switch (expected) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "int":
      return "a whole number";
    case "boolean":
      return "true or false";
    case "array":
      return "a list (a JSON array)";
    case "object":
      return "a JSON object";
    case "null":
      return "null";
    default:
      return `a ${expected}`;
  }
}

/** What was sent instead, in a sentence. */
function sentWords(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return `the number ${value}`;
    case "boolean":
      return `${value}`;
    case "object":
      return "an object";
    default:
      return `a ${typeof value}`;
  }
}

/** A value quoted for a message, cut short: a message never carries much of what was sent. */
function quoted(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A schema's own description, when short enough to help in a message. */
function hint(inst: unknown): string {
  const description = (inst as { description?: unknown } | undefined)?.description;
  return typeof description === "string" && description.length <= 120 ? ` (${description})` : "";
}

function lengthOf(value: unknown): number | null {
  if (typeof value === "string") return [...value].length;
  if (Array.isArray(value)) return value.length;
  return null;
}

/** The words of one zod check's failure, after the field's name (which the caller puts first). */
function phrase(issue: RawIssue): string {
  const input = issue.input;
  switch (issue.code) {
    case "invalid_type":
      if (input === undefined) return `is missing: send ${expectedWords(issue.expected)}${hint(issue.inst)}`;
      return `must be ${expectedWords(issue.expected)}, not ${sentWords(input)}`;
    case "too_big": {
      const max = Number(issue.maximum);
      const has = lengthOf(input);
      if (issue.origin === "string")
        return `is too long: at most ${max} characters${has === null ? "" : ` (this one has ${has})`}`;
      if (issue.origin === "array" || issue.origin === "set")
        return `has too many items: at most ${max}${has === null ? "" : ` (this one has ${has})`}`;
      return `is too large: at most ${max}`;
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return min <= 1 ? "is empty: send at least 1 character" : `is too short: at least ${min} characters`;
      if (issue.origin === "array" || issue.origin === "set")
        return min <= 1 ? "is an empty list: send at least 1 item" : `has too few items: at least ${min}`;
      return `is too small: at least ${min}`;
    }
    case "invalid_value":
      if (input === undefined) return `is missing: send one of ${issue.values.map((v) => quoted(v)).join(", ")}`;
      return `must be one of ${issue.values.map((v) => quoted(v)).join(", ")}, not ${quoted(input)}`;
    case "invalid_format":
      switch (issue.format) {
        case "email":
          return "must be an email address";
        case "url":
          return "must be a URL (https://...)";
        case "uuid":
          return "must be a UUID";
        case "datetime":
          return "must be an ISO 8601 date and time, such as 2026-03-10T12:00:00Z";
        default:
          return "is not in the expected format";
      }
    case "unrecognized_keys": {
      const shape = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
        ?.shape;
      const known = shape === undefined ? [] : Object.keys(shape);
      return `is not a field this request takes${known.length > 0 ? `; its fields are ${known.join(", ")}` : ""}`;
    }
    case "invalid_union":
      return "matches none of the accepted forms";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return "is not valid";
  }
}

/** Words zod's built-in checks here; a schema's own message is left as written. */
const wordIssue = (issue: RawIssue): string => OURS + phrase(issue);

/** The issues of a failed parse, each naming its field (`at`: where the parsed value sits in the body). */
export function issuesOf(error: z.ZodError, at: readonly PropertyKey[] = []): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const i of error.issues) {
    const path = [...at, ...i.path];
    const keys = i.code === "unrecognized_keys" ? i.keys : [null];
    for (const key of keys) {
      const field = fieldPath(key === null ? path : [...path, key]);
      const message = i.message.startsWith(OURS)
        ? `${field} ${i.message.slice(OURS.length)}.`
        : `${field}: ${i.message}`;
      issues.push({ field, message });
    }
  }
  return issues;
}

/** Parses a value with the plain wording; `at` is where it sits in the request body (an item of a job). */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  at: readonly PropertyKey[] = [],
): Result<z.infer<S>, ValidationIssue[]> {
  const parsed = schema.safeParse(value, { error: wordIssue });
  return parsed.success ? ok(parsed.data) : err(issuesOf(parsed.error, at));
}

/** Validated values of frozen bodies, by schema and body: a frozen body cannot change, so neither can its value. */
const frozenParses = new WeakMap<z.ZodType, WeakMap<object, unknown>>();

/** Whether a value stays as it is once frozen itself: a primitive, or an object holding only primitives. */
function freezable(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) return false;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === "object" && v !== null) return false;
  }
  return true;
}

/**
 * Validates a request body once, at the core boundary; every issue names its field in plain words. A frozen body
 * (the HTTP face hands out one object for a repeated small body) is validated once per schema: its value, when it
 * holds only plain values, is kept frozen and given again for the same body.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): Result<z.infer<S>, AppError> {
  if (typeof body !== "object" || body === null || !Object.isFrozen(body)) {
    return parseWith(schema, body ?? {}).mapErr((issues) => validationError(issues));
  }
  let known = frozenParses.get(schema);
  if (known?.has(body) === true) return ok(known.get(body) as z.infer<S>);
  const parsed = parseWith(schema, body);
  if (parsed.isErr()) return err(validationError(parsed.error));
  if (freezable(parsed.value)) {
    if (known === undefined) frozenParses.set(schema, (known = new WeakMap()));
    known.set(body, Object.freeze(parsed.value));
  }
  return ok(parsed.value);
}

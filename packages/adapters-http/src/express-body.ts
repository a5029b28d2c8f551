// The OAuth and dashboard routes read their bodies with the server's one reader (request-body.ts), mounted as an
// Express middleware; this file says what its refusals mean on those pages and endpoints.
import type { RequestHandler } from "express";
import type { AppError } from "@scamverify/core";
import { bodyKindOf, readRequestBody, type BodyKind } from "./request-body.js";

/** A body the reader refused, passed to the router's error handler. */
export class BodyRefused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
    this.name = "BodyRefused";
  }
}

/**
 * Parses a body of one of `kinds` into `req.body`. A body of another type is left unread (the route then sees no
 * body and says what it needs), as Express's own parsers do.
 */
export function bodyParser(kinds: readonly BodyKind[], limit: number, maxFields: number): RequestHandler {
  return (req, res, next) => {
    if (req.body !== undefined || bodyKindOf(req, kinds) === null) return next();
    void readRequestBody(req, { limit, kinds, maxFields, res }).then((read) => {
      if (read.isErr()) return next(new BodyRefused(read.error));
      req.body = read.value?.value;
      next();
    });
  };
}

/** A body the client got wrong, with the status it earns and words for it. */
export interface BodyProblem {
  readonly status: 400 | 413 | 415;
  readonly description: string;
}

/** Classifies an error of the parser above; null for anything else (a bug, or a store outage). */
export function bodyProblem(error: unknown): BodyProblem | null {
  if (!(error instanceof BodyRefused)) return null;
  const status =
    error.refusal.code === "payload_too_large" ? 413 : error.refusal.code === "unsupported_media_type" ? 415 : 400;
  return { status, description: error.refusal.message.replace(/\.$/, "") };
}

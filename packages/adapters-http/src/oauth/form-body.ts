// Body parsers of the OAuth and dashboard endpoints, and what their failures mean. Forms and JSON must be UTF-8
// (the README's promise): bytes that do not decode are refused rather than turned into U+FFFD, and a NUL in a form
// field is refused before any store sees it (PostgreSQL text cannot hold one). Corrupt gzip or deflate data is the
// client's mistake (400), as on /api/v1.
import { isUtf8 } from "node:buffer";
import express, { type RequestHandler } from "express";

type BodyErrorType = "body.not_utf8" | "body.nul";

function refused(type: BodyErrorType, message: string): Error {
  return Object.assign(new Error(message), { type });
}

function verifyForm(_req: unknown, _res: unknown, buf: Buffer): void {
  if (!isUtf8(buf)) throw refused("body.not_utf8", "The form is not UTF-8");
  for (const pair of buf.toString("utf8").split("&")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pair.replace(/\+/g, " "));
    } catch {
      // A percent-escape that is not UTF-8 (%FF), or not an escape at all.
      throw refused("body.not_utf8", "The form is not UTF-8");
    }
    if (decoded.includes("\u0000")) throw refused("body.nul", "A form field holds a NUL character");
  }
}

function verifyJson(_req: unknown, _res: unknown, buf: Buffer): void {
  if (!isUtf8(buf)) throw refused("body.not_utf8", "The body is not UTF-8");
}

export function formParser(limit: string, parameterLimit: number): RequestHandler {
  return express.urlencoded({ extended: false, limit, parameterLimit, verify: verifyForm });
}

export function jsonParser(limit: string): RequestHandler {
  return express.json({ limit, strict: true, verify: verifyJson });
}

/** A body the client got wrong, with the status it earns and words for it. */
export interface BodyProblem {
  readonly status: 400 | 413 | 415;
  readonly description: string;
}

/**
 * Classifies an error of the parsers above; null for anything else (a bug, or a store outage). body-parser marks
 * its own failures with a 4xx status; a decompression failure has a status but no type.
 */
export function bodyProblem(error: unknown): BodyProblem | null {
  if (error === null || typeof error !== "object") return null;
  const e = error as { type?: unknown; status?: unknown; statusCode?: unknown };
  const status = typeof e.status === "number" ? e.status : typeof e.statusCode === "number" ? e.statusCode : 0;
  switch (e.type) {
    case "entity.too.large":
      return { status: 413, description: "The request body is too large" };
    case "body.not_utf8":
    case "charset.unsupported":
      return { status: 415, description: "The request body must be UTF-8" };
    case "encoding.unsupported":
      return { status: 415, description: "Unsupported Content-Encoding (use gzip, deflate, br or none)" };
    case "body.nul":
      return { status: 400, description: "A field holds a NUL character" };
    default:
      if (status >= 400 && status < 500) return { status: 400, description: "The request body could not be read" };
      return null;
  }
}

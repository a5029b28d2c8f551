// The answer carried by the answer page's own forms (report, "not a scam", share, language and country): the
// page's answer as base64url JSON with an expiry, signed with HMAC-SHA256. The server keeps nothing between the
// answer and a button press, and a form cannot name links or numbers the engine did not find.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PageAnswerSchema, type PageAnswer } from "./answer.js";

export interface AnswerSigner {
  sign(answer: PageAnswer, now: Date): string;
  /** The answer, or null when the token is forged, damaged or expired. */
  verify(token: unknown, now: Date): PageAnswer | null;
}

/** How long the buttons of an answer page keep working. */
export const ANSWER_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
const MAX_TOKEN_CHARS = 64 * 1024;

/** A signer with `secret` (any length; 32 random bytes when absent, valid for this process only). */
export function createAnswerSigner(secret?: string, ttlMs = ANSWER_TOKEN_TTL_MS): AnswerSigner {
  const key = secret !== undefined && secret !== "" ? Buffer.from(secret, "utf8") : randomBytes(32);
  const mac = (payload: string): Buffer => createHmac("sha256", key).update(`page-answer.${payload}`).digest();
  return {
    sign(answer, now) {
      const payload = Buffer.from(JSON.stringify({ exp: now.getTime() + ttlMs, a: answer })).toString("base64url");
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    verify(token, now) {
      if (typeof token !== "string" || token.length > MAX_TOKEN_CHARS) return null;
      const dot = token.indexOf(".");
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), "base64url");
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown; a?: unknown };
        if (typeof body.exp !== "number" || body.exp < now.getTime()) return null;
        const parsed = PageAnswerSchema.safeParse(body.a);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

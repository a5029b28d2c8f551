// The cookie-bound CSRF nonce of the server-rendered forms (double submit: a cookie and a form field that must
// match), shared by the sign-in, consent and dashboard pages so they behave alike.
import type { Request, Response } from "express";
import type { Hasher, Ids } from "@scamverify/core";
import { parseCookies, serializeCookie, type CookieNames } from "./cookies.js";
export const CSRF_MAX_AGE_S = 60 * 60;
const CSRF_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export interface Csrf {
  /** The nonce bound to this browser: reused from its cookie, or minted and set. */
  nonceFor(req: Request, res: Response): string;
  /** Whether the form's csrf_token equals the cookie's nonce (constant-time). */
  valid(req: Request): boolean;
}

/** `renew`: set the cookie again even when reused, so a page left open keeps working. */
export function createCsrf(names: CookieNames, deps: { ids: Ids; hasher: Hasher }, renew = false): Csrf {
  return {
    nonceFor(req, res) {
      const existing = parseCookies(req.get("cookie")).get(names.csrf);
      const reuse = existing !== undefined && CSRF_FORMAT.test(existing);
      const nonce = reuse ? existing : deps.ids.token(32);
      if (!reuse || renew) {
        res.append(
          "Set-Cookie",
          serializeCookie(names.csrf, nonce, { secure: names.secure, maxAgeSeconds: CSRF_MAX_AGE_S }),
        );
      }
      return nonce;
    },
    valid(req) {
      const cookie = parseCookies(req.get("cookie")).get(names.csrf);
      const raw = (req.body as Record<string, unknown> | undefined)?.["csrf_token"];
      const submitted = typeof raw === "string" ? raw : undefined;
      return !!cookie && !!submitted && deps.hasher.timingSafeEqual(cookie, submitted);
    },
  };
}

// The CSRF token of the server-rendered forms (sign-in, consent, dashboard), bound to both a per-browser nonce cookie
// and the sign-in session: token = SHA-256(nonce, session id). A planted nonce cookie alone (a sibling subdomain can
// set one when the __Host- prefix is not available) forges nothing without the HttpOnly session id, and a token
// minted before signing in or for another session is refused once the session changes.
import type { Request, Response } from "express";
import type { Hasher, Ids } from "@scamverify/core";
import { parseCookies, serializeCookie, type CookieNames } from "./cookies.js";
export const CSRF_MAX_AGE_S = 60 * 60;
const CSRF_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export interface Csrf {
  /** The form token for this browser and its current session; mints and sets the nonce cookie when missing. */
  tokenFor(req: Request, res: Response): string;
  /** Whether the form's csrf_token is the token of the request's nonce cookie and session cookie (constant-time). */
  valid(req: Request): boolean;
}

/** `renew`: set the cookie again even when reused, so a page left open keeps working. */
export function createCsrf(names: CookieNames, deps: { ids: Ids; hasher: Hasher }, renew = false): Csrf {
  const tokenOf = (nonce: string, sessionId: string | undefined): string =>
    deps.hasher.sha256Base64Url(`scamverify-csrf\u0000${nonce}\u0000${sessionId ?? ""}`);
  return {
    tokenFor(req, res) {
      const cookies = parseCookies(req.get("cookie"));
      const existing = cookies.get(names.csrf);
      const reuse = existing !== undefined && CSRF_FORMAT.test(existing);
      const nonce = reuse ? existing : deps.ids.token(32);
      if (!reuse || renew) {
        res.append(
          "Set-Cookie",
          serializeCookie(names.csrf, nonce, { secure: names.secure, maxAgeSeconds: CSRF_MAX_AGE_S }),
        );
      }
      return tokenOf(nonce, cookies.get(names.session));
    },
    valid(req) {
      const cookies = parseCookies(req.get("cookie"));
      const nonce = cookies.get(names.csrf);
      const raw = (req.body as Record<string, unknown> | undefined)?.["csrf_token"];
      if (!nonce || !CSRF_FORMAT.test(nonce) || typeof raw !== "string") return false;
      return deps.hasher.timingSafeEqual(tokenOf(nonce, cookies.get(names.session)), raw);
    },
  };
}

// The developer dashboard under /dashboard: HTML forms over engine.keys and engine.accounts, signed in through the
// OAuth pages' session cookie and guarded by the same double-submit CSRF cookie. Maps engine errors to plain-worded
// messages on the page; every action names the session's account, never one taken from the form.
import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import {
  StoreError,
  resolveSession,
  signOut,
  type Account,
  type AppError,
  type CreatedApiKey,
  type Engine,
  type KeyMode,
  type OAuthDeps,
} from "@scamverify/core";
import { HTTP_STATUS } from "../error-map.js";
import { cookieNames, parseCookies, serializeCookie } from "../oauth/cookies.js";
import { createCsrf } from "../oauth/csrf.js";
import { DASHBOARD_PATHS, renderDashboard, renderDashboardError, renderRevokeConfirm } from "./pages.js";

export interface DashboardRouterDeps {
  readonly engine: Engine;
  readonly oauth: OAuthDeps;
}

const BODY_LIMIT = "16kb";
// The OAuth pages mint the same cookie with the same lifetime; a nonce minted on either page works on both.
const SIGN_IN = `/api/oauth/signin?${new URLSearchParams({ return_to: DASHBOARD_PATHS.home }).toString()}`;

const NOTICES: Readonly<Record<string, string>> = {
  renamed: "Key renamed.",
  revoked: "Key revoked. Requests made with it are now refused with 401.",
};

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Engine errors in words a person can act on; validation messages name the one field the dashboard sends. */
function plainMessage(e: AppError): string {
  switch (e.code) {
    case "validation_error":
      return "A key name must be 1 to 64 characters long.";
    case "not_found":
      return "That key does not exist on this account.";
    case "key_limit_reached":
      return e.message;
    case "service_unavailable":
      return "The service is temporarily unavailable. Try again in a moment.";
    default:
      return "Something went wrong. Try again shortly.";
  }
}

function modeOf(value: unknown): KeyMode | undefined {
  return value === "live" || value === "test" ? value : undefined;
}

/**
 * GET /dashboard, POST /dashboard/keys/{create,rename,revoke} and POST /dashboard/signout. Mount at the application
 * root next to the OAuth router, whose sign-in and sign-up pages open the session: `app.use(createDashboardRouter(deps))`.
 */
export function createDashboardRouter(deps: DashboardRouterDeps): Router {
  const { engine, oauth } = deps;
  const names = cookieNames(oauth.config.issuer);
  const router = express.Router();
  const pages = express.Router();
  const form = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 20 });

  /** A fresh nonce per response: the page's only <style> carries it, nothing else may style or run. */
  const headers = (res: Response): string => {
    const nonce = oauth.ids.token(16);
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self'; script-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; object-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Pragma", "no-cache");
    res.setHeader("X-Content-Type-Options", "nosniff");
    return nonce;
  };

  const send = (res: Response, status: number, html: string): void => {
    res.status(status).type("html").send(html);
  };

  const sendError = (res: Response, status: number, title: string, message: string): void => {
    const nonce = headers(res);
    send(res, status, renderDashboardError(nonce, title, message));
  };

  const sessionIdOf = (req: Request): string | undefined => parseCookies(req.get("cookie")).get(names.session);

  const forms = createCsrf(names, oauth, true);

  const toSignIn = (res: Response, status: 302 | 303): void => {
    res.setHeader("Cache-Control", "no-store");
    res.redirect(status, SIGN_IN);
  };

  /** The checks in front of every form: the CSRF pair first, then a live session. Null when already answered. */
  const formAccount = async (req: Request, res: Response): Promise<Account | null> => {
    if (!forms.valid(req)) {
      sendError(
        res,
        403,
        "Form expired",
        "The form was not submitted from this browser session. Reload the dashboard and try again.",
      );
      return null;
    }
    const account = await resolveSession(oauth, sessionIdOf(req));
    if (!account) toSignIn(res, 303);
    return account;
  };

  const showHome = async (
    req: Request,
    res: Response,
    account: Account,
    status: number,
    extra: { created?: CreatedApiKey; notice?: string; error?: string; createName?: string } = {},
  ): Promise<void> => {
    const [usage, keys] = await Promise.all([engine.accounts.usage(account.id), engine.keys.list(account.id)]);
    if (usage.isErr() || keys.isErr()) {
      const e = usage.isErr() ? usage.error : keys.isErr() ? keys.error : undefined;
      return sendError(res, e ? HTTP_STATUS[e.code] : 500, "Dashboard unavailable", e ? plainMessage(e) : "");
    }
    const csrf = forms.nonceFor(req, res);
    const nonce = headers(res);
    send(
      res,
      status,
      renderDashboard({ nonce, csrf, email: account.email, usage: usage.value, keys: keys.value, ...extra }),
    );
  };

  const redirectHome = (res: Response, done: keyof typeof NOTICES): void => {
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, `${DASHBOARD_PATHS.home}?${new URLSearchParams({ done }).toString()}`);
  };

  pages.get("/", async (req, res) => {
    const account = await resolveSession(oauth, sessionIdOf(req));
    if (!account) return toSignIn(res, 302);
    const done = str(req.query["done"]);
    const notice = done !== undefined && Object.hasOwn(NOTICES, done) ? NOTICES[done] : undefined;
    await showHome(req, res, account, 200, notice ? { notice } : {});
  });

  // The new key is rendered in this response and nowhere else (no-store, not in the URL, not in a log): a reload
  // asks the browser to post again, which would make another key rather than reveal this one.
  pages.post("/keys/create", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const name = str(body["name"]) ?? "";
    const mode = modeOf(body["mode"]);
    if (!mode) return showHome(req, res, account, 400, { error: "Choose live or test mode.", createName: name });
    const created = await engine.keys.create(account.id, { mode, name });
    if (created.isErr()) {
      return showHome(req, res, account, HTTP_STATUS[created.error.code], {
        error: plainMessage(created.error),
        createName: name,
      });
    }
    await showHome(req, res, account, 201, { created: created.value });
  });

  pages.post("/keys/rename", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const out = await engine.keys.rename(account.id, str(body["key_id"]) ?? "", str(body["name"]) ?? "");
    if (out.isErr())
      return showHome(req, res, account, HTTP_STATUS[out.error.code], { error: plainMessage(out.error) });
    redirectHome(res, "renamed");
  });

  // Without confirm=yes this shows what is about to be revoked; the confirmation page posts back with it.
  pages.post("/keys/revoke", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const keyId = str(body["key_id"]) ?? "";
    if (body["confirm"] !== "yes") {
      const keys = await engine.keys.list(account.id);
      if (keys.isErr())
        return showHome(req, res, account, HTTP_STATUS[keys.error.code], { error: plainMessage(keys.error) });
      const key = keys.value.find((k) => k.id === keyId && k.revoked_at === null);
      if (!key) {
        return showHome(req, res, account, 404, {
          error: "That key does not exist on this account or is already revoked.",
        });
      }
      const csrf = forms.nonceFor(req, res);
      const nonce = headers(res);
      return send(res, 200, renderRevokeConfirm({ nonce, csrf, key }));
    }
    const out = await engine.keys.revoke(account.id, keyId);
    if (out.isErr())
      return showHome(req, res, account, HTTP_STATUS[out.error.code], { error: plainMessage(out.error) });
    redirectHome(res, "revoked");
  });

  pages.post("/signout", form, async (req, res) => {
    if (!forms.valid(req)) {
      return sendError(
        res,
        403,
        "Form expired",
        "The form was not submitted from this browser session. Reload and try again.",
      );
    }
    await signOut(oauth, sessionIdOf(req));
    res.append("Set-Cookie", serializeCookie(names.session, "", { secure: names.secure, maxAgeSeconds: 0 }));
    toSignIn(res, 303);
  });

  const failures: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    const e = error as { type?: string };
    if (typeof e.type === "string") {
      return sendError(
        res,
        e.type === "entity.too.large" ? 413 : 400,
        "Form not accepted",
        "The form could not be read. Reload the dashboard and try again.",
      );
    }
    if (error instanceof StoreError && error.kind === "unavailable") {
      res.setHeader("Retry-After", "5");
      return sendError(res, 503, "Temporarily unavailable", "A backing service is unavailable. Try again in a moment.");
    }
    sendError(res, 500, "Something went wrong", "The server could not complete the request. Try again shortly.");
  };
  pages.use(failures);
  router.use(DASHBOARD_PATHS.home, pages);
  return router;
}

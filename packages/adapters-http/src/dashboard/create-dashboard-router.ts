// The developer dashboard under /dashboard: HTML forms over engine.keys and engine.accounts, signed in through the
// OAuth pages' session cookie and guarded by the same session-bound CSRF token. Every form answers with a redirect
// (post/redirect/get), so a reload never repeats an action; what the next page must say (a new key, a notice, an
// error) waits in a one-shot flash keyed by the session. Every action names the session's account, never one taken
// from the form.
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
import { noteFailure } from "../logger.js";
import { cookieNames, parseCookies, serializeCookie } from "../oauth/cookies.js";
import { createCsrf } from "../oauth/csrf.js";
import { bodyParser, bodyProblem } from "../express-body.js";
import { FAVICON_SVG, servedChannels } from "../oauth/pages.js";
import { createMemoryFlash, type Flash } from "./flash.js";
import { DASHBOARD_PATHS, renderDashboard, renderDashboardError, renderRevokeConfirm } from "./pages.js";
import { renderPlans } from "./plans-page.js";
import { LIST_PATHS, renderListsPage } from "./lists-page.js";

/** What a form leaves for the page it redirects to. */
export interface DashboardFlash {
  readonly created?: CreatedApiKey;
  readonly notice?: string;
  readonly error?: string;
  /** What the person typed into the create form, kept when it was refused. */
  readonly createName?: string;
  /** What the person typed into the Lists page's add form, kept when it was refused. */
  readonly draft?: { readonly list?: string; readonly kind?: string; readonly value?: string; readonly note?: string };
}

export interface DashboardRouterDeps {
  readonly engine: Engine;
  readonly oauth: OAuthDeps;
  /**
   * Carries a new key and messages across the redirect (default: in this process for two minutes). Processes behind
   * a load balancer without sticky sessions share one, or the page after "Create key" may miss the key.
   */
  readonly flash?: Flash<DashboardFlash>;
  /** The operator's billing page, linked from the plans page; without one it names the admin command instead. */
  readonly billingUrl?: string;
}

const BODY_LIMIT = 16 * 1024;
// The OAuth pages mint the same cookie with the same lifetime; a nonce minted on either page works on both.
const SIGN_IN = `/api/oauth/signin?${new URLSearchParams({ return_to: DASHBOARD_PATHS.home }).toString()}`;

const NOTICES = {
  renamed: "Key renamed.",
  revoked: "Key revoked. Requests made with it are now refused with 401.",
} as const;

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
 * GET /dashboard, GET /dashboard/plans, POST /dashboard/keys/{create,rename,revoke} and POST /dashboard/signout. Mount at the application
 * root next to the OAuth router, whose sign-in and sign-up pages open the session: `app.use(createDashboardRouter(deps))`.
 */
export function createDashboardRouter(deps: DashboardRouterDeps): Router {
  const { engine, oauth } = deps;
  const names = cookieNames(oauth.config.issuer);
  const router = express.Router();
  const pages = express.Router();
  const form = bodyParser(["form"], BODY_LIMIT, 20);
  const flash = deps.flash ?? createMemoryFlash<DashboardFlash>();

  /** A fresh nonce per response: the page's <style> and its one script (the copy button) carry it, nothing else runs. */
  const headers = (res: Response): string => {
    const nonce = oauth.ids.token(16);
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; object-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
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

  const flashKey = (req: Request): string => oauth.hasher.sha256Hex(`dashboard-flash\u0000${sessionIdOf(req) ?? ""}`);

  const showHome = async (req: Request, res: Response, account: Account, extra: DashboardFlash): Promise<void> => {
    const [usage, keys, status] = await Promise.all([
      engine.accounts.usage(account.id),
      engine.keys.list(account.id),
      engine.status(),
    ]);
    if (usage.isErr() || keys.isErr()) {
      const e = usage.isErr() ? usage.error : keys.isErr() ? keys.error : undefined;
      return sendError(res, e ? HTTP_STATUS[e.code] : 500, "Dashboard unavailable", e ? plainMessage(e) : "");
    }
    const csrf = forms.tokenFor(req, res);
    const nonce = headers(res);
    const channels = servedChannels(status).map((c) => c.channel);
    send(
      res,
      200,
      renderDashboard({ nonce, csrf, email: account.email, usage: usage.value, keys: keys.value, channels, ...extra }),
    );
  };

  /** Post/redirect/get: leaves `message` for the next page and sends the browser there. */
  const redirectHome = (req: Request, res: Response, message: DashboardFlash): void => {
    flash.put(flashKey(req), message, oauth.clock.now());
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, DASHBOARD_PATHS.home);
  };

  pages.get("/", async (req, res) => {
    const account = await resolveSession(oauth, sessionIdOf(req));
    if (!account) return toSignIn(res, 302);
    await showHome(req, res, account, flash.take(flashKey(req), oauth.clock.now()) ?? {});
  });

  // Where quota_exhausted's upgrade_url leads: readable signed out too (a 402 may reach someone without a session).
  pages.get("/plans", async (req, res) => {
    const signedIn = await resolveSession(oauth, sessionIdOf(req));
    const [usage, status] = await Promise.all([
      signedIn ? engine.accounts.usage(signedIn.id) : undefined,
      engine.status(),
    ]);
    if (usage?.isErr())
      return sendError(res, HTTP_STATUS[usage.error.code], "Plans unavailable", plainMessage(usage.error));
    const nonce = headers(res);
    const account = signedIn && usage?.isOk() ? { id: signedIn.id, usage: usage.value } : undefined;
    send(
      res,
      200,
      renderPlans({
        nonce,
        channels: servedChannels(status).map((c) => c.channel),
        ...(account ? { account } : {}),
        ...(deps.billingUrl ? { billingUrl: deps.billingUrl } : {}),
      }),
    );
  });

  // The new key goes into the flash and is rendered by the page the browser is redirected to, once: a reload of that
  // page shows the list without it, and never posts the form again.
  pages.post("/keys/create", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const name = str(body["name"]) ?? "";
    const mode = modeOf(body["mode"]);
    if (!mode) return redirectHome(req, res, { error: "Choose live or test mode.", createName: name });
    const created = await engine.keys.create(account.id, { mode, name });
    if (created.isErr()) return redirectHome(req, res, { error: plainMessage(created.error), createName: name });
    redirectHome(req, res, { created: created.value });
  });

  pages.post("/keys/rename", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const out = await engine.keys.rename(account.id, str(body["key_id"]) ?? "", str(body["name"]) ?? "");
    redirectHome(req, res, out.isErr() ? { error: plainMessage(out.error) } : { notice: NOTICES.renamed });
  });

  const confirmPath = (keyId: string): string =>
    `${DASHBOARD_PATHS.revoke}?${new URLSearchParams({ key_id: keyId }).toString()}`;

  // What is about to be revoked, with the confirming form. A page to read, so a GET; the row's button links here.
  pages.get("/keys/revoke", async (req, res) => {
    const account = await resolveSession(oauth, sessionIdOf(req));
    if (!account) return toSignIn(res, 302);
    const keyId = str(req.query["key_id"]) ?? "";
    const keys = await engine.keys.list(account.id);
    if (keys.isErr()) return redirectHome(req, res, { error: plainMessage(keys.error) });
    const key = keys.value.find((k) => k.id === keyId && k.revoked_at === null);
    if (!key)
      return redirectHome(req, res, { error: "That key does not exist on this account or is already revoked." });
    const csrf = forms.tokenFor(req, res);
    const nonce = headers(res);
    send(res, 200, renderRevokeConfirm({ nonce, csrf, key }));
  });

  // Without confirm=yes this forwards to the confirmation page; the confirmation posts back with it.
  pages.post("/keys/revoke", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const keyId = str(body["key_id"]) ?? "";
    if (body["confirm"] !== "yes") {
      res.setHeader("Cache-Control", "no-store");
      return res.redirect(303, confirmPath(keyId));
    }
    const out = await engine.keys.revoke(account.id, keyId);
    redirectHome(req, res, out.isErr() ? { error: plainMessage(out.error) } : { notice: NOTICES.revoked });
  });

  /** Post/redirect/get to the Lists page. */
  const redirectLists = (req: Request, res: Response, message: DashboardFlash): void => {
    flash.put(flashKey(req), message, oauth.clock.now());
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, LIST_PATHS.page);
  };

  /** A list refusal in words: the first issue's field and message (they name the value the person typed). */
  const listMessage = (e: AppError): string => {
    if (e.code === "validation_error") {
      const issue = (e.details?.["issues"] as { field: string; message: string }[] | undefined)?.[0];
      if (issue === undefined) return e.message;
      // Every issue's message names its field first; the form calls the expiry field by its label.
      return issue.field === "expires_at" && issue.message.startsWith(issue.field)
        ? `Expiry${issue.message.slice(issue.field.length)}`
        : issue.message;
    }
    return e.code === "conflict" || e.code === "not_found" ? e.message : plainMessage(e);
  };

  pages.get("/lists", async (req, res) => {
    const account = await resolveSession(oauth, sessionIdOf(req));
    if (!account) return toSignIn(res, 302);
    const cursor = (name: string): Record<string, string> => {
      const c = str(req.query[name]);
      return c === undefined ? {} : { cursor: c };
    };
    const [allow, block, feedback, settings] = await Promise.all([
      engine.accountLists.page(account.id, "allow", cursor("allow_cursor")),
      engine.accountLists.page(account.id, "block", cursor("block_cursor")),
      engine.accountFeedback.page(account.id, {}),
      engine.accountFeedback.settings(account.id),
    ]);
    for (const r of [allow, block, feedback, settings])
      if (r.isErr()) return sendError(res, HTTP_STATUS[r.error.code], "Lists unavailable", plainMessage(r.error));
    if (!allow.isOk() || !block.isOk() || !feedback.isOk() || !settings.isOk()) return;
    const extra = flash.take(flashKey(req), oauth.clock.now()) ?? {};
    const csrf = forms.tokenFor(req, res);
    const nonce = headers(res);
    send(
      res,
      200,
      renderListsPage({
        nonce,
        csrf,
        allow: allow.value,
        block: block.value,
        feedback: feedback.value,
        settings: settings.value,
        notice: extra.notice,
        error: extra.error,
        ...(extra.draft ? { draft: extra.draft } : {}),
      }),
    );
  });

  pages.post("/lists/add", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const list = str(body["list"]) ?? "";
    const draft = {
      list,
      kind: str(body["kind"]) ?? "",
      value: str(body["value"]) ?? "",
      note: str(body["note"]) ?? "",
    };
    const expiresOn = str(body["expires_on"]) ?? "";
    const out = await engine.accountLists.add(account.id, list, {
      kind: draft.kind,
      value: draft.value,
      ...(draft.note.trim() === "" ? {} : { note: draft.note }),
      // A date field gives YYYY-MM-DD: the entry runs out at the start of that day, UTC.
      ...(expiresOn === ""
        ? {}
        : { expires_at: /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) ? `${expiresOn}T00:00:00Z` : expiresOn }),
    });
    if (out.isErr()) return redirectLists(req, res, { error: listMessage(out.error), draft });
    redirectLists(req, res, {
      notice: `${out.value.created ? "Added" : "Updated"} ${out.value.kind} ${out.value.value} on the ${out.value.list} list.`,
    });
  });

  pages.post("/lists/remove", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const out = await engine.accountLists.remove(account.id, str(body["list"]) ?? "", str(body["entry_id"]) ?? "");
    redirectLists(
      req,
      res,
      out.isErr()
        ? { error: listMessage(out.error) }
        : { notice: `Removed ${out.value.kind} ${out.value.value} from the ${out.value.list} list.` },
    );
  });

  pages.post("/lists/settings", form, async (req, res) => {
    const account = await formAccount(req, res);
    if (!account) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const share = body["share_as_community_reports"] === "yes";
    const out = await engine.accountFeedback.setSettings(account.id, { share_as_community_reports: share });
    redirectLists(
      req,
      res,
      out.isErr()
        ? { error: plainMessage(out.error) }
        : {
            notice: share
              ? "False negatives on URLs and phone numbers are now shared as community reports."
              : "Feedback is no longer shared as community reports.",
          },
    );
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
    const problem = bodyProblem(error);
    if (problem) {
      return sendError(
        res,
        problem.status,
        "Form not accepted",
        `${problem.description}. Reload the dashboard and try again.`,
      );
    }
    noteFailure(res, error);
    if (error instanceof StoreError && error.kind === "unavailable") {
      res.setHeader("Retry-After", "5");
      return sendError(res, 503, "Temporarily unavailable", "A backing service is unavailable. Try again in a moment.");
    }
    sendError(res, 500, "Something went wrong", "The server could not complete the request. Try again shortly.");
  };
  pages.use(failures);
  router.use(DASHBOARD_PATHS.home, pages);
  // Browsers ask for it on every page of the site, JSON ones included; the pages also link the same icon inline.
  router.get("/favicon.ico", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.type("image/svg+xml").send(FAVICON_SVG);
  });
  return router;
}

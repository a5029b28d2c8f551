// OAuth 2.1 endpoints over the core use cases: dynamic registration (RFC 7591), the authorization endpoint with its
// sign-in, sign-up and consent pages, and the token endpoint (JSON or form bodies, client_secret_basic or _post).
// Maps OAuth errors to RFC bodies and statuses, error redirects (with state and iss, RFC 9207) and HTML pages.
import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import {
  InMemoryRateLimiter,
  MIN_PASSWORD_LENGTH,
  OAUTH_ERROR_STATUS,
  OAUTH_LIFETIMES,
  StoreError,
  TokenRequestSchema,
  createAuthorizationCode,
  exchangeCode,
  oauthError,
  refreshAccessToken,
  registerClient,
  resolveSession,
  signInWithPassword,
  signOut,
  signUp,
  validateAuthorizationRequest,
  type ClientCredentials,
  type Engine,
  type OAuthDeps,
  type OAuthError,
  type ValidAuthorizationRequest,
} from "@scamverify/core";
import { noteFailure } from "../logger.js";
import { cookieNames, parseCookies, serializeCookie } from "./cookies.js";
import { createCsrf } from "./csrf.js";
import { bodyParser, bodyProblem } from "../express-body.js";
import { freePlanOffer, renderConsent, renderError, renderSignIn, renderSignUp, renderSignedIn } from "./pages.js";

export interface OAuthRouterDeps {
  readonly oauth: OAuthDeps;
  /** Tells the sign-up page which channels the engine serves (its status components); without it none are named. */
  readonly engine?: Pick<Engine, "status">;
}

const AUTHORIZE_PATH = "/api/oauth/authorize";
const DASHBOARD_PATH = "/dashboard";
/** The query parameters of an authorization request, carried through sign-in and consent. */
export const AUTHORIZE_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "code_challenge",
  "code_challenge_method",
  "state",
  "scope",
  "resource",
] as const;
const BODY_LIMIT = 64 * 1024;

/** The OAuth error body of RFC 6749 5.2, with the headers every token and registration answer carries. */
function sendOAuthError(res: Response, e: OAuthError, basicUsed = false): void {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Pragma", "no-cache");
  if (e.error === "invalid_client" && basicUsed)
    res.setHeader("WWW-Authenticate", 'Basic realm="scamverify", charset="UTF-8"');
  res.status(OAUTH_ERROR_STATUS[e.error]).json({ error: e.error, error_description: e.description });
}

/** Appends the response parameters to the client's redirect URI, keeping its own query (RFC 6749 3.1.2). */
function redirectTarget(redirectUri: string, params: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** Where a redirect URI's origin lies, for the consent page's form-action (browsers apply it to the redirect). */
function formActionSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.host ? `${url.protocol}//${url.host}` : url.protocol;
}

function pageHeaders(res: Response, formAction: readonly string[] = []): void {
  res.setHeader(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'${formAction.map((s) => ` ${s}`).join("")}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
}

function sendPage(res: Response, status: number, html: string, formAction: readonly string[] = []): void {
  pageHeaders(res, formAction);
  res.status(status).type("html").send(html);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * Only our own authorization endpoint and the developer dashboard may be post-login destinations: anything else
 * would be an open redirect.
 */
function safeReturnTo(value: unknown): string | undefined {
  const v = str(value);
  if (v === DASHBOARD_PATH) return v;
  return v && v.startsWith(`${AUTHORIZE_PATH}?`) && !v.includes("\\") ? v : undefined;
}

function authorizeParams(source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of AUTHORIZE_PARAMS) {
    const v = str(source[k]);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Decodes client credentials (RFC 6749 2.3.1: Basic with form-urlencoded id and secret, or body members). */
function clientCredentials(
  req: Request,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): { ok: true; credentials: ClientCredentials; basic: boolean } | { ok: false; error: OAuthError; basic: boolean } {
  const header = req.get("authorization");
  if (header && /^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0)
      return { ok: false, basic: true, error: oauthError("invalid_client", "Malformed Basic credentials") };
    let id: string;
    let secret: string;
    try {
      const form = (s: string): string => decodeURIComponent(s.replace(/\+/g, " "));
      id = form(decoded.slice(0, colon));
      secret = form(decoded.slice(colon + 1));
    } catch {
      return { ok: false, basic: true, error: oauthError("invalid_client", "Malformed Basic credentials") };
    }
    if (body.client_secret !== undefined) {
      return {
        ok: false,
        basic: true,
        error: oauthError("invalid_request", "Use one client authentication method, not two"),
      };
    }
    if (body.client_id !== undefined && body.client_id !== id) {
      return {
        ok: false,
        basic: true,
        error: oauthError("invalid_request", "client_id differs from the Basic credentials"),
      };
    }
    return {
      ok: true,
      basic: true,
      credentials: { clientId: id, clientSecret: secret, method: "client_secret_basic" },
    };
  }
  const method = body.client_secret !== undefined ? "client_secret_post" : "none";
  return {
    ok: true,
    basic: false,
    credentials: { clientId: body.client_id, clientSecret: body.client_secret, method },
  };
}

/**
 * Unreadable bodies: RFC errors on the JSON endpoints (registration, token), a page on the browser forms. Never a 500:
 * corrupt gzip, bytes that are not UTF-8 and NUL characters are the client's mistake.
 */
const oauthBodyErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const problem = bodyProblem(error);
  if (!problem) return next(error);
  if (req.path === "/register") {
    return sendOAuthError(res, oauthError("invalid_client_metadata", problem.description));
  }
  if (req.path === "/token") return sendOAuthError(res, oauthError("invalid_request", problem.description));
  sendPage(
    res,
    problem.status,
    renderError("Form not accepted", `${problem.description}. Go back, reload the page and try again.`),
  );
};

/**
 * Routes under /api/oauth (register, authorize, token, signin, signup, signout). Mount at the application root:
 * `app.use(createOAuthRouter(deps))`.
 */
export function createOAuthRouter(deps: OAuthRouterDeps): Router {
  const { oauth } = deps;
  const names = cookieNames(oauth.config.issuer);
  const router = express.Router();
  const api = express.Router();
  const json = bodyParser(["json"], BODY_LIMIT, 50);
  const form = bodyParser(["form"], BODY_LIMIT, 50);
  const jsonOrForm = bodyParser(["form", "json"], BODY_LIMIT, 50);
  // Shared by every process when the composition root passes the shared limiter; otherwise counted here.
  const signInDeps = { ...oauth, rateLimiter: oauth.rateLimiter ?? new InMemoryRateLimiter() };

  const sessionIdOf = (req: Request): string | undefined => parseCookies(req.get("cookie")).get(names.session);

  const forms = createCsrf(names, oauth, false);
  const setSession = (res: Response, sessionId: string): void => {
    res.append(
      "Set-Cookie",
      serializeCookie(names.session, sessionId, {
        secure: names.secure,
        maxAgeSeconds: Math.floor(OAUTH_LIFETIMES.sessionMs / 1000),
      }),
    );
  };
  const csrfFailure = (res: Response): void =>
    sendPage(
      res,
      403,
      renderError(
        "Form expired",
        "The form was not submitted from this browser session. Reload the page and try again.",
      ),
    );

  // --- registration (RFC 7591) ---
  api.post("/register", json, async (req, res) => {
    if (!req.is("application/json")) {
      return sendOAuthError(res, oauthError("invalid_client_metadata", "Send the client metadata as application/json"));
    }
    const out = await registerClient(oauth, req.body);
    if (out.isErr()) return sendOAuthError(res, out.error);
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json(out.value);
  });

  // --- authorization endpoint ---
  const showAuthorizeError = (res: Response, e: OAuthError): void =>
    sendPage(res, 400, renderError("This authorization request cannot be completed", e.description));

  const redirectError = (
    res: Response,
    redirectUri: string,
    state: string | undefined,
    e: OAuthError,
    status = 302,
  ): void => {
    res.setHeader("Cache-Control", "no-store");
    res.redirect(
      status,
      redirectTarget(redirectUri, {
        error: e.error,
        error_description: e.description,
        state,
        iss: oauth.config.issuer,
      }),
    );
  };

  const renderConsentFor = async (
    req: Request,
    res: Response,
    request: ValidAuthorizationRequest,
    params: Record<string, string>,
  ) => {
    const account = await resolveSession(oauth, sessionIdOf(req));
    if (!account) {
      const returnTo = `${AUTHORIZE_PATH}?${new URLSearchParams(params).toString()}`;
      res.setHeader("Cache-Control", "no-store");
      return res.redirect(302, `/api/oauth/signin?${new URLSearchParams({ return_to: returnTo }).toString()}`);
    }
    const csrf = forms.tokenFor(req, res);
    sendPage(
      res,
      200,
      renderConsent({
        csrf,
        clientName: request.client.clientName,
        redirectUri: request.redirectUri,
        accountEmail: account.email,
        scopes: request.scopes,
        request: params,
      }),
      [formActionSource(request.redirectUri)],
    );
  };

  api.get("/authorize", async (req, res) => {
    const params = authorizeParams(req.query as Record<string, unknown>);
    const checked = await validateAuthorizationRequest(oauth, req.query);
    if (checked.isErr()) {
      const e = checked.error;
      return e.kind === "show" ? showAuthorizeError(res, e.error) : redirectError(res, e.redirectUri, e.state, e.error);
    }
    await renderConsentFor(req, res, checked.value, params);
  });

  api.post("/authorize", form, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params = authorizeParams(body);
    const checked = await validateAuthorizationRequest(oauth, params);
    if (checked.isErr()) {
      const e = checked.error;
      return e.kind === "show"
        ? showAuthorizeError(res, e.error)
        : redirectError(res, e.redirectUri, e.state, e.error, 303);
    }
    if (!forms.valid(req)) return csrfFailure(res);
    const request = checked.value;
    const account = await resolveSession(oauth, sessionIdOf(req));
    if (!account) return renderConsentFor(req, res, request, params);
    if (body["decision"] !== "approve") {
      return redirectError(
        res,
        request.redirectUri,
        request.state,
        oauthError("access_denied", "The user denied the request"),
        303,
      );
    }
    const { code } = await createAuthorizationCode(oauth, request, account.id);
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, redirectTarget(request.redirectUri, { code, state: request.state, iss: oauth.config.issuer }));
  });

  // --- sign-in, sign-up, sign-out ---
  api.get("/signin", (req, res) => {
    const returnTo = safeReturnTo(req.query["return_to"]) ?? "";
    sendPage(res, 200, renderSignIn({ csrf: forms.tokenFor(req, res), returnTo }));
  });

  api.post("/signin", form, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body["return_to"]) ?? "";
    if (!forms.valid(req)) return csrfFailure(res);
    const email = str(body["email"]) ?? "";
    const out = await signInWithPassword(signInDeps, { email, password: str(body["password"]) ?? "" });
    if (out.isErr()) {
      const throttled = out.error.code === "too_many_attempts";
      if (throttled) res.setHeader("Retry-After", String(out.error.retryAfterSeconds ?? 60));
      return sendPage(
        res,
        throttled ? 429 : 401,
        renderSignIn({ csrf: forms.tokenFor(req, res), returnTo, email, error: out.error.message }),
      );
    }
    setSession(res, out.value.sessionId);
    if (returnTo) return res.redirect(303, returnTo);
    sendPage(res, 200, renderSignedIn(out.value.account.email));
  });

  const offer = async (): Promise<string | null> => (deps.engine ? freePlanOffer(await deps.engine.status()) : null);

  api.get("/signup", async (req, res) => {
    const returnTo = safeReturnTo(req.query["return_to"]) ?? "";
    sendPage(
      res,
      200,
      renderSignUp({
        csrf: forms.tokenFor(req, res),
        returnTo,
        minPasswordLength: MIN_PASSWORD_LENGTH,
        offer: await offer(),
      }),
    );
  });

  api.post("/signup", form, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body["return_to"]) ?? "";
    if (!forms.valid(req)) return csrfFailure(res);
    const email = str(body["email"]) ?? "";
    const out = await signUp(signInDeps, { email, password: str(body["password"]) ?? "" });
    if (out.isErr()) {
      const throttled = out.error.code === "too_many_attempts";
      if (throttled) res.setHeader("Retry-After", String(out.error.retryAfterSeconds ?? 60));
      return sendPage(
        res,
        throttled ? 429 : out.error.code === "email_taken" ? 409 : 400,
        renderSignUp({
          csrf: forms.tokenFor(req, res),
          returnTo,
          email,
          error: out.error.message,
          minPasswordLength: MIN_PASSWORD_LENGTH,
          offer: await offer(),
        }),
      );
    }
    // The account exists and its session is open: straight on to where the person was going.
    setSession(res, out.value.sessionId);
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, returnTo || DASHBOARD_PATH);
  });

  api.post("/signout", form, async (req, res) => {
    if (!forms.valid(req)) return csrfFailure(res);
    await signOut(oauth, sessionIdOf(req));
    res.append("Set-Cookie", serializeCookie(names.session, "", { secure: names.secure, maxAgeSeconds: 0 }));
    sendPage(res, 200, renderError("Signed out", "You are signed out."));
  });

  // --- token endpoint ---
  api.post("/token", jsonOrForm, async (req, res) => {
    if (!req.is(["application/x-www-form-urlencoded", "application/json"])) {
      return sendOAuthError(
        res,
        oauthError(
          "invalid_request",
          "Send the token request as application/x-www-form-urlencoded or application/json",
        ),
      );
    }
    const parsed = TokenRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") ?? "body";
      return sendOAuthError(res, oauthError("invalid_request", `${field} must be a string`));
    }
    const body = parsed.data;
    const creds = clientCredentials(req, body);
    if (!creds.ok) return sendOAuthError(res, creds.error, creds.basic);
    let out;
    if (body.grant_type === "authorization_code") {
      out = await exchangeCode(oauth, {
        credentials: creds.credentials,
        code: body.code,
        redirectUri: body.redirect_uri,
        codeVerifier: body.code_verifier,
        resource: body.resource,
      });
    } else if (body.grant_type === "refresh_token") {
      out = await refreshAccessToken(oauth, {
        credentials: creds.credentials,
        refreshToken: body.refresh_token,
        scope: body.scope,
        resource: body.resource,
      });
    } else if (body.grant_type === undefined) {
      return sendOAuthError(res, oauthError("invalid_request", "grant_type is required"));
    } else {
      return sendOAuthError(
        res,
        oauthError("unsupported_grant_type", "Supported grants: authorization_code, refresh_token"),
      );
    }
    if (out.isErr()) return sendOAuthError(res, out.error, creds.basic);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Pragma", "no-cache");
    res.status(200).json(out.value);
  });

  api.use(oauthBodyErrors);
  // Infrastructure failures on these endpoints still answer in the OAuth format.
  const serverError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    noteFailure(res, error);
    if (res.headersSent) return;
    if (error instanceof StoreError && error.kind === "unavailable") {
      res.setHeader("Retry-After", "5");
      return sendOAuthError(
        res,
        oauthError("temporarily_unavailable", "A backing service is unavailable; try again shortly"),
      );
    }
    if (req.method === "GET" || req.path === "/authorize" || req.path === "/signin" || req.path === "/signup") {
      return sendPage(
        res,
        500,
        renderError("Something went wrong", "The server could not complete the request. Try again shortly."),
      );
    }
    sendOAuthError(res, oauthError("server_error", "The server could not complete the request"));
  };
  api.use(serverError);
  router.use("/api/oauth", api);
  return router;
}

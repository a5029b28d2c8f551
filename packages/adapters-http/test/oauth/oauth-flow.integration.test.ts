// The OAuth server driven end to end over HTTP by an independent client library (oauth4webapi): discovery,
// registration, authorization through the sign-in and consent pages, code exchange, refresh, and the RFC errors.
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateAccessToken } from "@scamverify/core";
import { CookieBrowser, hiddenFields, startOAuthServer, type OAuthTestServer } from "./support.js";

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const PASSWORD = "correct horse battery";

let srv: OAuthTestServer;
let as: oauth.AuthorizationServer;
let userCount = 0;

beforeAll(async () => {
  srv = await startOAuthServer();
  as = await oauth.processDiscoveryResponse(
    new URL(srv.baseUrl),
    await oauth.discoveryRequest(new URL(srv.baseUrl), { algorithm: "oauth2", ...insecure }),
  );
});

afterAll(async () => {
  await srv.close();
});

interface Registered {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  secret: string | undefined;
  redirectUri: string;
}

async function register(
  method: "client_secret_basic" | "client_secret_post" | "none",
  redirectUri = "http://127.0.0.1:7777/callback",
): Promise<Registered> {
  const res = await oauth.dynamicClientRegistrationRequest(
    as,
    { client_name: `Test client (${method})`, redirect_uris: [redirectUri], token_endpoint_auth_method: method },
    insecure,
  );
  const client = await oauth.processDynamicClientRegistrationResponse(res);
  const secret = typeof client.client_secret === "string" ? client.client_secret : undefined;
  const auth =
    method === "none"
      ? oauth.None()
      : method === "client_secret_basic"
        ? oauth.ClientSecretBasic(secret ?? "")
        : oauth.ClientSecretPost(secret ?? "");
  return { client, auth, secret, redirectUri };
}

interface Started {
  url: URL;
  state: string;
  verifier: string;
}

async function authorizationUrl(reg: Registered, extra: Record<string, string> = {}): Promise<Started> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? "");
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", reg.client.client_id);
  url.searchParams.set("redirect_uri", reg.redirectUri);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  url.searchParams.set("resource", `${srv.baseUrl}/api/mcp`);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return { url, state, verifier };
}

function newUser(): { email: string; password: string; signUp: boolean } {
  userCount += 1;
  return { email: `user${userCount}@example.com`, password: PASSWORD, signUp: true };
}

/** Registration, consent in a fresh browser, validated callback: the parameters ready for the code exchange. */
async function authorized(reg: Registered, scope?: string) {
  const start = await authorizationUrl(reg, scope ? { scope } : {});
  const browser = new CookieBrowser(srv.baseUrl);
  const callback = await browser.authorize(start.url.toString(), newUser());
  const params = oauth.validateAuthResponse(as, reg.client, callback, start.state);
  return { ...start, callback, params, browser };
}

async function exchange(
  reg: Registered,
  params: URLSearchParams,
  verifier: string,
  auth = reg.auth,
  client = reg.client,
) {
  const res = await oauth.authorizationCodeGrantRequest(as, client, auth, params, reg.redirectUri, verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

async function refresh(reg: Registered, token: string, auth = reg.auth, client = reg.client) {
  return oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, auth, token, insecure),
  );
}

async function rfcError(p: Promise<unknown>): Promise<{ error: string; status: number }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof oauth.ResponseBodyError) return { error: e.error, status: e.status };
    throw e;
  }
  throw new Error("expected an OAuth error response");
}

const tokenAlive = async (accessToken: string): Promise<boolean> =>
  (await authenticateAccessToken(srv.deps, accessToken)).isOk();

async function postToken(body: string, contentType: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${srv.baseUrl}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": contentType, ...headers },
    body,
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { error?: string; error_description?: string },
  };
}

describe("discovery", () => {
  it("publishes RFC 8414 metadata whose issuer is exactly the base URL", () => {
    expect(as.issuer).toBe(srv.baseUrl);
    expect(as).toMatchObject({
      authorization_endpoint: `${srv.baseUrl}/api/oauth/authorize`,
      token_endpoint: `${srv.baseUrl}/api/oauth/token`,
      registration_endpoint: `${srv.baseUrl}/api/oauth/register`,
      scopes_supported: ["phone:lookup", "url:lookup", "text:analyze", "email:analyze", "usage:read"],
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it.each(["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/api/mcp"])(
    "publishes RFC 9728 metadata for the MCP resource at %s",
    async (path) => {
      const resource = new URL(`${srv.baseUrl}/api/mcp`);
      const res = await fetch(`${srv.baseUrl}${path}`);
      // processResourceDiscoveryResponse checks that the document names the resource it was fetched for.
      const rs = await oauth.processResourceDiscoveryResponse(resource, res);
      expect(rs).toMatchObject({
        resource: `${srv.baseUrl}/api/mcp`,
        authorization_servers: [srv.baseUrl],
        bearer_methods_supported: ["header"],
      });
      expect(rs.scopes_supported).toHaveLength(5);
    },
  );
});

describe("authorization code flow", () => {
  it.each(["client_secret_basic", "client_secret_post", "none"] as const)(
    "registers, consents, exchanges and refreshes with %s",
    async (method) => {
      const reg = await register(method);
      expect(reg.secret === undefined).toBe(method === "none");
      const { params, verifier, callback } = await authorized(reg, "url:lookup usage:read");
      expect(callback.searchParams.get("iss")).toBe(srv.baseUrl);
      const tokens = await exchange(reg, params, verifier);
      expect(tokens.access_token).toMatch(/^svat_/);
      expect(tokens.refresh_token).toMatch(/^svrt_/);
      expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "url:lookup usage:read" });
      expect(await tokenAlive(tokens.access_token)).toBe(true);

      const rotated = await refresh(reg, tokens.refresh_token ?? "");
      expect(rotated.refresh_token).toMatch(/^svrt_/);
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect(rotated.access_token).not.toBe(tokens.access_token);
      const again = await refresh(reg, rotated.refresh_token ?? "");
      expect(again.access_token).toMatch(/^svat_/);
    },
  );

  it("grants all five scopes when none is requested", async () => {
    const reg = await register("client_secret_basic");
    const { params, verifier } = await authorized(reg);
    const tokens = await exchange(reg, params, verifier);
    expect(tokens.scope).toBe("phone:lookup url:lookup text:analyze email:analyze usage:read");
  });

  it("returns state and iss that the client validates, and a tampered state or iss is refused", async () => {
    const reg = await register("client_secret_basic");
    const { callback, state } = await authorized(reg);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(() => oauth.validateAuthResponse(as, reg.client, callback, "another-state")).toThrow();
    const forged = new URL(callback);
    forged.searchParams.set("iss", "https://attacker.example");
    expect(() => oauth.validateAuthResponse(as, reg.client, forged, state)).toThrow();
  });

  it("signs in an existing user and skips sign-in while the session lasts", async () => {
    const reg = await register("client_secret_post");
    const user = newUser();
    const first = await authorized(reg);
    void first;
    const browser = new CookieBrowser(srv.baseUrl);
    const s1 = await authorizationUrl(reg);
    const c1 = await browser.authorize(s1.url.toString(), user);
    expect(c1.searchParams.get("code")).toMatch(/^svac_/);
    const s2 = await authorizationUrl(reg);
    const direct = await browser.request(s2.url.toString());
    expect(direct.status).toBe(200);
    expect(direct.html).toContain("wants to access your scamverify account");
    const other = new CookieBrowser(srv.baseUrl);
    const c2 = await other.authorize(s2.url.toString(), { ...user, signUp: false });
    expect(c2.searchParams.get("code")).toMatch(/^svac_/);
  });

  it("sets HttpOnly SameSite=Lax cookies and anti-framing headers on the pages", async () => {
    const reg = await register("client_secret_basic");
    const start = await authorizationUrl(reg);
    const browser = new CookieBrowser(srv.baseUrl);
    const redirect = await browser.request(start.url.toString());
    const page = await browser.request(redirect.location ?? "");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const cookies = page.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("sv_oauth_csrf=") && /HttpOnly/.test(c) && /SameSite=Lax/.test(c))).toBe(
      true,
    );
    const user = newUser();
    const signedUp = await browser.request("/api/oauth/signup", {
      form: { ...hiddenFields(page.html), email: user.email, password: PASSWORD },
    });
    const signInPage = await browser.request(signedUp.location ?? "");
    const signedIn = await browser.request("/api/oauth/signin", {
      form: { ...hiddenFields(signInPage.html), email: user.email, password: PASSWORD },
    });
    const session = signedIn.headers.getSetCookie().find((c) => c.startsWith("sv_oauth_session="));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
  });
});

describe("negative cases", () => {
  it("code replay fails with invalid_grant and kills the tokens the code issued", async () => {
    const reg = await register("client_secret_basic");
    const { params, verifier } = await authorized(reg);
    const tokens = await exchange(reg, params, verifier);
    expect(await rfcError(exchange(reg, params, verifier))).toEqual({ error: "invalid_grant", status: 400 });
    expect(await tokenAlive(tokens.access_token)).toBe(false);
    expect((await rfcError(refresh(reg, tokens.refresh_token ?? ""))).error).toBe("invalid_grant");
  });

  it("a wrong PKCE verifier is invalid_grant, a missing one invalid_request", async () => {
    const reg = await register("client_secret_basic");
    const a = await authorized(reg);
    expect((await rfcError(exchange(reg, a.params, oauth.generateRandomCodeVerifier()))).error).toBe("invalid_grant");
    const b = await authorized(reg);
    const res = await postToken(
      new URLSearchParams({
        grant_type: "authorization_code",
        code: b.params.get("code") ?? "",
        redirect_uri: reg.redirectUri,
      }).toString(),
      "application/x-www-form-urlencoded",
      { authorization: `Basic ${Buffer.from(`${reg.client.client_id}:${reg.secret}`).toString("base64")}` },
    );
    expect(res).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  it("the plain PKCE method and a missing challenge are refused at authorize by redirect with state and iss", async () => {
    const reg = await register("client_secret_basic");
    const browser = new CookieBrowser(srv.baseUrl);
    for (const patch of [{ code_challenge_method: "plain" }, { code_challenge_method: "" }]) {
      const start = await authorizationUrl(reg, patch);
      const res = await browser.request(start.url.toString());
      expect(res.status).toBe(302);
      const cb = new URL(res.location ?? "");
      expect(cb.origin + cb.pathname).toBe(reg.redirectUri);
      expect(Object.fromEntries(cb.searchParams)).toMatchObject({
        error: "invalid_request",
        state: start.state,
        iss: srv.baseUrl,
      });
      expect(() => oauth.validateAuthResponse(as, reg.client, cb, start.state)).toThrow(
        oauth.AuthorizationResponseError,
      );
    }
  });

  it("another client's code and another client's refresh token are invalid_grant", async () => {
    const owner = await register("client_secret_basic");
    const thief = await register("client_secret_basic");
    const a = await authorized(owner);
    expect((await rfcError(exchange(owner, a.params, a.verifier, thief.auth, thief.client))).error).toBe(
      "invalid_grant",
    );
    const b = await authorized(owner);
    const tokens = await exchange(owner, b.params, b.verifier);
    expect((await rfcError(refresh(owner, tokens.refresh_token ?? "", thief.auth, thief.client))).error).toBe(
      "invalid_grant",
    );
    // The owner's grant is untouched by the thief's attempt.
    expect((await refresh(owner, tokens.refresh_token ?? "")).access_token).toMatch(/^svat_/);
  });

  it("a replayed refresh token revokes the whole family", async () => {
    const reg = await register("client_secret_post");
    const { params, verifier } = await authorized(reg);
    const t1 = await exchange(reg, params, verifier);
    const t2 = await refresh(reg, t1.refresh_token ?? "");
    expect(await tokenAlive(t2.access_token)).toBe(true);
    expect((await rfcError(refresh(reg, t1.refresh_token ?? ""))).error).toBe("invalid_grant");
    expect(await tokenAlive(t2.access_token)).toBe(false);
    expect((await rfcError(refresh(reg, t2.refresh_token ?? ""))).error).toBe("invalid_grant");
  });

  it("concurrent refreshes of one token give exactly one success", async () => {
    const reg = await register("client_secret_basic");
    const { params, verifier } = await authorized(reg);
    const t1 = await exchange(reg, params, verifier);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => refresh(reg, t1.refresh_token ?? "")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as oauth.ResponseBodyError).error).toBe("invalid_grant");
    }
  });

  it("an unregistered redirect URI gets an HTML error page, never a redirect", async () => {
    const reg = await register("client_secret_basic");
    const start = await authorizationUrl(reg, { redirect_uri: "https://claude.ai/api/mcp/auth_callback" });
    const res = await new CookieBrowser(srv.baseUrl).request(start.url.toString());
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.html).toContain("redirect_uri does not match");
    const unknown = await authorizationUrl({ ...reg, client: { ...reg.client, client_id: "no-such-client" } });
    const res2 = await new CookieBrowser(srv.baseUrl).request(unknown.url.toString());
    expect(res2.status).toBe(400);
    expect(res2.location).toBeNull();
  });

  it("a redirect_uri at the token endpoint other than the authorized one is invalid_grant", async () => {
    const reg = await register("client_secret_basic");
    const { params, verifier } = await authorized(reg);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      reg.client,
      reg.auth,
      params,
      "http://127.0.0.1:7777/other",
      verifier,
      insecure,
    );
    expect((await rfcError(oauth.processAuthorizationCodeResponse(as, reg.client, res))).error).toBe("invalid_grant");
  });

  it("a bad Basic secret is 401 invalid_client with WWW-Authenticate: Basic", async () => {
    const reg = await register("client_secret_basic");
    const { params, verifier } = await authorized(reg);
    const res = await postToken(
      new URLSearchParams({
        grant_type: "authorization_code",
        code: params.get("code") ?? "",
        redirect_uri: reg.redirectUri,
        code_verifier: verifier,
      }).toString(),
      "application/x-www-form-urlencoded",
      { authorization: `Basic ${Buffer.from(`${reg.client.client_id}:svcs_wrong`).toString("base64")}` },
    );
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("invalid_client");
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The failed authentication did not burn the code.
    expect((await exchange(reg, params, verifier)).access_token).toMatch(/^svat_/);
  });

  it("a wrong secret in the body is 401 invalid_client", async () => {
    const reg = await register("client_secret_post");
    const { params, verifier } = await authorized(reg);
    expect(await rfcError(exchange(reg, params, verifier, oauth.ClientSecretPost("svcs_wrong")))).toEqual({
      error: "invalid_client",
      status: 401,
    });
  });

  it("accepts the spec's JSON token request and refuses other content types with invalid_request", async () => {
    const reg = await register("client_secret_post");
    const { params, verifier } = await authorized(reg);
    const body = {
      grant_type: "authorization_code",
      code: params.get("code"),
      redirect_uri: reg.redirectUri,
      client_id: reg.client.client_id,
      client_secret: reg.secret,
      code_verifier: verifier,
    };
    const wrong = await postToken(JSON.stringify(body), "text/plain");
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const ok = await postToken(JSON.stringify(body), "application/json");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(ok.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const broken = await postToken("{not json", "application/json");
    expect(broken).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  it("an unknown grant type is unsupported_grant_type", async () => {
    const reg = await register("client_secret_post");
    const res = await postToken(
      new URLSearchParams({
        grant_type: "password",
        client_id: reg.client.client_id,
        client_secret: reg.secret ?? "",
      }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(res).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
  });

  it("an expired code and an expired access token are refused (injected clock)", async () => {
    const reg = await register("client_secret_basic");
    const a = await authorized(reg);
    srv.deps.clock.advance(5 * 60_000);
    expect((await rfcError(exchange(reg, a.params, a.verifier))).error).toBe("invalid_grant");
    const b = await authorized(reg);
    const tokens = await exchange(reg, b.params, b.verifier);
    srv.deps.clock.advance(60 * 60_000);
    expect(await tokenAlive(tokens.access_token)).toBe(false);
    // The refresh token outlives the access token.
    expect((await refresh(reg, tokens.refresh_token ?? "")).access_token).toMatch(/^svat_/);
  });

  it("registration refuses redirect URIs outside the allowlist with invalid_redirect_uri", async () => {
    const res = await fetch(`${srv.baseUrl}/api/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Evil", redirect_uris: ["https://evil.example/cb"] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_redirect_uri" });
  });

  it("denial redirects with access_denied, state and iss", async () => {
    const reg = await register("client_secret_basic");
    const start = await authorizationUrl(reg);
    const cb = await new CookieBrowser(srv.baseUrl).authorize(start.url.toString(), newUser(), "deny");
    expect(Object.fromEntries(cb.searchParams)).toMatchObject({
      error: "access_denied",
      state: start.state,
      iss: srv.baseUrl,
    });
    expect(cb.searchParams.has("code")).toBe(false);
  });

  it("a consent form without the cookie-bound CSRF nonce is refused", async () => {
    const reg = await register("client_secret_basic");
    const start = await authorizationUrl(reg);
    const browser = new CookieBrowser(srv.baseUrl);
    const callback = await browser.authorize(start.url.toString(), newUser());
    expect(callback.searchParams.has("code")).toBe(true);
    const page = await browser.request((await authorizationUrl(reg)).url.toString());
    const fields = hiddenFields(page.html);
    const forged = await browser.request("/api/oauth/authorize", {
      form: { ...fields, csrf_token: "x".repeat(43), decision: "approve" },
    });
    expect(forged.status).toBe(403);
    browser.jar.delete("sv_oauth_csrf");
    const noCookie = await browser.request("/api/oauth/authorize", { form: { ...fields, decision: "approve" } });
    expect(noCookie.status).toBe(403);
  });

  it("the sign-in page only returns to the authorization endpoint", async () => {
    const browser = new CookieBrowser(srv.baseUrl);
    const page = await browser.request("/api/oauth/signup?return_to=https://evil.example/");
    const fields = hiddenFields(page.html);
    expect(fields["return_to"]).toBe("");
    const res = await browser.request("/api/oauth/signup", {
      form: { ...fields, return_to: "//evil.example/x", email: newUser().email, password: PASSWORD },
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/dashboard");
  });
});

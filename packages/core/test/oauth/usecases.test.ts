import { describe, expect, it } from "vitest";
import { authenticateAccessToken } from "../../src/usecases/oauth/authenticate-access-token.js";
import { createAuthorizationCode } from "../../src/usecases/oauth/create-authorization-code.js";
import { exchangeCode } from "../../src/usecases/oauth/exchange-code.js";
import { refreshAccessToken } from "../../src/usecases/oauth/refresh-access-token.js";
import { registerClient } from "../../src/usecases/oauth/register-client.js";
import { signIn } from "../../src/usecases/oauth/sign-in.js";
import { signUp } from "../../src/usecases/oauth/sign-up.js";
import { resolveSession } from "../../src/usecases/oauth/resolve-session.js";
import { validateAuthorizationRequest } from "../../src/usecases/oauth/validate-authorization-request.js";
import type { ClientCredentials } from "../../src/usecases/oauth/authenticate-client.js";
import { BASE_URL, createHarness, pkcePair, withLimiter } from "./harness.js";

const REDIRECT = "http://127.0.0.1:4000/cb";

async function setup(authMethod = "client_secret_post") {
  const deps = createHarness();
  const reg = (
    await registerClient(deps, {
      client_name: "Test",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: authMethod,
    })
  )._unsafeUnwrap();
  const creds: ClientCredentials = {
    clientId: reg.client_id,
    clientSecret: reg.client_secret,
    method: "client_secret_post",
  };
  const authorize = async (scope?: string) => {
    const pkce = pkcePair();
    const req = await validateAuthorizationRequest(deps, {
      response_type: "code",
      client_id: reg.client_id,
      redirect_uri: REDIRECT,
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
      state: "xyz",
      ...(scope ? { scope } : {}),
    });
    const { code } = await createAuthorizationCode(deps, req._unsafeUnwrap(), "acct-1");
    return { code, verifier: pkce.verifier };
  };
  const exchange = (code: string, verifier: string, c: ClientCredentials = creds, redirectUri = REDIRECT) =>
    exchangeCode(deps, { credentials: c, code, codeVerifier: verifier, redirectUri, resource: undefined });
  const refresh = (token: string, c: ClientCredentials = creds, scope?: string) =>
    refreshAccessToken(deps, { credentials: c, refreshToken: token, scope, resource: undefined });
  return { deps, reg, creds, authorize, exchange, refresh };
}

describe("registerClient", () => {
  it("returns the RFC 7591 body with a one-time secret stored only as its hash", async () => {
    const deps = createHarness();
    const res = (
      await registerClient(deps, { client_name: "Claude", redirect_uris: ["https://claude.ai/api/mcp/auth_callback"] })
    )._unsafeUnwrap();
    expect(res).toMatchObject({
      client_name: "Claude",
      redirect_uris: ["https://claude.ai/api/mcp/auth_callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      client_secret_expires_at: 0,
      client_id_issued_at: Math.floor(deps.clock.now().getTime() / 1000),
    });
    expect(res.client_secret).toMatch(/^svcs_[A-Za-z0-9_-]{43}$/);
    const stored = await deps.store.findClient(res.client_id);
    expect(stored?.secretHash).toBe(deps.hasher.sha256Hex(res.client_secret ?? ""));
  });
  it("accepts public clients without a secret", async () => {
    const res = (
      await registerClient(createHarness(), { redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" })
    )._unsafeUnwrap();
    expect(res.client_secret).toBeUndefined();
    expect(res.token_endpoint_auth_method).toBe("none");
  });
  it.each([
    [{ redirect_uris: ["https://evil.example/cb"] }, "invalid_redirect_uri"],
    [{ redirect_uris: [] }, "invalid_redirect_uri"],
    [{ client_name: "x" }, "invalid_redirect_uri"],
    [{ redirect_uris: [REDIRECT], grant_types: ["client_credentials"] }, "invalid_client_metadata"],
    [{ redirect_uris: [REDIRECT], response_types: ["token"] }, "invalid_client_metadata"],
    [{ redirect_uris: [REDIRECT], token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata"],
    [{ redirect_uris: [REDIRECT], client_name: 42 }, "invalid_client_metadata"],
  ])("refuses %j with %s", async (body, error) => {
    expect((await registerClient(createHarness(), body))._unsafeUnwrapErr().error).toBe(error);
  });
});

describe("validateAuthorizationRequest", () => {
  it("shows (never redirects) an unknown client or an unregistered redirect URI", async () => {
    const { deps, reg } = await setup();
    const base = { response_type: "code", code_challenge: pkcePair().challenge, code_challenge_method: "S256" };
    const unknown = await validateAuthorizationRequest(deps, { ...base, client_id: "nope", redirect_uri: REDIRECT });
    expect(unknown._unsafeUnwrapErr()).toMatchObject({ kind: "show", error: { error: "invalid_client" } });
    const badUri = await validateAuthorizationRequest(deps, {
      ...base,
      client_id: reg.client_id,
      redirect_uri: "https://claude.ai/x",
    });
    expect(badUri._unsafeUnwrapErr().kind).toBe("show");
  });
  it.each([
    [{ code_challenge_method: "plain" }, "invalid_request"],
    [{ code_challenge: undefined }, "invalid_request"],
    [{ code_challenge: "short" }, "invalid_request"],
    [{ response_type: "token" }, "unsupported_response_type"],
    [{ scope: "url:lookup root" }, "invalid_scope"],
    [{ resource: "https://other.example/api/mcp" }, "invalid_target"],
  ])("redirects %j with %s, keeping state", async (patch, error) => {
    const { deps, reg } = await setup();
    const q = {
      response_type: "code",
      client_id: reg.client_id,
      redirect_uri: REDIRECT,
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
      state: "s1",
      ...patch,
    };
    expect((await validateAuthorizationRequest(deps, q))._unsafeUnwrapErr()).toMatchObject({
      kind: "redirect",
      redirectUri: REDIRECT,
      state: "s1",
      error: { error },
    });
  });
  it("accepts the MCP resource and a loopback redirect on another port", async () => {
    const { deps, reg } = await setup();
    const ok = await validateAuthorizationRequest(deps, {
      response_type: "code",
      client_id: reg.client_id,
      redirect_uri: "http://127.0.0.1:5999/cb",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
      resource: `${BASE_URL}/api/mcp`,
    });
    expect(ok._unsafeUnwrap()).toMatchObject({
      redirectUri: "http://127.0.0.1:5999/cb",
      resource: `${BASE_URL}/api/mcp`,
    });
  });
});

describe("exchangeCode", () => {
  it("issues svat_/svrt_ tokens once; a replay fails and kills what the code issued", async () => {
    const { deps, authorize, exchange, refresh } = await setup();
    const { code, verifier } = await authorize("url:lookup usage:read");
    const tokens = (await exchange(code, verifier))._unsafeUnwrap();
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "url:lookup usage:read" });
    expect(tokens.access_token).toMatch(/^svat_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^svrt_[A-Za-z0-9_-]{43}$/);
    const principal = (await authenticateAccessToken(deps, tokens.access_token))._unsafeUnwrap();
    expect(principal).toMatchObject({
      accountId: "acct-1",
      scopes: ["url:lookup", "usage:read"],
      resource: `${BASE_URL}/api/mcp`,
    });

    expect((await exchange(code, verifier))._unsafeUnwrapErr().error).toBe("invalid_grant");
    expect((await authenticateAccessToken(deps, tokens.access_token))._unsafeUnwrapErr().code).toBe("invalid_token");
    expect((await refresh(tokens.refresh_token))._unsafeUnwrapErr().error).toBe("invalid_grant");
  });
  it("refuses a wrong verifier, another client, another redirect URI and an expired code with invalid_grant", async () => {
    const s = await setup();
    const a = await s.authorize();
    expect((await s.exchange(a.code, pkcePair().verifier))._unsafeUnwrapErr().error).toBe("invalid_grant");
    expect((await s.exchange(a.code, a.verifier))._unsafeUnwrapErr().error).toBe("invalid_grant");

    const other = (
      await registerClient(s.deps, { redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_post" })
    )._unsafeUnwrap();
    const b = await s.authorize();
    const otherCreds: ClientCredentials = {
      clientId: other.client_id,
      clientSecret: other.client_secret,
      method: "client_secret_post",
    };
    expect((await s.exchange(b.code, b.verifier, otherCreds))._unsafeUnwrapErr().error).toBe("invalid_grant");

    const c = await s.authorize();
    expect(
      (await s.exchange(c.code, c.verifier, s.creds, "http://127.0.0.1:4000/other"))._unsafeUnwrapErr().error,
    ).toBe("invalid_grant");

    const d = await s.authorize();
    s.deps.clock.advance(5 * 60_000);
    expect((await s.exchange(d.code, d.verifier))._unsafeUnwrapErr().description).toMatch(/expired/);
  });
  it("accepts a code just before 5 minutes", async () => {
    const s = await setup();
    const a = await s.authorize();
    s.deps.clock.advance(5 * 60_000 - 1);
    expect((await s.exchange(a.code, a.verifier)).isOk()).toBe(true);
  });
  it("authenticates the client first: bad secret is invalid_client, missing verifier invalid_request", async () => {
    const s = await setup();
    const a = await s.authorize();
    expect(
      (await s.exchange(a.code, a.verifier, { ...s.creds, clientSecret: "svcs_wrong" }))._unsafeUnwrapErr().error,
    ).toBe("invalid_client");
    expect(
      (await s.exchange(a.code, a.verifier, { ...s.creds, clientSecret: undefined }))._unsafeUnwrapErr().error,
    ).toBe("invalid_client");
    expect((await s.exchange(a.code, ""))._unsafeUnwrapErr().error).toBe("invalid_request");
    // Neither failure consumed the code.
    expect((await s.exchange(a.code, a.verifier)).isOk()).toBe(true);
  });
  it("lets a public client exchange with PKCE alone, and refuses a secret from it", async () => {
    const s = await setup("none");
    const a = await s.authorize();
    const pub: ClientCredentials = { clientId: s.reg.client_id, clientSecret: undefined, method: "none" };
    expect((await s.exchange(a.code, a.verifier, { ...pub, clientSecret: "x" }))._unsafeUnwrapErr().error).toBe(
      "invalid_client",
    );
    expect((await s.exchange(a.code, a.verifier, pub)).isOk()).toBe(true);
  });
});

describe("refreshAccessToken", () => {
  it("rotates on every use; a replay revokes the whole family", async () => {
    const s = await setup();
    const a = await s.authorize();
    const t1 = (await s.exchange(a.code, a.verifier))._unsafeUnwrap();
    const t2 = (await s.refresh(t1.refresh_token))._unsafeUnwrap();
    expect(t2.refresh_token).not.toBe(t1.refresh_token);
    expect((await authenticateAccessToken(s.deps, t2.access_token)).isOk()).toBe(true);
    expect((await s.refresh(t1.refresh_token))._unsafeUnwrapErr().error).toBe("invalid_grant");
    expect((await authenticateAccessToken(s.deps, t2.access_token)).isErr()).toBe(true);
    expect((await s.refresh(t2.refresh_token))._unsafeUnwrapErr().error).toBe("invalid_grant");
  });
  it("gives exactly one success to concurrent refreshes of one token", async () => {
    const s = await setup();
    const a = await s.authorize();
    const t1 = (await s.exchange(a.code, a.verifier))._unsafeUnwrap();
    const results = await Promise.all(Array.from({ length: 8 }, () => s.refresh(t1.refresh_token)));
    expect(results.filter((r) => r.isOk())).toHaveLength(1);
    expect(results.filter((r) => r.isErr() && r.error.error === "invalid_grant")).toHaveLength(7);
  });
  it("narrows scope, never widens, and can return to the full grant", async () => {
    const s = await setup();
    const a = await s.authorize("url:lookup phone:lookup");
    const t1 = (await s.exchange(a.code, a.verifier))._unsafeUnwrap();
    const narrow = (await s.refresh(t1.refresh_token, s.creds, "url:lookup"))._unsafeUnwrap();
    expect(narrow.scope).toBe("url:lookup");
    expect((await s.refresh(narrow.refresh_token, s.creds, "url:lookup usage:read"))._unsafeUnwrapErr().error).toBe(
      "invalid_scope",
    );
    const full = (await s.refresh(narrow.refresh_token))._unsafeUnwrap();
    expect(full.scope).toBe("phone:lookup url:lookup");
  });
  it("refuses another client's refresh token without harming it", async () => {
    const s = await setup();
    const a = await s.authorize();
    const t1 = (await s.exchange(a.code, a.verifier))._unsafeUnwrap();
    const other = (
      await registerClient(s.deps, { redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_post" })
    )._unsafeUnwrap();
    const otherCreds: ClientCredentials = {
      clientId: other.client_id,
      clientSecret: other.client_secret,
      method: "client_secret_post",
    };
    expect((await s.refresh(t1.refresh_token, otherCreds))._unsafeUnwrapErr().error).toBe("invalid_grant");
    expect((await s.refresh(t1.refresh_token)).isOk()).toBe(true);
  });
  it("expires access tokens after 1 hour and refresh tokens after 30 days", async () => {
    const s = await setup();
    const a = await s.authorize();
    const t1 = (await s.exchange(a.code, a.verifier))._unsafeUnwrap();
    s.deps.clock.advance(3_600_000 - 1);
    expect((await authenticateAccessToken(s.deps, t1.access_token)).isOk()).toBe(true);
    s.deps.clock.advance(1);
    expect((await authenticateAccessToken(s.deps, t1.access_token))._unsafeUnwrapErr().code).toBe("invalid_token");
    s.deps.clock.advance(30 * 86_400_000);
    expect((await s.refresh(t1.refresh_token))._unsafeUnwrapErr().description).toMatch(/expired/);
  });
  it("refuses unknown and malformed access tokens", async () => {
    const s = await setup();
    expect((await authenticateAccessToken(s.deps, "svat_nope"))._unsafeUnwrapErr().code).toBe("invalid_token");
    expect((await authenticateAccessToken(s.deps, "sv_live_abc"))._unsafeUnwrapErr().code).toBe("invalid_token");
  });
});

describe("sign-up and sign-in", () => {
  it("creates a free account, then signs in case-insensitively", async () => {
    const deps = withLimiter(createHarness());
    const up = (await signUp(deps, { email: "Ana@Example.com", password: "correct horse" }))._unsafeUnwrap();
    const account = await deps.accounts.findByEmail("ana@example.com");
    expect(account).toMatchObject({ plan: "free", email: "ana@example.com" });
    // Sign-up opens the session: no second sign-in.
    expect(up.account.id).toBe(account?.id);
    expect((await resolveSession(deps, up.sessionId))?.id).toBe(account?.id);
    expect(account?.periodStart.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(account?.periodEnd.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    const again = (await signIn(deps, { email: "ana@example.com", password: "correct horse" }))._unsafeUnwrap();
    expect(again.account.id).toBe(account?.id);
    expect((await resolveSession(deps, again.sessionId))?.id).toBe(account?.id);
    expect((await signIn(deps, { email: "ana@example.com", password: "wrong password" }))._unsafeUnwrapErr().code).toBe(
      "invalid_credentials",
    );
    expect((await signIn(deps, { email: "bob@example.com", password: "correct horse" }))._unsafeUnwrapErr().code).toBe(
      "invalid_credentials",
    );
    expect((await signUp(deps, { email: "c@example.com", password: "123456789" }))._unsafeUnwrapErr().code).toBe(
      "weak_password",
    );
    expect((await signUp(deps, { email: "not-an-email", password: "1234567890" }))._unsafeUnwrapErr().code).toBe(
      "invalid_email",
    );
  });
  it("expires sessions after 12 hours", async () => {
    const deps = withLimiter(createHarness());
    await signUp(deps, { email: "a@example.com", password: "0123456789" });
    const session = (await signIn(deps, { email: "a@example.com", password: "0123456789" }))._unsafeUnwrap();
    deps.clock.advance(12 * 3_600_000);
    expect(await resolveSession(deps, session.sessionId)).toBeNull();
  });
});

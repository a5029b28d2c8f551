// Rules found by fuzzing the OAuth server and by watching a new user's first hour: NUL characters refused at the
// schema, redirect URIs whose host is no DNS name refused, the registered scope as a ceiling, a per-email sign-in
// throttle that reveals no account, and a sign-up that answers the same for a taken email.
import { describe, expect, it } from "vitest";
import { ReportRequestSchema } from "../../src/schemas/report.js";
import {
  AuthorizeRequestSchema,
  ClientRegistrationRequestSchema,
  TokenRequestSchema,
} from "../../src/schemas/oauth.js";
import { isAllowedRedirectUri } from "../../src/policies/oauth/redirect-uris.js";
import { SIGN_IN_THROTTLE } from "../../src/policies/oauth/sign-in-throttle.js";
import { authenticateClient } from "../../src/usecases/oauth/authenticate-client.js";
import { registerClient } from "../../src/usecases/oauth/register-client.js";
import { signIn } from "../../src/usecases/oauth/sign-in.js";
import { signUp } from "../../src/usecases/oauth/sign-up.js";
import { validateAuthorizationRequest } from "../../src/usecases/oauth/validate-authorization-request.js";
import type { OAuthClient } from "../../src/ports/oauth-store.js";
import { createHarness, pkcePair, withLimiter } from "./harness.js";

const NUL = "\u0000";

describe("NUL characters", () => {
  it("are refused by the registration, authorization, token and report schemas", () => {
    expect(ClientRegistrationRequestSchema.safeParse({ client_name: `a${NUL}`, redirect_uris: ["x"] }).success).toBe(
      false,
    );
    expect(ClientRegistrationRequestSchema.safeParse({ redirect_uris: [`http://127.0.0.1/${NUL}`] }).success).toBe(
      false,
    );
    expect(AuthorizeRequestSchema.safeParse({ client_id: NUL }).success).toBe(false);
    expect(TokenRequestSchema.safeParse({ client_id: NUL }).success).toBe(false);
    const report = { kind: "url", value: "https://a.example", category: "phishing" };
    expect(ReportRequestSchema.safeParse({ ...report, comment: `x${NUL}y` }).success).toBe(false);
    expect(ReportRequestSchema.safeParse({ ...report, value: `https://a.example/${NUL}` }).success).toBe(false);
    expect(ReportRequestSchema.safeParse({ ...report, comment: "fine" }).success).toBe(true);
  });

  it("never reach the client store from an authorization request", async () => {
    const deps = createHarness();
    const asked: string[] = [];
    const store = deps.store;
    const spying = Object.assign(Object.create(Object.getPrototypeOf(store) as object) as typeof store, store, {
      findClient: (id: string): Promise<OAuthClient | null> => {
        asked.push(id);
        return store.findClient(id);
      },
    });
    const out = await validateAuthorizationRequest({ ...deps, store: spying }, { client_id: NUL });
    expect(out._unsafeUnwrapErr()).toMatchObject({ kind: "show", error: { error: "invalid_request" } });
    expect(asked).toEqual([]);
  });

  it("in a Basic client_id are an unknown client, without asking the store", async () => {
    const deps = createHarness();
    const store = Object.assign(Object.create(deps.store) as typeof deps.store, {
      findClient: async () => {
        throw new Error("the store was asked");
      },
    });
    const out = await authenticateClient(
      { ...deps, store },
      { clientId: `a${NUL}`, clientSecret: "s", method: "client_secret_basic" },
      "authorization_code",
    );
    expect(out._unsafeUnwrapErr().error).toBe("invalid_client");
  });

  it("in a sign-up email are an invalid email, and in a sign-in email an unknown account", async () => {
    const deps = withLimiter(createHarness());
    const up = await signUp(deps, { email: `a${NUL}@example.com`, password: "0123456789" });
    expect(up._unsafeUnwrapErr().code).toBe("invalid_email");
    const calls: string[] = [];
    const accounts = { ...deps.accounts, findByEmail: async (e: string) => (calls.push(e), null) };
    const out = await signIn({ ...deps, accounts }, { email: `a${NUL}@example.com`, password: "0123456789" });
    expect(out._unsafeUnwrapErr().code).toBe("invalid_credentials");
    expect(calls).toEqual([]);
  });
});

describe("redirect URI hosts", () => {
  it("must be DNS names: separators, quotes and wildcards are refused at registration", async () => {
    for (const uri of [
      "https://x;sandbox.claude.ai/cb",
      "https://a'b.claude.ai/cb",
      "https://*.claude.ai/cb",
      "https://a..claude.ai/cb",
      "https://-a.claude.ai/cb",
      "https://a_b.claude.ai/cb",
    ]) {
      expect(isAllowedRedirectUri(uri), uri).toBe(false);
      const out = await registerClient(createHarness(), { redirect_uris: [uri] });
      expect(out._unsafeUnwrapErr().error, uri).toBe("invalid_redirect_uri");
    }
    expect(isAllowedRedirectUri("https://bücher.claude.ai/cb")).toBe(true);
    expect(isAllowedRedirectUri("https://a-1.b.claude.ai/cb")).toBe(true);
  });

  it("already registered with a bad host are shown an error at authorization, never redirected to", async () => {
    const deps = createHarness();
    const bad = "https://x;sandbox.claude.ai/cb";
    await deps.store.createClient({
      clientId: "legacy",
      secretHash: null,
      clientName: "Legacy",
      redirectUris: [bad],
      grantTypes: ["authorization_code"],
      tokenEndpointAuthMethod: "none",
      createdAt: deps.clock.now(),
    });
    const out = await validateAuthorizationRequest(deps, {
      response_type: "code",
      client_id: "legacy",
      redirect_uri: bad,
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    expect(out._unsafeUnwrapErr().kind).toBe("show");
  });
});

describe("the scope a client registered with", () => {
  const REDIRECT = "http://127.0.0.1:4000/cb";
  const authorize = (deps: ReturnType<typeof createHarness>, clientId: string, scope?: string) =>
    validateAuthorizationRequest(deps, {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
      ...(scope !== undefined ? { scope } : {}),
    });

  it("is the most it is granted when it asks for nothing, or for more", async () => {
    const deps = createHarness();
    const reg = (
      await registerClient(deps, { redirect_uris: [REDIRECT], scope: "usage:read url:lookup", client_name: "Narrow" })
    )._unsafeUnwrap();
    expect(reg.scope).toBe("url:lookup usage:read");
    expect((await authorize(deps, reg.client_id))._unsafeUnwrap().scopes).toEqual(["url:lookup", "usage:read"]);
    expect((await authorize(deps, reg.client_id, "url:lookup phone:lookup"))._unsafeUnwrap().scopes).toEqual([
      "url:lookup",
    ]);
    const none = await authorize(deps, reg.client_id, "phone:lookup");
    expect(none._unsafeUnwrapErr()).toMatchObject({ kind: "redirect", error: { error: "invalid_scope" } });
  });

  it("cannot be widened by editing the client_id, and its absence still means every scope", async () => {
    const deps = createHarness();
    const reg = (await registerClient(deps, { redirect_uris: [REDIRECT], scope: "url:lookup" }))._unsafeUnwrap();
    const widened = reg.client_id.replace("url-lookup", "phone-lookup");
    expect((await authorize(deps, widened))._unsafeUnwrapErr()).toMatchObject({
      kind: "show",
      error: { error: "invalid_client" },
    });
    const open = (await registerClient(deps, { redirect_uris: [REDIRECT] }))._unsafeUnwrap();
    expect(open.client_id).not.toContain(".");
    expect((await authorize(deps, open.client_id))._unsafeUnwrap().scopes).toHaveLength(5);
  });
});

describe("sign-in throttle", () => {
  it("stops a right password after too many attempts on one email, and lets it in after the window", async () => {
    const deps = withLimiter(createHarness());
    await signUp(deps, { email: "victim@example.com", password: "the right one" });
    deps.clock.advance(SIGN_IN_THROTTLE.windowMs); // the sign-up's own attempt has left the window
    for (let i = 0; i < SIGN_IN_THROTTLE.attempts; i++) {
      const out = await signIn(deps, { email: "Victim@Example.com ", password: `guess ${i}` });
      expect(out._unsafeUnwrapErr().code).toBe("invalid_credentials");
    }
    const blocked = await signIn(deps, { email: "victim@example.com", password: "the right one" });
    const e = blocked._unsafeUnwrapErr();
    expect(e.code).toBe("too_many_attempts");
    expect(e.message).toMatch(/Too many sign-in attempts for this email\. Try again in \d+ minutes?\./);
    expect(e.retryAfterSeconds).toBeGreaterThan(0);
    expect(e.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_THROTTLE.windowMs / 1000);
    deps.clock.advance(SIGN_IN_THROTTLE.windowMs);
    expect((await signIn(deps, { email: "victim@example.com", password: "the right one" })).isOk()).toBe(true);
  });

  it("lets no more than its attempts through around a fixed window's boundary (the window slides)", async () => {
    const deps = withLimiter(createHarness());
    const { attempts, windowMs } = SIGN_IN_THROTTLE;
    // The harness's clock starts on a multiple of the window: where a fixed window would end is known.
    expect(deps.clock.now().getTime() % windowMs).toBe(0);
    deps.clock.advance(windowMs - attempts * 1000);
    const answers: string[] = [];
    for (let i = 0; i < 2 * attempts; i++) {
      const out = await signIn(deps, { email: "victim@example.com", password: `guess ${i}` });
      answers.push(out._unsafeUnwrapErr().code);
      deps.clock.advance(1000); // half before the boundary, half after it
    }
    expect(answers.filter((c) => c === "invalid_credentials")).toHaveLength(attempts);
    expect(answers.slice(attempts)).toEqual(Array(attempts).fill("too_many_attempts"));
    // The first guess leaves the window a full window after it was made, not at the boundary.
    const blocked = await signIn(deps, { email: "victim@example.com", password: "again" });
    expect(blocked._unsafeUnwrapErr().retryAfterSeconds).toBe(windowMs / 1000 - 2 * attempts);
  });

  it("answers an unknown email exactly as a known one", async () => {
    const deps = withLimiter(createHarness());
    await signUp(deps, { email: "known@example.com", password: "0123456789" });
    deps.clock.advance(SIGN_IN_THROTTLE.windowMs);
    const answers = async (email: string) => {
      const out: unknown[] = [];
      for (let i = 0; i <= SIGN_IN_THROTTLE.attempts; i++) {
        out.push((await signIn(deps, { email, password: `wrong ${i}` }))._unsafeUnwrapErr());
      }
      return out;
    };
    expect(await answers("known@example.com")).toEqual(await answers("nobody@example.com"));
  });
});

describe("sign-up", () => {
  it("signs a taken email in with its own password, refuses any other and never replaces it", async () => {
    const deps = withLimiter(createHarness());
    const fresh = (await signUp(deps, { email: "new@example.com", password: "first password" }))._unsafeUnwrap();
    const again = (await signUp(deps, { email: "NEW@example.com", password: "first password" }))._unsafeUnwrap();
    expect(again.account.id).toBe(fresh.account.id);
    expect(again.sessionId).not.toBe(fresh.sessionId);
    const taken = await signUp(deps, { email: "new@example.com", password: "other password" });
    expect(taken._unsafeUnwrapErr().code).toBe("email_taken");
    expect((await signIn(deps, { email: "new@example.com", password: "first password" })).isOk()).toBe(true);
    expect((await signIn(deps, { email: "new@example.com", password: "other password" })).isErr()).toBe(true);
  });

  it("counts every attempt against the email's sign-in throttle, so it is no way around it", async () => {
    const deps = withLimiter(createHarness());
    await signUp(deps, { email: "victim@example.com", password: "the right one" });
    for (let i = 1; i < SIGN_IN_THROTTLE.attempts; i++) {
      const out = await signUp(deps, { email: "victim@example.com", password: `guess number ${i}` });
      expect(out._unsafeUnwrapErr().code).toBe("email_taken");
    }
    const blocked = await signUp(deps, { email: "victim@example.com", password: "the right one" });
    expect(blocked._unsafeUnwrapErr().code).toBe("too_many_attempts");
    expect((await signIn(deps, { email: "victim@example.com", password: "the right one" })).isErr()).toBe(true);
  });
});

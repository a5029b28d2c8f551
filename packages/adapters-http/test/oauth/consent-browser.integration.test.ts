// The sign-up and consent pages in headless Chromium (Debian's /usr/bin/chromium through playwright-core): a person
// creates an account, reads the permissions and allows; the client's callback receives code, state and iss.
import { createHash, randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { ARTIFACTS, launchChromium } from "../support/browser.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOAuthServer, type OAuthTestServer } from "./support.js";

let srv: OAuthTestServer;
let browser: Browser;

beforeAll(async () => {
  srv = await startOAuthServer();
  srv.app.get("/callback", (_req, res) => {
    res.type("html").send("<!doctype html><title>Callback</title><p>Client callback reached</p>");
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await srv?.close();
});

async function registerClient(redirectUri: string): Promise<{ client_id: string; client_secret: string }> {
  const res = await fetch(`${srv.baseUrl}/api/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Claude <Desktop>", redirect_uris: [redirectUri] }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { client_id: string; client_secret: string };
}

describe("consent pages in Chromium", () => {
  it("signs up, shows the permissions, approves and lands on the callback with code, state and iss", async () => {
    const redirectUri = `${srv.baseUrl}/callback`;
    const client = await registerClient(redirectUri);
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const state = randomBytes(16).toString("base64url");
    const authorize = new URL(`${srv.baseUrl}/api/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state,
      scope: "url:lookup phone:lookup usage:read",
    })) {
      authorize.searchParams.set(k, v);
    }

    const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
    const page = await context.newPage();
    await page.goto(authorize.toString());
    expect(new URL(page.url()).pathname).toBe("/api/oauth/signin");
    await page.getByRole("link", { name: "Create one" }).click();
    expect(new URL(page.url()).pathname).toBe("/api/oauth/signup");
    await page.fill("#email", "browser.user@example.com");
    await page.fill("#password", "short");
    // The browser itself holds back a password under the minimum length.
    expect(
      await page.$eval("#password", (el) => (el as unknown as { validity: { tooShort: boolean } }).validity.tooShort),
    ).toBe(true);
    await page.fill("#password", "a long enough password");
    // Sign-up opens the session: the consent page comes next, with no second sign-in.
    await Promise.all([
      page.waitForURL(/\/api\/oauth\/authorize\?/),
      page.getByRole("button", { name: "Create account" }).click(),
    ]);

    // The client name is shown as text, not markup.
    expect(await page.textContent("#client-name")).toBe("Claude <Desktop>");
    const permissions = (await page.locator("#scopes li").allTextContents()).map((t) => t.trim());
    expect(permissions).toEqual([
      "Look up phone number risk assessments phone:lookup",
      "Check website and URL safety url:lookup",
      "View usage and quota usage:read",
    ]);
    await page.screenshot({ path: `${ARTIFACTS}oauth-consent.png`, fullPage: true });

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "sv_oauth_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await Promise.all([page.waitForURL(/\/callback\?/), page.getByRole("button", { name: "Allow" }).click()]);
    const callback = new URL(page.url());
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("iss")).toBe(srv.baseUrl);
    const code = callback.searchParams.get("code") ?? "";
    expect(code).toMatch(/^svac_/);
    expect(await page.textContent("p")).toBe("Client callback reached");

    const token = await fetch(`${srv.baseUrl}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: client.client_id,
        client_secret: client.client_secret,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ token_type: "Bearer", scope: "phone:lookup url:lookup usage:read" });
    await context.close();
  });

  it("cannot be framed and shows the sign-in page's errors inline", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${srv.baseUrl}/api/oauth/signin`);
    expect(res?.headers()["x-frame-options"]).toBe("DENY");
    await page.fill("#email", "nobody@example.com");
    await page.fill("#password", "wrong password here");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForSelector("[role=alert]");
    expect(await page.textContent("[role=alert]")).toBe("Incorrect email or password");
    await page.screenshot({ path: `${ARTIFACTS}oauth-signin-error.png` });
    await context.close();
  });
});

// The developer dashboard over HTTP with a cookie-keeping client: sign up through the OAuth pages, manage keys with
// the page's own forms, and check each key against /api/v1 as an API client would.
import { randomUUID } from "node:crypto";
import { StoreError } from "@scamverify/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieBrowser, type PageResponse } from "../oauth/support.js";
import { capturingLogger, type CapturingLogger } from "../support/harness.js";
import { formFields, startDashboardServer, textOf, type DashboardTestServer } from "./support.js";

let srv: DashboardTestServer;
let logger: CapturingLogger;

beforeAll(async () => {
  logger = await capturingLogger();
  srv = await startDashboardServer({}, logger);
});

afterAll(async () => {
  await srv?.close();
});

const PASSWORD = "a long enough password";

async function signedUp(): Promise<{ browser: CookieBrowser; email: string; page: PageResponse }> {
  const browser = new CookieBrowser(srv.baseUrl);
  const email = `dev-${randomUUID()}@example.com`;
  const form = await browser.request("/api/oauth/signup?return_to=%2Fdashboard");
  expect(form.status).toBe(200);
  const up = await browser.request("/api/oauth/signup", {
    form: { ...formFields(form.html, "/api/oauth/signup"), email, password: PASSWORD },
  });
  // Sign-up signs in: the next page is the dashboard itself.
  expect(up.status).toBe(303);
  expect(up.location).toBe("/dashboard");
  const page = await browser.request("/dashboard");
  expect(page.status).toBe(200);
  return { browser, email, page };
}

async function createKey(
  browser: CookieBrowser,
  name: string,
  mode: "live" | "test" = "live",
): Promise<{ post: PageResponse; res: PageResponse; key: string | undefined }> {
  const page = await browser.request("/dashboard");
  const post = await browser.request("/dashboard/keys/create", {
    form: { ...formFields(page.html, "/dashboard/keys/create"), name, mode },
  });
  expect(post.status).toBe(303);
  expect(post.location).toBe("/dashboard");
  const res = await browser.request(post.location ?? "");
  return { post, res, key: textOf(res.html, "new-key") };
}

/** Posts a dashboard form and follows its redirect, as a browser would. */
async function submit(browser: CookieBrowser, action: string, form: Record<string, string>): Promise<PageResponse> {
  const post = await browser.request(action, { form });
  expect(post.status).toBe(303);
  let page = await browser.request(post.location ?? "");
  if (page.status === 303) page = await browser.request(page.location ?? "");
  return page;
}

/** The table row of the key with this name. */
function rowOf(html: string, name: string): string | undefined {
  return [...html.matchAll(/<tr class="(?:active|revoked)" data-key-id="[^"]+">[\s\S]*?<\/tr>/g)]
    .map((m) => m[0])
    .find((row) => row.includes(`<td class="key-name" data-label="Name">${name}</td>`));
}

function keyIdOf(html: string, name: string): string {
  const id = /data-key-id="([^"]+)"/.exec(rowOf(html, name) ?? "")?.[1];
  if (!id) throw new Error(`no key named ${name} on the page`);
  return id;
}

/** The same token with its last character changed, so it is certainly wrong. */
function otherToken(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
}

async function usageWith(key: string): Promise<number> {
  const res = await fetch(`${srv.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
  return res.status;
}

describe("signed out", () => {
  it("sends the browser to the sign-in page with a way back to the dashboard and a sign-up link", async () => {
    const browser = new CookieBrowser(srv.baseUrl);
    const res = await browser.request("/dashboard");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/api/oauth/signin?return_to=%2Fdashboard");
    const signIn = await browser.request(res.location ?? "");
    expect(signIn.status).toBe(200);
    expect(signIn.html).toContain("Sign in to manage your API keys");
    expect(signIn.html).toContain('href="/api/oauth/signup?return_to=%2Fdashboard"');
  });

  it("refuses every form without a session, after the CSRF check", async () => {
    const browser = new CookieBrowser(srv.baseUrl);
    const signIn = await browser.request("/api/oauth/signin?return_to=%2Fdashboard");
    const csrf = formFields(signIn.html, "/api/oauth/signin")["csrf_token"] ?? "";
    const res = await browser.request("/dashboard/keys/create", {
      form: { csrf_token: csrf, name: "x", mode: "live" },
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/api/oauth/signin?return_to=%2Fdashboard");
  });

  it("signs in through the existing page and comes back to the dashboard", async () => {
    const { email } = await signedUp();
    const browser = new CookieBrowser(srv.baseUrl);
    const form = await browser.request("/api/oauth/signin?return_to=%2Fdashboard");
    const done = await browser.request("/api/oauth/signin", {
      form: { ...formFields(form.html, "/api/oauth/signin"), email, password: PASSWORD },
    });
    expect(done.status).toBe(303);
    expect(done.location).toBe("/dashboard");
    expect((await browser.request("/dashboard")).status).toBe(200);
  });
});

describe("the dashboard page", () => {
  it("shows the account, plan, billing period, usage per channel and rate limits with locked-down headers", async () => {
    const { email, page } = await signedUp();
    expect(textOf(page.html, "account-email")).toBe(email);
    expect(textOf(page.html, "account-plan")).toBe("Free");
    expect(textOf(page.html, "billing-period")).toBe("2026-03-01 00:00 UTC to 2026-04-01 00:00 UTC");
    const url = /<tr id="usage-url">([\s\S]*?)<\/tr>/.exec(page.html)?.[1] ?? "";
    expect([...url.matchAll(/<td class="num"[^>]*>(\d+)/g)].map((m) => Number(m[1]))).toEqual([0, 50, 50, 50]);
    // Every channel the engine serves has its row.
    expect(page.html).toContain('id="usage-text"');
    expect(page.html).toContain('id="usage-email"');
    expect(textOf(page.html, "rate-limits")).toMatch(
      /^\d+ requests per minute on lookup.*5 requests per minute on batch/,
    );
    expect(page.html).toContain("No keys yet");

    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(nonce).toBeTruthy();
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    // A fresh nonce for every response.
    const again = await signedUp();
    expect(again.page.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("shows a paid plan's grace buffer in the hard limit", async () => {
    const { browser, email } = await signedUp();
    const account = await srv.oauth.accounts.findByEmail(email);
    expect((await srv.engine.accounts.setPlan(account?.id ?? "", "starter")).isOk()).toBe(true);
    const page = await browser.request("/dashboard");
    expect(textOf(page.html, "account-plan")).toBe("Starter");
    const phone = /<tr id="usage-phone">([\s\S]*?)<\/tr>/.exec(page.html)?.[1] ?? "";
    expect([...phone.matchAll(/<td class="num"[^>]*>(\d+)/g)].map((m) => Number(m[1]))).toEqual([0, 1000, 1100, 1100]);
    expect(phone).toContain("(+100 grace)");
  });
});

describe("key lifecycle", () => {
  it("creates a key shown once, which works on the API, then renames and revokes it", async () => {
    const { browser } = await signedUp();
    const created = await createKey(browser, "CI server");
    expect(created.res.status).toBe(200);
    expect(created.res.headers.get("cache-control")).toBe("no-store");
    const key = created.key ?? "";
    expect(key).toMatch(/^sv_live_[A-Za-z0-9_-]{43}$/);
    expect(created.res.html).toContain("shown only this once");

    // Usable at once with Bearer, and counted on the dashboard after a lookup.
    expect(await usageWith(key)).toBe(200);
    const lookup = await fetch(`${srv.baseUrl}/api/v1/url/lookup`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: `https://dashboard-${randomUUID()}.example.com/` }),
    });
    expect(lookup.status).toBe(200);

    // The next page never shows the key again, only its prefix.
    const page = await browser.request("/dashboard");
    expect(page.html).not.toContain(key);
    expect(page.html).toContain(`<code>${key.slice(0, 12)}…</code>`);
    const row = rowOf(page.html, "CI server") ?? "";
    expect(row).toContain("Live");
    expect(row).toContain("Active");
    expect(row).not.toContain("never"); // used just now
    const url = /<tr id="usage-url">([\s\S]*?)<\/tr>/.exec(page.html)?.[1] ?? "";
    expect(/<td class="num"[^>]*>(\d+)/.exec(url)?.[1]).toBe("1");

    const id = keyIdOf(page.html, "CI server");
    const afterRename = await submit(browser, "/dashboard/keys/rename", {
      ...formFields(page.html, "/dashboard/keys/rename"),
      name: "Build runner",
    });
    expect(textOf(afterRename.html, "notice")).toBe("Key renamed.");
    expect(keyIdOf(afterRename.html, "Build runner")).toBe(id);
    expect(await usageWith(key)).toBe(200);

    // Revoking asks first, naming the key; only the confirmed form revokes.
    const revokeLink = /<a class="button" href="([^"]+)"/.exec(rowOf(afterRename.html, "Build runner") ?? "")?.[1];
    const ask = await browser.request((revokeLink ?? "").replace(/&amp;/g, "&"));
    expect(ask.status).toBe(200);
    expect(ask.html).toContain("Revoke “Build runner”?");
    expect(await usageWith(key)).toBe(200);
    const confirm = formFields(ask.html, "/dashboard/keys/revoke");
    expect(confirm).toMatchObject({ key_id: id, confirm: "yes" });
    const final = await submit(browser, "/dashboard/keys/revoke", confirm);
    expect(await usageWith(key)).toBe(401);

    expect(textOf(final.html, "notice")).toMatch(/^Key revoked/);
    const finalRow = rowOf(final.html, "Build runner") ?? "";
    expect(finalRow).toContain("Revoked");
    expect(finalRow).not.toContain("/dashboard/keys/rename");

    // The key appeared in no log line and no URL.
    expect(logger.lines.some((l) => l.includes(key))).toBe(false);
    expect(logger.lines.some((l) => l.includes(key.slice(8)))).toBe(false);
  });

  it("creates test keys with the sv_test_ prefix", async () => {
    const { browser } = await signedUp();
    const created = await createKey(browser, "Sandbox", "test");
    expect(created.key).toMatch(/^sv_test_/);
    expect(await usageWith(created.key ?? "")).toBe(200);
    expect(rowOf((await browser.request("/dashboard")).html, "Sandbox")).toContain("Test");
  });

  it("explains the five-key limit and bad names in plain words, keeping what was typed", async () => {
    const { browser } = await signedUp();
    for (let i = 1; i <= 5; i++) expect((await createKey(browser, `Key ${i}`)).key).toBeDefined();
    const sixth = await createKey(browser, "Key 6");
    expect(sixth.key).toBeUndefined();
    expect(textOf(sixth.res.html, "error")).toBe("An account holds at most 5 active keys; revoke one first.");
    expect(sixth.res.html).toContain('value="Key 6"');
    expect(sixth.res.html).toContain("(5 of 5 active)");

    const long = await createKey(browser, "x".repeat(65));
    expect(long.key).toBeUndefined();
    expect(textOf(long.res.html, "error")).toBe("A key name must be 1 to 64 characters long.");

    const page = await browser.request("/dashboard");
    const blank = await submit(browser, "/dashboard/keys/rename", {
      ...formFields(page.html, "/dashboard/keys/rename"),
      name: "   ",
    });
    expect(textOf(blank.html, "error")).toBe("A key name must be 1 to 64 characters long.");

    const badMode = await submit(browser, "/dashboard/keys/create", {
      ...formFields(page.html, "/dashboard/keys/create"),
      name: "ok",
      mode: "prod",
    });
    expect(textOf(badMode.html, "error")).toBe("Choose live or test mode.");
  });
});

describe("security", () => {
  it("refuses forms with a missing or wrong CSRF token, or without the CSRF cookie, and changes nothing", async () => {
    const { browser, page } = await signedUp();
    const fields = formFields(page.html, "/dashboard/keys/create");
    const missing = await browser.request("/dashboard/keys/create", { form: { name: "no token", mode: "live" } });
    expect(missing.status).toBe(403);
    expect(missing.html).toContain("Form expired");
    const wrong = await browser.request("/dashboard/keys/create", {
      form: { csrf_token: otherToken(fields["csrf_token"] ?? ""), name: "wrong token", mode: "live" },
    });
    expect(wrong.status).toBe(403);
    const csrfCookie = [...browser.jar.keys()].find((k) => k.endsWith("sv_oauth_csrf")) ?? "";
    const saved = browser.jar.get(csrfCookie) ?? "";
    browser.jar.delete(csrfCookie);
    const noCookie = await browser.request("/dashboard/keys/create", {
      form: { ...fields, name: "no cookie", mode: "live" },
    });
    expect(noCookie.status).toBe(403);
    browser.jar.set(csrfCookie, saved);

    const signOut = await browser.request("/dashboard/signout", { form: { csrf_token: "nope" } });
    expect(signOut.status).toBe(403);
    const after = await browser.request("/dashboard");
    expect(after.status).toBe(200);
    expect(after.html).toContain("No keys yet");
  });

  it("never lets one account rename, revoke or inspect another account's key", async () => {
    const alice = await signedUp();
    const aliceKey = await createKey(alice.browser, "Alice prod");
    const aliceId = keyIdOf((await alice.browser.request("/dashboard")).html, "Alice prod");
    const mallory = await signedUp();
    await createKey(mallory.browser, "Mallory");
    const page = await mallory.browser.request("/dashboard");

    const rename = await submit(mallory.browser, "/dashboard/keys/rename", {
      ...formFields(page.html, "/dashboard/keys/rename"),
      key_id: aliceId,
      name: "pwned",
    });
    expect(textOf(rename.html, "error")).toBe("That key does not exist on this account.");

    const ask = await submit(mallory.browser, "/dashboard/keys/revoke", {
      ...formFields(page.html, "/dashboard/keys/rename"),
      key_id: aliceId,
    });
    expect(textOf(ask.html, "error")).toBe("That key does not exist on this account or is already revoked.");
    expect(ask.html).not.toContain("Alice prod");

    const revoke = await submit(mallory.browser, "/dashboard/keys/revoke", {
      ...formFields(page.html, "/dashboard/keys/rename"),
      key_id: aliceId,
      confirm: "yes",
    });
    expect(textOf(revoke.html, "error")).toBe("That key does not exist on this account.");

    expect(await usageWith(aliceKey.key ?? "")).toBe(200);
    const alicePage = await alice.browser.request("/dashboard");
    expect(rowOf(alicePage.html, "Alice prod")).toContain("Active");
    expect(alicePage.html).not.toContain("pwned");
    expect(alicePage.html).not.toContain("Mallory");
  });

  it("signs out: the cookie is cleared, the session is gone on the server, and the dashboard asks to sign in", async () => {
    const { browser, page } = await signedUp();
    const sessionName = [...browser.jar.keys()].find((k) => k.endsWith("sv_oauth_session")) ?? "";
    const stolen = browser.jar.get(sessionName) ?? "";
    const out = await browser.request("/dashboard/signout", { form: formFields(page.html, "/dashboard/signout") });
    expect(out.status).toBe(303);
    expect(out.location).toBe("/api/oauth/signin?return_to=%2Fdashboard");
    expect(browser.jar.has(sessionName)).toBe(false);
    expect((await browser.request("/dashboard")).status).toBe(302);
    // Replaying the old cookie does not bring the session back.
    browser.jar.set(sessionName, stolen);
    expect((await browser.request("/dashboard")).status).toBe(302);
  });

  it("escapes key names on the page", async () => {
    const { browser } = await signedUp();
    const created = await createKey(browser, `<img src=x onerror="alert(1)">`);
    expect(created.res.html).not.toContain("<img src=x");
    expect(created.res.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("a backing store outage", () => {
  it("shows a plain 503 page rather than an error envelope or a stack trace", async () => {
    const down = await startDashboardServer({
      override: (deps) => ({
        apiKeys: Object.assign(Object.create(deps.apiKeys) as typeof deps.apiKeys, {
          list: async () => {
            throw new StoreError("unavailable", "connection refused", true);
          },
        }),
      }),
    });
    try {
      const browser = new CookieBrowser(down.baseUrl);
      const form = await browser.request("/api/oauth/signup?return_to=%2Fdashboard");
      await browser.request("/api/oauth/signup", {
        form: { ...formFields(form.html, "/api/oauth/signup"), email: "outage@example.com", password: PASSWORD },
      });
      const page = await browser.request("/dashboard");
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(textOf(page.html, "error") ?? page.html).toContain("temporarily unavailable");
      expect(page.html).not.toContain("connection refused");
    } finally {
      await down.close();
    }
  });
});

describe("the plans page", () => {
  it("is where quota_exhausted's upgrade_url leads: every plan, the account's own, and how to change it", async () => {
    const { browser, email } = await signedUp();
    const key = (await createKey(browser, "Quota runner")).key ?? "";
    const account = await srv.oauth.accounts.findByEmail(email);
    let exhausted: { error: { upgrade_url?: string; details?: { channel?: string } } } | undefined;
    for (let i = 0; i < 30 && !exhausted; i++) {
      if (i % 9 === 8) srv.clock.advance(61_000); // the free plan's 10 requests a minute
      const res = await fetch(`${srv.baseUrl}/api/v1/text/analyze`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ text: `Your parcel ${randomUUID()} is waiting, reply YES` }),
      });
      if (res.status === 402) exhausted = (await res.json()) as typeof exhausted;
      else expect(res.status).toBe(200);
    }
    expect(exhausted?.error.details?.channel).toBe("text");
    const upgrade = new URL(exhausted?.error.upgrade_url ?? "");
    expect(upgrade.origin).toBe(srv.baseUrl);
    expect(upgrade.pathname).toBe("/dashboard/plans");

    const page = await browser.request(upgrade.pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const row = (plan: string) => new RegExp(`<tr id="plan-${plan}"[^>]*>([\\s\\S]*?)</tr>`).exec(page.html);
    expect(row("free")?.[0]).toContain('aria-current="true"');
    expect(row("starter")?.[0]).not.toContain("aria-current");
    // Each served channel's monthly quota, from the same limits the API enforces.
    expect(row("starter")?.[1]).toContain('data-label="Text analyses">500<');
    expect(row("professional")?.[1]).toContain('data-label="Phone lookups">3,000<');
    expect(row("scale")?.[1]).toContain("$2,999 a month");
    expect(page.html).toContain("Your account is on the <strong>Free</strong> plan.");
    // No billing link configured: the admin command that changes this account's plan.
    expect(textOf(page.html.replace(/<code>/g, ""), "change-plan")).toBe(
      `scamverify accounts set-plan --account ${account?.id ?? ""} starter`,
    );
    // The dashboard links to it.
    expect((await browser.request("/dashboard")).html).toContain('href="/dashboard/plans"');
  });

  it("shows the plans signed out, and the operator's billing link when one is configured", async () => {
    const anonymous = await new CookieBrowser(srv.baseUrl).request("/dashboard/plans");
    expect(anonymous.status).toBe(200);
    expect(anonymous.html).toContain('id="plan-business"');
    expect(anonymous.html).not.toContain('aria-current="true"');
    expect(anonymous.html).toContain("to see your plan");
    expect(anonymous.html).toContain("--account ACCOUNT_ID");

    const billed = await startDashboardServer({ billingUrl: "https://billing.example.com/portal?a=1&b=2" });
    try {
      const page = await new CookieBrowser(billed.baseUrl).request("/dashboard/plans");
      expect(page.html).toContain(
        '<a class="button primary" href="https://billing.example.com/portal?a=1&amp;b=2">Change plan</a>',
      );
      expect(page.html).not.toContain("set-plan");
    } finally {
      await billed.close();
    }
  });
});

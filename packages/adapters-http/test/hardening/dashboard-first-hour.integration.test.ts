// A new user's first hour on the pages: creating a key and reloading, the icon in the tab, the channels offered on
// sign-up and usage, and the dashboard on a 390 px phone in headless Chromium (no sideways scrolling, the copy
// button, whole key prefixes), with screenshots in test-artifacts/.
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Status } from "@scamverify/core";
import { CookieBrowser, hiddenFields } from "../oauth/support.js";
import { ARTIFACTS, launchChromium } from "../support/browser.js";
import { postgresSchema } from "../support/harness.js";
import { startStack, type Stack } from "./support.js";

const pg = postgresSchema();
let stack: Stack;

beforeAll(async () => {
  stack = await startStack(await pg.open());
});

afterAll(async () => {
  await stack?.close();
  await pg.drop();
});

const PASSWORD = "a long enough password";

async function signedIn(target: Stack): Promise<CookieBrowser> {
  const email = `first-${randomUUID()}@example.com`;
  const browser = new CookieBrowser(target.baseUrl);
  const form = await browser.request("/api/oauth/signup?return_to=%2Fdashboard");
  const up = await browser.request("/api/oauth/signup", {
    form: { ...hiddenFields(form.html), email, password: PASSWORD },
  });
  expect(up.location).toBe("/dashboard");
  return browser;
}

function createFields(html: string): Record<string, string> {
  const form = /<form class="create"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
  return hiddenFields(form);
}

describe("creating a key", () => {
  it("redirects, shows the key once, and a reload neither shows it again nor creates another", async () => {
    const browser = await signedIn(stack);
    const home = await browser.request("/dashboard");
    const post = await browser.request("/dashboard/keys/create", {
      form: { ...createFields(home.html), name: "Reload test", mode: "live" },
    });
    expect(post.status).toBe(303);
    expect(post.location).toBe("/dashboard");
    expect(post.html).not.toMatch(/sv_live_/);
    const shown = await browser.request("/dashboard");
    const key = /<code id="new-key" class="secret">([^<]+)<\/code>/.exec(shown.html)?.[1] ?? "";
    expect(key).toMatch(/^sv_live_[A-Za-z0-9_-]{43}$/);
    const reloaded = await browser.request("/dashboard");
    expect(reloaded.html).not.toContain(key);
    expect(reloaded.html.match(/data-key-id=/g)).toHaveLength(1);
    expect(reloaded.html).toContain(`<code>${key.slice(0, 12)}…</code>`);
  });
});

describe("the icon", () => {
  it("is served at /favicon.ico and linked from every page", async () => {
    const res = await fetch(`${stack.baseUrl}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toMatch(/^<svg /);
    for (const path of ["/api/oauth/signin", "/api/oauth/signup"]) {
      expect(await (await fetch(`${stack.baseUrl}${path}`)).text(), path).toContain(
        '<link rel="icon" type="image/svg+xml"',
      );
    }
    const dashboard = await (await signedIn(stack)).request("/dashboard");
    expect(dashboard.html).toContain('<link rel="icon" type="image/svg+xml"');
  });
});

describe("channels on offer", () => {
  it("are the ones the engine serves, on sign-up and in the usage table", async () => {
    const signUp = await fetch(`${stack.baseUrl}/api/oauth/signup`).then((r) => r.text());
    const offer = /<p class="muted" id="plan-offer">([^<]*)<\/p>/.exec(signUp)?.[1];
    expect(offer).toBe(
      "Free plan: 50 phone lookups, 50 URL lookups, 25 text analyses, 25 email analyses, 5 document analyses and QR code analyses a month.",
    );
    const usage = await (await signedIn(stack)).request("/dashboard");
    for (const channel of ["url", "phone", "text", "email", "document"])
      expect(usage.html).toContain(`id="usage-${channel}"`);

    // A channel the engine reports unavailable (its dependency not wired) is not offered.
    const real = await stack.kit.engine.status();
    const more = await startStack(await pg.open(), {
      status: async (): Promise<Status> => ({
        ...real,
        components: { ...real.components, email_analysis: "unavailable" },
      }),
    });
    try {
      const page = await fetch(`${more.baseUrl}/api/oauth/signup`).then((r) => r.text());
      expect(page).not.toContain("email analyses");
      expect(page).toContain("25 text analyses");
      const dash = await (await signedIn(more)).request("/dashboard");
      expect(dash.html).toContain('id="usage-text"');
      expect(dash.html).not.toContain('id="usage-email"');
    } finally {
      await more.close();
    }
  });
});

describe("on a 390 px phone in Chromium", () => {
  let chromium: Browser;
  beforeAll(async () => {
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
  });

  it("never scrolls sideways, copies the new key with one button and shows whole key prefixes", async () => {
    const context = await chromium.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.baseUrl });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const overflow = () =>
      page.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document;
        return root.documentElement.scrollWidth;
      });

    await page.goto(`${stack.baseUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/api/oauth/signin");
    expect(await overflow()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}phone-signin.png`, fullPage: true });
    await page.getByRole("link", { name: "Create one" }).click();
    expect(await overflow()).toBeLessThanOrEqual(390);
    const email = `phone-${randomUUID()}@example.com`;
    await page.fill("#email", email);
    await page.fill("#password", PASSWORD);
    await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole("button", { name: "Create account" }).click()]);

    for (const [name, mode] of [
      ["Production server with a long name", "live"],
      ["Staging", "test"],
    ] as const) {
      await page.fill("#key-name", name);
      await page.check(`input[name=mode][value=${mode}]`);
      await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole("button", { name: "Create key" }).click()]);
    }
    const key = ((await page.textContent("#new-key")) ?? "").trim();
    expect(key).toMatch(/^sv_test_/);
    expect(await overflow()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}phone-dashboard-new-key.png`, fullPage: true });

    await page.getByRole("button", { name: "Copy key" }).click();
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { getElementById(id: string): { textContent: string } | null } }
        ).document.getElementById("copy-status")?.textContent === "Copied.",
    );
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(key);

    // Every prefix is shown whole: the code element is not clipped and holds the 12 characters and the ellipsis.
    const prefixes = await page.$$eval("td.prefix code", (els) =>
      els.map((el) => {
        const e = el as unknown as {
          textContent: string;
          scrollWidth: number;
          clientWidth: number;
          getBoundingClientRect(): { right: number };
        };
        return {
          text: e.textContent,
          clipped: e.scrollWidth > e.clientWidth + 1,
          right: e.getBoundingClientRect().right,
        };
      }),
    );
    expect(prefixes).toHaveLength(2);
    for (const p of prefixes) {
      expect(p.text).toMatch(/^sv_(live|test)_[A-Za-z0-9_-]{4}…$/);
      expect(p.clipped).toBe(false);
      expect(p.right).toBeLessThanOrEqual(390);
    }

    await page.reload();
    expect(await page.locator("#new-key").count()).toBe(0);
    expect(await page.locator("td.key-name").count()).toBe(2);
    expect(await overflow()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}phone-dashboard.png`, fullPage: true });

    await page.getByRole("link", { name: "Revoke Staging…" }).click();
    expect(await overflow()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}phone-revoke.png`, fullPage: true });
    expect(violations).toEqual([]);
    await context.close();
  });
});

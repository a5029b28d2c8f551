// The dashboard in headless Chromium (Debian's /usr/bin/chromium through playwright-core): a person arrives signed
// out, creates an account, makes a key, copies it, renames and revokes it through the confirmation page, signs out.
import type { Browser, Page } from "playwright-core";
import { ARTIFACTS, launchChromium } from "../support/browser.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDashboardServer, type DashboardTestServer } from "./support.js";

let srv: DashboardTestServer;
let browser: Browser;

beforeAll(async () => {
  srv = await startDashboardServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await srv?.close();
});

interface BrowserDocument {
  querySelectorAll(selector: string): Iterable<unknown>;
  createRange(): { selectNodeContents(node: unknown): void; getClientRects(): Iterable<{ top: number }> };
  documentElement: { scrollWidth: number };
}

async function bearerStatus(key: string): Promise<number> {
  const res = await fetch(`${srv.baseUrl}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
  return res.status;
}

describe("dashboard in Chromium", () => {
  it("signs up from the sign-in redirect, creates, renames and revokes a key, and signs out", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });

    await page.goto(`${srv.baseUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/api/oauth/signin");
    await page.getByRole("link", { name: "Create one" }).click();
    await page.fill("#email", "dashboard.user@example.com");
    await page.fill("#password", "a long enough password");
    // Sign-up signs in: the dashboard comes next, with no second sign-in.
    await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole("button", { name: "Create account" }).click()]);
    expect(await page.textContent("#account-email")).toBe("dashboard.user@example.com");
    expect(await page.textContent("#account-plan")).toBe("Free");

    await page.fill("#key-name", "Production server");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.waitForSelector("#new-key");
    const key = ((await page.textContent("#new-key")) ?? "").trim();
    expect(key).toMatch(/^sv_live_/);
    expect(page.url()).not.toContain(key);
    expect(await bearerStatus(key)).toBe(200);

    // A second, test-mode key, so the table shows both kinds; then the screenshot of the page holding the new key.
    await page.fill("#key-name", "Staging");
    await page.check("input[name=mode][value=test]");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.waitForSelector("#new-key");
    expect(((await page.textContent("#new-key")) ?? "").trim()).toMatch(/^sv_test_/);
    // The page's own stylesheet applied (the nonce matched): the fact list is a grid.
    expect(
      await page.$eval(
        "dl.facts",
        (el) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }).getComputedStyle(el).display,
      ),
    ).toBe("grid");
    await page.screenshot({ path: `${ARTIFACTS}dashboard.png`, fullPage: true });

    // Post/redirect/get: a reload shows the list without the key and creates nothing.
    await page.reload();
    expect(await page.locator("#new-key").count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    expect(await page.locator("td.key-name").count()).toBe(2);

    const row = page.locator("tr", { has: page.locator("td.key-name", { hasText: "Production server" }) });
    await row.locator("summary", { hasText: "Rename" }).click();
    await row.locator("input[name=name]").fill("Main backend");
    await row.getByRole("button", { name: "Save name" }).click();
    await page.waitForSelector("#notice");
    expect(await page.textContent("#notice")).toBe("Key renamed.");

    const renamed = page.locator("tr", { has: page.locator("td.key-name", { hasText: "Main backend" }) });
    await renamed.getByRole("link", { name: "Revoke Main backend…" }).click();
    expect(await page.textContent("h1")).toBe("Revoke “Main backend”?");
    expect(await bearerStatus(key)).toBe(200);
    await Promise.all([
      page.waitForURL(/\/dashboard$/),
      page.getByRole("button", { name: "Revoke this key permanently" }).click(),
    ]);
    expect(await page.textContent("#notice")).toMatch(/^Key revoked/);
    expect(await bearerStatus(key)).toBe(401);
    expect(await renamed.locator(".badge.revoked").textContent()).toBe("Revoked");

    await Promise.all([
      page.waitForURL(/\/api\/oauth\/signin/),
      page.getByRole("button", { name: "Sign out" }).click(),
    ]);
    await page.goto(`${srv.baseUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/api/oauth/signin");
    expect(violations).toEqual([]);
    await context.close();
  });

  it("lays the key table out without squeezing at 1280 px and keeps usage compact at 375 px", async () => {
    /** Lines each matching cell's text runs over, and the page's width against the viewport's. */
    const measure = async (page: Page, selector: string) =>
      page.evaluate((sel) => {
        const doc = (globalThis as unknown as { document: BrowserDocument }).document;
        const lines = [...doc.querySelectorAll(sel)].map((el) => {
          const range = doc.createRange();
          range.selectNodeContents(el);
          // Boxes whose tops lie within 8 px of each other share a line (a <code> box sits a pixel or two off).
          const tops = [...range.getClientRects()].map((r) => r.top).sort((a, b) => a - b);
          return tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > 8).length;
        });
        return { lines, scrollWidth: doc.documentElement.scrollWidth };
      }, selector);
    const signedUpAt = async (width: number) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${srv.baseUrl}/api/oauth/signup?return_to=%2Fdashboard`);
      await page.fill("#email", `layout-${width}@example.com`);
      await page.fill("#password", "a long enough password");
      await Promise.all([
        page.waitForURL(/\/dashboard$/),
        page.getByRole("button", { name: "Create account" }).click(),
      ]);
      for (const [name, mode] of [
        ["Production server", "live"],
        ["Staging environment key", "test"],
      ] as const) {
        await page.fill("#key-name", name);
        await page.check(`input[name=mode][value=${mode}]`);
        await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole("button", { name: "Create key" }).click()]);
      }
      // A fresh load of the page (not reload(): the last navigation may still be settling).
      await page.goto(`${srv.baseUrl}/dashboard`);
      return { context, page };
    };

    const desktop = await signedUpAt(1280);
    // Every name, date and prefix on one line: nothing in the key table wraps at desktop width.
    const cells = await measure(desktop.page, "#keys td.key-name, #keys td.when, #keys td.prefix, #keys th");
    expect(cells.lines.length).toBeGreaterThan(10);
    expect(cells.lines.filter((n) => n > 1)).toEqual([]);
    expect(cells.scrollWidth).toBeLessThanOrEqual(1280);
    await desktop.page.screenshot({ path: `${ARTIFACTS}dashboard-1280.png`, fullPage: true });
    // The rename form opens from its row and is laid over the table, not in it.
    const row = desktop.page.locator("tr", { has: desktop.page.locator("td.key-name", { hasText: "Staging" }) });
    await row.locator("summary", { hasText: "Rename" }).click();
    expect(await row.locator("input[name=name]").isVisible()).toBe(true);
    await desktop.page.screenshot({ path: `${ARTIFACTS}dashboard-1280-rename.png` });
    await desktop.context.close();

    const phone = await signedUpAt(375);
    expect((await measure(phone.page, "#usage td")).scrollWidth).toBeLessThanOrEqual(375);
    // One short row per channel: five channels in well under a phone screen.
    const usageHeight = await phone.page
      .locator("#usage")
      .evaluate((el) => (el as unknown as { offsetHeight: number }).offsetHeight);
    expect(usageHeight).toBeLessThan(320);
    expect(await phone.page.locator("#usage tbody tr").count()).toBeGreaterThanOrEqual(4);
    await phone.page.screenshot({ path: `${ARTIFACTS}dashboard-375.png`, fullPage: true });
    await phone.page.goto(`${srv.baseUrl}/dashboard/plans`);
    expect((await measure(phone.page, "#plans td")).scrollWidth).toBeLessThanOrEqual(375);
    await phone.page.screenshot({ path: `${ARTIFACTS}plans-375.png`, fullPage: true });
    await phone.context.close();
  });

  it("keeps the way back to the dashboard after a failed sign-in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${srv.baseUrl}/api/oauth/signin?return_to=%2Fdashboard`);
    expect(res?.headers()["x-frame-options"]).toBe("DENY");
    await page.fill("#email", "nobody@example.com");
    await page.fill("#password", "wrong password here");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForSelector("[role=alert]");
    // The failed sign-in keeps the way back to the dashboard.
    expect(await page.inputValue("input[name=return_to]")).toBe("/dashboard");
    await context.close();
  });
});

// The dashboard's Lists page over HTTP with a cookie-keeping client: add and remove entries with the page's own
// forms (CSRF token included), see them change the account's lookups through /api/v1, see feedback given through the
// API, and turn on sharing feedback as community reports.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieBrowser, type PageResponse } from "../oauth/support.js";
import { formFields, startDashboardServer, textOf, type DashboardTestServer } from "./support.js";

let srv: DashboardTestServer;

beforeAll(async () => {
  srv = await startDashboardServer();
});

afterAll(async () => {
  await srv?.close();
});

async function signedUp(): Promise<{ browser: CookieBrowser; accountId: string }> {
  const browser = new CookieBrowser(srv.baseUrl);
  const email = `lists-${randomUUID()}@example.com`;
  const form = await browser.request("/api/oauth/signup?return_to=%2Fdashboard");
  const up = await browser.request("/api/oauth/signup", {
    form: { ...formFields(form.html, "/api/oauth/signup"), email, password: "a long enough password" },
  });
  expect(up.status).toBe(303);
  const account = await srv.oauth.accounts.findByEmail(email);
  return { browser, accountId: account!.id };
}

async function submit(browser: CookieBrowser, action: string, fields: Record<string, string>): Promise<PageResponse> {
  const page = await browser.request("/dashboard/lists");
  const post = await browser.request(action, { form: { ...formFields(page.html, action), ...fields } });
  expect(post.status).toBe(303);
  expect(post.location).toBe("/dashboard/lists");
  return browser.request("/dashboard/lists");
}

describe("dashboard Lists page", () => {
  it("is linked from the dashboard and asks a signed-out browser to sign in", async () => {
    const { browser } = await signedUp();
    expect((await browser.request("/dashboard")).html).toContain('href="/dashboard/lists"');
    const res = await new CookieBrowser(srv.baseUrl).request("/dashboard/lists");
    expect(res.status).toBe(302);
  });

  it("adds an entry that changes the account's lookups, then removes it", async () => {
    const { browser, accountId } = await signedUp();
    const key = (await srv.engine.keys.create(accountId, { mode: "live" }))._unsafeUnwrap().key;
    const added = await submit(browser, "/dashboard/lists/add", {
      list: "block",
      kind: "domain",
      value: "Kit.Example.org",
      note: "campaign <b>",
      expires_on: "2099-01-01",
    });
    expect(textOf(added.html, "notice")).toBe("Added domain kit.example.org on the block list.");
    expect(added.html).toContain("<code>kit.example.org</code>");
    expect(added.html).toContain("campaign &lt;b&gt;");

    const lookup = await fetch(`${srv.baseUrl}/api/v1/url/lookup`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://login.kit.example.org/" }),
    });
    const result = (await lookup.json()) as { id: string; factors: { id: string }[] };
    expect(result.factors[0]?.id).toBe("account_blocklist");

    const id = /id="entry-([0-9a-f-]{36})"/.exec(added.html)?.[1] ?? "";
    const removed = await submit(browser, "/dashboard/lists/remove", { list: "block", entry_id: id });
    expect(textOf(removed.html, "error")).toBeUndefined();
    expect(textOf(removed.html, "notice")).toBe("Removed domain kit.example.org from the block list.");
    expect(removed.html).toContain('id="block-empty"');
  });

  it("keeps what was typed and says why when an entry is refused", async () => {
    const { browser } = await signedUp();
    const page = await submit(browser, "/dashboard/lists/add", { list: "allow", kind: "domain", value: "co.uk" });
    expect(textOf(page.html, "error")).toMatch(/^value: "co\.uk" is a public suffix/);
    expect(page.html).toContain('value="co.uk"');
    expect(page.html).toContain('id="allow-empty"');
  });

  it("refuses a form without the CSRF token", async () => {
    const { browser } = await signedUp();
    const res = await browser.request("/dashboard/lists/add", {
      form: { list: "block", kind: "domain", value: "a.example" },
    });
    expect(res.status).toBe(403);
  });

  it("lists feedback given through the API and saves the sharing setting", async () => {
    const { browser, accountId } = await signedUp();
    const key = (await srv.engine.keys.create(accountId, { mode: "live" }))._unsafeUnwrap().key;
    const post = (path: string, body: unknown) =>
      fetch(`${srv.baseUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const result = await post("/api/v1/url/lookup", { url: "https://feedback.example.net/" });
    await post("/api/v1/feedback", { result_id: result["id"], kind: "false_positive", comment: "our partner" });
    const page = await browser.request("/dashboard/lists");
    expect(page.html).toContain('id="feedback-table"');
    expect(page.html).toContain("our partner");
    expect(page.html).not.toMatch(/name="share_as_community_reports" value="yes" checked/);
    const saved = await submit(browser, "/dashboard/lists/settings", { share_as_community_reports: "yes" });
    expect(textOf(saved.html, "notice")).toMatch(/now shared as community reports/);
    expect(saved.html).toMatch(/name="share_as_community_reports" value="yes" checked/);
    expect((await srv.engine.accountFeedback.settings(accountId))._unsafeUnwrap()).toEqual({
      share_as_community_reports: true,
    });
  });
});

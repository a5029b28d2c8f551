// Allow and block lists and feedback over HTTP on the SQL stores (PGlite): the routes with their path values and
// query strings, validation naming fields, scopes, tenant isolation on the shared cache, quota left alone, the
// Idempotency-Key on the POSTs, and the JSON Lines export.
import { describe, expect, it } from "vitest";
import {
  call,
  engineOver,
  seedAccount,
  uniqueUrl,
  unlimited,
  type EngineKit,
  type TestServer,
} from "./support/harness.js";
import { usePglite, useServers } from "./support/file-hooks.js";

const getDb = usePglite();
const serve = useServers();

async function setUp(): Promise<{ kit: EngineKit; s: TestServer }> {
  const kit = engineOver(await getDb(), { rateLimiter: unlimited });
  const s = await serve(kit.engine);
  return { kit, s };
}

const urlUsed = async (s: TestServer, key: string): Promise<number> =>
  ((await call(s.url, "GET", "/api/v1/usage", { key })).body as { quotas: { url: { used: number } } }).quotas.url.used;

describe("/api/v1/lists", () => {
  it("adds, pages, applies and removes entries for the calling account only, charging nothing", async () => {
    const { kit, s } = await setUp();
    const alice = await seedAccount(kit.engine, { plan: "enterprise" });
    const bob = await seedAccount(kit.engine, { plan: "enterprise" });
    const site = new URL(uniqueUrl("lists"));
    const target = `https://login.${site.host}/`;

    const added = await call(s.url, "POST", "/api/v1/lists/block", {
      key: alice.key,
      body: { kind: "domain", value: site.host.toUpperCase(), note: "seen in a campaign" },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      list: "block",
      kind: "domain",
      value: site.host,
      created: true,
      expired: false,
    });
    const again = await call(s.url, "POST", "/api/v1/lists/block", {
      key: alice.key,
      body: { kind: "domain", value: site.host },
    });
    expect(again.body).toMatchObject({ id: added.body.id, created: false, note: null });

    const bobs = await call(s.url, "POST", "/api/v1/url/lookup", { key: bob.key, body: { url: target } });
    const alices = await call(s.url, "POST", "/api/v1/url/lookup", { key: alice.key, body: { url: target } });
    expect(alices.body.cached).toBe(true);
    expect(alices.body.factors[0]).toMatchObject({ id: "account_blocklist" });
    expect(alices.body.verdict).toBe("scam");
    expect(bobs.body.factors.map((f: { id: string }) => f.id)).not.toContain("account_blocklist");
    expect(await urlUsed(s, alice.key)).toBe(0);

    const page = await call(s.url, "GET", "/api/v1/lists/block?kind=domain&limit=1", { key: alice.key });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      list: "block",
      entries: [expect.objectContaining({ id: added.body.id })],
      next_cursor: null,
    });
    expect((await call(s.url, "GET", "/api/v1/lists/block", { key: bob.key })).body.entries).toEqual([]);
    expect((await call(s.url, "GET", "/api/v1/lists/allow", { key: alice.key })).body.entries).toEqual([]);

    const bobRemoves = await call(s.url, "DELETE", `/api/v1/lists/block/${added.body.id}`, { key: bob.key });
    expect(bobRemoves.status).toBe(404);
    expect(bobRemoves.body.error.code).toBe("not_found");
    const removed = await call(s.url, "DELETE", `/api/v1/lists/block/${added.body.id}`, { key: alice.key });
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(added.body.id);
    const after = await call(s.url, "POST", "/api/v1/url/lookup", { key: alice.key, body: { url: target } });
    expect(after.body.factors.map((f: { id: string }) => f.id)).not.toContain("account_blocklist");
  });

  it("answers 400 naming fields, 404 for an unknown list, 401 without a key", async () => {
    const { kit, s } = await setUp();
    const a = await seedAccount(kit.engine, { plan: "enterprise" });
    const bad = await call(s.url, "POST", "/api/v1/lists/allow", {
      key: a.key,
      body: { kind: "domain", value: "com", expires_at: "soon" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
    expect(bad.body.error.details.issues.map((i: { field: string }) => i.field)).toContain("expires_at");
    const suffix = await call(s.url, "POST", "/api/v1/lists/allow", {
      key: a.key,
      body: { kind: "domain", value: "co.uk" },
    });
    expect(suffix.status).toBe(400);
    expect(suffix.body.error.details.issues[0].field).toBe("value");
    const query = await call(s.url, "GET", "/api/v1/lists/allow?limit=0", { key: a.key });
    expect(query.status).toBe(400);
    expect(query.body.error.details.issues[0].field).toBe("limit");
    expect((await call(s.url, "GET", "/api/v1/lists/grey", { key: a.key })).status).toBe(404);
    expect((await call(s.url, "GET", "/api/v1/lists/allow")).status).toBe(401);
  });

  it("replays an add under the same Idempotency-Key and refuses the key on another body", async () => {
    const { kit, s } = await setUp();
    const a = await seedAccount(kit.engine, { plan: "enterprise" });
    const headers = { "idempotency-key": "add-entry-1" };
    const body = { kind: "phone", value: "+1 202 555 0143" };
    const first = await call(s.url, "POST", "/api/v1/lists/block", { key: a.key, body, headers });
    const again = await call(s.url, "POST", "/api/v1/lists/block", { key: a.key, body, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const other = await call(s.url, "POST", "/api/v1/lists/allow", { key: a.key, body, headers });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_key_reused");
  });
});

describe("/api/v1/feedback", () => {
  it("labels a received result, refuses another account's, and exports JSON Lines", async () => {
    const { kit, s } = await setUp();
    const alice = await seedAccount(kit.engine, { plan: "enterprise" });
    const bob = await seedAccount(kit.engine, { plan: "enterprise" });
    const looked = await call(s.url, "POST", "/api/v1/url/lookup", { key: alice.key, body: { url: uniqueUrl("fb") } });
    const resultId = looked.body.id as string;

    const given = await call(s.url, "POST", "/api/v1/feedback", {
      key: alice.key,
      body: { result_id: resultId, kind: "false_negative", comment: "phishing our staff" },
      headers: { "idempotency-key": "fb-1" },
    });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({
      result_id: resultId,
      kind: "false_negative",
      verdict: looked.body.verdict,
      risk_score: looked.body.risk_score,
      community_report: null,
    });
    const replay = await call(s.url, "POST", "/api/v1/feedback", {
      key: alice.key,
      body: { result_id: resultId, kind: "false_negative", comment: "phishing our staff" },
      headers: { "idempotency-key": "fb-1" },
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");

    const stranger = await call(s.url, "POST", "/api/v1/feedback", {
      key: bob.key,
      body: { result_id: resultId, kind: "false_positive" },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe("not_found");
    const invalid = await call(s.url, "POST", "/api/v1/feedback", {
      key: alice.key,
      body: { result_id: "x", kind: "nope" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      "kind",
      "result_id",
    ]);

    const exported = await fetch(`${s.url}/api/v1/feedback/export`, {
      headers: { authorization: `Bearer ${alice.key}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("application/jsonl");
    const lines = (await exported.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        result_id: resultId,
        kind: "false_negative",
        channel: "url",
        rules: expect.any(Array),
      }),
    ]);
    const none = await fetch(`${s.url}/api/v1/feedback/export`, { headers: { authorization: `Bearer ${bob.key}` } });
    expect(await none.text()).toBe("");
    const since = await call(s.url, "GET", "/api/v1/feedback/export?since=yesterday", { key: alice.key });
    expect(since.status).toBe(400);
  });
});

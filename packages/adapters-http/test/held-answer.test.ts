// The cached lookup answered at once, from what the process holds (the engine's `atOnce` verb and the handler's
// held path): the same status, headers and body as the ordinary path, and every guarantee of that path on it. A key
// revoked here is refused at its next request, the rate limit still refuses, a hit charges no quota, and an account's
// own lists stay its own. The ordinary path is served beside it by an engine whose verb is wrapped (a wrapped verb has
// no at-once answer), so both answer from the same engine and stores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HotResultCache } from "@scamverify/persistence";
import { noTelemetry, type Engine, type Principal, type Telemetry } from "@scamverify/core";
import { FixedClock } from "@scamverify/core/testing";
import {
  T0,
  call,
  capturingLogger,
  engineInMemory,
  seedAccount,
  serve,
  uniqueUrl,
  type CapturingLogger,
  type EngineKit,
  type TestServer,
} from "./support/harness.js";

/** How each lookup was reported: through `lookup` (the ordinary path) or `lookupAnswered` (at once). */
const reported = { ordinary: 0, atOnce: 0, rateLimited: 0 };
const telemetry: Telemetry = {
  ...noTelemetry,
  refused: (reason) => {
    if (reason === "rate_limit_exceeded") reported.rateLimited++;
  },
  lookup: (_channel, run) => {
    reported.ordinary++;
    return run();
  },
  lookupAnswered: () => {
    reported.atOnce++;
  },
};

let kit: Omit<EngineKit, "stores">;
let logger: CapturingLogger;
let held: TestServer;
let ordinary: TestServer;

const LOOKUP = "/api/v1/url/lookup";

beforeAll(async () => {
  const clock = new FixedClock(T0);
  kit = engineInMemory({
    clock,
    override: (deps) => ({ cache: new HotResultCache(deps.cache, { clock }), telemetry }),
  });
  logger = await capturingLogger();
  held = await serve(kit.engine, logger);
  const wrapped: Engine = { ...kit.engine, lookupUrl: (p, body) => kit.engine.lookupUrl(p, body) };
  ordinary = await serve(wrapped);
});

afterAll(async () => {
  await held.close();
  await ordinary.close();
});

async function principalOf(key: string): Promise<Principal> {
  return (await kit.engine.authenticate(`Bearer ${key}`))._unsafeUnwrap();
}

/** Runs `ask` and says how its lookup was reported. */
async function reportedBy<T>(ask: () => Promise<T>): Promise<{ answer: T; atOnce: number; ordinary: number }> {
  const before = { ...reported };
  const answer = await ask();
  return { answer, atOnce: reported.atOnce - before.atOnce, ordinary: reported.ordinary - before.ordinary };
}

describe("a cached lookup answered at once", () => {
  it("sends the status, headers and body the ordinary path sends", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const asked = { url: uniqueUrl("same-bytes") };
    const first = await reportedBy(() => call(held.url, "POST", LOOKUP, { key, body: asked }));
    expect(first.answer.body.cached).toBe(false);
    expect(first).toMatchObject({ ordinary: 1, atOnce: 0 });

    logger.lines.length = 0;
    const fast = await reportedBy(() =>
      call(held.url, "POST", `${LOOKUP}?k=v`, { key, body: asked, headers: { "x-request-id": "held-1" } }),
    );
    expect(fast).toMatchObject({ ordinary: 0, atOnce: 1 });
    // Its access line has every field, the path without its query.
    await new Promise((resolve) => setImmediate(resolve));
    const line = logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l["msg"] === "request");
    expect(line).toMatchObject({ level: "info", request_id: "held-1", method: "POST", path: LOOKUP, status: 200 });
    expect(typeof line?.["time"]).toBe("string");
    expect(typeof line?.["duration_ms"]).toBe("number");
    const slow = await reportedBy(() => call(ordinary.url, "POST", LOOKUP, { key, body: asked }));
    expect(slow).toMatchObject({ ordinary: 1, atOnce: 0 });

    const a = fast.answer;
    const b = slow.answer;
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.cached).toBe(true);
    expect(a.body).toEqual(b.body);
    const names = (h: Headers): string[] => [...h.keys()].sort();
    expect(names(a.headers)).toEqual(names(b.headers));
    // Each request's own: its id, the date, and the rate limit it took (one more for the later request).
    const own = new Set(["x-request-id", "date", "ratelimit-remaining"]);
    for (const name of names(a.headers).filter((n) => !own.has(n))) {
      expect(a.headers.get(name), name).toBe(b.headers.get(name));
    }
    expect(Number(b.headers.get("ratelimit-remaining"))).toBe(Number(a.headers.get("ratelimit-remaining")) - 1);
    expect(a.headers.get("x-request-id")).toBe("held-1");
    expect(b.headers.get("x-request-id")).not.toBe("held-1");
    expect(a.headers.get("x-quota-url-used")).toBe("1");
  });

  it("charges no quota, however many hits it answers", async () => {
    const { key, accountId } = await seedAccount(kit.engine, { plan: "starter" });
    const asked = { url: uniqueUrl("no-charge") };
    const computed = await call(held.url, "POST", LOOKUP, { key, body: asked });
    expect(computed.body.cached).toBe(false);
    const hits = await reportedBy(async () => {
      const replies = [];
      for (let i = 0; i < 5; i++) replies.push(await call(held.url, "POST", LOOKUP, { key, body: asked }));
      return replies;
    });
    expect(hits.atOnce).toBe(5);
    for (const r of hits.answer) {
      expect(r.status).toBe(200);
      expect(r.body.cached).toBe(true);
      // The one unit is the computed lookup's.
      expect(r.headers.get("x-quota-url-used")).toBe("1");
    }
    const usage = (await kit.engine.accounts.usage(accountId))._unsafeUnwrap();
    expect(usage.quotas.url?.used).toBe(1);
  });

  it("refuses a key revoked in this process at its very next request", async () => {
    const { key, accountId, keyId } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const asked = { url: uniqueUrl("revoked") };
    await call(held.url, "POST", LOOKUP, { key, body: asked });
    const warm = await reportedBy(() => call(held.url, "POST", LOOKUP, { key, body: asked }));
    expect(warm.atOnce).toBe(1);
    (await kit.engine.keys.revoke(accountId, keyId))._unsafeUnwrap();
    const refused = await call(held.url, "POST", LOOKUP, { key, body: asked });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_api_key");
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(kit.engine.authenticateHeld(`Bearer ${key}`)?.isErr()).toBe(true);
  });

  it("still refuses past the rate limit, with the refusal's headers", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 3 });
    const asked = { url: uniqueUrl("limited") };
    const answers = await reportedBy(async () => {
      const replies = [];
      for (let i = 0; i < 4; i++) replies.push(await call(held.url, "POST", LOOKUP, { key, body: asked }));
      return replies;
    });
    expect(answers.answer.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    const refusal = answers.answer[3]!;
    expect(refusal.body.error.code).toBe("rate_limit_exceeded");
    expect(refusal.headers.get("retry-after")).not.toBeNull();
    expect(refusal.headers.get("ratelimit-limit")).toBe("3");
    expect(refusal.headers.get("ratelimit-remaining")).toBe("0");
    // The first was computed, the next two answered at once.
    expect(answers.atOnce).toBe(2);
    // The engine's at-once verb refuses too, counting the refusal as the ordinary path does.
    const before = reported.rateLimited;
    const again = kit.engine.lookupUrl.atOnce?.(await principalOf(key), asked);
    expect(again?.isErr() && again.error.code).toBe("rate_limit_exceeded");
    expect(reported.rateLimited).toBe(before + 1);
  });

  it("keeps an account's block list to that account", async () => {
    const alice = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const bob = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const asked = { url: uniqueUrl("listed") };
    const host = new URL(asked.url).hostname;
    (await kit.engine.lists.add(await principalOf(bob.key), "block", { kind: "domain", value: host }))._unsafeUnwrap();
    for (const s of [alice, bob]) await call(held.url, "POST", LOOKUP, { key: s.key, body: asked });
    const seen = await reportedBy(async () => ({
      alice: await call(held.url, "POST", LOOKUP, { key: alice.key, body: asked }),
      bob: await call(held.url, "POST", LOOKUP, { key: bob.key, body: asked }),
    }));
    expect(seen.atOnce).toBe(2);
    const rules = (r: { body: { factors: { id: string }[] } }): string[] => r.body.factors.map((f) => f.id);
    expect(rules(seen.answer.bob)).toContain("account_blocklist");
    expect(rules(seen.answer.alice)).not.toContain("account_blocklist");
  });

  it("leaves the request to the ordinary path, counting nothing, when it cannot answer", async () => {
    const { key } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 10_000 });
    const p = await principalOf(key);
    const fresh = { url: uniqueUrl("fresh") };
    // Not cached yet, and a forced refresh: no answer at once, and no rate-limit hit taken for the attempts.
    expect(kit.engine.lookupUrl.atOnce?.(p, fresh)).toBeUndefined();
    expect(kit.engine.lookupUrl.atOnce?.(p, { ...fresh, force_refresh: true })).toBeUndefined();
    expect(kit.engine.lookupUrl.atOnce?.(p, { url: "not a url" })).toBeUndefined();
    const first = await call(held.url, "POST", LOOKUP, { key, body: fresh });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-remaining")).toBe("9999");
    // A body the ordinary path refuses is refused the same way, with the counters of the admitted request.
    const bad = await call(held.url, "POST", LOOKUP, { key, body: { url: "not a url" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
    expect(bad.headers.get("ratelimit-remaining")).toBe("9998");
  });
});

// The engine's lookup mechanics over the in-memory fakes, no I/O: quota races, coalescing of identical lookups,
// the unit given back when a lookup fails after reserving, test keys, auth cache expiry across engines, and
// batches that run out of quota midway.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createEngine,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_RENEW_MS,
  MAGIC_QR_PNG_BASE64,
  TEST_PHONE_LINES,
  VERDICTS,
  type Engine,
  type CachedValue,
  type Evidence,
  type NormalizedUrl,
  type Principal,
  type ResultCache,
  type SignalSource,
  StoreError,
} from "../../src/index.js";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryIdempotencyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryResultCache,
  ManualTimers,
} from "../../src/testing/fakes.js";
import { engineDeps } from "../support/engine-deps.js";

class GatedSource implements SignalSource<NormalizedUrl> {
  readonly name = "gated";
  readonly weight = 0.5;
  readonly timeoutMs = 10_000;
  calls = 0;
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  constructor(private readonly openAfter = 0) {
    if (openAfter === 0) this.open();
  }
  release(): void {
    this.open();
  }
  async check(): Promise<Evidence> {
    this.calls++;
    await this.gate;
    return { source: this.name, status: "ok", signals: {}, factors: [] };
  }
}

const deps = engineDeps;

async function principal(
  engine: Engine,
  plan: "free" | "starter" | "enterprise" = "enterprise",
  mode: "live" | "test" = "live",
): Promise<{ p: Principal; key: string; keyId: string }> {
  const account = (
    await engine.accounts.create({
      email: `${randomUUID()}@example.test`,
      plan,
      ...(plan === "enterprise" ? { rpm: 100_000 } : {}),
    })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode }))._unsafeUnwrap();
  const p = (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
  return { p, key: key.key, keyId: key.id };
}

async function urlUsed(engine: Engine, accountId: string): Promise<number> {
  return (await engine.accounts.usage(accountId))._unsafeUnwrap().quotas.url.used;
}

describe("quota", () => {
  it("100 concurrent lookups at limit - 1 on the free plan: exactly one succeeds", async () => {
    const d = deps({
      rateLimiter: {
        hit: async (_k, limit, w, now) => ({
          allowed: true,
          limit,
          remaining: limit,
          resetAt: new Date(now.getTime() + w),
        }),
      },
    });
    const engine = createEngine(d);
    const { p } = await principal(engine, "free");
    await d.quota.set(
      { accountId: p.accountId, channel: "url", periodStart: new Date("2026-03-01T00:00:00.000Z") },
      49,
    );
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => engine.lookupUrl(p, { url: `https://race-${i}.example.com/` })),
    );
    expect(results.filter((r) => r.isOk())).toHaveLength(1);
    const refused = results.filter((r) => r.isErr()).map((r) => r._unsafeUnwrapErr());
    expect(refused).toHaveLength(99);
    for (const e of refused) {
      expect(e).toMatchObject({
        code: "quota_exhausted",
        details: { channel: "url", used: 50, limit: 50, resets_at: "2026-04-01T00:00:00.000Z" },
        upgradeUrl: "https://example.test/upgrade",
      });
    }
    expect(await urlUsed(engine, p.accountId)).toBe(50);
  });

  it("a lookup whose result cannot be stored gives its unit back", async () => {
    const cache = new InMemoryResultCache();
    const d = deps({
      cache: { get: (k, n) => cache.get(k, n), set: async () => Promise.reject(new Error("write refused")) },
    });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    const r = await engine.lookupUrl(p, { url: "https://store-fails.example.com/" });
    expect(r.isErr()).toBe(true);
    expect(await urlUsed(engine, p.accountId)).toBe(0);
  });

  it("a failing source does not fail the lookup: it reads unavailable and the unit is spent", async () => {
    const failing: SignalSource<NormalizedUrl> = {
      name: "flaky",
      weight: 0.5,
      timeoutMs: 1_000,
      check: async () => Promise.reject(new Error("boom")),
    };
    const engine = createEngine(deps({ urlSources: [failing] }));
    const { p } = await principal(engine);
    const r = (await engine.lookupUrl(p, { url: "https://flaky.example.com/" }))._unsafeUnwrap();
    expect(r.value.sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "flaky", status: "unavailable" })]),
    );
    expect(r.value.sources_checked).not.toContain("flaky");
    expect(await urlUsed(engine, p.accountId)).toBe(1);
  });
});

describe("coalescing and cache", () => {
  it("50 identical concurrent cold lookups run one computation and cost one unit", async () => {
    const source = new GatedSource(1);
    const engine = createEngine(deps({ urlSources: [source] }));
    const { p } = await principal(engine);
    const pending = Array.from({ length: 50 }, () => engine.lookupUrl(p, { url: "https://same.example.com/path" }));
    // In-memory stores settle within microtasks: after one macrotask turn every call is either the one computation
    // (held at the gate) or waiting on it in the engine's in-flight table.
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.calls).toBe(1);
    expect(await urlUsed(engine, p.accountId)).toBe(1);
    source.release();
    const results = (await Promise.all(pending)).map((r) => r._unsafeUnwrap().value);
    expect(source.calls).toBe(1);
    expect(results.filter((r) => !r.cached)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await urlUsed(engine, p.accountId)).toBe(1);
    const next = (await engine.lookupUrl(p, { url: "https://same.example.com/path" }))._unsafeUnwrap();
    expect(next.value.cached).toBe(true);
    expect(next.meta.quota).toEqual({ channel: "url", used: 1, limit: 100_000 });
  });

  it("the cache lasts 24 hours by the clock; force_refresh recomputes and costs a unit", async () => {
    const source = new GatedSource();
    const d = deps({ urlSources: [source] });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    const url = { url: "https://ttl.example.com/" };
    await engine.lookupUrl(p, url);
    d.clock.advance(24 * 3_600_000 - 1);
    expect((await engine.lookupUrl(p, url))._unsafeUnwrap().value.cached).toBe(true);
    d.clock.advance(1);
    expect((await engine.lookupUrl(p, url))._unsafeUnwrap().value.cached).toBe(false);
    expect((await engine.lookupUrl(p, { ...url, force_refresh: true }))._unsafeUnwrap().value.cached).toBe(false);
    expect(source.calls).toBe(3);
    expect(await urlUsed(engine, p.accountId)).toBe(3);
  });

  it("a link that differs only by an address in its fragment is a lookup of its own", async () => {
    const engine = createEngine(deps());
    const { p } = await principal(engine);
    const plain = (await engine.lookupUrl(p, { url: "https://sharefile-docs.top/view" }))._unsafeUnwrap().value;
    const aimed = (
      await engine.lookupUrl(p, { url: "https://sharefile-docs.top/view#pat.lee@example.org" })
    )._unsafeUnwrap().value;
    expect(aimed.cached).toBe(false);
    // Read afresh, the fragment's address fires its own rule.
    expect(aimed.factors.map((f) => f.id)).toContain("recipient_email");
    expect(plain.factors.map((f) => f.id)).not.toContain("recipient_email");
    const again = await engine.lookupUrl(p, { url: "https://sharefile-docs.top/view#sam@example.net" });
    expect(again._unsafeUnwrap().value.cached).toBe(true);
  });

  it("the cache is shared by accounts, but each account's quota is its own", async () => {
    const engine = createEngine(deps());
    const a = await principal(engine);
    const b = await principal(engine);
    expect((await engine.lookupUrl(a.p, { url: "https://shared.example.com/" }))._unsafeUnwrap().value.cached).toBe(
      false,
    );
    expect((await engine.lookupUrl(b.p, { url: "https://shared.example.com/" }))._unsafeUnwrap().value.cached).toBe(
      true,
    );
    expect(await urlUsed(engine, a.p.accountId)).toBe(1);
    expect(await urlUsed(engine, b.p.accountId)).toBe(0);
  });
});

describe("test keys", () => {
  it("magic URLs and phone lines give each verdict and consume nothing", async () => {
    const engine = createEngine(deps());
    const { p } = await principal(engine, "free", "test");
    expect(p.mode).toBe("test");
    for (const verdict of VERDICTS) {
      const r = (
        await engine.lookupUrl(p, { url: `https://sv-test-${verdict.replace(/_/g, "-")}.example.com/` })
      )._unsafeUnwrap();
      expect(r.value.verdict).toBe(verdict);
      expect(r.value.test_mode).toBe(true);
    }
    for (const [phone, verdict] of Object.entries(TEST_PHONE_LINES)) {
      const r = (await engine.lookupPhone(p, { phone_number: phone }))._unsafeUnwrap();
      expect(r.value.verdict).toBe(verdict);
      expect(r.value.test_mode).toBe(true);
    }
    const usage = (await engine.accounts.usage(p.accountId))._unsafeUnwrap();
    expect(usage.quotas.url.used + usage.quotas.phone.used).toBe(0);
  });
});

describe("authentication cache", () => {
  it("another engine over the same stores refuses a revoked key once its auth cache expires", async () => {
    const shared = deps();
    const one = createEngine(shared);
    const otherClock = new FixedClock("2026-03-10T12:00:00.000Z");
    const two = createEngine({ ...shared, clock: otherClock });
    const { p, key, keyId } = await principal(one);
    expect((await two.authenticate(`Bearer ${key}`)).isOk()).toBe(true);
    expect((await one.keys.revoke(p.accountId, keyId)).isOk()).toBe(true);
    expect((await one.authenticate(`Bearer ${key}`))._unsafeUnwrapErr().code).toBe("invalid_api_key");
    otherClock.advance(two.config.authCacheMs);
    expect((await two.authenticate(`Bearer ${key}`))._unsafeUnwrapErr().code).toBe("invalid_api_key");
  });
});

describe("a key's use", () => {
  it("is recorded once per read of the key, not once per request", async () => {
    const keys = new InMemoryApiKeyStore();
    const touches: string[] = [];
    const d = deps({
      apiKeys: Object.assign(Object.create(keys) as InMemoryApiKeyStore, {
        touch: (id: string, at: Date) => {
          touches.push(id);
          return keys.touch(id, at);
        },
      }),
    });
    const engine = createEngine(d);
    const { key, keyId } = await principal(engine);
    touches.length = 0;
    for (let i = 0; i < 5; i++) expect((await engine.authenticate(`Bearer ${key}`)).isOk()).toBe(true);
    expect(engine.authenticateHeld(`Bearer ${key}`)?.isOk()).toBe(true);
    expect(touches).toEqual([]);
    d.clock.advance(engine.config.authCacheMs);
    expect((await engine.authenticate(`Bearer ${key}`)).isOk()).toBe(true);
    expect((await engine.authenticate(`Bearer ${key}`)).isOk()).toBe(true);
    expect(touches).toEqual([keyId]);
    expect(
      (await keys.findById((await engine.authenticate(`Bearer ${key}`))._unsafeUnwrap().accountId, keyId))?.lastUsedAt,
    ).toEqual(d.clock.now());
  });
});

describe("batches", () => {
  it("when quota runs out midway, the rest of the items are error objects and only successes are charged", async () => {
    const d = deps();
    const engine = createEngine(d);
    const { p } = await principal(engine, "free");
    await d.quota.set(
      { accountId: p.accountId, channel: "url", periodStart: new Date("2026-03-01T00:00:00.000Z") },
      45,
    );
    const urls = Array.from({ length: 12 }, (_, i) => `https://batch-${i}.example.com/`);
    const r = (await engine.batchUrl(p, { urls }))._unsafeUnwrap().value;
    expect(r.summary).toMatchObject({ total: 12, succeeded: 5, failed: 7 });
    expect(r.quota_used).toEqual({ url: 5 });
    const errors = r.results.filter((x): x is Extract<typeof x, { error: unknown }> => "error" in x);
    for (const e of errors) expect(e.error.code).toBe("quota_exhausted");
    expect(await urlUsed(engine, p.accountId)).toBe(50);
  });

  it("a batch over 100 items is refused as invalid before any work", async () => {
    const engine = createEngine(deps());
    const { p } = await principal(engine);
    const r = await engine.batchUrl(p, { urls: Array.from({ length: 101 }, (_, i) => `https://x${i}.example.com/`) });
    expect(r._unsafeUnwrapErr().code).toBe("validation_error");
    expect(await urlUsed(engine, p.accountId)).toBe(0);
  });
});

describe("a store outage", () => {
  it("answers service_unavailable on every lookup path, never an unhandled failure", async () => {
    const accounts = new InMemoryAccountStore();
    const d = deps({ accounts });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    accounts.findById = async () => {
      throw new StoreError("unavailable", "database unavailable", true);
    };
    d.clock.advance(10_000); // past the engine's account cache
    for (const out of [
      await engine.lookupUrl(p, { url: "https://example.com/" }),
      await engine.lookupPhone(p, { phone_number: "+14155552671" }),
      await engine.batchUrl(p, { urls: ["https://example.com/"] }),
      await engine.usage(p),
    ]) {
      expect(out.isErr() && out.error.code).toBe("service_unavailable");
    }
  });
});

describe("quota holds", () => {
  const HOLD_MS = 10 * 60 * 1000;

  it("a lookup that never settles keeps its unit until its hold expires; the sweep then gives it back", async () => {
    const source = new GatedSource(1);
    const d = deps({ urlSources: [source] });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    // The lookup's process is gone as far as the ledger can tell: it never commits or gives back.
    const cut = engine.lookupUrl(p, { url: "https://cut-off.example.com/" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await urlUsed(engine, p.accountId)).toBe(1);
    d.clock.advance(HOLD_MS - 1);
    expect(await engine.settleQuotaHolds()).toBe(0);
    expect(await urlUsed(engine, p.accountId)).toBe(1);
    d.clock.advance(1);
    expect(await engine.settleQuotaHolds()).toBe(1);
    expect(await urlUsed(engine, p.accountId)).toBe(0);
    // Answering after its hold was swept, the lookup is not charged a second time: the unit stays given back.
    source.release();
    expect((await cut).isOk()).toBe(true);
    expect(await urlUsed(engine, p.accountId)).toBe(0);
  });

  it("a lookup that finished commits its hold: a later sweep gives nothing back", async () => {
    const d = deps();
    const engine = createEngine(d);
    const { p } = await principal(engine);
    expect((await engine.lookupUrl(p, { url: "https://finished.example.com/" })).isOk()).toBe(true);
    d.clock.advance(HOLD_MS + 1);
    expect(await engine.settleQuotaHolds()).toBe(0);
    expect(await urlUsed(engine, p.accountId)).toBe(1);
  });

  it("a failed lookup gives back its held unit once: the sweep finds nothing left", async () => {
    const cache = new InMemoryResultCache();
    const d = deps({
      cache: {
        get: (k, n) => cache.get(k, n),
        set: async () => {
          throw new Error("the result could not be stored");
        },
      },
    });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    expect((await engine.lookupUrl(p, { url: "https://fails.example.com/" })).isErr()).toBe(true);
    expect(await urlUsed(engine, p.accountId)).toBe(0);
    d.clock.advance(HOLD_MS + 1);
    expect(await engine.settleQuotaHolds()).toBe(0);
    expect(await urlUsed(engine, p.accountId)).toBe(0);
  });
});

describe("refunds, timers and test-mode limits", () => {
  it("a unit the database could not give back at once is given back when it answers again", async () => {
    const ledger = new InMemoryQuotaLedger();
    let down = false;
    const timers = new ManualTimers();
    const cache = new InMemoryResultCache();
    const refused = (): never => {
      throw new StoreError("unavailable", "connection refused", true);
    };
    const d = deps({
      timers,
      quota: {
        reserve: (k, c, h) => ledger.reserve(k, c, h),
        commit: (id) => ledger.commit(id),
        release: async (k, id) => (down ? refused() : ledger.release(k, id)),
        releaseExpired: (now) => ledger.releaseExpired(now),
        read: (a, s) => ledger.read(a, s),
        set: (k, u) => ledger.set(k, u),
      },
      // The database fails between the reservation and storing the result.
      cache: { get: (k, n) => cache.get(k, n), set: async (k, v) => (down ? refused() : cache.set(k, v)) },
    });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    down = true;
    const r = await engine.lookupUrl(p, { url: "https://db-dies-midway.example.com/" });
    expect(r._unsafeUnwrapErr().code).toBe("service_unavailable");
    expect(await urlUsed(engine, p.accountId)).toBe(1);
    down = false;
    timers.advance(2_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await urlUsed(engine, p.accountId)).toBe(0);
  });

  it("a QR answer that fails after its links were charged gives their units back", async () => {
    const cache = new InMemoryResultCache();
    const links = ["https://first-link.example.com/", "https://second-link.example.com/"];
    const d = deps({
      qrDecoder: {
        decode: async () => ({
          ok: true,
          value: links.map((text) => ({ text, format: "qr_code" as const, position: null })),
        }),
      },
      // Each link is analysed and stored; storing the image's own answer then fails (the database going away).
      cache: {
        get: (k, n) => cache.get(k, n),
        set: async (k, v) =>
          k.startsWith("qr:")
            ? Promise.reject(new StoreError("unavailable", "connection refused", true))
            : cache.set(k, v),
      },
    });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    const file = { bytes: new Uint8Array(Buffer.from(MAGIC_QR_PNG_BASE64.safe, "base64")), filename: "two-links.png" };
    const r = await engine.analyzeQr(p, { file });
    expect(r._unsafeUnwrapErr().code).toBe("service_unavailable");
    expect(await urlUsed(engine, p.accountId)).toBe(0);
    // The links' analyses stay cached: the same image again costs nothing for them.
    const again = await engine.lookupUrl(p, { url: links[0]! });
    expect(again._unsafeUnwrap().value.cached).toBe(true);
    expect(await urlUsed(engine, p.accountId)).toBe(0);
  });

  it("a source's time budget runs on the injected timers: a hung source reads timed out without real waiting", async () => {
    const timers = new ManualTimers();
    const hung: SignalSource<NormalizedUrl> = {
      name: "hung",
      weight: 0.5,
      timeoutMs: 60_000,
      check: () => new Promise<Evidence>(() => undefined),
    };
    const engine = createEngine(deps({ timers, urlSources: [hung] }));
    const { p } = await principal(engine);
    const pending = engine.lookupUrl(p, { url: "https://slow-vendor.example.com/" });
    while (timers.size === 0) await new Promise((resolve) => setImmediate(resolve));
    timers.advance(60_000);
    const result = (await pending)._unsafeUnwrap().value;
    expect(result.sources).toContainEqual({ name: "hung", status: "unavailable", reason: "timed out" });
  });

  it("test keys have their own documented rate limit, apart from the live plan's", async () => {
    const engine = createEngine(deps({ rateLimiter: new InMemoryRateLimiter() }));
    const { p: live } = await principal(engine, "free", "live");
    const test = (
      await engine.authenticate(
        `Bearer ${(await engine.keys.create(live.accountId, { mode: "test" }))._unsafeUnwrap().key}`,
      )
    )._unsafeUnwrap();
    for (let i = 0; i < 50; i++) expect((await engine.usage(test)).isOk()).toBe(true);
    for (let i = 0; i < 10; i++) expect((await engine.usage(live)).isOk()).toBe(true);
    expect((await engine.usage(live))._unsafeUnwrapErr().code).toBe("rate_limit_exceeded");
  });
});

describe("Idempotency-Key claims", () => {
  const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

  it("a running request keeps its key by renewing it; a claim no process renews is taken over after the lease", async () => {
    const timers = new ManualTimers();
    // One store behind two engines: two processes on one database.
    const quota = new InMemoryQuotaLedger();
    const d = deps({ timers, quota, idempotency: new InMemoryIdempotencyStore(quota) });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    const started = (await engine.idempotent(p, "order-1", "hash-a"))._unsafeUnwrap();
    expect(started.kind).toBe("run");

    // The process running it is alive: well past the first lease, the key is still in use.
    for (let t = 0; t < 60_000; t += IDEMPOTENCY_RENEW_MS) {
      d.clock.advance(IDEMPOTENCY_RENEW_MS);
      timers.advance(IDEMPOTENCY_RENEW_MS);
      await settle();
    }
    expect((await engine.idempotent(p, "order-1", "hash-a"))._unsafeUnwrapErr().code).toBe("idempotency_key_in_use");
    if (started.kind === "run") await started.finish({ status: 200, headers: {}, body: "{}" });
    expect(timers.size).toBe(0);
    expect((await engine.idempotent(p, "order-1", "hash-a"))._unsafeUnwrap().kind).toBe("replay");

    // A claim whose process died (no heartbeat): in use within the lease, free for the retry at its end.
    const engineOfDeadProcess = createEngine({ ...d, timers: new ManualTimers() });
    expect((await engineOfDeadProcess.idempotent(p, "order-2", "hash-b"))._unsafeUnwrap().kind).toBe("run");
    d.clock.advance(IDEMPOTENCY_LEASE_MS - 1);
    expect((await engine.idempotent(p, "order-2", "hash-b"))._unsafeUnwrapErr().code).toBe("idempotency_key_in_use");
    d.clock.advance(1);
    expect((await engine.idempotent(p, "order-2", "hash-b"))._unsafeUnwrap().kind).toBe("run");
  });
});

describe("a lookup cut off after its unit was committed and before its answer was kept for its key", () => {
  // Two processes on one database: one store of claims, one ledger, one clock. The first runs the lookup under the
  // key, commits its unit and dies before its answer is stored (finish is never called, its heartbeat never beats).
  // The client sends the lookup again with the key; the second process takes the claim over once the lease ends.
  async function cutOff(sharedCache: boolean): Promise<{ used: number; cached: boolean; replay: string }> {
    const quota = new InMemoryQuotaLedger();
    const d = deps({ timers: new ManualTimers(), quota, idempotency: new InMemoryIdempotencyStore(quota) });
    const killed = createEngine(d);
    const { p } = await principal(killed);
    const request = { url: "https://cut-off.example-shop.com/login" };
    const first = (await killed.idempotent(p, "order-9", "hash-9"))._unsafeUnwrap();
    if (first.kind !== "run") throw new Error("the first request must run");
    expect((await killed.lookupUrl(first.principal, request))._unsafeUnwrap().value.cached).toBe(false);
    expect(await urlUsed(killed, p.accountId)).toBe(1);

    const survivor = createEngine({
      ...d,
      timers: new ManualTimers(),
      ...(sharedCache ? {} : { cache: new InMemoryResultCache() }),
    });
    d.clock.advance(IDEMPOTENCY_LEASE_MS);
    const retry = (await survivor.idempotent(p, "order-9", "hash-9"))._unsafeUnwrap();
    if (retry.kind !== "run") throw new Error("the retry must take the claim over");
    const answer = (await survivor.lookupUrl(retry.principal, request))._unsafeUnwrap().value;
    await retry.finish({ status: 200, headers: {}, body: JSON.stringify({ cached: answer.cached }) });
    const again = (await survivor.idempotent(p, "order-9", "hash-9"))._unsafeUnwrap();
    return {
      used: await urlUsed(survivor, p.accountId),
      cached: answer.cached,
      replay: again.kind === "replay" ? again.response.body : "",
    };
  }

  it("is charged once, by the retry that answers, when the retry computes the answer afresh", async () => {
    expect(await cutOff(false)).toEqual({ used: 1, cached: false, replay: '{"cached":false}' });
  });

  it("is charged nothing when the retry answers from the cache the first run filled", async () => {
    expect(await cutOff(true)).toEqual({ used: 0, cached: true, replay: '{"cached":true}' });
  });
});

describe("a billing period ending while the account is held in memory", () => {
  it("is rolled forward (and written) by the next lookup, as when the account is read afresh", async () => {
    const accounts = new InMemoryAccountStore();
    const d = deps({ accounts });
    const engine = createEngine(d);
    const { p } = await principal(engine, "starter");
    const end = new Date(d.clock.now().getTime() + 11_000);
    await accounts.update(p.accountId, { periodEnd: end });
    d.clock.advance(10_000); // past the engine's account cache: the next lookup reads the account afresh
    expect((await engine.lookupUrl(p, { url: "https://example.com/" })).isOk()).toBe(true);
    d.clock.advance(2_000); // within the engine's account cache, past the period's end
    expect((await engine.lookupUrl(p, { url: "https://example.com/" })).isOk()).toBe(true);
    const stored = await accounts.findById(p.accountId);
    expect(stored!.periodStart.getTime()).toBeGreaterThanOrEqual(end.getTime());
    expect(stored!.periodEnd.getTime()).toBeGreaterThan(end.getTime());
  });
});

/** A cache whose in-process layer tells what it holds (as the HotResultCache adapter does): lookups may be answered at once. */
class HoldingCache implements ResultCache {
  private readonly kept = new Map<string, CachedValue>();
  async get(key: string, now: Date): Promise<CachedValue | null> {
    return this.held(key, now) ?? null;
  }
  async set(key: string, entry: CachedValue): Promise<void> {
    this.kept.set(key, entry);
  }
  held(key: string, now: Date): CachedValue | undefined {
    const entry = this.kept.get(key);
    return entry !== undefined && entry.expiresAt > now ? entry : undefined;
  }
}

describe("a lookup answered at once (the verb's atOnce)", () => {
  const asked = { url: "https://held.example.com/" };

  it("answers a held hit as the verb does, one rate-limit hit later, and leaves the rest to the verb uncounted", async () => {
    const d = deps({ cache: new HoldingCache(), rateLimiter: new InMemoryRateLimiter() });
    const engine = createEngine(d);
    const { p } = await principal(engine);
    expect(engine.lookupUrl.atOnce?.(p, asked)).toBeUndefined();
    expect((await engine.lookupUrl(p, asked))._unsafeUnwrap().value.cached).toBe(false);
    const hit = (await engine.lookupUrl(p, asked))._unsafeUnwrap();
    const now = engine.lookupUrl.atOnce?.(p, asked)?._unsafeUnwrap();
    expect(now?.value).toBe(hit.value);
    expect(now?.meta.quota).toEqual(hit.meta.quota);
    expect(now?.meta.quota?.used).toBe(1);
    expect(now?.meta.rateLimit?.remaining).toBe(hit.meta.rateLimit!.remaining - 1);
    expect(await urlUsed(engine, p.accountId)).toBe(1);
    // Past the quota counter's memo: not held, so the verb reads it; the attempt took no rate-limit hit.
    d.clock.advance(1_001);
    expect(engine.lookupUrl.atOnce?.(p, asked)).toBeUndefined();
    const next = (await engine.lookupUrl(p, asked))._unsafeUnwrap();
    expect(next.meta.rateLimit?.remaining).toBe(hit.meta.rateLimit!.remaining - 2);
  });

  it("leaves test keys, limiters that count elsewhere and an ended billing period to the verb", async () => {
    const test = createEngine(deps({ cache: new HoldingCache() }));
    const { p: testKey } = await principal(test, "enterprise", "test");
    await test.lookupUrl(testKey, asked);
    await test.lookupUrl(testKey, asked);
    expect(test.lookupUrl.atOnce?.(testKey, asked)).toBeUndefined();

    const memory = new InMemoryRateLimiter();
    const shared = createEngine(deps({ cache: new HoldingCache(), rateLimiter: { hit: (...a) => memory.hit(...a) } }));
    const { p } = await principal(shared);
    await shared.lookupUrl(p, asked);
    await shared.lookupUrl(p, asked);
    expect(shared.lookupUrl.atOnce?.(p, asked)).toBeUndefined();

    const accounts = new InMemoryAccountStore();
    const d = deps({ accounts, cache: new HoldingCache(), rateLimiter: new InMemoryRateLimiter() });
    const engine = createEngine(d);
    const { p: starter } = await principal(engine, "starter");
    const end = new Date(d.clock.now().getTime() + 11_000);
    await accounts.update(starter.accountId, { periodEnd: end });
    d.clock.advance(10_000);
    await engine.lookupUrl(starter, asked);
    await engine.lookupUrl(starter, asked);
    expect(engine.lookupUrl.atOnce?.(starter, asked)?.isOk()).toBe(true);
    d.clock.advance(2_000); // within the account cache, past the period's end
    expect(engine.lookupUrl.atOnce?.(starter, asked)).toBeUndefined();
    expect((await engine.lookupUrl(starter, asked)).isOk()).toBe(true);
    expect((await accounts.findById(starter.accountId))!.periodStart.getTime()).toBeGreaterThanOrEqual(end.getTime());
  });

  it("answers a key at once only while this engine holds it, and refuses a key revoked here at once", async () => {
    const engine = createEngine(deps({ cache: new HoldingCache() }));
    const { p, key, keyId } = await principal(engine);
    expect(engine.authenticateHeld(`Bearer ${key}`)?._unsafeUnwrap()).toEqual(p);
    expect(engine.authenticateHeld(undefined)?._unsafeUnwrapErr().code).toBe("missing_api_key");
    expect(engine.authenticateHeld("Bearer svat_not-held")).toBeUndefined();
    const other = `sv_live_${"x".repeat(43)}`;
    expect(engine.authenticateHeld(`Bearer ${other}`)).toBeUndefined();
    (await engine.keys.revoke(p.accountId, keyId))._unsafeUnwrap();
    expect(engine.authenticateHeld(`Bearer ${key}`)).toBeUndefined();
    expect((await engine.authenticate(`Bearer ${key}`))._unsafeUnwrapErr().code).toBe("invalid_api_key");
    expect(engine.authenticateHeld(`Bearer ${key}`)?._unsafeUnwrapErr().code).toBe("invalid_api_key");
  });
});

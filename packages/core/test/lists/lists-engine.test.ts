// Allow and block lists and feedback through the engine over the in-memory fakes: the list factor on shared cached
// results per account, matching by kind, expiry, scopes, limits, and feedback tied to the results an account received.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ALLOW_CAP,
  ALLOW_CAP_FEED_LISTED,
  ALLOWLIST_FACTOR,
  BLOCKLIST_FACTOR,
  ListIndex,
  applyLists,
  createEngine,
  isThreatFeedFactor,
  threatFeedSources,
  type Engine,
  type Evidence,
  type NormalizedUrl,
  type Principal,
  type Scope,
  type SignalSource,
} from "../../src/index.js";
import { InMemoryListStore } from "../../src/testing/fakes.js";
import { engineDeps } from "../support/engine-deps.js";

type Lookup = {
  id: string;
  verdict: string;
  risk_score: number;
  factors: { id: string; label: string; points: number }[];
  explanation: string;
  cached: boolean;
};

async function principal(
  engine: Engine,
  scopes?: readonly Scope[],
  mode: "live" | "test" = "live",
): Promise<Principal> {
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode }))._unsafeUnwrap();
  const p = (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
  return scopes === undefined ? p : { ...p, scopes };
}

/** A source that lists one host, as the threat feeds' sources do; a feed only when it says so. */
const lister = (
  host: string,
  name: string,
  factorId: string,
  kind?: SignalSource<NormalizedUrl>["kind"],
): SignalSource<NormalizedUrl> => ({
  name,
  ...(kind === undefined ? {} : { kind }),
  weight: 1,
  timeoutMs: 1000,
  async check(url: NormalizedUrl): Promise<Evidence> {
    const listed = url.host === host;
    return {
      source: name,
      status: "ok",
      signals: {},
      factors: listed ? [{ id: factorId, source: name, label: `Listed by ${name}`, points: 90 }] : [],
      ...(listed ? { floor: 90 } : {}),
    };
  },
});

const feed = (host: string) => lister(host, "phishing_feed", "phishing_feed_listed", "threat_feed");

function setup(extra: Parameters<typeof engineDeps>[0] = {}) {
  const deps = engineDeps({ urlSources: [feed("listed.example.com")], ...extra });
  return { engine: createEngine(deps), deps };
}

const url = async (engine: Engine, p: Principal, u: string): Promise<Lookup> =>
  (await engine.lookupUrl(p, { url: u }))._unsafeUnwrap().value as unknown as Lookup;

describe("allow and block lists on lookups", () => {
  it("blocks a domain and its subdomains for its account only, on the same cached result", async () => {
    const { engine } = setup();
    const alice = await principal(engine);
    const bob = await principal(engine);
    const added = (
      await engine.lists.add(alice, "block", { kind: "domain", value: "Shop.Example.ORG.", note: "kit" })
    )._unsafeUnwrap().value;
    expect(added).toMatchObject({
      list: "block",
      kind: "domain",
      value: "shop.example.org",
      note: "kit",
      created: true,
    });

    const seenByBob = await url(engine, bob, "https://pay.shop.example.org/login");
    const seenByAlice = await url(engine, alice, "https://pay.shop.example.org/login");
    expect(seenByAlice.cached).toBe(true);
    expect(seenByAlice.id).toBe(seenByBob.id);
    expect(seenByBob.factors.map((f) => f.id)).not.toContain(BLOCKLIST_FACTOR);
    expect(seenByAlice.factors[0]).toMatchObject({ id: BLOCKLIST_FACTOR, source: "account_lists" });
    expect(seenByAlice.factors[0]!.label).toContain(added.id);
    expect(seenByAlice.risk_score).toBeGreaterThanOrEqual(85);
    expect(seenByAlice.verdict).toBe("scam");
    expect(seenByAlice.explanation).toMatch(/block list names domain shop\.example\.org/);
    // Bob's next (cached) answer is still untouched by Alice's entry, and a look-alike host is not covered.
    expect((await url(engine, bob, "https://pay.shop.example.org/login")).verdict).toBe(seenByBob.verdict);
    expect((await url(engine, alice, "https://badshop.example.org/")).factors.map((f) => f.id)).not.toContain(
      BLOCKLIST_FACTOR,
    );
  });

  it("caps an allowed URL at safe, and at low_risk with a visible note when a threat feed lists it", async () => {
    const { engine } = setup();
    const p = await principal(engine);
    const before = await url(engine, p, "https://listed.example.com/");
    expect(before.verdict).toBe("scam");
    await engine.lists.add(p, "allow", { kind: "domain", value: "listed.example.com" });
    const listed = await url(engine, p, "https://listed.example.com/");
    expect(listed.verdict).toBe("low_risk");
    expect(listed.risk_score).toBe(39);
    expect(listed.factors[0]).toMatchObject({ id: ALLOWLIST_FACTOR, points: 39 - before.risk_score });
    expect(listed.factors[0]!.label).toMatch(/threat feed lists it all the same \(phishing_feed\)/);
    expect(listed.factors.map((f) => f.id)).toContain("phishing_feed_listed");
    expect(listed.explanation).toMatch(/although a threat feed lists it/);

    await engine.lists.add(p, "allow", { kind: "url", value: "http://paypa1-secure-login.example.net/verify" });
    const risky = await url(engine, await principal(engine), "http://paypa1-secure-login.example.net/verify");
    const allowed = await url(engine, p, "http://paypa1-secure-login.example.net/verify");
    expect(risky.risk_score).toBeGreaterThan(15);
    expect(allowed.risk_score).toBe(15);
    expect(allowed.verdict).toBe("safe");
  });

  it("treats a source as a threat feed by its declared kind, whatever its name and its findings' ids", async () => {
    const { engine } = setup({
      urlSources: [
        lister("harbour.example.com", "harbour_watch", "harbour_hit", "threat_feed"),
        lister("named.example.com", "vendor1", "vendor1_listed", "analysis"),
        lister("plain.example.com", "lookalike_listed", "lookalike_listed"),
      ],
    });
    const p = await principal(engine);
    for (const host of ["harbour.example.com", "named.example.com", "plain.example.com"])
      await engine.lists.add(p, "allow", { kind: "domain", value: host });

    const fed = await url(engine, p, "https://harbour.example.com/");
    expect(fed.factors[0]!.id).toBe(ALLOWLIST_FACTOR);
    expect(fed.factors.map((f) => f.id)).toContain("harbour_hit");
    expect(fed.risk_score).toBe(ALLOW_CAP_FEED_LISTED);
    expect(fed.factors[0]!.label).toMatch(/threat feed lists it all the same \(harbour_watch\)/);
    expect(fed.explanation).toMatch(/although a threat feed lists it: Listed by harbour_watch/);

    for (const host of ["named.example.com", "plain.example.com"]) {
      const seen = await url(engine, p, `https://${host}/`);
      expect(seen.factors[0]!.id).toBe(ALLOWLIST_FACTOR);
      expect(seen.risk_score).toBe(ALLOW_CAP);
      expect(seen.factors[0]!.label).not.toMatch(/threat feed/);
    }
  });

  it("reads the threat feeds from the sources' declared kind", () => {
    const feeds = threatFeedSources([
      { name: "harbour_watch", kind: "threat_feed" },
      { name: "vendor1", kind: "analysis" },
      { name: "network" },
    ]);
    expect([...feeds]).toEqual(["harbour_watch"]);
    expect(isThreatFeedFactor({ id: "x", source: "harbour_watch", label: "x", points: 1 }, feeds)).toBe(true);
    expect(isThreatFeedFactor({ id: "vendor2_listed", source: "vendor2", label: "x", points: 1 }, feeds)).toBe(false);
  });

  it("lets block win over allow, and ignores an entry once it expires", async () => {
    const { engine, deps } = setup();
    const p = await principal(engine);
    await engine.lists.add(p, "allow", { kind: "domain", value: "example.net" });
    const expires = new Date(deps.clock.now().getTime() + 60_000).toISOString();
    await engine.lists.add(p, "block", { kind: "url", value: "https://a.example.net/x", expires_at: expires });
    expect((await url(engine, p, "https://a.example.net/x")).factors[0]!.id).toBe(BLOCKLIST_FACTOR);
    deps.clock.advance(60_000);
    expect((await url(engine, p, "https://a.example.net/x")).factors[0]!.id).toBe(ALLOWLIST_FACTOR);
  });

  it("matches phone entries in E.164 and blocks numbers and senders a message holds", async () => {
    const { engine } = setup();
    const p = await principal(engine);
    await engine.lists.add(p, "block", { kind: "phone", value: "(202) 555-0143" });
    const phone = (await engine.lookupPhone(p, { phone_number: "+1 202-555-0143" }))._unsafeUnwrap()
      .value as unknown as Lookup;
    expect(phone.factors[0]!.id).toBe(BLOCKLIST_FACTOR);
    const text = (
      await engine.analyzeText(p, { text: "Your parcel is waiting, call 202 555 0143 today" })
    )._unsafeUnwrap().value as unknown as Lookup;
    expect(text.factors[0]!.id).toBe(BLOCKLIST_FACTOR);
    await engine.lists.add(p, "block", { kind: "sender", value: "Billing@Invoices.EXAMPLE.com" });
    const mail = (
      await engine.analyzeText(p, { text: "Your invoice is ready", sender_number: "Billing@invoices.example.com" })
    )._unsafeUnwrap().value as unknown as Lookup;
    expect(mail.factors[0]!.id).toBe(BLOCKLIST_FACTOR);
  });

  it("reads an email's From address, with the domain compared without case", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const entry = (kind: "sender" | "domain", value: string, list: "allow" | "block") => ({
      id: randomUUID(),
      accountId: "a",
      list,
      kind,
      value,
      note: null,
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
    const mail = {
      risk_score: 50,
      verdict: "medium_risk",
      explanation: "Mixed signs.",
      factors: [{ id: "urgent_language", source: "message", label: "Urgent", points: 20 }],
      signals: { header_analysis: { from: { address: "Billing@Invoices.Example.COM" } }, extracted_urls: [] },
    };
    const allowed = applyLists(
      mail,
      new ListIndex([entry("sender", "Billing@invoices.example.com", "allow")]),
      now,
      new Set(),
    );
    expect(allowed).toMatchObject({
      risk_score: 15,
      verdict: "safe",
      factors: [{ id: ALLOWLIST_FACTOR, points: -35 }, {}],
    });
    const otherLocal = applyLists(
      mail,
      new ListIndex([entry("sender", "billing@invoices.example.com", "allow")]),
      now,
      new Set(),
    );
    expect(otherLocal).toBe(mail);
    const byDomain = applyLists(mail, new ListIndex([entry("domain", "example.com", "block")]), now, new Set());
    expect(byDomain).toMatchObject({ risk_score: 85, verdict: "scam" });
    expect(mail.risk_score).toBe(50);
  });

  it("applies to test keys' results too, and reads the lists once per holding time", async () => {
    const store = new InMemoryListStore();
    let reads = 0;
    const counting = Object.assign(Object.create(store) as InMemoryListStore, {
      active: (id: string, now: Date) => {
        reads++;
        return store.active(id, now);
      },
    });
    const { engine } = setup({ lists: counting });
    const p = await principal(engine, undefined, "test");
    await engine.lists.add(p, "block", { kind: "domain", value: "sv-test-safe.example.com" });
    const r = await url(engine, p, "https://sv-test-safe.example.com/");
    expect(r.verdict).toBe("scam");
    for (let i = 0; i < 5; i++) await url(engine, p, "https://sv-test-safe.example.com/");
    expect(reads).toBe(1);
  });
});

describe("list management", () => {
  it("validates with field names and refuses public suffixes, past expiry and unknown lists", async () => {
    const { engine, deps } = setup();
    const p = await principal(engine);
    const issue = async (list: string, body: unknown) => (await engine.lists.add(p, list, body))._unsafeUnwrapErr();
    expect(await issue("block", { kind: "domain", value: "co.uk" })).toMatchObject({
      code: "validation_error",
      details: { issues: [{ field: "value" }] },
    });
    expect((await issue("block", { kind: "colour", value: "x" })).details).toMatchObject({
      issues: [{ field: "kind" }],
    });
    expect((await issue("block", { kind: "phone", value: "not a number" })).details).toMatchObject({
      issues: [{ field: "value" }],
    });
    expect((await issue("block", { kind: "sender", value: "nobody" })).details).toMatchObject({
      issues: [{ field: "value" }],
    });
    const past = new Date(deps.clock.now().getTime() - 1000).toISOString();
    expect((await issue("block", { kind: "domain", value: "a.example", expires_at: past })).details).toMatchObject({
      issues: [{ field: "expires_at" }],
    });
    expect((await issue("grey", { kind: "domain", value: "a.example" })).code).toBe("not_found");
  });

  it("upserts idempotently, pages newest first with a cursor, and removes by id within the account", async () => {
    const { engine, deps } = setup();
    const p = await principal(engine);
    const other = await principal(engine);
    const first = (await engine.lists.add(p, "block", { kind: "domain", value: "one.example" }))._unsafeUnwrap().value;
    const again = (
      await engine.lists.add(p, "block", { kind: "domain", value: "ONE.example", note: "n" })
    )._unsafeUnwrap().value;
    expect(again).toMatchObject({ id: first.id, created: false, note: "n" });
    for (const v of ["two.example", "three.example"]) {
      deps.clock.advance(1000);
      await engine.lists.add(p, "block", { kind: "domain", value: v });
    }
    const page1 = (await engine.lists.page(p, "block", { limit: "2" }))._unsafeUnwrap().value;
    expect(page1.entries.map((e) => e.value)).toEqual(["three.example", "two.example"]);
    const page2 = (await engine.lists.page(p, "block", { limit: "2", cursor: page1.next_cursor }))._unsafeUnwrap()
      .value;
    expect(page2.entries.map((e) => e.value)).toEqual(["one.example"]);
    expect(page2.next_cursor).toBeNull();
    expect((await engine.lists.page(other, "block", {}))._unsafeUnwrap().value.entries).toEqual([]);
    expect((await engine.lists.remove(other, "block", first.id))._unsafeUnwrapErr().code).toBe("not_found");
    expect((await engine.lists.remove(p, "block", first.id))._unsafeUnwrap().value.id).toBe(first.id);
    expect((await engine.lists.remove(p, "block", first.id))._unsafeUnwrapErr().code).toBe("not_found");
  });

  it("needs the scope of the entry's kind and shows only the kinds a caller's scopes cover", async () => {
    const { engine } = setup();
    const full = await principal(engine);
    const urlOnly: Principal = { ...full, scopes: ["url:lookup"] };
    await engine.lists.add(full, "block", { kind: "phone", value: "+12025550143" });
    await engine.lists.add(full, "block", { kind: "domain", value: "a.example" });
    expect(
      (await engine.lists.add(urlOnly, "block", { kind: "phone", value: "+12025550144" }))._unsafeUnwrapErr(),
    ).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "phone:lookup" },
    });
    const seen = (await engine.lists.page(urlOnly, "block", {}))._unsafeUnwrap().value.entries;
    expect(seen.map((e) => e.kind)).toEqual(["domain"]);
    const usageOnly: Principal = { ...full, scopes: ["usage:read"] };
    expect((await engine.lists.page(usageOnly, "block", {}))._unsafeUnwrapErr().code).toBe("insufficient_scope");
  });

  it("refuses a new entry beyond the account's limit with conflict", async () => {
    const store = new InMemoryListStore();
    const limited = Object.assign(Object.create(store) as InMemoryListStore, {
      upsert: (e: Parameters<InMemoryListStore["upsert"]>[0]) => store.upsert(e, 2),
    });
    const { engine } = setup({ lists: limited });
    const p = await principal(engine);
    await engine.lists.add(p, "block", { kind: "domain", value: "a.example" });
    await engine.lists.add(p, "allow", { kind: "domain", value: "b.example" });
    expect(
      (await engine.lists.add(p, "block", { kind: "domain", value: "c.example" }))._unsafeUnwrapErr(),
    ).toMatchObject({
      code: "conflict",
      details: { count: 2 },
    });
  });
});

describe("feedback", () => {
  it("labels a result the account received, replaces the label, and keeps other accounts out", async () => {
    const { engine } = setup();
    const alice = await principal(engine);
    const bob = await principal(engine);
    const r = await url(engine, alice, "https://listed.example.com/");
    const fb = (
      await engine.feedback.submit(alice, { result_id: r.id, kind: "false_positive", comment: "ours" })
    )._unsafeUnwrap().value;
    expect(fb).toMatchObject({
      result_id: r.id,
      kind: "false_positive",
      comment: "ours",
      channel: "url",
      subject: "https://listed.example.com/",
      verdict: r.verdict,
      risk_score: r.risk_score,
      rules: r.factors.map((f) => f.id),
      community_report: null,
    });
    const again = (
      await engine.feedback.submit(alice, { result_id: r.id, kind: "comment", comment: "second look" })
    )._unsafeUnwrap().value;
    expect(again.id).toBe(fb.id);
    expect(
      (await engine.feedback.submit(bob, { result_id: r.id, kind: "false_positive" }))._unsafeUnwrapErr().code,
    ).toBe("not_found");
    expect(
      (await engine.feedback.submit(alice, { result_id: randomUUID(), kind: "false_positive" }))._unsafeUnwrapErr()
        .code,
    ).toBe("not_found");
    expect(
      (await engine.feedback.submit(alice, { result_id: r.id, kind: "comment" }))._unsafeUnwrapErr().details,
    ).toMatchObject({
      issues: [{ field: "comment" }],
    });
    const lines = [];
    for await (const line of (await engine.feedback.export(alice, {}))._unsafeUnwrap().value) lines.push(line);
    expect(lines).toEqual([expect.objectContaining({ result_id: r.id, kind: "comment", verdict: r.verdict })]);
    expect(lines[0]).not.toHaveProperty("id");
  });

  it("records the verdict the account saw, list effect included, and no message content", async () => {
    const { engine } = setup();
    const p = await principal(engine);
    await engine.lists.add(p, "block", { kind: "phone", value: "+12025550143" });
    const text = (await engine.analyzeText(p, { text: "Secret code 4411, call 202 555 0143" }))._unsafeUnwrap()
      .value as unknown as Lookup;
    const fb = (await engine.feedback.submit(p, { result_id: text.id, kind: "false_positive" }))._unsafeUnwrap().value;
    expect(fb).toMatchObject({ channel: "text", subject: null, verdict: "scam" });
    expect(fb.rules[0]).toBe(BLOCKLIST_FACTOR);
    expect(JSON.stringify(fb)).not.toContain("4411");
  });

  it("counts a false negative as a community report only when the account opted in", async () => {
    const { engine, deps } = setup();
    const p = await principal(engine);
    const r = await url(engine, p, "https://quiet.example.org/path");
    const off = (await engine.feedback.submit(p, { result_id: r.id, kind: "false_negative" }))._unsafeUnwrap().value;
    expect(off.community_report).toBeNull();
    expect(await deps.reports.count("url", "example.org")).toBe(0);
    (await engine.accountFeedback.setSettings(p.accountId, { share_as_community_reports: true }))._unsafeUnwrap();
    const on = (await engine.feedback.submit(p, { result_id: r.id, kind: "false_negative" }))._unsafeUnwrap().value;
    expect(on.community_report).toEqual({ counted: true, community_reports: 1 });
    expect(await deps.reports.count("url", "example.org")).toBe(1);
    const fp = (await engine.feedback.submit(p, { result_id: r.id, kind: "false_positive" }))._unsafeUnwrap().value;
    expect(fp.community_report).toBeNull();
  });

  it("forgets results after 30 days", async () => {
    const { engine, deps } = setup();
    const p = await principal(engine);
    const r = await url(engine, p, "https://old.example.org/");
    deps.clock.advance(31 * 86_400_000);
    expect((await engine.feedback.submit(p, { result_id: r.id, kind: "false_positive" }))._unsafeUnwrapErr().code).toBe(
      "not_found",
    );
  });
});

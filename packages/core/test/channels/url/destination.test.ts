// A link read with where following it led (a source's final_url): on a shortener's link the URL model reads the
// destination instead of the shortener's address, and the destination's warning signs join the link's own.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createEngine, type Evidence, type NormalizedUrl, type SignalSource } from "../../../src/index.js";
import { engineDeps } from "../../support/engine-deps.js";

/** A network source that reports where each link leads, as the network inspector does after following it. */
function leadsTo(destinations: Record<string, string>): SignalSource<NormalizedUrl> {
  return {
    name: "network",
    weight: 0.5,
    timeoutMs: 1_000,
    check: async (url): Promise<Evidence> => ({
      source: "network",
      status: "ok",
      signals: { final_url: destinations[url.href] ?? null, redirect_count: destinations[url.href] ? 1 : 0 },
      factors: [],
    }),
  };
}

async function engineWith(destinations: Record<string, string>) {
  const engine = createEngine(engineDeps({ urlSources: [leadsTo(destinations)] }));
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise" })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  const p = (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
  return { engine, p };
}

async function lookup(destinations: Record<string, string>, url: string) {
  const { engine, p } = await engineWith(destinations);
  return (await engine.lookupUrl(p, { url }))._unsafeUnwrap().value;
}

const modelLabel = (r: { factors: { id: string; label: string }[] }) =>
  r.factors.find((f) => f.id === "url_model")?.label ?? "";

describe("a link read with where it leads", () => {
  it("reads a shortener's link by its destination: a lure's site there makes it one", async () => {
    const short = "https://bit.ly/3xYz9Ab";
    const lure = await lookup({ [short]: "https://usps-redelivery-help.top/track" }, short);
    expect(modelLabel(lure)).toMatch(/^Where it leads, usps-redelivery-help\.top, is written like the phishing/);
    expect(lure.factors.map((f) => f.id)).toContain("redirect_brand_combosquat");
    expect(lure.factors.find((f) => f.id === "redirect_brand_combosquat")?.label).toMatch(
      /^It leads to usps-redelivery-help\.top: /,
    );
    expect(lure.signals.final_url).toBe("https://usps-redelivery-help.top/track");
    expect(lure.factors.find((f) => f.id === "shortener")?.label).toBe(
      "bit.ly is a link shortener that led to usps-redelivery-help.top",
    );
    expect(["high_risk", "scam"]).toContain(lure.verdict);
  });

  it("reads a shortener's link to an ordinary page lower than the shortener's address alone", async () => {
    const short = "https://bit.ly/3xYz9Ab";
    const unknown = await lookup({}, short);
    const ordinary = await lookup({ [short]: "https://en.wikipedia.org/wiki/URL_shortening" }, short);
    // Not followed, the reading is the shortener's, and says so.
    expect(modelLabel(unknown)).toContain("shortener bit.ly");
    expect(modelLabel(ordinary)).toMatch(/^Where it leads, en\.wikipedia\.org,/);
    expect(ordinary.factors.some((f) => f.source === "url_redirect")).toBe(false);
    expect(ordinary.risk_score).toBeLessThan(unknown.risk_score);
  });

  it("keeps a link's own reading when it is no shortener, and adds the signs of where it leads", async () => {
    const link = "https://shop-deals.example.com/offer";
    const plain = await lookup({}, link);
    const led = await lookup({ [link]: "https://paypal-secure-login.top/signin" }, link);
    expect(modelLabel(led)).toBe(modelLabel(plain));
    expect(led.factors.map((f) => f.id)).toContain("redirect_brand_combosquat");
    expect(led.risk_score).toBeGreaterThan(plain.risk_score);
  });

  it("reads a redirect within the link's own site as the link alone", async () => {
    const link = "https://shop-deals.example.com/offer";
    const plain = await lookup({}, link);
    const within = await lookup({ [link]: "https://www.shop-deals.example.com/offer/today" }, link);
    expect(within.factors.map((f) => f.id)).toEqual(plain.factors.map((f) => f.id));
    expect(within.risk_score).toBe(plain.risk_score);
  });

  it("weighs a text's shortened link, once followed, as the site it leads to", async () => {
    const text = "USPS: your parcel is on hold. Update your address at https://bit.ly/3xYz9Ab";
    const read = async (destinations: Record<string, string>) => {
      const { engine, p } = await engineWith(destinations);
      return (await engine.analyzeText(p, { text }))._unsafeUnwrap().value.factors.map((f) => f.id);
    };
    const followed = await read({ "https://bit.ly/3xYz9Ab": "https://usps-redelivery-help.top/track" });
    expect(followed.some((id) => /^url_(scam|high_risk)$/.test(id))).toBe(true);
    expect(followed.some((id) => /^url_.*_shortened$/.test(id))).toBe(false);
    // Not followed, the verdict on the shortener's address is weighed apart.
    expect((await read({})).some((id) => /^url_.*_shortened$/.test(id))).toBe(true);
  });
});

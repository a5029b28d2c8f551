// The QR channel's reading of a code's link, offline (no sources, no feeds), end to end: a code drawn with the qrcode
// package, read by the production decoder, assessed by the engine's QR verb. A link that already shows warning signs
// reads high risk in a code; a link with none gets nothing from being in a code. The tests name the rules that fire on
// the link and on the code, not the scores they add up to.
import QRCode from "qrcode";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Engine, Principal } from "@scamverify/core";
import { enginePrincipal, inMemoryEngine } from "../../../persistence/src/testing/in-memory-engine.js";
import { createZxingQrDecoder } from "../../src/qr/zxing-qr-decoder.js";

let engine: Engine;
let principal: Principal;

beforeAll(async () => {
  engine = inMemoryEngine({ qrDecoder: createZxingQrDecoder() });
  ({ principal } = await enginePrincipal(engine));
});

async function scan(link: string) {
  const bytes = new Uint8Array(await QRCode.toBuffer(link, { scale: 4 }));
  const r = await engine.analyzeQr(principal, { file: { bytes, filename: "code.png" }, force_refresh: true });
  const v = r._unsafeUnwrap().value;
  expect(v.qr_data).toBe(link);
  return {
    score: v.risk_score,
    ids: v.factors.map((f) => f.id),
    /** The rules that fired on the link's own lookup (the URL model's graded reading is not a rule firing). */
    urlIds: v.url_analysis?.factors.map((f) => f.id).filter((id) => id !== "url_model") ?? [],
    urlScore: v.url_analysis?.risk_score ?? null,
    confidence: v.confidence,
    urlConfidence: v.url_analysis?.confidence ?? null,
  };
}

describe("a link in a QR code", () => {
  it("reads high risk when the link already shows warning signs of its own", async () => {
    // An anonymous free host: a warning sign of its own as a URL.
    const r = await scan("http://grocer-example.duckdns.org/pay");
    expect(r.urlIds).toContain("anonymous_hosting");
    // Medium on its own, the code's hiding lifts it; already high, the code says so.
    expect(r.ids.some((id) => id === "qr_link_hidden_risk" || id === "qr_link_risk")).toBe(true);
    expect(r.score).toBeGreaterThanOrEqual(r.urlScore ?? 100);
  });

  it.each([
    ["https://www.bakery-example.com/menu", ["limited_evidence"]],
    ["https://app.parking-example.com/zone/4471", ["limited_evidence"]],
    // A short link is where menus and shops live too: no more than that fires. (A site builder's page reads medium
    // risk as a link: the URL model learnt how many phishing pages such builders host.)
    ["https://bit.ly/3xYzAbC", ["shortener"]],
  ])("adds nothing for %s, a link with no warning sign", async (link, urlRules) => {
    const r = await scan(link);
    expect(r.urlIds).toEqual(urlRules);
    expect(r.ids).not.toContain("qr_link_hidden_risk");
    expect(r.ids).not.toContain("qr_link_unencrypted");
    expect(r.score).toBe(r.urlScore);
  });

  it.each(["https://www.bakery-example.com/menu", "http://grocer-example.duckdns.org/pay"])(
    "is no surer about %s than the link's own lookup",
    async (link) => {
      const r = await scan(link);
      expect(r.urlConfidence).not.toBeNull();
      expect(r.confidence).toBeLessThanOrEqual(r.urlConfidence ?? 0);
    },
  );

  it("leaves a link that already reads high risk as it reads", async () => {
    const r = await scan("https://www.paypal.com.account-verify-login.xyz/signin.php");
    expect(r.urlIds).toEqual(expect.arrayContaining(["brand_brand_in_subdomain", "ending_in_subdomain"]));
    expect(r.ids).not.toContain("qr_link_hidden_risk");
    expect(r.score).toBe(r.urlScore);
  });
});

async function analyzeImage(bytes: Uint8Array) {
  const r = await engine.analyzeQr(principal, { file: { bytes, filename: "photo.png" }, force_refresh: true });
  return r._unsafeUnwrap().value;
}

/** Codes side by side on one white image, in reading order. */
async function codesSideBySide(links: readonly string[]): Promise<Uint8Array> {
  const tiles = await Promise.all(links.map((l) => QRCode.toBuffer(l, { scale: 4, margin: 4 })));
  const size = Math.max(...(await Promise.all(tiles.map(async (t) => (await sharp(t).metadata()).width ?? 0))));
  const png = await sharp({
    create: { width: size * tiles.length, height: size, channels: 3, background: "#ffffff" },
  })
    .composite(tiles.map((input, i) => ({ input, left: i * size, top: 0 })))
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

describe("links a code hides in plain sight", () => {
  it("checks a link padded past the URL limit without its query, and says it was padded", async () => {
    const link = `http://secure-paypa1.com.verify-account.top/login?session=${"A".repeat(2100)}`;
    const r = await scan(link);
    expect(r.ids).toContain("qr_link_padded");
    // Checked without its query, the link still reads as the lookalike it is.
    expect(r.urlIds).toEqual(expect.arrayContaining(["brand_homoglyph", "ending_in_subdomain"]));
  });

  it("reads a scam code placed after three codes of well-known sites, and none of them vouches for it", async () => {
    const bytes = await codesSideBySide([
      "https://www.google.com/",
      "https://www.wikipedia.org/",
      "https://www.amazon.com/",
      "http://secure-paypa1.com.verify-account.top/login",
    ]);
    const v = await analyzeImage(bytes);
    expect(v.codes).toHaveLength(4);
    expect(v.signals.urls_not_analyzed).toBe(1);
    const offline = v.factors.filter((f) => f.id === "qr_link_offline");
    expect(offline).toHaveLength(1);
    expect(v.factors.map((f) => f.id)).not.toContain("qr_link_established");
    // Read offline, the fourth link names the lookalike it is.
    expect(offline[0]?.label).toMatch(/secure-paypa1\.com\.verify-account\.top.*PayPal/);
  });

  it("says so when an image holds no code", async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#f0f0f0" } })
      .png()
      .toBuffer();
    const v = await analyzeImage(new Uint8Array(blank));
    expect(v.qr_found).toBe(false);
    expect(v.explanation).toMatch(/^No QR code was found/);
  });
});

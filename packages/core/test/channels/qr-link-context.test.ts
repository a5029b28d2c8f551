// The QR channel's reading of a code's link, offline (no sources, no feeds): a link that already shows warning signs
// reads high risk in a code; a link with none gets nothing from being in a code.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createEngine, MAGIC_QR_PNG_BASE64, type Engine, type Hasher, type Principal } from "../../src/index.js";
import { QR_WARNING_SIGNS_FROM } from "../../src/channels/qr/qr-channel.js";
import type { QrDecoder } from "../../src/ports/qr-decoder.js";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
} from "../../src/testing/fakes.js";

const hasher: Hasher = {
  sha256Hex: (v) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
};

/** A decoder that reads the code the test put in front of it, whatever the image. */
class ScriptedQrDecoder implements QrDecoder {
  text = "";
  async decode() {
    return { ok: true as const, value: [{ text: this.text, format: "qr_code" as const, position: null }] };
  }
}

async function setUp(): Promise<{ engine: Engine; p: Principal; decoder: ScriptedQrDecoder }> {
  const decoder = new ScriptedQrDecoder();
  const engine = createEngine({
    qrDecoder: decoder,
    accounts: new InMemoryAccountStore(),
    apiKeys: new InMemoryApiKeyStore(),
    quota: new InMemoryQuotaLedger(),
    cache: new InMemoryResultCache(),
    reports: new InMemoryReportStore(),
    rateLimiter: new InMemoryRateLimiter(),
    health: { databaseReachable: async () => true },
    clock: new FixedClock("2026-03-10T12:00:00.000Z"),
    ids: { uuid: () => randomUUID(), token: (n) => randomUUID().replace(/-/g, "").slice(0, n) },
    hasher,
    passwords: { hash: async (p) => `x${p}`, verify: async (p, h) => h === `x${p}` },
    config: { upgradeUrl: "https://example.test/upgrade" },
  });
  const account = (
    await engine.accounts.create({ email: `${randomUUID()}@example.test`, plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  return { engine, p: (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap(), decoder };
}

const image = Buffer.from(MAGIC_QR_PNG_BASE64.safe, "base64");

async function scan(link: string) {
  const { engine, p, decoder } = await setUp();
  decoder.text = link;
  const r = await engine.analyzeQr(p, {
    file: { bytes: new Uint8Array(image), filename: "code.png" },
    force_refresh: true,
  });
  const v = r._unsafeUnwrap().value;
  return {
    score: v.risk_score,
    verdict: v.verdict,
    ids: v.factors.map((f) => f.id),
    urlScore: v.url_analysis?.risk_score ?? null,
  };
}

describe("a link in a QR code", () => {
  it("reads high risk when the link already shows warning signs of its own", async () => {
    // An anonymous free host: medium risk as a URL.
    const r = await scan("http://grocer-example.duckdns.org/pay");
    expect(r.urlScore).toBeGreaterThanOrEqual(QR_WARNING_SIGNS_FROM);
    expect(r.urlScore).toBeLessThan(65);
    expect(r.ids).toContain("qr_link_hidden_risk");
    expect(r.score).toBeGreaterThanOrEqual(65);
    expect(r.verdict).toBe("high_risk");
  });

  it.each([
    "https://www.bakery-example.com/menu",
    "https://app.parking-example.com/zone/4471",
    "https://bit.ly/3xYzAbC",
    "https://cafe-example.wixsite.com/menu",
  ])("adds nothing for %s, a link with no warning sign", async (link) => {
    const r = await scan(link);
    expect(r.urlScore).toBeLessThan(QR_WARNING_SIGNS_FROM);
    expect(r.ids).not.toContain("qr_link_hidden_risk");
    expect(r.score).toBe(r.urlScore);
    expect(r.score).toBeLessThan(QR_WARNING_SIGNS_FROM);
  });

  it("leaves a link that already reads high risk as it reads", async () => {
    const r = await scan("https://www.paypal.com.account-verify-login.xyz/signin.php");
    expect(r.urlScore).toBeGreaterThanOrEqual(65);
    expect(r.ids).not.toContain("qr_link_hidden_risk");
    expect(r.score).toBe(r.urlScore);
  });
});

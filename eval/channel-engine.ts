// The engine a client talks to, for the evaluations: the core's in-memory fakes, the real mail, document and QR
// readers, no network sources and no AI, and a live principal on an enterprise account. Each item is scored by the
// channel's own verb, so the figures are the ones a client would get.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createEngine, type Engine, type Factor, type Hasher, type Principal } from "../packages/core/src/index.js";
import {
  FixedClock,
  InMemoryAccountStore,
  InMemoryApiKeyStore,
  InMemoryQuotaLedger,
  InMemoryRateLimiter,
  InMemoryReportStore,
  InMemoryResultCache,
} from "../packages/core/src/testing/index.js";
import { createPostalMimeReader } from "../packages/providers/src/email/index.js";
import { createDocumentReader } from "../packages/providers/src/document/create-document-reader.js";
import type { EmailScorer } from "./email-eval.js";
import { createZxingQrDecoder } from "../packages/providers/src/qr/zxing-qr-decoder.js";

const hasher: Hasher = {
  sha256Hex: (v) => createHash("sha256").update(v, "utf8").digest("hex"),
  sha256Base64Url: (v) => createHash("sha256").update(v, "utf8").digest("base64url"),
  timingSafeEqual: (a, b) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  },
};

/** The verdict a channel verb gave one item, or the error code it refused it with. */
export type ChannelVerdict =
  | { readonly verdict: string; readonly riskScore: number; readonly factors: readonly Factor[] }
  | { readonly error: string };

export interface ChannelEngine {
  email(emailBody: string, rawHeaders?: string): Promise<ChannelVerdict>;
  document(bytes: Uint8Array, filename?: string): Promise<ChannelVerdict>;
  qr(bytes: Uint8Array, filename?: string): Promise<ChannelVerdict>;
}

function verdictOf(result: { isOk(): boolean; value?: unknown; error?: unknown }): ChannelVerdict {
  if (result.isOk()) {
    const value = (result.value as { value: { verdict: string; risk_score: number; factors?: Factor[] } }).value;
    return { verdict: value.verdict, riskScore: value.risk_score, factors: value.factors ?? [] };
  }
  const error = result.error as { code?: string };
  return { error: error.code ?? "error" };
}

export async function createChannelEngine(): Promise<ChannelEngine> {
  const engine: Engine = createEngine({
    qrDecoder: createZxingQrDecoder(),
    mailReader: createPostalMimeReader(),
    documentReader: createDocumentReader(),
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
    await engine.accounts.create({ email: "eval@example.test", plan: "enterprise", rpm: 100_000 })
  )._unsafeUnwrap();
  const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap();
  const p: Principal = (await engine.authenticate(`Bearer ${key.key}`))._unsafeUnwrap();
  return {
    email: async (emailBody, rawHeaders) =>
      verdictOf(
        await engine.analyzeEmail(p, {
          email_body: emailBody,
          ...(rawHeaders === undefined ? {} : { raw_headers: rawHeaders }),
          force_refresh: true,
        }),
      ),
    document: async (bytes, filename) =>
      verdictOf(
        await engine.analyzeDocument(p, { file: { bytes, ...(filename ? { filename } : {}) }, force_refresh: true }),
      ),
    qr: async (bytes, filename) =>
      verdictOf(await engine.analyzeQr(p, { file: { bytes, ...(filename ? { filename } : {}) }, force_refresh: true })),
  };
}

/** The email evaluation's scorer, through the engine's email verb (the whole raw message as the body). */
export function engineEmailScorer(engine: ChannelEngine): EmailScorer {
  return {
    async score(raw) {
      const r = await engine.email(raw);
      return "error" in r ? null : { score: r.riskScore, factors: r.factors };
    },
  };
}

// The engine a client talks to, for the evaluations: the core's in-memory fakes, the real mail, document and QR
// readers, the real email authenticator over a DNS that answers nothing (as a deployment with network inspection
// on, whose lookups time out: the verdicts come from a trusted receiver's Authentication-Results), no network
// sources and no AI, and a live principal on an enterprise account. Each item is scored by the channel's own verb,
// so the figures are the ones a client would get.
import type { Factor } from "../packages/core/src/index.js";
import { enginePrincipal, inMemoryEngine } from "../packages/persistence/src/testing/in-memory-engine.js";
import { createPostalMimeReader } from "../packages/providers/src/email/index.js";
import { createDocumentReader } from "../packages/providers/src/document/create-document-reader.js";
import { offlineEmailAuthenticator, type EmailScorer } from "./email-eval.js";
import type { ScoreQr } from "./qr-eval.js";
import { createZxingQrDecoder } from "../packages/providers/src/qr/zxing-qr-decoder.js";

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
  const qrDecoder = createZxingQrDecoder();
  const engine = inMemoryEngine({
    qrDecoder,
    mailReader: createPostalMimeReader(),
    emailAuthenticator: offlineEmailAuthenticator(),
    documentReader: createDocumentReader({ qrDecoder }),
  });
  const { principal: p } = await enginePrincipal(engine);
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

/** The QR evaluation's scorer: the image through the engine's QR verb (decoding included), its risk score. */
export function engineQrScorer(engine: ChannelEngine): ScoreQr {
  return async ({ bytes }) => {
    const r = await engine.qr(bytes, "code.png");
    return "error" in r ? null : r.riskScore;
  };
}

import { describe, expect, it } from "vitest";
import { createChannelEngine, engineEmailScorer } from "../channel-engine.js";
import { emailBodyScorer } from "../channel-scorers.js";
import { createEmailScorer, isHeldOutHam } from "../email-eval.js";
import { LEGIT_MESSAGES, SCAM_MESSAGES } from "./messages.js";
import { renderMessage } from "./render.js";
import { createPostalMimeReader } from "../../packages/providers/src/email/index.js";
import { createDocumentReader } from "../../packages/providers/src/document/create-document-reader.js";
import { createZxingQrDecoder } from "../../packages/providers/src/qr/zxing-qr-decoder.js";

describe("email evaluation", () => {
  it("renders every labelled message into a whole message the reader takes as RFC 822", async () => {
    const reader = createPostalMimeReader();
    const ids = new Set<string>();
    for (const spec of [...SCAM_MESSAGES, ...LEGIT_MESSAGES]) {
      expect(ids.has(spec.id)).toBe(false);
      ids.add(spec.id);
      const r = await reader.read(renderMessage(spec));
      expect(r.isOk() && r.value.kind).toBe("rfc822");
      if (r.isOk()) expect(r.value.subject).toBe(spec.subject);
    }
    expect(SCAM_MESSAGES.length).toBeGreaterThanOrEqual(36);
    expect(LEGIT_MESSAGES.length).toBeGreaterThanOrEqual(36);
  });

  it("adds the body scorer's evidence to the score", async () => {
    const spec = LEGIT_MESSAGES.find((m) => m.id === "l-friend-urgent");
    if (spec === undefined) throw new Error("fixture missing");
    const raw = renderMessage(spec);
    const plain = await createEmailScorer().score(raw);
    const withBody = await createEmailScorer(() => [
      {
        source: "message",
        status: "ok",
        signals: {},
        factors: [{ id: "test_cue", source: "message", label: "a body cue", points: 50 }],
      },
    ]).score(raw);
    expect(plain?.score).toBeLessThan(40);
    // An unfitted rule weighs its prior beside the channel's fitted bias: the score rises by much, whatever the bias.
    expect(withBody?.score ?? 0).toBeGreaterThan((plain?.score ?? 0) + 10);
    expect(withBody?.factors.map((f) => f.id)).toContain("test_cue");
  });

  it("reads the receiver's verdicts offline: a spoofed brand domain scores high, its genuine mail low", async () => {
    const scorer = createEmailScorer();
    const spoof = SCAM_MESSAGES.find((m) => m.id === "s-spoof-paypal");
    const real = LEGIT_MESSAGES.find((m) => m.id === "l-paypal-receipt");
    if (spoof === undefined || real === undefined) throw new Error("fixture missing");
    expect((await scorer.score(renderMessage(spoof)))?.score).toBeGreaterThanOrEqual(65);
    expect((await scorer.score(renderMessage(real)))?.score).toBeLessThan(20);
  });

  it("gives the same score through the engine's email verb and through the channel's scoring without the engine", async () => {
    const viaEngine = engineEmailScorer(await createChannelEngine());
    const qrDecoder = createZxingQrDecoder();
    const documentReader = createDocumentReader({ qrDecoder });
    const direct = createEmailScorer(emailBodyScorer, undefined, { qrDecoder, documentReader });
    for (const spec of [...SCAM_MESSAGES, ...LEGIT_MESSAGES]) {
      const raw = renderMessage(spec);
      const [a, b] = await Promise.all([viaEngine.score(raw), direct.score(raw)]);
      expect(a?.score, spec.id).toBe(b?.score);
    }
  });

  it("splits the ham by its file name, about half each way", () => {
    const names = Array.from(
      { length: 400 },
      (_, i) => `${String(i).padStart(5, "0")}.${(i * 2654435761).toString(16)}.txt`,
    );
    const held = names.filter(isHeldOutHam).length;
    expect(held).toBeGreaterThan(150);
    expect(held).toBeLessThan(250);
  });
});

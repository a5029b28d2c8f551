import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { evaluateQr } from "../qr-eval.js";
import type { QrCase } from "./generate.js";

const png = async (text: string): Promise<Uint8Array> => new Uint8Array(await QRCode.toBuffer(text, { scale: 4 }));

describe("evaluateQr", () => {
  it("scores reads, wrong payloads and false codes, and hands decoded links to the scoring hook", async () => {
    const scam = "https://parking-pay.example.top/zone/4";
    const cases: QrCase[] = [
      { id: "a", cls: "poster", expected: [scam], label: "scam", bytes: await png(scam) },
      // An image holding a code the case does not expect counts as a wrong payload.
      {
        id: "b",
        cls: "scale",
        expected: ["https://other.example/"],
        label: null,
        bytes: await png("https://x.example/"),
      },
      // An image said to hold no code but holding one counts as a false code.
      { id: "c", cls: "no_code", expected: [], label: null, bytes: await png("hello") },
    ];
    const scored: string[] = [];
    const report = await evaluateQr(cases, {
      score: ({ url, bytes }) => {
        scored.push(url);
        // The hook gets the very image the case holds, so it can score it through the channel.
        expect(bytes).toBe(cases[0]?.bytes);
        return Promise.resolve(90);
      },
    });
    expect(scored).toEqual([scam]);
    expect(report.outcomes.map((o) => [o.id, o.read, o.wrong, o.score])).toEqual([
      ["a", true, [], 90],
      ["b", false, ["https://x.example/"], null],
      ["c", true, ["hello"], null],
    ]);
    expect(report.readRate.all).toBe(0.5);
    expect(report.wrongPayloads).toBe(1);
    expect(report.falseCodes).toBe(1);
    expect(report.meetsTargets).toBe(false);
  });
});

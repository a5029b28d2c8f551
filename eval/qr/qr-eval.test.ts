import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { evaluateQr, labelledQrLinks, linkVerdictGroups, type QrLinkOutcome } from "../qr-eval.js";
import { isHeldOut as isHeldOutUrl } from "../url-eval.js";
import { listLines, type QrCase } from "./generate.js";

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

describe("labelled QR links", () => {
  it("loads the operators and service-word businesses as legitimate links, split like the URL evaluation", () => {
    const lines = listLines("legit-qr-operators.txt");
    expect(lines.length).toBeGreaterThan(200);
    const links = labelledQrLinks().filter((l) => l.set === "legit_qr_operators");
    expect(links.map((l) => l.url)).toEqual(lines);
    for (const l of links) {
      expect(l.label).toBe("legit");
      expect(l.heldOut).toBe(isHeldOutUrl(l.url));
    }
    const held = links.filter((l) => l.heldOut).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(links.length);
  });

  it("reports the operators against the feed links on a line of their own, outside the feed figure", () => {
    const sets: QrLinkOutcome["set"][] = [
      "phish_feeds",
      "phish_feeds_2",
      "phish_qr_links",
      "legit_qr_links",
      "legit_qr_operators",
      "legit_popular",
      "legit_lookalikes",
      "phish_qr_read",
      "legit_qr_read",
      "phish_feeds_blind",
      "phish_qr_blind",
      "legit_qr_blind",
    ];
    const links = [false, true].flatMap((heldOut) => sets.map((set) => ({ set, heldOut })));
    const lines = (tuningOnly: boolean): [string, string[]][] =>
      linkVerdictGroups(links, tuningOnly).map((g) => [
        g.name.trim(),
        g.links.map((l) => `${l.set}${l.heldOut ? " (held out)" : ""}`),
      ]);
    expect(lines(true)).toEqual([
      ["all links, tuning", ["phish_feeds", "legit_qr_links", "legit_popular"]],
      ["hand-written QR links, tuning", ["phish_feeds", "legit_qr_links"]],
      ["popular sites, tuning", ["phish_feeds", "legit_popular"]],
      ["operators and service-word businesses, tuning", ["phish_feeds", "legit_qr_operators"]],
      ["feed links, second sample, tuning", ["phish_feeds_2", "legit_qr_links"]],
      ["lookalike sites (brand, crypto), tuning", ["legit_lookalikes"]],
      ["quishing links (hand-written), tuning", ["phish_qr_links"]],
      ["quishing and legitimate sets read last round", ["phish_qr_read", "legit_qr_read"]],
    ]);
    const both = lines(false);
    expect(both.slice(0, 8)).toEqual(lines(true));
    expect(both[11]).toEqual([
      "operators and service-word businesses, held-out",
      ["phish_feeds (held out)", "legit_qr_operators (held out)"],
    ]);
    // The blind sets are read only with the held-out halves, on lines of their own.
    expect(both.slice(15)).toEqual([
      ["blind feed links and legitimate set", ["phish_feeds_blind (held out)", "legit_qr_blind (held out)"]],
      ["blind quishing and legitimate sets", ["phish_qr_blind (held out)", "legit_qr_blind (held out)"]],
    ]);
  });

  it("holds the blind sets out whole, and keeps the sets read last round whole in the tuning part", () => {
    const links = labelledQrLinks();
    const blind = links.filter((l) => ["phish_feeds_blind", "phish_qr_blind", "legit_qr_blind"].includes(l.set));
    expect(blind.map((l) => l.url)).toEqual([
      ...listLines("phish-feeds-blind.txt"),
      ...listLines("phish-qr-links-blind-r8.txt"),
      ...listLines("legit-qr-blind-r8.txt"),
    ]);
    expect(blind.every((l) => l.heldOut)).toBe(true);
    const read = links.filter((l) => l.set === "phish_qr_read" || l.set === "legit_qr_read");
    expect(read.map((l) => l.url)).toEqual([
      ...listLines("phish-qr-links-blind.txt"),
      ...listLines("legit-qr-blind.txt"),
    ]);
    expect(read.some((l) => l.heldOut)).toBe(false);
  });
});

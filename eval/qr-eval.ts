// Decoding quality of the QR channel on a generated set (eval/qr/generate.ts): every distortion class, posters and
// stickers with scam and legitimate links, images with no code and with 1-D barcodes only.
// Targets: a payload decoded for >= 95% of images holding a code, no wrong payload, no code reported in an image
// without one. The held-out half (fixed by a hash of the case id) is reported but never inspected case by case.
// Run: node --conditions=source --import tsx eval/qr-eval.ts [--show-tuning-errors] [--no-retries] [--tuning-only]
// (or `pnpm eval qr`, which scores the verdicts through the QR channel's own verb).
//
// The verdict half needs the channel: pass `score` (an image and the link it holds -> the 0-100 risk score the
// channel gives that image) and the report adds, for images holding one labelled link, how many scam links score
// at or above 65 and how many legitimate ones at or above 40; and the same over every labelled link of the URL
// evaluation's phishing-feed and QR-link lists, each printed as a plain code (evaluateQrLinks).
// --tuning-only prints the tuning half alone, for tuning rounds.

import QRCode from "qrcode";
import { createZxingQrDecoder, loadZxing } from "../packages/providers/src/qr/zxing-qr-decoder.js";
import {
  generateQrCases,
  isHeldOut,
  listLines,
  QR_CASE_CLASSES,
  type QrCase,
  type QrCaseClass,
} from "./qr/generate.js";
import { isHeldOut as isHeldOutUrl } from "./url-eval.js";
import { assessUrlOffline, normalizeUrl } from "../packages/core/src/index.js";

/** The risk score (0-100) the QR channel gives an image holding `url`; null when it refused the image. */
export type ScoreQr = (item: { readonly url: string; readonly bytes: Uint8Array }) => Promise<number | null>;

export interface QrCaseOutcome {
  readonly id: string;
  readonly cls: QrCaseClass;
  readonly heldOut: boolean;
  readonly expected: readonly string[];
  readonly decoded: readonly string[];
  /** Every expected payload was decoded. */
  readonly read: boolean;
  /** Payloads decoded that the image does not hold (a misread or a code invented in an image without one). */
  readonly wrong: readonly string[];
  readonly error: string | null;
  readonly ms: number;
  readonly megapixels: number;
  readonly label: "scam" | "legit" | null;
  readonly score: number | null;
}

export interface QrEvalReport {
  readonly outcomes: readonly QrCaseOutcome[];
  readonly readRate: { readonly tuning: number; readonly heldOut: number; readonly all: number };
  readonly wrongPayloads: number;
  readonly falseCodes: number;
  readonly msPerMegapixel: number;
  readonly meetsTargets: boolean;
}

const pct = (n: number, d: number): string => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);

function megapixelsOf(bytes: Uint8Array): number {
  // Width and height from the PNG IHDR or the JPEG SOF, enough for the timing figure.
  if (bytes[0] === 0x89) {
    const v = new DataView(bytes.buffer, bytes.byteOffset);
    return (v.getUint32(16) * v.getUint32(20)) / 1e6;
  }
  let at = 2;
  while (at + 9 < bytes.length) {
    const marker = bytes[at + 1] ?? 0;
    const len = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xc3) {
      const h = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const w = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return (w * h) / 1e6;
    }
    at += 2 + len;
  }
  return 0;
}

/** Decodes every case and scores the decoder; `score` (optional) adds the verdict part for labelled links. */
export async function evaluateQr(
  cases: readonly QrCase[],
  options: { score?: ScoreQr; retries?: boolean } = {},
): Promise<QrEvalReport> {
  const decoder = createZxingQrDecoder(options.retries === false ? { retries: [] } : {});
  await loadZxing();
  const outcomes: QrCaseOutcome[] = [];
  for (const c of cases) {
    const started = performance.now();
    const r = await decoder.decode(c.bytes);
    const ms = performance.now() - started;
    const decoded = r.ok ? r.value.map((x) => x.text) : [];
    const read = c.expected.every((e) => decoded.includes(e));
    const wrong = decoded.filter((d) => !c.expected.includes(d));
    let score: number | null = null;
    if (options.score && c.label !== null && read && /^https?:/i.test(c.expected[0] ?? "")) {
      score = await options.score({ url: c.expected[0] ?? "", bytes: c.bytes });
    }
    outcomes.push({
      id: c.id,
      cls: c.cls,
      heldOut: isHeldOut(c),
      expected: c.expected,
      decoded,
      read,
      wrong,
      error: r.ok ? null : `${r.error.code}: ${r.error.message}`,
      ms,
      megapixels: megapixelsOf(c.bytes),
      label: c.label,
      score,
    });
  }
  const withCode = outcomes.filter((o) => o.expected.length > 0);
  const rate = (xs: readonly QrCaseOutcome[]): number =>
    xs.length === 0 ? 1 : xs.filter((o) => o.read).length / xs.length;
  const totalMs = outcomes.reduce((s, o) => s + o.ms, 0);
  const totalMp = outcomes.reduce((s, o) => s + o.megapixels, 0);
  const wrongPayloads = outcomes.filter((o) => o.expected.length > 0).reduce((s, o) => s + o.wrong.length, 0);
  const falseCodes = outcomes.filter((o) => o.expected.length === 0).reduce((s, o) => s + o.decoded.length, 0);
  const readRate = {
    tuning: rate(withCode.filter((o) => !o.heldOut)),
    heldOut: rate(withCode.filter((o) => o.heldOut)),
    all: rate(withCode),
  };
  return {
    outcomes,
    readRate,
    wrongPayloads,
    falseCodes,
    msPerMegapixel: totalMp > 0 ? totalMs / totalMp : 0,
    meetsTargets: readRate.all >= 0.95 && wrongPayloads === 0 && falseCodes === 0,
  };
}

/** One labelled link of the URL evaluation's lists, printed as a plain code and scored through the channel. */
export interface QrLinkOutcome {
  readonly url: string;
  readonly set:
    | "phish_feeds"
    | "phish_feeds_2"
    | "phish_qr_links"
    | "legit_qr_links"
    | "legit_qr_operators"
    | "legit_popular"
    | "legit_lookalikes"
    | "phish_qr_read"
    | "legit_qr_read"
    | "phish_feeds_blind"
    | "phish_qr_blind"
    | "legit_qr_blind";
  readonly label: "scam" | "legit";
  readonly heldOut: boolean;
  readonly score: number | null;
}

/**
 * Every phishing-feed URL (both samples), every hand-written quishing link, every hand-written QR link, every link of
 * operators and service-word businesses, every popular site (under a path) and every brand or crypto lookalike site,
 * labelled and split like the URL evaluation (held out when `fnv1a(url) % 2 === 0`); the sets read last round whole
 * in the tuning part, and the blind sets whole in the held-out part.
 */
export function labelledQrLinks(): Omit<QrLinkOutcome, "score">[] {
  const links: Omit<QrLinkOutcome, "score" | "heldOut">[] = [
    ...listLines("phish-feeds.tsv").map((l) => ({
      url: l.split("\t")[0] ?? "",
      set: "phish_feeds" as const,
      label: "scam" as const,
    })),
    // A second sample of PhishTank exports (other repositories, 2018-2026): a line of its own beside the feed figure.
    ...listLines("phish-feeds-2.txt").map((url) => ({ url, set: "phish_feeds_2" as const, label: "scam" as const })),
    // Hand-written QR-phishing destinations: reported on a line of their own, never mixed into the feed figure.
    ...listLines("phish-qr-links.txt").map((url) => ({ url, set: "phish_qr_links" as const, label: "scam" as const })),
    ...listLines("legit-qr-links.txt").map((url) => ({ url, set: "legit_qr_links" as const, label: "legit" as const })),
    // Real operators' domains (parking, charging, tolls, payments, governments) and small businesses whose names
    // carry service words: reported on a line of their own, never mixed into the feed figure.
    ...listLines("legit-qr-operators.txt").map((url) => ({
      url,
      set: "legit_qr_operators" as const,
      label: "legit" as const,
    })),
    ...listLines("legit-top-sites.txt").map((h) => ({
      url: `https://${h}/offers`,
      set: "legit_popular" as const,
      label: "legit" as const,
    })),
    // Real sites whose names contain or resemble a brand (brand and crypto lookalikes), as codes on their home page.
    ...[...listLines("legit-lookalikes.txt"), ...listLines("legit-eth-whitelist.txt")].map((h) => ({
      url: `https://${h}/`,
      set: "legit_lookalikes" as const,
      label: "legit" as const,
    })),
    // Written blind before the eighth round and read once with the seventh round's rules; tuning material since, whole.
    ...listLines("phish-qr-links-blind.txt").map((url) => ({
      url,
      set: "phish_qr_read" as const,
      label: "scam" as const,
    })),
    ...listLines("legit-qr-blind.txt").map((url) => ({ url, set: "legit_qr_read" as const, label: "legit" as const })),
  ];
  // Written blind before a round and read once at its end: held out whole, never split.
  const blind: Omit<QrLinkOutcome, "score">[] = [
    ...listLines("phish-feeds-blind.txt").map((url) => ({
      url,
      set: "phish_feeds_blind" as const,
      label: "scam" as const,
      heldOut: true,
    })),
    ...listLines("phish-qr-links-blind-r8.txt").map((url) => ({
      url,
      set: "phish_qr_blind" as const,
      label: "scam" as const,
      heldOut: true,
    })),
    ...listLines("legit-qr-blind-r8.txt").map((url) => ({
      url,
      set: "legit_qr_blind" as const,
      label: "legit" as const,
      heldOut: true,
    })),
  ];
  // The same split as the URL evaluation's, so its held-out links stay unseen here too.
  const read = new Set<QrLinkOutcome["set"]>(["phish_qr_read", "legit_qr_read"]);
  return [...links.map((link) => ({ ...link, heldOut: !read.has(link.set) && isHeldOutUrl(link.url) })), ...blind];
}

/** Every labelled link (`labelledQrLinks`) printed as a plain code, through `score`. */
export async function evaluateQrLinks(
  score: ScoreQr,
  options: { tuningOnly?: boolean } = {},
): Promise<QrLinkOutcome[]> {
  const out: QrLinkOutcome[] = [];
  for (const link of labelledQrLinks()) {
    if (link.heldOut && options.tuningOnly === true) continue;
    const bytes = new Uint8Array(await QRCode.toBuffer(link.url, { scale: 4 }));
    out.push({ ...link, score: await score({ url: link.url, bytes }) });
  }
  return out;
}

/** The offline URL analyzers' factors for one link ("id:points ..."), to read a tuning miss. */
function urlFactors(raw: string): string {
  const url = normalizeUrl(raw);
  if (url.isErr()) return "(rejected)";
  const a = assessUrlOffline(url.value);
  return `[url ${a.riskScore}: ${a.factors.map((f) => `${f.id}:${f.points}`).join(" ")}]`;
}

interface VerdictRates {
  readonly scam: number;
  readonly scamHigh: number;
  readonly legit: number;
  readonly legitMedium: number;
}

function verdictRates(xs: readonly { label: "scam" | "legit" | null; score: number | null }[]): VerdictRates {
  const scam = xs.filter((o) => o.label === "scam" && o.score !== null);
  const legit = xs.filter((o) => o.label === "legit" && o.score !== null);
  return {
    scam: scam.length,
    scamHigh: scam.filter((o) => (o.score ?? 0) >= 65).length,
    legit: legit.length,
    legitMedium: legit.filter((o) => (o.score ?? 0) >= 40).length,
  };
}

const verdictLine = (name: string, r: VerdictRates): string =>
  `${name.padEnd(40)} scam >= 65: ${pct(r.scamHigh, r.scam).padStart(6)} of ${String(r.scam).padStart(3)}   ` +
  `legitimate >= 40: ${pct(r.legitMedium, r.legit).padStart(6)} of ${String(r.legit).padStart(3)}`;

function printReport(report: QrEvalReport, showTuningErrors: boolean, tuningOnly: boolean): void {
  const rows = QR_CASE_CLASSES.map((cls) => {
    const xs = report.outcomes.filter((o) => o.cls === cls);
    const holds = xs.some((o) => o.expected.length > 0);
    const t = xs.filter((o) => !o.heldOut);
    const h = xs.filter((o) => o.heldOut);
    const cell = (ys: readonly QrCaseOutcome[]): string =>
      holds
        ? `${ys.filter((o) => o.read).length}/${ys.length}`
        : `${ys.filter((o) => o.decoded.length === 0).length}/${ys.length} empty`;
    const wrong = (tuningOnly ? t : xs).reduce((s, o) => s + o.wrong.length, 0);
    const ms = xs.reduce((s, o) => s + o.ms, 0) / Math.max(1, xs.length);
    return `${cls.padEnd(16)} ${cell(t).padStart(10)} ${(tuningOnly ? "-" : cell(h)).padStart(10)} ${String(wrong).padStart(6)} ${ms.toFixed(0).padStart(8)}`;
  });
  console.log(
    `${"class".padEnd(16)} ${"tuning".padStart(10)} ${"held-out".padStart(10)} ${"wrong".padStart(6)} ${"ms/image".padStart(8)}`,
  );
  for (const r of rows) console.log(r);
  if (tuningOnly) {
    console.log(`\npayload decoded (tuning): ${(100 * report.readRate.tuning).toFixed(1)}%`);
  } else {
    const withCode = report.outcomes.filter((o) => o.expected.length > 0);
    console.log(
      `\nimages holding a code: ${withCode.length}; payload decoded: ${pct(withCode.filter((o) => o.read).length, withCode.length)} ` +
        `(tuning ${(100 * report.readRate.tuning).toFixed(1)}%, held-out ${(100 * report.readRate.heldOut).toFixed(1)}%)`,
    );
    console.log(`wrong payloads: ${report.wrongPayloads}; codes reported in images without one: ${report.falseCodes}`);
  }
  console.log(
    `decode time: ${report.msPerMegapixel.toFixed(1)} ms per megapixel (whole pipeline: image decoding, reads, retries)`,
  );
  const scored = report.outcomes.filter((o) => o.score !== null);
  if (scored.length > 0) {
    console.log("\nverdicts on the images' labelled links:");
    console.log(verdictLine("  images, tuning", verdictRates(scored.filter((o) => !o.heldOut))));
    if (!tuningOnly) console.log(verdictLine("  images, held-out", verdictRates(scored.filter((o) => o.heldOut))));
  } else {
    console.log("verdicts on decoded links: not run (no scoring function given; see evaluateQr)");
  }
  if (showTuningErrors) {
    for (const o of report.outcomes.filter((x) => !x.heldOut && (!x.read || x.wrong.length > 0 || x.error))) {
      console.log(
        `  ${o.id}: expected ${JSON.stringify(o.expected)} decoded ${JSON.stringify(o.decoded)} ${o.error ?? ""}`,
      );
    }
    for (const o of scored.filter(
      (x) => !x.heldOut && (x.label === "scam" ? (x.score ?? 0) < 65 : (x.score ?? 0) >= 40),
    ))
      console.log(`  ${o.id}: ${o.label} link scored ${o.score}: ${o.expected[0] ?? ""}`);
  }
  if (!tuningOnly)
    console.log(`targets (>= 95% read, 0 wrong, 0 false codes): ${report.meetsTargets ? "met" : "MISSED"}`);
}

/**
 * The lines of the link verdicts, one half at a time (the tuning half alone with `tuningOnly`): each a name and the
 * links it counts.
 */
export function linkVerdictGroups<T extends Pick<QrLinkOutcome, "set" | "heldOut">>(
  links: readonly T[],
  tuningOnly: boolean,
): { readonly name: string; readonly links: readonly T[] }[] {
  const groups: { name: string; links: T[] }[] = [];
  for (const heldOut of tuningOnly ? [false] : [false, true]) {
    const part = links.filter((l) => l.heldOut === heldOut);
    const of = (...sets: QrLinkOutcome["set"][]): T[] => part.filter((l) => sets.includes(l.set));
    const name = heldOut ? "held-out" : "tuning";
    // The feed figure: phishing-feed links against the legitimate sets (the quishing, lookalike and operator sets
    // have lines of their own).
    groups.push(
      { name: `  all links, ${name}`, links: of("phish_feeds", "legit_qr_links", "legit_popular") },
      { name: `    hand-written QR links, ${name}`, links: of("phish_feeds", "legit_qr_links") },
      { name: `    popular sites, ${name}`, links: of("phish_feeds", "legit_popular") },
      {
        name: `  operators and service-word businesses, ${name}`,
        links: of("phish_feeds", "legit_qr_operators"),
      },
      { name: `  feed links, second sample, ${name}`, links: of("phish_feeds_2", "legit_qr_links") },
      { name: `  lookalike sites (brand, crypto), ${name}`, links: of("legit_lookalikes") },
      { name: `  quishing links (hand-written), ${name}`, links: of("phish_qr_links") },
    );
    if (!heldOut)
      groups.push({
        name: "  quishing and legitimate sets read last round",
        links: of("phish_qr_read", "legit_qr_read"),
      });
    if (heldOut)
      groups.push(
        { name: "  blind feed links and legitimate set", links: of("phish_feeds_blind", "legit_qr_blind") },
        { name: "  blind quishing and legitimate sets", links: of("phish_qr_blind", "legit_qr_blind") },
      );
  }
  return groups;
}

function printLinks(links: readonly QrLinkOutcome[], showTuningErrors: boolean, tuningOnly: boolean): void {
  console.log("\nverdicts on every labelled link, each printed as a plain code:");
  for (const g of linkVerdictGroups(links, tuningOnly)) console.log(verdictLine(g.name, verdictRates(g.links)));
  if (showTuningErrors) {
    for (const l of links.filter((x) => !x.heldOut && x.label === "legit" && (x.score ?? 0) >= 40))
      console.log(`  legitimate link scored ${l.score}: ${l.url} ${urlFactors(l.url)}`);
    // The hand-written everyday links closest to the line, to see how much room is left.
    for (const l of links.filter(
      (x) => !x.heldOut && x.set === "legit_qr_links" && (x.score ?? 0) >= 25 && (x.score ?? 0) < 40,
    ))
      console.log(`  hand-written QR link near the line, ${l.score}: ${l.url} ${urlFactors(l.url)}`);
    const missed = links
      .filter((x) => !x.heldOut && x.label === "scam" && (x.score ?? 0) < 65)
      .sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    console.log(
      `\n  tuning scam links under 65 (${missed.length}; under 40: ${missed.filter((x) => (x.score ?? 0) < 40).length}):`,
    );
    for (const l of missed) console.log(`  ${String(l.score).padStart(3)} ${l.set} ${l.url} ${urlFactors(l.url)}`);
  }
}

export async function main(args: readonly string[] = [], options: { score?: ScoreQr } = {}): Promise<QrEvalReport> {
  const started = performance.now();
  const tuningOnly = args.includes("--tuning-only");
  const showTuningErrors = args.includes("--show-tuning-errors");
  const cases = await generateQrCases();
  const generated = performance.now();
  console.log(
    `QR evaluation: ${cases.length} generated images (${((generated - started) / 1000).toFixed(1)} s to generate)`,
  );
  const report = await evaluateQr(cases, { ...options, retries: !args.includes("--no-retries") });
  printReport(report, showTuningErrors, tuningOnly);
  if (options.score !== undefined)
    printLinks(await evaluateQrLinks(options.score, { tuningOnly }), showTuningErrors, tuningOnly);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!report.meetsTargets) process.exitCode = 1;
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));

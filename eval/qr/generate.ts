// The QR evaluation set, generated in memory from a fixed seed: each distortion class a camera meets, posters and
// stickers carrying scam and legitimate links, and images with no code or only 1-D barcodes. Payload links come
// from the URL evaluation's labelled lists (eval/url/sets), so the risk hook can score them against their label.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  addNoise,
  blank,
  compose,
  ean13Image,
  fromRgba,
  photoBackground,
  posterSvg,
  qrImage,
  rng,
  sharp,
  toRgba,
  warp,
  type Rgba,
} from "../../packages/providers/test/qr/render.js";
import { isHeldOut as isHeldOutUrl } from "../url-eval.js";
import { fnv1a } from "../fnv1a.js";

export const QR_CASE_CLASSES = [
  "scale",
  "rotation",
  "perspective",
  "blur",
  "noise",
  "jpeg30",
  "low_contrast",
  "inverted",
  "small_in_photo",
  "two_codes",
  "poster",
  "sticker",
  "no_code",
  "barcode_only",
] as const;
export type QrCaseClass = (typeof QR_CASE_CLASSES)[number];

export interface QrCase {
  readonly id: string;
  readonly cls: QrCaseClass;
  /** Every payload the image holds; empty for an image with no QR code. */
  readonly expected: readonly string[];
  /** For links from the labelled URL lists: whether the link is a scam or legitimate. */
  readonly label: "scam" | "legit" | null;
  /** The encoded image, as a user would upload it. */
  readonly bytes: Uint8Array;
}

const SETS = join(dirname(fileURLToPath(import.meta.url)), "..", "url", "sets");

/** The lines of one of the URL evaluation's lists (eval/url/sets), comments and blanks left out. */
export function listLines(file: string): string[] {
  return readFileSync(join(SETS, file), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** Every `step`-th entry, so the links spread over the whole list. */
const spread = <T>(items: readonly T[], count: number): T[] =>
  Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T);

interface Pools {
  readonly scam: readonly string[];
  readonly legit: readonly string[];
}

/**
 * Labelled links of one half. A case draws its links from the same half of the URL evaluation as it is itself in
 * the QR evaluation, so tuning on the QR set's tuning half never shows a link the URL evaluation holds out.
 */
function linkPools(heldOut: boolean): Pools {
  const half = (url: string): boolean => isHeldOutUrl(url) === heldOut;
  const scam = listLines("phish-feeds.tsv")
    .map((l) => l.split("\t")[0] ?? "")
    .filter(half);
  // Popular sites (a page under an offer path) alternate with hand-written links of everyday QR codes.
  const popular = listLines("legit-top-sites.txt")
    .map((h, i) => `https://${h}/${i % 3 === 0 ? "" : `offers/${i}`}`)
    .filter(half);
  const everyday = listLines("legit-qr-links.txt").filter(half);
  const legit = spread(popular, 20).flatMap((p, i) => [p, spread(everyday, 20)[i] ?? p]);
  return { scam: spread(scam, 30), legit };
}

const OTHER_PAYLOADS: readonly string[] = [
  "WIFI:T:WPA;S:Cafe Guest;P:coffee-2024;;",
  "tel:+19005550123",
  "bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=0.05&label=Parking",
  ["BCD", "002", "1", "SCT", "", "City Parking Ltd", "DE89370400440532013000", "EUR25.00", "", "", "Fine 4471"].join(
    "\n",
  ),
  "BEGIN:VCARD\nVERSION:3.0\nFN:Jane Doe\nTEL:+12127365000\nURL:https://example.org\nEND:VCARD",
  "SMSTO:+12127365000:Reply YES to confirm your delivery",
  "Table 14 - order at menu.example.com",
];

interface Builder {
  readonly cls: QrCaseClass;
  readonly count: number;
  build(
    i: number,
    payload: () => { text: string; label: "scam" | "legit" | null },
    random: () => number,
  ): Promise<{ img: Rgba | Buffer; expected: string[]; jpeg?: number }>;
}

async function onPage(code: Rgba, pad: number, rgb = { r: 255, g: 255, b: 255 }): Promise<Rgba> {
  return compose(blank(code.width + 2 * pad, code.height + 2 * pad, rgb), [{ img: code, left: pad, top: pad }]);
}

const BUILDERS: readonly Builder[] = [
  {
    cls: "scale",
    count: 10,
    async build(i, payload) {
      const p = payload();
      // Module sizes from 1.7 px (a code printed small and photographed from afar) to 14 px.
      const module = [1.7, 2.2, 3, 8, 14][i % 5] ?? 4;
      const code = await qrImage(p.text, 10, i % 2 === 0 ? 4 : 2);
      const w = Math.round((code.width * module) / 10);
      const small = await toRgba(fromRgba(code).resize(w, w, { kernel: "cubic" }));
      return { img: await onPage(small, 20), expected: [p.text] };
    },
  },
  {
    cls: "rotation",
    count: 10,
    async build(i, payload) {
      const p = payload();
      const angle = [8, 30, 45, 90, 135, 180, 200, 270, 315, 352][i % 10] ?? 0;
      const page = await onPage(await qrImage(p.text, 5), 30);
      const img = await toRgba(fromRgba(page).rotate(angle, { background: "#ffffff" }));
      return { img, expected: [p.text] };
    },
  },
  {
    cls: "perspective",
    count: 10,
    async build(_i, payload, random) {
      const p = payload();
      const code = await qrImage(p.text, 6);
      const W = code.width + 160;
      const H = code.height + 160;
      // Corners pulled inwards at random by up to 30% of the side: a print photographed at an angle.
      const j = (m: number): number => random() * m;
      const k = code.width / 3.5;
      const corners = [
        [80 + j(k), 80 + j(k)],
        [80 + code.width - j(k), 80 + j(k)],
        [80 + code.width - j(k), 80 + code.height - j(k)],
        [80 + j(k), 80 + code.height - j(k)],
      ] as const;
      return { img: warp(code, corners, W, H), expected: [p.text] };
    },
  },
  {
    cls: "blur",
    count: 8,
    async build(i, payload) {
      const p = payload();
      const sigma = [1.5, 2.5, 3, 3.5][i % 4] ?? 1;
      const page = await onPage(await qrImage(p.text, 5), 30);
      return { img: await toRgba(fromRgba(page).blur(sigma)), expected: [p.text] };
    },
  },
  {
    cls: "noise",
    count: 8,
    async build(i, payload, random) {
      const p = payload();
      const page = await onPage(await qrImage(p.text, 5), 30);
      return { img: addNoise(page, [30, 50, 70, 90][i % 4] ?? 30, random), expected: [p.text] };
    },
  },
  {
    cls: "jpeg30",
    count: 8,
    async build(i, payload) {
      const p = payload();
      return { img: await onPage(await qrImage(p.text, [2, 3, 4, 6][i % 4] ?? 4), 20), expected: [p.text], jpeg: 30 };
    },
  },
  {
    cls: "low_contrast",
    count: 8,
    async build(i, payload) {
      const p = payload();
      // Dark grey on light grey, 12 to 40 levels apart: a faded print or a code in shade.
      const gap = [40, 25, 18, 12][i % 4] ?? 40;
      const light = 200;
      const hex = (v: number): string => v.toString(16).padStart(2, "0").repeat(3);
      const code = await qrImage(p.text, 5, 4, "M", { dark: `#${hex(light - gap)}ff`, light: `#${hex(light)}ff` });
      return { img: await onPage(code, 20, { r: light, g: light, b: light }), expected: [p.text] };
    },
  },
  {
    cls: "inverted",
    count: 6,
    async build(_i, payload) {
      const p = payload();
      const page = await onPage(await qrImage(p.text, 5), 20);
      return { img: await toRgba(fromRgba(page).negate({ alpha: false })), expected: [p.text] };
    },
  },
  {
    cls: "small_in_photo",
    count: 4,
    async build(i, payload, random) {
      const p = payload();
      const [W, H] = i % 2 === 0 ? [4000, 3000] : [3024, 4032];
      const code = await onPage(await qrImage(p.text, 4 + (i % 2)), 12);
      const left = 200 + random() * (W - code.width - 400);
      const top = 200 + random() * (H - code.height - 400);
      const img = await compose(await photoBackground(W, H, 1000 + i), [{ img: code, left, top }]);
      return { img, expected: [p.text], jpeg: 85 };
    },
  },
  {
    cls: "two_codes",
    count: 6,
    async build(i, payload) {
      const a = payload();
      const b = payload();
      const ca = await qrImage(a.text, 4);
      const cb = await qrImage(b.text, 4);
      const side = i % 2 === 0;
      const W = side ? ca.width + cb.width + 60 : Math.max(ca.width, cb.width) + 40;
      const H = side ? Math.max(ca.height, cb.height) + 40 : ca.height + cb.height + 60;
      const img = await compose(blank(W, H), [
        { img: ca, left: 20, top: 20 },
        side ? { img: cb, left: ca.width + 40, top: 20 } : { img: cb, left: 20, top: ca.height + 40 },
      ]);
      return { img, expected: [a.text, b.text] };
    },
  },
  {
    cls: "poster",
    count: 12,
    async build(i, payload, random) {
      const p = payload();
      const colours = ["#ffd54f", "#81d4fa", "#c5e1a5", "#ffab91", "#e1bee7", "#ffffff"];
      const headlines = [
        "PAY PARKING HERE",
        "Scan to order",
        "Free Wi-Fi",
        "Pay your fine",
        "Menu",
        "Track your parcel",
      ];
      const poster = await toRgba(
        sharp(
          posterSvg(600, 800, colours[i % colours.length] ?? "#fff", headlines[i % headlines.length] ?? "", [
            "Scan the code with your phone camera.",
            "Fast, contactless and secure payment.",
            `Zone ${100 + i} - open 24/7`,
          ]),
        ),
      );
      const code = await onPage(await qrImage(p.text, 6), 10);
      const flat = await compose(fromRgba(poster), [{ img: code, left: (600 - code.width) / 2, top: 260 }]);
      // Photographed a little off-axis on a wall.
      const j = (): number => random() * 50;
      const img = warp(
        flat,
        [
          [40 + j(), 30 + j()],
          [640 - j(), 40 + j()],
          [650 - j(), 860 - j()],
          [30 + j(), 850 - j()],
        ],
        680,
        900,
        90,
      );
      return { img, expected: [p.text], jpeg: 75 };
    },
  },
  {
    cls: "sticker",
    count: 8,
    async build(i, payload, random) {
      // A fraudster's sticker pasted over a parking meter's printed code: only the sticker's code remains visible.
      const original = payload();
      const sticker = payload();
      const printed = await onPage(await qrImage(original.text, 5), 10);
      const stuck = await onPage(await qrImage(sticker.text, 6), 14);
      const W = Math.max(printed.width, stuck.width) + 200;
      const H = W + 120;
      const meter = await compose(await photoBackground(W, H, 2000 + i), [{ img: printed, left: 100, top: 120 }]);
      const angle = (random() - 0.5) * 16;
      const rotated = await toRgba(fromRgba(stuck).rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }));
      const cx = 100 + printed.width / 2 - rotated.width / 2;
      const cy = 120 + printed.height / 2 - rotated.height / 2;
      const img = await compose(fromRgba(meter), [{ img: rotated, left: Math.max(0, cx), top: Math.max(0, cy) }]);
      return { img, expected: [sticker.text], jpeg: 80 };
    },
  },
  {
    cls: "no_code",
    count: 10,
    async build(i, _payload, random) {
      if (i % 3 === 0) return { img: await toRgba(await photoBackground(1200, 900, 3000 + i)), expected: [], jpeg: 85 };
      if (i % 3 === 1) {
        const svg = posterSvg(600, 800, "#fff59d", "Parking rules", [
          "Max stay 2 hours",
          "Pay at the machine",
          "No return within 1 hour",
        ]);
        return { img: await toRgba(sharp(svg)), expected: [] };
      }
      // A checkerboard and random blocks: square patterns that look like modules to a detector.
      const W = 640;
      const px = new Uint8Array(W * W * 4).fill(255);
      const cell = 8 + Math.floor(random() * 12);
      for (let y = 0; y < W; y++) {
        for (let x = 0; x < W; x++) {
          const dark = x < W / 2 ? (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0 : random() < 0.02;
          if (dark) px[(y * W + x) * 4] = px[(y * W + x) * 4 + 1] = px[(y * W + x) * 4 + 2] = 0;
        }
      }
      return { img: { width: W, height: W, data: px }, expected: [] };
    },
  },
  {
    cls: "barcode_only",
    count: 6,
    async build(i, _payload, random) {
      const digits = Array.from({ length: 12 }, () => Math.floor(random() * 10)).join("");
      const bar = await ean13Image(digits, 2 + (i % 3), 90);
      const page = await onPage(bar, 30);
      const img = i % 2 === 0 ? page : await toRgba(fromRgba(page).rotate(90));
      return { img, expected: [], ...(i >= 4 ? { jpeg: 70 } : {}) };
    },
  },
];

/** Half of every class is held out (never inspected case by case while tuning). */
export const isHeldOut = (c: Pick<QrCase, "id">): boolean => fnv1a(c.id) % 2 === 0;

/** Generates the whole set (about 120 images) from a fixed seed. */
export async function generateQrCases(seed = 20_261_123): Promise<QrCase[]> {
  const pools = { tuning: linkPools(false), heldOut: linkPools(true) };
  const random = rng(seed);
  let n = 0;
  let heldOut = false;
  // Each half hands out its scam and legitimate links in turn, so no link repeats before its list is used up.
  const taken = { tuning: { scam: 0, legit: 0 }, heldOut: { scam: 0, legit: 0 } };
  // Links alternate scam and legitimate; every fourth payload is another kind (Wi-Fi, tel, crypto, EPC ...).
  const labels = new Map<string, "scam" | "legit" | null>();
  const payload = (): { text: string; label: "scam" | "legit" | null } => {
    const k = n++;
    const scam = k % 2 === 0;
    const half = heldOut ? "heldOut" : "tuning";
    const label = scam ? ("scam" as const) : ("legit" as const);
    const list = pools[half][label];
    const p =
      k % 4 === 3
        ? { text: OTHER_PAYLOADS[k % OTHER_PAYLOADS.length] ?? "", label: null }
        : { text: list[taken[half][label]++ % list.length] ?? "", label };
    labels.set(p.text, p.label);
    return p;
  };
  const cases: QrCase[] = [];
  for (const b of BUILDERS) {
    for (let i = 0; i < b.count; i++) {
      const id = `${b.cls}-${i}`;
      heldOut = isHeldOut({ id });
      const { img, expected, jpeg } = await b.build(i, payload, random);
      const label = expected.length === 1 ? (labels.get(expected[0] ?? "") ?? null) : null;
      const s = Buffer.isBuffer(img) ? sharp(img) : fromRgba(img);
      const bytes =
        jpeg !== undefined
          ? await s.jpeg({ quality: jpeg }).toBuffer()
          : await s.png({ compressionLevel: 2 }).toBuffer();
      cases.push({ id, cls: b.cls, expected, label, bytes: new Uint8Array(bytes) });
    }
  }
  return cases;
}

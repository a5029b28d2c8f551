// The checker page from submit to answer page, against the JSON API call for the same input in the same run: a
// 160-character text message (p95 of the page's multipart form post answered with the full HTML answer, against
// POST /api/v1/text/analyze), and a photographed one-page letter (p50 of the page's upload, against
// POST /api/v1/document/analyze with force_refresh). One server on 127.0.0.1 with the real app (the API on
// node:http, the page on Express), the engine on in-memory stores with the production readers (PDF thread, OCR
// worker, QR decoder), offline. The client shares the process, as it does for both sides. Every message differs
// (no cache hit on either side); the page's engine never writes the cache and the API's photos bypass it.
// Targets: text p95 < 300 ms, photo p50 < 3 s.
//   node --conditions=source --import tsx bench/page-check.ts [--messages=N] [--photos=N]
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SCOPES, createEngine, type Principal } from "../packages/core/src/index.js";
import {
  createHttpApp,
  createPageRouter,
  silentLogger,
  withoutCacheWrites,
} from "../packages/adapters-http/src/index.js";
import { inMemoryEngineDeps } from "../packages/persistence/src/testing/in-memory-engine.js";
import { SystemClock } from "../packages/persistence/src/system-clock.js";
import { createDocumentReader } from "../packages/providers/src/document/create-document-reader.js";
import { createZxingQrDecoder } from "../packages/providers/src/qr/zxing-qr-decoder.js";
import { createPostalMimeReader } from "../packages/providers/src/email/index.js";
import { InMemoryRateLimiter } from "../packages/core/src/testing/index.js";
import { percentile } from "./lib/stats.js";

const arg = (name: string, fallback: number): number =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const MESSAGES = arg("messages", 300);
const PHOTOS = arg("photos", 12);
const TEXT_TARGET_MS = 300;
const PHOTO_TARGET_MS = 3_000;
const SET = join(dirname(fileURLToPath(import.meta.url)), "..", "eval", "documents", "set");
const photos = [
  "toll-scam-1",
  "invoice-callback-1",
  "jury-scam-2",
  "utility-bill-1",
  "pharmacy-letter-2",
  "tax-scam-1",
].map((id) => new Uint8Array(readFileSync(join(SET, `${id}-photo.jpg`))));
const message = (i: number): string =>
  `USPS: Your package #${100000 + i} is on hold due to an unpaid delivery fee of $1.99. Pay within 24 hours at usps-redeliver.top/p or call (855) 439-5123.`;

const qrDecoder = createZxingQrDecoder();
const documentReader = createDocumentReader({ qrDecoder });
const deps = inMemoryEngineDeps({
  clock: new SystemClock(),
  qrDecoder,
  documentReader,
  mailReader: createPostalMimeReader(),
});
const engine = createEngine(deps);
const account = (
  await engine.accounts.create({
    email: "bench@example.test",
    plan: "enterprise",
    rpm: 100_000,
    quotas: { text: 1e9, url: 1e9, phone: 1e9, email: 1e9 },
  })
)._unsafeUnwrap();
const key = (await engine.keys.create(account.id, { mode: "live" }))._unsafeUnwrap().key;
const page: Principal = { accountId: account.id, mode: "live", via: "api_key", scopes: SCOPES };

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
server.on(
  "request",
  createHttpApp({
    engine,
    logger: silentLogger,
    mount: (app) =>
      app.use(
        createPageRouter({
          engine: createEngine({ ...deps, cache: withoutCacheWrites(deps.cache) }),
          principal: () => Promise.resolve(page),
          limiter: new InMemoryRateLimiter(),
          store: deps.cache,
          logger: silentLogger,
          baseUrl: base,
          limits: { perMinute: 1e9, perDay: 1e9 },
          documentReader,
        }),
      ),
  }),
);

async function timed(run: () => Promise<Response>, expect: (res: Response, body: string) => boolean): Promise<number> {
  const t = performance.now();
  const res = await run();
  const body = await res.text();
  const ms = performance.now() - t;
  if (!expect(res, body)) throw new Error(`unexpected answer ${res.status}: ${body.slice(0, 200)}`);
  return ms;
}

const pageText = (i: number): Promise<Response> => {
  const form = new FormData();
  form.append("text", message(i));
  form.append("lang", "en");
  return fetch(`${base}/check`, { method: "POST", body: form });
};
const apiText = (i: number): Promise<Response> =>
  fetch(`${base}/api/v1/text/analyze`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ text: message(i) }),
  });
const upload = (bytes: Uint8Array, extra: Record<string, string> = {}): FormData => {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append("file", new Blob([bytes], { type: "image/jpeg" }), "letter.jpg");
  return form;
};
const pagePhoto = (i: number): Promise<Response> =>
  fetch(`${base}/check`, { method: "POST", body: upload(photos[i % photos.length]!) });
const apiPhoto = (i: number): Promise<Response> =>
  fetch(`${base}/api/v1/document/analyze`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: upload(photos[i % photos.length]!, { force_refresh: "true" }),
  });
const isPage = (res: Response, body: string): boolean => res.status === 200 && body.includes("data-verdict=");
const isJson = (res: Response, body: string): boolean => res.status === 200 && body.startsWith("{");

async function series(
  n: number,
  offset: number,
  run: (i: number) => Promise<Response>,
  ok: typeof isPage,
): Promise<Float64Array> {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = await timed(() => run(offset + i), ok);
  return out.sort();
}

await documentReader.warmUp?.();
// Warm-up of both paths, then the measured rounds, alternating halves so drift moves both sides.
await series(30, 0, pageText, isPage);
await series(30, 1_000, apiText, isJson);
await series(2, 0, pagePhoto, isPage);
await series(2, 0, apiPhoto, isJson);
const half = Math.ceil(MESSAGES / 2);
const pageTexts = [
  ...(await series(half, 10_000, pageText, isPage)),
  ...(await series(half, 30_000, pageText, isPage)),
];
const apiTexts = [...(await series(half, 20_000, apiText, isJson)), ...(await series(half, 40_000, apiText, isJson))];
const pagePhotos = [...(await series(PHOTOS, 0, pagePhoto, isPage))];
const apiPhotos = [...(await series(PHOTOS, 0, apiPhoto, isJson))];
const sort = (v: number[]): Float64Array => Float64Array.from(v).sort();
const pt = sort(pageTexts);
const at = sort(apiTexts);
const pp = sort(pagePhotos);
const ap = sort(apiPhotos);
const f = (ms: number): string => `${ms.toFixed(1)} ms`;
console.log(
  `page check: ${MESSAGES} text messages (${message(0).length} characters), ${PHOTOS} photographed letters (JPEG, 1100 px)`,
);
console.log(`baseline: JSON API, text  p50 ${f(percentile(at, 0.5))}, p95 ${f(percentile(at, 0.95))}`);
console.log(`page: form to answer page, text  p50 ${f(percentile(pt, 0.5))}, p95 ${f(percentile(pt, 0.95))}`);
console.log(`ratio page / API, text p95: ${(percentile(pt, 0.95) / percentile(at, 0.95)).toFixed(2)}x`);
console.log(`baseline: JSON API, photo  p50 ${f(percentile(ap, 0.5))}, p95 ${f(percentile(ap, 0.95))}`);
console.log(`page: upload to answer page, photo  p50 ${f(percentile(pp, 0.5))}, p95 ${f(percentile(pp, 0.95))}`);
console.log(`ratio page / API, photo p50: ${(percentile(pp, 0.5) / percentile(ap, 0.5)).toFixed(2)}x`);
const textMet = percentile(pt, 0.95) < TEXT_TARGET_MS;
const photoMet = percentile(pp, 0.5) < PHOTO_TARGET_MS;
console.log(`target text p95 < ${TEXT_TARGET_MS} ms: ${textMet ? "met" : "MISSED"}`);
console.log(`target photo p50 < ${PHOTO_TARGET_MS} ms: ${photoMet ? "met" : "MISSED"}`);
server.closeAllConnections();
server.close();
await documentReader.close();
process.exitCode = textMet && photoMet ? 0 : 1;

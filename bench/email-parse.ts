// Latency of reading and header-analysing one 50 KB multipart message offline (postal-mime through the bounded
// reader, then header, link and attachment analysis), and of the same with offline authentication (mailauth with DNS
// answering nothing, the trusted receiver's header read instead), against bare PostalMime.parse of the same message
// measured in the same run. Target for the whole channel: p50 < 10 ms.
// Run: node --conditions=source --import tsx bench/email-parse.ts
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { analyzeAttachments, analyzeHeaders, analyzeHtmlLinks } from "../packages/core/src/analyzers/email/index.js";
import { createMailauthAuthenticator, createPostalMimeReader } from "../packages/providers/src/email/index.js";
import { percentile } from "./lib/stats.js";
import { inMemoryEngine } from "./lib/engine.js";
import { SCOPES, type Principal } from "../packages/core/src/index.js";

// postal-mime is a dependency of providers, not of the repository root: load the baseline from there.
const fromProviders = createRequire(new URL("../packages/providers/package.json", import.meta.url));
const PostalMime = fromProviders("postal-mime") as { parse(raw: string): Promise<unknown> };

const TARGET_P50_MS = 10;
const ROUNDS = 400;

function message(): string {
  const paragraph =
    "Thank you for your order. Your items are being prepared for shipment and you will receive another email with tracking details. ";
  const text = Array.from({ length: 150 }, (_, i) => `${i}. ${paragraph}`).join("\n");
  const links = Array.from(
    { length: 90 },
    (_, i) => `<p>${paragraph}<a href="https://click.shop.example.com/t/${i}?u=abc">View item ${i}</a></p>`,
  ).join("\n");
  const html = `<!DOCTYPE html><html><head><style>p{margin:0}</style></head><body>${links}<a href="https://click.shop.example.com/u">www.shop-example.com</a></body></html>`;
  const attachment = Buffer.from(`%PDF-1.4\n${"0123456789abcdef".repeat(700)}`).toString("base64");
  const lines = [
    "Delivered-To: jordan.lee@gmail.com",
    "Received: by 2002:a05:6a10:8e0c::1 with SMTP id hk12csp1; Tue, 5 Nov 2024 06:00:09 -0800",
    "Authentication-Results: mx.google.com;",
    "       dkim=pass header.i=@shop-example.com header.s=s1 header.b=AbCd;",
    "       spf=pass (google.com: domain of bounce@shop-example.com designates 203.0.113.9 as permitted sender) smtp.mailfrom=bounce@shop-example.com;",
    "       dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=shop-example.com",
    "Received: from mail.shop-example.com (mail.shop-example.com. [203.0.113.9]) by mx.google.com with ESMTPS id x1si; Tue, 5 Nov 2024 06:00:08 -0800",
    "Received: from app-7.internal (10.0.4.7) by mail.shop-example.com with ESMTP id 9F; Tue, 5 Nov 2024 14:00:07 +0000",
    "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=shop-example.com; s=s1; h=from:to:subject:date:message-id; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=dGVzdHNpZ25hdHVyZQ==",
    "Return-Path: <bounce@shop-example.com>",
    'From: "Shop Example" <orders@shop-example.com>',
    "To: jordan.lee@gmail.com",
    "Reply-To: help@shop-example.com",
    "Subject: Your order #1042 is confirmed",
    "Date: Tue, 5 Nov 2024 14:00:00 +0000",
    "Message-ID: <order-1042@shop-example.com>",
    "List-Unsubscribe: <https://shop-example.com/u?x=1>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="mixed"',
    "",
    "--mixed",
    'Content-Type: multipart/alternative; boundary="alt"',
    "",
    "--alt",
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "--alt",
    "Content-Type: text/html; charset=utf-8",
    "",
    html,
    "--alt--",
    "--mixed",
    'Content-Type: application/pdf; name="receipt.pdf"',
    'Content-Disposition: attachment; filename="receipt.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    attachment.replace(/.{1,76}/g, "$&\r\n").trimEnd(),
    "--mixed--",
    "",
  ];
  return lines.join("\r\n");
}

async function measure(label: string, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 50; i++) await fn();
  const times = new Float64Array(ROUNDS);
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    times[i] = performance.now() - start;
  }
  times.sort();
  const p50 = percentile(times, 0.5);
  const p99 = percentile(times, 0.99);
  console.log(`${label.padEnd(58)} p50 ${p50.toFixed(2).padStart(6)} ms   p99 ${p99.toFixed(2).padStart(6)} ms`);
  return { p50, p99 };
}

const raw = message();
// On a shared machine every figure scales with the load; the ratio to the baseline is the comparable number.
console.log(`load average (1 min): ${(loadavg()[0] ?? 0).toFixed(1)}`);
console.log(`message: ${(Buffer.byteLength(raw) / 1024).toFixed(1)} KB, multipart (text, HTML with 91 links, PDF)`);
const reader = createPostalMimeReader();
const offline = Object.assign(new Error("offline"), { code: "ETIMEOUT" });
const authenticator = createMailauthAuthenticator({ resolver: () => Promise.reject(offline) });
const signal = new AbortController().signal;

async function readAndAnalyse(withAuth: boolean): Promise<unknown> {
  const r = await reader.read(raw);
  if (r.isErr()) throw new Error(r.error.message);
  const mail = r.value;
  const auth = withAuth
    ? await authenticator.authenticate(mail.raw, { signal })
    : ({
        spf: { result: "unknown", origin: "unknown", domain: null, clientIp: null },
        dkim: { result: "unknown", origin: "unknown", signatures: [] },
        dmarc: { result: "unknown", origin: "unknown", domain: null, policy: null },
        arc: { result: "unknown", origin: "unknown", instances: 0, sealers: [] },
        receiver: null,
      } as const);
  return [analyzeHeaders(mail, auth), analyzeAttachments(mail.attachments), analyzeHtmlLinks(mail.links)];
}

const baseline = await measure("baseline: PostalMime.parse alone", () => PostalMime.parse(raw));
const candidate = await measure("candidate: bounded reader + header/link/attachment analysis", () =>
  readAndAnalyse(false),
);
await measure("candidate + offline authentication (mailauth)", () => readAndAnalyse(true));

// The whole channel through the engine API: the reader, authentication, header forensics, the message analyzer on
// the body, the links' sub-lookups, scoring, quota and cache (each call a distinct message, so never cached).
const engine = inMemoryEngine({ mailReader: reader, emailAuthenticator: authenticator });
const account = (
  await engine.accounts.create({ email: "bench@example.com", plan: "enterprise", rpm: 100_000 })
)._unsafeUnwrap();
const me: Principal = { accountId: account.id, mode: "live", via: "api_key", scopes: SCOPES };
let n = 0;
const channel = await measure("engine.analyzeEmail (the whole channel, uncached)", async () => {
  const r = await engine.analyzeEmail(me, { email_body: raw.replace("Subject: ", `Subject: ${++n} `) });
  if (r.isErr()) throw new Error(r.error.message);
});
console.log(`ratio candidate / baseline (p50): ${(candidate.p50 / baseline.p50).toFixed(2)}`);
console.log(`target p50 < ${TARGET_P50_MS} ms through the engine: ${channel.p50 < TARGET_P50_MS ? "met" : "MISSED"}`);
if (channel.p50 >= TARGET_P50_MS) process.exitCode = 1;

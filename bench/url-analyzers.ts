// Throughput of normalizeUrl + analyzeUrl on a mix of URLs, against bare WHATWG `new URL()` parsing of
// the same strings measured in the same run.
// Run: node --conditions=source --import tsx bench/url-analyzers.ts

import { analyzeUrl, normalizeUrl } from "../packages/core/src/analyzers/url/index.js";

const SAMPLE = [
  "https://www.google.com/search?q=weather",
  "paypal.com",
  "https://www.paypal.com/signin",
  "http://paypal-secure-login.com/verify/account",
  "https://xn--pypal-4ve.com/login",
  "amaz0n.com",
  "https://customeramazonservice.monster/",
  "http://www.paypal.com.secure.xyz/webscr?cmd=_login",
  "https://usps-redelivery.top/track?id=9400",
  "http://61.57.62.114:8002/wp/AppleMyAppleID.htm",
  "https://bit.ly/3tzC89x",
  "https://evil.example.com/wellsfargo/login.php",
  "https://github.com/nodejs/node/issues/1",
  "https://en.wikipedia.org/wiki/Phishing_(computing)",
  "https://royalmail.reschedule-item-delivery.com/",
  "https://orange-auth-log.weebly.com/",
  "https://stackoverflow.com/questions/123/how-to",
  "<https://www.bbc.co.uk/news>.",
  "https://applebees.com/menu",
  "https://gsierohv4zgayjanmrputhzlvy-adwhj77lcyoafdy-www-paypal-com.translate.goog/us/home",
  "https://bankofamirika.com/",
  "https://o2billing-update.com/",
  "https://example.org/files/online.asb.co.nz/index.html",
  "https://app.openseo.com/d41d8cd98f00b204e9800998ecf8427e/wp-content/login.php",
  "https://www.internationalbusinessnewsroom.com/2024/05/quarterly-results",
];

function run(label: string, iterations: number, fn: (s: string) => unknown): number {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    if (fn(SAMPLE[i % SAMPLE.length] ?? "") !== undefined) sink++;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rate = iterations / seconds;
  console.log(`${label.padEnd(34)} ${Math.round(rate).toLocaleString("en-US").padStart(12)} URLs/s  (${sink} results)`);
  return rate;
}

function parseBare(s: string): unknown {
  try {
    return new URL(/^[a-z]+:\/\//i.test(s) ? s : `https://${s}`);
  } catch {
    return null;
  }
}

function analyze(s: string): unknown {
  const r = normalizeUrl(s);
  return r.isOk() ? analyzeUrl(r.value) : r.error;
}

const N = 200_000;
// Warm up both paths so the JIT has compiled them before measuring.
run("warm-up: new URL()", N / 4, parseBare);
run("warm-up: normalizeUrl + analyzeUrl", N / 4, analyze);
const baseline = run("baseline: new URL()", N, parseBare);
const analyzers = run("normalizeUrl + analyzeUrl", N, analyze);
console.log(`ratio analyzers / baseline: ${(analyzers / baseline).toFixed(3)} (target: >= 20,000 URLs/s on one core)`);
if (analyzers < 20_000) process.exitCode = 1;

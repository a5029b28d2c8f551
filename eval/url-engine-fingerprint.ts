// A fingerprint of the URL engine's answers, for checking that a change to the machinery around the analyzers
// (validation, cache, quota, receipts, scoring, explanation) leaves every answer as it was. Looks up every seventh URL
// of the URL corpora outside the held-out sources and dates (held-out files are not read), the golden inputs and a
// few edge cases through `engine.lookupUrl` on in-memory stores: one in ten twice (the second answer comes from the
// cache), one in 37 with force_refresh, one in 113 under a test key, and writes one JSON line per answer (the fresh
// id and the two timestamps left out; the quota counters and the account's receipt of it kept), then the account's
// usage.
// Run: node --conditions=source --import tsx eval/url-engine-fingerprint.ts <out-file>, then compare two files.
import { readFileSync, writeFileSync } from "node:fs";
import { InMemoryFeedbackStore, type Principal } from "../packages/core/src/index.js";
import { inMemoryEngine } from "../packages/persistence/src/testing/in-memory-engine.js";
import { urlBenchPrincipal } from "../bench/lib/engine.js";
import { isHeldOut, loadCorpus, loadHeldOut, loadSources } from "./corpora/load.js";

const out = process.argv[2];
if (out === undefined || out.startsWith("--")) throw new Error("usage: url-engine-fingerprint.ts <out-file>");

const heldOut = loadHeldOut("url");
const sources = loadSources("url")
  .map((s) => s.id)
  .filter((id) => !heldOut.sources.includes(id));
const corpus = loadCorpus("url", { sources }).filter((item) => !isHeldOut(item, heldOut));
const golden = JSON.parse(
  readFileSync(new URL("../packages/core/test/engine/fixtures/url-engine-golden-inputs.json", import.meta.url), "utf8"),
) as { urls: { url: string }[] };
const EDGE: unknown[] = [
  "",
  " ",
  "not a url",
  "javascript:alert(1)",
  "ftp://example.com/file",
  "http://[::1]/",
  "http://127.0.0.1:8080/admin",
  "https://xn--pypal-4ve.com/",
  "https://пример.рф/путь?q=1",
  `https://example.com/${"a".repeat(3000)}`,
  "https://user:pass@example.com:8443/login?next=/account#top",
  "HTTPS://EXAMPLE.COM/%7Euser/",
  42,
  null,
];
const urls: unknown[] = [...corpus.filter((_, i) => i % 7 === 0).map((item) => item.text)];
urls.push(...golden.urls.map((u) => u.url), ...EDGE);

const feedback = new InMemoryFeedbackStore();
const engine = inMemoryEngine({ feedback });
const live = await urlBenchPrincipal(engine, "fingerprint@example.com");
const test: Principal = { ...(await urlBenchPrincipal(engine, "fingerprint-test@example.com")), mode: "test" };

const lines: string[] = [];
async function look(i: number, p: Principal, body: unknown): Promise<void> {
  const answer = await engine.lookupUrl(p, body);
  if (answer.isErr()) {
    const { code, message, details, counters } = answer.error as typeof answer.error & { counters?: unknown };
    lines.push(
      JSON.stringify({ i, error: { code, message, details, quota: (counters as { quota?: unknown })?.quota } }),
    );
    return;
  }
  const { id, created_at, cache_expires_at, ...fields } = answer.value.value;
  if (typeof id !== "string" || Number.isNaN(Date.parse(created_at)) || Number.isNaN(Date.parse(cache_expires_at))) {
    throw new Error(`answer ${i} lacks an id or a timestamp`);
  }
  // The receipt kept of it (its account named by role, whether it names this answer's id, its time left out).
  const kept = await feedback.receipt(p.accountId, id);
  const receipt =
    kept === null
      ? null
      : { ...kept, accountId: p === live ? "live" : "test", resultId: kept.resultId === id, receivedAt: undefined };
  lines.push(JSON.stringify({ i, ...fields, quota: answer.value.meta.quota, receipt }));
}
for (let i = 0; i < urls.length; i++) {
  const url = urls[i];
  const p = i % 113 === 0 ? test : live;
  await look(i, p, i % 37 === 0 ? { url, force_refresh: true } : { url });
  if (i % 10 === 0) await look(i, p, { url });
}
lines.push(JSON.stringify({ usage: (await engine.accounts.usage(live.accountId))._unsafeUnwrap() }));
writeFileSync(out, `${lines.join("\n")}\n`);
console.log(`${urls.length} URLs, ${lines.length - 1} answers written to ${out}`);

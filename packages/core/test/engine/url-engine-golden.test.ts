// The URL engine's answers to 180 real URLs, field for field, against the answers kept in
// fixtures/url-engine-golden.jsonl: work on the lookup path (parsing, scoring, explanation, result assembly) must
// leave every documented field as it was. The fresh id and the two timestamps are left out. A deliberate change of
// detection (new rules, refitted weights or model) rewrites the file with `vitest run <this file> --update`.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { createEngine, SCOPES, type Principal } from "../../src/index.js";
import { engineDeps } from "../support/engine-deps.js";

const inputs = JSON.parse(
  readFileSync(new URL("./fixtures/url-engine-golden-inputs.json", import.meta.url), "utf8"),
) as {
  urls: { source: string; url: string }[];
};

it("answers each URL of the golden set as it did", async () => {
  const engine = createEngine(engineDeps());
  const account = (
    await engine.accounts.create({
      email: "golden@example.test",
      plan: "enterprise",
      rpm: 100_000,
      quotas: { url: 1_000_000, phone: 1, text: 1, email: 1 },
    })
  )._unsafeUnwrap();
  const p: Principal = { accountId: account.id, mode: "live", via: "api_key", scopes: SCOPES };
  const lines: string[] = [];
  for (const { url } of inputs.urls) {
    const answer = await engine.lookupUrl(p, { url });
    if (answer.isErr()) {
      lines.push(JSON.stringify({ input: url, error: answer.error.code, message: answer.error.message }));
      continue;
    }
    const { id, created_at, cache_expires_at, ...fields } = answer.value.value;
    expect(typeof id).toBe("string");
    expect(Number.isNaN(Date.parse(created_at))).toBe(false);
    expect(Number.isNaN(Date.parse(cache_expires_at))).toBe(false);
    lines.push(JSON.stringify({ input: url, ...fields }));
  }
  expect(lines).toHaveLength(180);
  await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot("./fixtures/url-engine-golden.jsonl");
});

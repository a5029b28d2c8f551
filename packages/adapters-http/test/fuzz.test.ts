// Generated bodies against every route of the endpoint table (a fixed seed, so the corpus is the same on every run
// and bounded in time): whatever arrives, the server answers with a status below 500 and, for a refusal, the error
// envelope; nothing is charged for a refused request, and the server still answers afterwards.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createEndpoints } from "../src/endpoints.js";
import { call, engineInMemory, seedAccount, serve } from "./support/harness.js";

const PER_ROUTE = 40;

/** Hostile JSON: random values, and valid-looking bodies whose fields hold the wrong thing. */
function bodies(seed: number): unknown[] {
  const nasty = fc.oneof(
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.constantFrom("\u0000", "\ud800", "a".repeat(70_000), "", "   ", "\u202e", "<script>", "%00", "{{7*7}}"),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 5 }),
  );
  const fields = fc.constantFrom(
    "url",
    "phone_number",
    "text",
    "sender_number",
    "email_body",
    "raw_headers",
    "urls",
    "phone_numbers",
    "items",
    "kind",
    "value",
    "category",
    "force_refresh",
    "file",
  );
  const shaped = fc.dictionary(fields, nasty, { maxKeys: 4 });
  const anything = fc.jsonValue({ maxDepth: 4 });
  return fc.sample(fc.oneof(shaped, anything), { seed, numRuns: PER_ROUTE });
}

describe("generated bodies on every route", () => {
  it("never answer 5xx, always with the error envelope, and charge nothing they refuse", async () => {
    const kit = engineInMemory();
    const server = await serve(kit.engine);
    try {
      const { key, accountId } = await seedAccount(kit.engine, { plan: "enterprise", rpm: 100_000 });
      const before = (await kit.engine.accounts.usage(accountId))._unsafeUnwrap().quotas;
      let seed = 1;
      const charged: Record<string, number> = {};
      for (const route of createEndpoints(kit.engine.registry)) {
        if (route.method !== "post" || route.kind !== "engine") continue;
        for (const body of bodies(seed++)) {
          const r =
            route.body === "multipart"
              ? await fetch(`${server.url}${route.path}`, {
                  method: "POST",
                  headers: { authorization: `Bearer ${key}`, "content-type": "multipart/form-data; boundary=x" },
                  body: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${JSON.stringify(body)}\r\n--x--\r\n`,
                }).then(async (res) => ({
                  status: res.status,
                  body: (await res.json()) as { error?: { code: string } },
                }))
              : await call(server.url, "POST", route.path, { key, body });
          expect(r.status, `${route.path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
          if (r.status >= 400) expect((r.body as { error?: { code?: string } }).error?.code).toBeTypeOf("string");
          const answer = r.body as { cached?: boolean; quota_used?: Record<string, number> };
          if (r.status === 200 && route.quota !== null) {
            const units = answer.quota_used ? (answer.quota_used[route.quota] ?? 0) : answer.cached === false ? 1 : 0;
            charged[route.quota] = (charged[route.quota] ?? 0) + units;
          }
        }
      }
      // The ledger is exact: refused requests charged nothing, every answered non-cached analysis exactly one unit.
      const after = (await kit.engine.accounts.usage(accountId))._unsafeUnwrap().quotas as Record<
        string,
        { used: number }
      >;
      for (const [channel, q] of Object.entries(before as Record<string, { used: number }>))
        expect(after[channel]!.used - q.used, channel).toBe(charged[channel] ?? 0);
      const status = await call(server.url, "GET", "/api/v1/status");
      expect(status.status).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);
});

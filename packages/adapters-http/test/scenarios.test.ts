// The scenario table (core/testing/scenarios.ts) through the HTTP face: every registered channel's rows as real
// requests to the node:http API, JSON bodies and multipart uploads alike.
import { DEFAULT_REGISTRY, type Upload } from "@scamverify/core";
import { describeScenarios, type Scenario } from "@scamverify/core/testing";
import { call, engineInMemory, seedAccount, serve } from "./support/harness.js";

/** A multipart form of an upload body, as curl -F would send it. */
function form(body: Record<string, unknown>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (k === "file") {
      const file = v as Upload;
      f.append("file", new Blob([file.bytes]), file.filename ?? "upload");
    } else f.append(k, String(v));
  }
  return f;
}

describeScenarios("HTTP", DEFAULT_REGISTRY, async () => {
  const kit = engineInMemory();
  const server = await serve(kit.engine);
  const live = await seedAccount(kit.engine, { plan: "enterprise", rpm: 100_000 });
  const test = (await kit.engine.keys.create(live.accountId, { mode: "test" }))._unsafeUnwrap().key;
  const keyOf = (s: Scenario): string | undefined =>
    s.key === "live"
      ? live.key
      : s.key === "test"
        ? test
        : s.key === "invalid"
          ? `sv_live_${"x".repeat(40)}`
          : undefined;
  return {
    async call(s) {
      const key = keyOf(s);
      const r =
        s.channel.http.body === "multipart"
          ? await fetch(`${server.url}${s.channel.http.path}`, {
              method: "POST",
              headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
              body: form(s.body),
            }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, never> }))
          : await call(server.url, "POST", s.channel.http.path, { ...(key ? { key } : {}), body: s.body });
      const body = r.body as { verdict?: never; cached?: boolean; error?: { code: never } };
      return r.status < 300
        ? {
            outcome: "ok",
            ...(body.verdict ? { verdict: body.verdict } : {}),
            ...(body.cached !== undefined ? { cached: body.cached } : {}),
          }
        : { outcome: body.error?.code ?? "internal_error" };
    },
    used: async (channel) =>
      ((await kit.engine.accounts.usage(live.accountId))._unsafeUnwrap().quotas as Record<string, { used: number }>)[
        channel
      ]?.used ?? 0,
    close: () => server.close(),
  };
});

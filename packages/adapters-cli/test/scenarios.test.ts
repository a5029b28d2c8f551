// The scenario table (core/testing/scenarios.ts) through the CLI face: each row is a `scamverify <channel>` run
// in process against a server over --api-url and --api-key, so the CLI's remote client (paths from the endpoint
// table), its JSON output and its exit codes are what is checked.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_REGISTRY, type Upload } from "@scamverify/core";
import { describeScenarios, type Scenario } from "@scamverify/core/testing";
import { runCli } from "../src/program.js";
import { engineInMemory, seedAccount, serve } from "../../adapters-http/test/support/harness.js";

const dir = mkdtempSync(join(tmpdir(), "scamverify-scenarios-"));
let files = 0;

/** The command-line arguments of a row: a JSON Lines request on stdin, or a file path for uploads. */
function argsOf(s: Scenario): { args: string[]; stdin: string } {
  const { file, ...rest } = s.body as { file?: Upload };
  if (s.channel.cli.files) {
    // A file channel's command takes paths: the upload's bytes, or the request's text (an .eml file).
    const path = join(dir, `upload-${++files}`);
    writeFileSync(path, file ? file.bytes : String(Object.values(rest)[0] ?? ""));
    return { args: [path], stdin: "" };
  }
  return { args: ["--file", "-"], stdin: `${JSON.stringify(rest)}\n` };
}

describeScenarios("the CLI", DEFAULT_REGISTRY, async () => {
  const kit = engineInMemory();
  const server = await serve(kit.engine);
  const live = await seedAccount(kit.engine, { plan: "enterprise", rpm: 100_000 });
  const test = (await kit.engine.keys.create(live.accountId, { mode: "test" }))._unsafeUnwrap().key;
  return {
    async call(s) {
      if (s.key === "none") return "skip"; // the CLI itself refuses --api-url without a key (a usage error)
      const key = s.key === "live" ? live.key : s.key === "test" ? test : `sv_live_${"x".repeat(40)}`;
      const { args, stdin } = argsOf(s);
      let out = "";
      await runCli([s.channel.cli.command, ...args, "--format", "json", "--api-url", server.url, "--api-key", key], {
        io: { out: (t) => void (out += t), err: () => undefined },
        stdin: () => stdin,
      });
      const row = (JSON.parse(out) as Record<string, never>[])[0] as {
        verdict?: never;
        cached?: boolean;
        error?: { code: never };
      };
      return row.error
        ? { outcome: row.error.code }
        : { outcome: "ok", ...(row.verdict ? { verdict: row.verdict } : {}), cached: row.cached ?? false };
    },
    used: async (channel) =>
      ((await kit.engine.accounts.usage(live.accountId))._unsafeUnwrap().quotas as Record<string, { used: number }>)[
        channel
      ]?.used ?? 0,
    close: () => server.close(),
  };
});

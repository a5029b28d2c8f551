// Runs every benchmark in its own process (so one's memory and JIT state never colour another's) and prints
// their reports in turn. Each benchmark measures its baseline and its candidate in the same run.
//   pnpm bench                 all of them
//   pnpm bench http-status     the ones whose file name contains the word
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".test.ts"))
  .filter((f) => filter.length === 0 || filter.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const file of files) {
  process.stdout.write(`\n=== ${file} ===\n`);
  const r = spawnSync(process.execPath, ["--conditions=source", "--import", "tsx", "--expose-gc", join(here, file)], {
    stdio: "inherit",
    env: process.env,
  });
  if (r.status !== 0) {
    failed++;
    process.stdout.write(`${file} exited with ${r.status}\n`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;

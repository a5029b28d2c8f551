// The documented install route, end to end: the tarballs of `pnpm pack:all` installed with npm in an empty folder
// (their third-party dependencies come from the npm registry), then `npx scamverify url` asked for a verdict.
// A command, not a test: it needs the registry. Exits 1 when any step fails.
//   node scripts/try-packs.mjs [packs folder]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packs = resolve(process.argv[2] ?? join(root, "packs"));
const tarballs = readdirSync(packs)
  .filter((f) => f.endsWith(".tgz"))
  .map((f) => join(packs, f));
if (tarballs.length === 0) {
  console.error(`no tarballs in ${packs}: run pnpm pack:all first`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), "scamverify-install-"));
const shell = process.platform === "win32";
// The data folder goes under the throwaway home, not the user's.
const env = { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, "data"), LOCALAPPDATA: join(dir, "data") };
try {
  execFileSync("npm", ["init", "-y"], { cwd: dir, stdio: "ignore", shell });
  execFileSync("npm", ["install", "--no-audit", "--no-fund", ...tarballs], { cwd: dir, stdio: "inherit", env, shell });
  // The exit status tells the verdict (a scam is not 0), so the answer is read from the output.
  const run = spawnSync(
    "npx",
    ["--no-install", "scamverify", "url", "paypa1-secure-login.com", "--no-network", "--format", "json"],
    { cwd: dir, encoding: "utf8", env, shell },
  );
  const out = run.stdout;
  const verdict = JSON.parse(out)[0]?.verdict;
  if (!["scam", "high_risk"].includes(verdict)) throw new Error(`unexpected verdict ${verdict}: ${out}`);
  console.log(`installed ${tarballs.length} tarballs in ${dir}; npx scamverify url answered ${verdict}`);
  rmSync(dir, { recursive: true, force: true });
} catch (e) {
  console.error(`install route failed (folder kept: ${dir}): ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}

// Builds the workspace and packs every package into one folder (default ./packs), as `npm publish` would pack them:
// workspace:* dependencies become the exact version, publishConfig.exports replaces exports. Installing all the
// tarballs together in any folder gives a working `scamverify` command without the registry holding them.
//   node scripts/pack-all.mjs [destination] [--no-build]
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dest = resolve(args.find((a) => !a.startsWith("--")) ?? join(root, "packs"));
const shell = process.platform === "win32";

mkdirSync(dest, { recursive: true });
for (const f of readdirSync(dest)) if (f.endsWith(".tgz")) rmSync(join(dest, f));
if (!args.includes("--no-build")) execFileSync("pnpm", ["build"], { cwd: root, stdio: "inherit", shell });
execFileSync("pnpm", ["-r", "--filter", "./packages/*", "pack", "--pack-destination", dest], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  shell,
});
const tarballs = readdirSync(dest).filter((f) => f.endsWith(".tgz"));
console.log(`${tarballs.length} packages in ${dest}:`);
for (const t of tarballs) console.log(`  ${t}`);
console.log(`\nInstall them together, in any folder:\n  npm install ${join(dest, "*.tgz")}\n  npx scamverify --help`);

import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { checkDependencies } from "./dependency-rules.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const violations = checkDependencies(root);
if (violations.length > 0) {
  console.error(`dependency rules: ${violations.length} violation(s)`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log("dependency rules: ok");

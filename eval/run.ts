// Every detection-quality evaluation of the repository. Run: pnpm eval
// The URL evaluation runs with feeds off (offline analyzers) and with feeds on (analyzers + threat index), unless
// --feeds=off|on picks one.

import { main as urlEval } from "./url-eval.js";

await urlEval(process.argv.slice(2));

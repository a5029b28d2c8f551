// Every detection-quality evaluation of the repository. Run: pnpm eval [url|text] [options]
// With no evaluation named, all run. The URL evaluation runs with feeds off (offline analyzers) and with feeds on
// (analyzers + threat index), unless --feeds=off|on picks one. The text evaluation scores labelled messages.

import { main as textEval } from "./text-eval.js";
import { main as urlEval } from "./url-eval.js";

const args = process.argv.slice(2);
const only = args[0] === "url" || args[0] === "text" ? args[0] : null;
const options = only === null ? args : args.slice(1);

if (only !== "text") await urlEval(options);
if (only !== "url") await textEval(options);

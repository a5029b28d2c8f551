// Every detection-quality evaluation of the repository. Run: pnpm eval [sources|url|text|email|document|qr] [options]
// With no evaluation named, all run, the figure of record first: `sources` scores the real public corpora under
// eval/corpora per source, fitted beside hand-weighted (eval/detect/sources-eval.ts). `pnpm eval rescore` fits the
// rule weights and `pnpm eval mass-check` prints what fires where (eval/detect/rescore.ts); `pnpm eval loso` leaves
// one source out at a time (eval/detect/loso.ts); none of the three runs unless named.
// The rest are the project's own written sets, kept as regression sets. The URL evaluation runs with feeds off (offline analyzers) and with feeds on
// (analyzers + threat index), unless --feeds=off|on picks one. The email evaluation scores each message through the
// engine's email verb, as a client gets it (the figure of record); --channel-scorer scores with the channel's own
// scoring without the engine (eval/channel-scorers.ts; it wires the same reader, authenticator and analyzers, and
// gives the same scores). The QR evaluation scores each image through the QR channel's own verb
// (eval/channel-engine.ts: no network, no feeds); the document evaluation with the channel's own scoring.

import { assessLetterText, documentChannelScorer, emailBodyScorer } from "./channel-scorers.js";

const NAMES = ["sources", "url", "text", "email", "document", "qr", "rescore", "mass-check", "loso"] as const;
const args = process.argv.slice(2);
const only = (NAMES as readonly string[]).includes(args[0] ?? "") ? args[0] : null;
const options = only === null ? args : args.slice(1);
const runs = (name: (typeof NAMES)[number]): boolean => only === null || only === name;

// The corpora's rule weights: `rescore` fits and writes them, `mass-check` prints what fires where. Neither runs
// unless named.
if (only === "rescore") await (await import("./detect/rescore.js")).main(options);
if (only === "mass-check") await (await import("./detect/rescore.js")).main([...options, "--hits-only"]);
// Left one source out: each training source scored by weights and a model fitted without it. Only when named.
if (only === "loso") await (await import("./detect/loso.js")).main(options);

// The figure of record first: the real corpora, per source, fitted weights beside the hand-weighted baseline.
if (runs("sources")) await (await import("./detect/sources-eval.js")).main(options);
if (runs("url")) await (await import("./url-eval.js")).main(options);
if (runs("text")) await (await import("./text-eval.js")).main(options);
if (runs("email")) {
  // Through the engine's email verb unless --channel-scorer (--engine, the default, is still accepted).
  const viaEngine = !options.includes("--channel-scorer");
  const { createChannelEngine, engineEmailScorer } = await import("./channel-engine.js");
  const channelScorer = viaEngine ? engineEmailScorer(await createChannelEngine()) : undefined;
  await (await import("./email-eval.js")).main(options, emailBodyScorer, channelScorer);
}
if (runs("document"))
  await (await import("./document-eval.js")).main(options, documentChannelScorer, (text) => assessLetterText(text));
if (runs("qr")) {
  const { createChannelEngine, engineQrScorer } = await import("./channel-engine.js");
  await (await import("./qr-eval.js")).main(options, { score: engineQrScorer(await createChannelEngine()) });
}

#!/usr/bin/env node
import { runCli } from "./program.js";

// A reader that stops early (`scamverify --help | head`) closes the pipe: that is the reader's choice, not a
// failure, so the command ends quietly instead of printing a stack about EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

process.exitCode = await runCli(process.argv.slice(2));

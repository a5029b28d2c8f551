#!/usr/bin/env node
import { consoleToStderr } from "./cli-support.js";
import { runCli } from "./program.js";

// Every command writes its output (text, --json, the MCP stream) to stdout itself; what the console would print there
// (a dependency's stray console.log) goes to stderr, so that output stays parseable.
consoleToStderr();

// A reader that stops early (`scamverify --help | head`) closes the pipe: that is the reader's choice, not a
// failure, so the command ends quietly instead of printing a stack about EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

process.exitCode = await runCli(process.argv.slice(2));

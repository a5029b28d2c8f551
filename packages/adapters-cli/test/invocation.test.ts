// What a person types is read as they meant it: relative paths from the directory they ran the command in (also
// through this repository's `pnpm scamverify`, which runs from the workspace root), options that fill a request
// field (`text --sender-number`), and a short top-level help grouped by what the commands are for.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { invocationDir, userPath } from "../src/cli-support.js";
import { inProcessCli } from "./support/in-process-cli.js";

vi.setConfig({ testTimeout: 60_000 });

const cli = inProcessCli("scamverify-invocation-");
afterAll(() => cli.cleanUp());

const PNPM_SCRIPT = ["npm_lifecycle_event", "npm_package_name", "INIT_CWD"] as const;
const saved = PNPM_SCRIPT.map((n) => [n, process.env[n]] as const);
afterEach(() => {
  for (const [n, v] of saved) {
    if (v === undefined) delete process.env[n];
    else process.env[n] = v;
  }
});

/** As pnpm runs the root package's `scamverify` script, typed in `dir`. */
function asPnpmScript(dir: string): void {
  process.env["npm_lifecycle_event"] = "scamverify";
  process.env["npm_package_name"] = "scamverify";
  process.env["INIT_CWD"] = dir;
}

describe("the directory a command was run from", () => {
  it("is INIT_CWD under this repository's pnpm script, and the process's directory otherwise", () => {
    const script = { npm_lifecycle_event: "scamverify", npm_package_name: "scamverify", INIT_CWD: "/home/me/letters" };
    expect(invocationDir(script, "/repo")).toBe("/home/me/letters");
    expect(userPath("toll.pdf", script, "/repo")).toBe("/home/me/letters/toll.pdf");
    expect(userPath("/tmp/toll.pdf", script, "/repo")).toBe("/tmp/toll.pdf");
    // Another project's npm script writes its paths from its own root, where it runs; an installed CLI has no INIT_CWD.
    expect(invocationDir({ ...script, npm_lifecycle_event: "check", npm_package_name: "other" }, "/proj")).toBe(
      "/proj",
    );
    expect(invocationDir({}, "/here")).toBe("/here");
    expect(invocationDir({ ...script, INIT_CWD: "relative" }, "/repo")).toBe("/repo");
  });

  it("resolves --file and file arguments from there, so `pnpm scamverify` works from any folder", async () => {
    writeFileSync(join(cli.dir, "messages.txt"), "USPS: your parcel is on hold, pay $1.99 at usps-redelivery.top\n");
    asPnpmScript(cli.dir);
    const r = await cli.run("text", "--file", "messages.txt", "--no-network", "--json");
    expect(r.code, r.err).not.toBe(66);
    expect(JSON.parse(r.out)[0].input).toMatch(/^USPS: your parcel/);
    const missing = await cli.run("qr", "no-such-sticker.png", "--no-network");
    expect(missing.code).toBe(66);
    expect(missing.err).toContain("no-such-sticker.png");
  });
});

describe("text --sender-number", () => {
  it("puts the sender's number in every message's request; a JSON Lines request keeps its own", async () => {
    writeFileSync(
      join(cli.dir, "mixed.jsonl"),
      `Your package is waiting, reply YES\n${JSON.stringify({ text: "Hi mum, new number", sender_number: "+44 7700 900123" })}\n`,
    );
    const r = await cli.run(
      "text",
      "--file",
      join(cli.dir, "mixed.jsonl"),
      "--sender-number",
      "+63 912 345 6789",
      "--no-network",
      "--json",
    );
    const rows = JSON.parse(r.out) as { signals: { sender: { value: string } | null } }[];
    expect(rows.map((row) => row.signals.sender?.value)).toEqual(["+63 912 345 6789", "+44 7700 900123"]);
  });

  it("is listed in the text command's help", async () => {
    const r = await cli.run("text", "--help");
    expect(r.out).toMatch(/--sender-number <number>/);
  });
});

describe("scamverify --help", () => {
  it("is short and groups the commands: lookups, accounts and keys, server, data", async () => {
    const r = await cli.run("--help");
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    const headings = lines.filter((l) => /^[A-Z][^:]*:$/.test(l));
    expect(headings).toEqual([
      "Options:",
      "Lookups:",
      "Accounts and keys (operators):",
      "Server:",
      "Jobs:",
      "Data:",
      "Commands:",
      "Examples:",
    ]);
    const section = (heading: string): string[] => {
      const from = lines.indexOf(heading) + 1;
      const to = lines.findIndex((l, i) => i >= from && l.trim() === "");
      // A command's line starts two spaces in; a wrapped description further.
      return lines
        .slice(from, to)
        .filter((l) => /^ {2}\S/.test(l))
        .map((l) => l.trim().split(/\s+/)[0] ?? "");
    };
    expect(section("Lookups:")).toEqual(["url", "phone", "text", "email", "document", "qr"]);
    expect(section("Server:")).toEqual(["serve", "mcp", "status"]);
    expect(section("Accounts and keys (operators):")).toEqual(["accounts", "keys", "usage", "lists", "feedback"]);
    // One line a lookup: its title, not its paragraph (that is in `scamverify url --help`).
    expect(lines.find((l) => l.trimStart().startsWith("url "))).toMatch(/Check a URL$/);
    expect(lines.length).toBeLessThan(60);
  });
});

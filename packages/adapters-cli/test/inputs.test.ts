// Where a lookup's inputs come from: a lone - reads standard input (a piped message for `text`, bytes for uploads),
// only once; a directory or a missing file is named plainly; among several files, a missing one is a failed item
// beside the others' results.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { inProcessCli } from "./support/in-process-cli.js";

vi.setConfig({ testTimeout: 60_000 });

const cli = inProcessCli("scamverify-inputs-");
const { dir } = cli;

afterAll(() => cli.cleanUp());

const run = (args: readonly string[], stdin?: string) => cli.runWithStdin(args, stdin);

const MESSAGE = "USPS: your parcel is on hold, pay $1.99 at usps-redelivery.top to release it";

function eml(name: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    [
      "From: Example Bank <alerts@example-bank.com>",
      "To: someone@example.org",
      "Subject: Your statement is ready",
      "Date: Tue, 5 Nov 2024 10:00:00 -0800",
      "Message-ID: <abc@example-bank.com>",
      "",
      "Your monthly statement is ready in online banking.",
      "",
    ].join("\r\n"),
  );
  return path;
}

describe("text -", () => {
  it("checks the message read from standard input, as if it were the argument", async () => {
    const piped = await run(["text", "-", "--no-network", "--json"], `${MESSAGE}\n`);
    expect(piped.stdinReads).toBe(1);
    const [fromStdin] = JSON.parse(piped.out) as [{ input: string; verdict: string; risk_score: number }];
    expect(fromStdin.input).toBe(MESSAGE);
    const [fromArgument] = JSON.parse((await run(["text", MESSAGE, "--no-network", "--json"])).out) as [
      { verdict: string; risk_score: number },
    ];
    expect(fromStdin.verdict).toBe(fromArgument.verdict);
    expect(fromStdin.risk_score).toBe(fromArgument.risk_score);
    expect(fromStdin.verdict).not.toBe("safe");
  });

  it("keeps a multi-line message whole", async () => {
    const message = `${MESSAGE}\nReply STOP to opt out\n`;
    const r = await run(["text", "-", "--no-network", "--format", "jsonl"], message);
    const rows = r.out.trim().split("\n");
    expect(rows).toHaveLength(1);
    expect((JSON.parse(rows[0]!) as { input: string }).input).toBe(message.trimEnd());
  });
});

describe("standard input given twice", () => {
  it("is a usage error (64) before anything is read", async () => {
    for (const args of [
      ["qr", "-", "-"],
      ["document", "-", "--file", "-"],
      ["text", "-", "-"],
      ["url", "-", "--file", "-"],
    ]) {
      const r = await run([...args, "--no-network"], "x");
      expect(r.code, args.join(" ")).toBe(64);
      expect(r.stdinReads).toBe(0);
      expect(r.err).toMatch(/standard input \(-\) can be read only once/);
    }
  });
});

describe("files that cannot be read", () => {
  it("name a directory as a directory (exit 66)", async () => {
    const folder = join(dir, "a-folder");
    mkdirSync(folder, { recursive: true });
    for (const args of [
      ["email", folder],
      ["url", "--file", folder],
    ]) {
      const r = await run([...args, "--no-network"]);
      expect(r.code).toBe(66);
      expect(r.err).toBe(`error: ${folder} is a directory\n`);
    }
  });

  it("a missing file alone exits 66 with a one-line message", async () => {
    const r = await run(["email", join(dir, "missing.eml"), "--no-network"]);
    expect(r.code).toBe(66);
    expect(r.err).toBe(`error: cannot read ${join(dir, "missing.eml")}: no such file\n`);
    expect(r.out).toBe("");
  });

  it("among several, a missing file is a failed row and the others are still checked (exit 2)", async () => {
    const first = eml("first.eml");
    const missing = join(dir, "missing.eml");
    const last = eml("last.eml");
    const r = await run(["email", first, missing, last, "--no-network", "--format", "jsonl"]);
    expect(r.code).toBe(2);
    const rows = r.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { input: string; verdict?: string; error?: { code: string; message: string } });
    expect(rows.map((row) => row.input)).toEqual([first, missing, last]);
    expect(rows[0]?.verdict).toEqual(expect.any(String));
    expect(rows[1]?.error).toEqual({ code: "not_found", message: `cannot read ${missing}: no such file` });
    expect(rows[2]?.verdict).toEqual(expect.any(String));
  });
});

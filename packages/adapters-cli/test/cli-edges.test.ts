// The CLI at its edges: feeds that cannot be reached or read, a data folder held by another process for commands
// that open the database themselves, and a reader that closes the pipe early.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../src/program.js";
import { inProcessCli } from "./support/in-process-cli.js";

vi.setConfig({ testTimeout: 60_000 });

const cli = inProcessCli("scamverify-edges-");
const { dir, run } = cli;

afterAll(() => cli.cleanUp());

describe("lookup commands at their edges", () => {
  it("--file naming a missing file exits 66 with a one-line message", async () => {
    const r = await run("url", "--file", join(dir, "no-such-list.txt"));
    expect(r.code).toBe(66);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain("no such file");
  });

  it("--json prints JSON only on stdout", async () => {
    const r = await run("text", "Your code is 482913. Do not share it with anyone.", "--no-network", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject([{ verdict: expect.stringMatching(/safe|low_risk/) as unknown }]);
  });
});

describe("email without network inspection", () => {
  it("still reads what a trusted receiver wrote in Authentication-Results; its own checks query no DNS", async () => {
    const eml = join(dir, "statement.eml");
    writeFileSync(
      eml,
      [
        "Received: by 2002:a05:6a10:8e0c:b0:5d1:6b2e:4c1f with SMTP id hk12csp123; Tue, 5 Nov 2024 10:00:06 -0800",
        "Authentication-Results: mx.google.com;",
        "       dkim=pass header.i=@example-bank.com header.s=sel1 header.b=AbCdEf12;",
        "       spf=pass smtp.mailfrom=bounce@example-bank.com;",
        "       dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=example-bank.com",
        "Received: from mail.sender.example (mail.sender.example. [203.0.113.7]) by mx.google.com with ESMTPS id x1; Tue, 5 Nov 2024 10:00:05 -0800",
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
    const r = await run("email", eml, "--no-network", "--json");
    const [result] = JSON.parse(r.out) as [{ signals: { header_analysis: { authentication: unknown } } }];
    expect(result.signals.header_analysis.authentication).toMatchObject({
      spf: { result: "pass", origin: "receiver" },
      dmarc: { result: "pass", origin: "receiver", policy: "reject" },
    });
  });
});

describe("feeds sync exit codes", () => {
  // The reserved .invalid top-level domain never resolves: the feed cannot be reached, on any machine.
  it("exits 69 when the feed cannot be reached", async () => {
    const r = await run("feeds", "sync", "urlhaus", "--url", "https://feeds.invalid/urlhaus.csv", "--json");
    expect(r.code).toBe(69);
    expect(JSON.parse(r.out)).toMatchObject({ feed: "urlhaus", status: "failed" });
    const registry = await run("feeds", "sync", "ftc-dnc", "--url", "https://feeds.invalid/dnc.csv", "--json");
    expect(registry.code).toBe(69);
    expect(JSON.parse(registry.out)).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/^could not read/),
    });
  });

  it("exits 66 for a file that does not exist and 65 for one that is refused", async () => {
    expect((await run("feeds", "sync", "openphish", "--file", join(dir, "missing.txt"))).code).toBe(66);
    expect((await run("feeds", "sync", "ftc-dnc", "--file", join(dir, "missing.csv"))).code).toBe(66);
    const empty = join(dir, "empty.txt");
    writeFileSync(empty, "");
    expect((await run("feeds", "sync", "openphish", "--file", empty)).code).toBe(65);
    expect((await run("feeds", "sync", "ftc-dnc", "--file", empty)).code).toBe(65);
  });

  it("shows control characters in a failure's reason as visible escapes; --json keeps them exact", async () => {
    const named = join(dir, "no\u001b[31mpe.txt");
    for (const feed of ["openphish", "ftc-dnc"]) {
      const r = await run("feeds", "sync", feed, "--file", named);
      expect(r.out).toContain("no\\x1b[31mpe.txt");
      expect(r.out).not.toContain("\u001b");
    }
    const json = await run("feeds", "sync", "openphish", "--file", named, "--json");
    expect((JSON.parse(json.out) as { reason: string }).reason).toContain(named);
  });
});

describe("a data folder held by another process", () => {
  let holder: ChildProcess | undefined;
  afterAll(() => {
    if (holder?.exitCode === null) holder.kill("SIGTERM");
  });

  it("stops db migrate with the plain explanation and exit 69", async () => {
    holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 60000)"], { stdio: "ignore" });
    const held = join(dir, "held");
    mkdirSync(held, { recursive: true });
    // The lock file holds its owner's pid.
    writeFileSync(join(held, "scamverify.lock"), String(holder.pid));
    let err = "";
    const code = await runCli(["--data-dir", held, "db", "migrate"], {
      io: { out: () => undefined, err: (s) => void (err += s) },
    });
    expect(code).toBe(69);
    expect(err).toBe(
      `error: The data folder ${held} is in use by process ${holder.pid} (probably "scamverify serve"). ` +
        "Stop that process, or run this command against the server with --api-url and --api-key.\n",
    );
  });
});

describe("a reader that closes the pipe early", () => {
  it("ends `scamverify --help | head` quietly", async () => {
    const bin = fileURLToPath(new URL("../src/bin.ts", import.meta.url));
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", bin, "--help"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    // Closed before the program has written a byte, as `head` closes it after its lines.
    child.stdout.destroy();
    let err = "";
    child.stderr.on("data", (b: Buffer) => void (err += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("close", (c) => resolve(c)));
    expect(err).toBe("");
    expect(code).toBe(0);
  });
});

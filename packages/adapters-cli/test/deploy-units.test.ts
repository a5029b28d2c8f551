// The deployment examples in deploy/: each systemd unit's ExecStart names a real `scamverify` command with flags that
// command takes (read from its own --help), the units pass `systemd-analyze verify` on a machine that has it, the
// environment file sets only variables the configuration table documents, and HAProxy accepts its example config
// on a machine that has HAProxy.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../src/program.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const deploy = join(root, "deploy");
const units = readdirSync(join(deploy, "systemd")).filter((f) => f.endsWith(".service"));
const scratch = mkdtempSync(join(tmpdir(), "sv-units-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function onPath(program: string): string | null {
  const found = spawnSync("sh", ["-c", `command -v ${program}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** The ExecStart line of a unit, split into words (the units quote nothing). */
function execStart(unit: string): string[] {
  const line = readFileSync(join(deploy, "systemd", unit), "utf8")
    .split("\n")
    .find((l) => l.startsWith("ExecStart="));
  if (line === undefined) throw new Error(`${unit} has no ExecStart`);
  return line.slice("ExecStart=".length).trim().split(/\s+/);
}

async function helpOf(command: string): Promise<{ code: number; text: string }> {
  let text = "";
  const io = { out: (t: string) => (text += t), err: (t: string) => (text += t) };
  const code = await runCli([command, "--help"], { io });
  return { code, text };
}

describe("deploy/systemd", () => {
  it("has the templated API unit and the worker unit", () => {
    expect(units.sort()).toEqual(["scamverify-api@.service", "scamverify-worker@.service"]);
  });

  for (const unit of units) {
    it(`${unit}: ExecStart runs a real command with flags it takes`, async () => {
      const [program, command, ...rest] = execStart(unit);
      expect(program).toMatch(/\/scamverify$/);
      const help = await helpOf(command!);
      expect(help.code, help.text).toBe(0);
      expect(help.text).toContain(`Usage: scamverify ${command} [options]`);
      const flags = rest.filter((w) => w.startsWith("--"));
      expect(flags.length).toBeGreaterThan(0);
      for (const flag of flags)
        expect(help.text, `${command} ${flag}`).toMatch(new RegExp(`(^|[ ,])${flag}[ =<]`, "m"));
      // Every flag but the last is followed by its value, as the unit gives it.
      for (let i = 0; i < rest.length; i++) if (rest[i]!.startsWith("--")) expect(rest[i + 1], rest[i]).toBeDefined();
    });
  }

  it("every variable of the environment file is one the configuration table documents", () => {
    const table = readFileSync(join(root, "docs/operations.md"), "utf8");
    const names = readFileSync(join(deploy, "systemd/scamverify.env.example"), "utf8")
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => l.slice(0, l.indexOf("=")));
    expect(names).toContain("DATABASE_URL");
    for (const name of names) expect(table, name).toMatch(new RegExp(`^\\| [^|]*\\b${name}\\b`, "m"));
  });

  it("passes systemd-analyze verify", () => {
    const analyze = onPath("systemd-analyze");
    // Debian's haproxy, which the load-balancer test needs, brings systemd with it.
    if (analyze === null) throw new Error("systemd-analyze is missing: apt-get install -y systemd");
    // verify reads a template through an instance of it, and checks that ExecStart's program exists: the instances
    // are copies whose ExecStart names a stand-in at a path that exists.
    const standIn = join(scratch, "scamverify");
    writeFileSync(standIn, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    for (const unit of units) {
      const instance = join(scratch, unit.replace("@.service", "@8081.service"));
      copyFileSync(join(deploy, "systemd", unit), instance);
      writeFileSync(instance, readFileSync(instance, "utf8").replace(/^ExecStart=\S+/m, `ExecStart=${standIn}`));
      const r = spawnSync(analyze, ["verify", instance], { encoding: "utf8" });
      // Lines about units or users this machine lacks (postgresql.service, the scamverify user) are not errors
      // of the file; anything naming the unit file itself is.
      const own = `${r.stdout}${r.stderr}`
        .split("\n")
        .filter((l) => l.includes(instance) || l.includes(unit.replace("@.service", "@8081.service")));
      expect(own, `${unit}:\n${r.stdout}${r.stderr}`).toEqual([]);
    }
  });
});

describe("deploy/haproxy.cfg", () => {
  it("health-checks every server on /readyz, round robin", () => {
    const cfg = readFileSync(join(deploy, "haproxy.cfg"), "utf8");
    expect(cfg).toMatch(/^\s+balance roundrobin$/m);
    expect(cfg).toMatch(/^\s+option httpchk GET \/readyz$/m);
    const servers = cfg.split("\n").filter((l) => /^\s+server /.test(l));
    expect(servers.length).toBeGreaterThanOrEqual(2);
    for (const s of servers) expect(s).toMatch(/ check$/);
  });

  it("is accepted by haproxy -c", () => {
    // Required as the load-balancer test requires it (`.ci/run` installs Debian's package).
    const haproxy = existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : onPath("haproxy");
    if (haproxy === null) throw new Error("haproxy is missing: apt-get install -y haproxy");
    // `log /dev/log` needs no socket to be checked; -c parses and resolves everything else.
    expect(execFileSync(haproxy, ["-c", "-f", join(deploy, "haproxy.cfg")], { encoding: "utf8" })).toMatch(/valid/);
  });
});

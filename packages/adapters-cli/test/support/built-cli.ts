// The built CLI (`pnpm build` writes dist/bin.js) as child processes: one-shot commands that print JSON, and
// long-running ones (`serve`, `worker`) whose JSON log lines are read until the line that says they are up.
// Every child is killed when the test process exits, whatever ends it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/**
 * The children's environment: only what the test gives them, on top of PATH and HOME (the test runner's own
 * variables, such as vite's BASE_URL, would configure them otherwise).
 */
function childEnv(env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {};
  for (const name of ["PATH", "HOME"]) if (process.env[name] !== undefined) base[name] = process.env[name];
  return { ...base, ...env };
}

export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`pnpm build\` first`);
}

/** Runs `scamverify <args> --json` and returns its parsed output; throws with its stderr when it fails. */
export function cliJson<T>(args: readonly string[], env: Record<string, string>): T {
  const r = spawnSync(process.execPath, [CLI, ...args, "--json"], {
    env: childEnv({ LOG_LEVEL: "error", ...env }),
    encoding: "utf8",
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`scamverify ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** A port free on 127.0.0.1 a moment ago (for programs that cannot report the port they were given). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface CliProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Exit code and signal once it has exited, else null. */
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The last lines it wrote (stdout and stderr), for failure messages. */
  tail(): string;
  /** SIGKILL, as a crash or an out-of-memory kill would end it; resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

/**
 * Starts `scamverify <args>` and resolves once it logs `readyMessage` (rejects if it exits or 180 s pass first: five
 * processes loading their indexes at once on two busy cores take well over a minute).
 */
export async function startCli(
  name: string,
  args: readonly string[],
  env: Record<string, string>,
  readyMessage: string,
): Promise<CliProcess> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const lines: string[] = [];
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const gone = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = { code, signal };
      children.delete(child);
      resolve();
    }),
  );
  const keep = (line: string): void => {
    lines.push(line);
    if (lines.length > 60) lines.shift();
  };
  createInterface({ input: child.stderr! }).on("line", keep);
  const tail = (): string => lines.join("\n");
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 180 s:\n${tail()}`)), 180_000);
    void gone.then(() => {
      clearTimeout(timer);
      reject(new Error(`${name} exited at start (${JSON.stringify(exit)}):\n${tail()}`));
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      keep(line);
      if (line.includes(`"msg":"${readyMessage}"`)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const signal = async (sig: NodeJS.Signals): Promise<void> => {
    if (exit !== null) return;
    child.kill(sig);
    await gone;
  };
  return {
    name,
    child,
    exited: () => exit,
    tail,
    kill: () => signal("SIGKILL"),
    async stop() {
      if (exit !== null) return;
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await signal("SIGTERM");
      clearTimeout(killer);
    },
  };
}

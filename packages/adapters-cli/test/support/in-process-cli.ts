// The CLI run in-process over an embedded data folder in a temp directory, with the environment that would point it
// elsewhere (BASE_URL, DATABASE_URL, REDIS_URL, SCAMVERIFY_DATA_DIR) set aside until cleanUp.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/program.js";

const ENV_NAMES = ["BASE_URL", "DATABASE_URL", "REDIS_URL", "SCAMVERIFY_DATA_DIR"];

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export interface InProcessCli {
  /** The temp directory; the data folder is `data` inside it. */
  readonly dir: string;
  run(...args: string[]): Promise<CliRun>;
  /**
   * Runs with `stdin` as standard input (text, and its UTF-8 bytes for uploads); counts how often it was read. With
   * no stdin given, a read fails the command.
   */
  runWithStdin(args: readonly string[], stdin?: string): Promise<CliRun & { readonly stdinReads: number }>;
  /** Removes the temp directory and puts the environment back. */
  cleanUp(): void;
}

export function inProcessCli(prefix: string): InProcessCli {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(dir, "data");
  const saved = new Map(ENV_NAMES.map((n) => [n, process.env[n]]));
  for (const n of ENV_NAMES) delete process.env[n];
  async function runWithStdin(args: readonly string[], stdin?: string) {
    let out = "";
    let err = "";
    let stdinReads = 0;
    const read = (): string => {
      stdinReads++;
      if (stdin === undefined) throw new Error("stdin was read but the test gave none");
      return stdin;
    };
    const code = await runCli(["--data-dir", dataDir, ...args], {
      io: { out: (s) => void (out += s), err: (s) => void (err += s) },
      stdin: read,
      stdinBytes: () => new TextEncoder().encode(read()),
    });
    return { code, out, err, stdinReads };
  }
  return {
    dir,
    async run(...args) {
      let out = "";
      let err = "";
      const code = await runCli(["--data-dir", dataDir, ...args], {
        io: { out: (s) => void (out += s), err: (s) => void (err += s) },
      });
      return { code, out, err };
    },
    runWithStdin,
    cleanUp() {
      rmSync(dir, { recursive: true, force: true });
      for (const [n, v] of saved) if (v !== undefined) process.env[n] = v;
    },
  };
}

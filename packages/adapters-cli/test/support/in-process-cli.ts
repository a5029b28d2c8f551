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
  /** Removes the temp directory and puts the environment back. */
  cleanUp(): void;
}

export function inProcessCli(prefix: string): InProcessCli {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(dir, "data");
  const saved = new Map(ENV_NAMES.map((n) => [n, process.env[n]]));
  for (const n of ENV_NAMES) delete process.env[n];
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
    cleanUp() {
      rmSync(dir, { recursive: true, force: true });
      for (const [n, v] of saved) if (v !== undefined) process.env[n] = v;
    },
  };
}

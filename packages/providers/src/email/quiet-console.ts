import { AsyncLocalStorage } from "node:async_hooks";

// The DKIM verifier of mailauth 4.x prints a note to standard output ("TOTAL 679 EXPECTING 701") when a signature's
// l= body length differs from the body it hashed; its later majors, which drop it, need Node 22. An embedder's
// standard output is theirs (a protocol stream, JSON lines), so what the console would print while a mail is
// verified is dropped. The wrappers pass every call from any other async context through unchanged, and a method the
// embedder replaced since (a logger, a test runner) is wrapped again on the next verification.

const STDOUT_METHODS = ["log", "info", "debug"] as const;
type ConsoleMethod = (...args: unknown[]) => void;
const quiet = new AsyncLocalStorage<true>();
const wrappers = new WeakSet<ConsoleMethod>();

function wrapConsole(): void {
  const methods = console as unknown as Record<(typeof STDOUT_METHODS)[number], ConsoleMethod>;
  for (const method of STDOUT_METHODS) {
    const current = methods[method];
    if (wrappers.has(current)) continue;
    const wrapper = function (this: unknown, ...args: unknown[]): void {
      if (quiet.getStore() === true) return;
      current.apply(this ?? console, args);
    };
    wrappers.add(wrapper);
    methods[method] = wrapper;
  }
}

/** Runs `work` with what the console would print to standard output dropped for `work`'s own async context only. */
export function withoutConsoleOutput<T>(work: () => Promise<T>): Promise<T> {
  wrapConsole();
  return quiet.run(true, work);
}

import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleToStderr } from "../src/cli-support.js";

describe("consoleToStderr", () => {
  const saved = { log: console.log, info: console.info, debug: console.debug, table: console.table };

  afterEach(() => {
    Object.assign(console, saved);
    vi.restoreAllMocks();
  });

  it("sends what the console prints to standard output to standard error instead", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    consoleToStderr();
    console.log("TOTAL", 679, "EXPECTING", 701);
    console.info("note");
    console.table([{ a: 1 }]);
    expect(out).not.toHaveBeenCalled();
    const written = err.mock.calls.map((c) => String(c[0])).join("");
    expect(written).toContain("TOTAL 679 EXPECTING 701\n");
    expect(written).toContain("note\n");
    expect(written).toContain("│ a │");
  });
});

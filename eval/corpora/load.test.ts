import { describe, expect, it } from "vitest";
import { loadCorpus, loadSources } from "./load.js";

describe("loading a channel's corpus", () => {
  it("leaves out the sources named, and only those, as if they were not committed", () => {
    const all = loadCorpus("sms");
    const [first, second] = loadSources("sms").map((s) => s.id);
    const without = loadCorpus("sms", { without: [first as string] });
    expect(without.some((it) => it.source === first)).toBe(false);
    expect(without.length).toBe(all.filter((it) => it.source !== first).length);
    expect(without.some((it) => it.source === second)).toBe(true);
  });
});

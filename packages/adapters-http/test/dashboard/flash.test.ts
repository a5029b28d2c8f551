import { describe, expect, it } from "vitest";
import { FLASH_TTL_MS, createMemoryFlash } from "../../src/dashboard/flash.js";

const T = new Date("2026-03-10T12:00:00.000Z");
const later = (ms: number): Date => new Date(T.getTime() + ms);

describe("the dashboard's one-shot flash", () => {
  it("gives a value back once, to its own session only", () => {
    const flash = createMemoryFlash<string>();
    flash.put("a", "key for a", T);
    expect(flash.take("b", T)).toBeUndefined();
    expect(flash.take("a", later(1_000))).toBe("key for a");
    expect(flash.take("a", later(1_000))).toBeUndefined();
  });

  it("forgets a value left longer than its lifetime", () => {
    const flash = createMemoryFlash<string>();
    flash.put("a", "stale", T);
    expect(flash.take("a", later(FLASH_TTL_MS))).toBeUndefined();
  });

  it("keeps at most its bound, dropping the oldest first", () => {
    const flash = createMemoryFlash<number>(2);
    flash.put("a", 1, T);
    flash.put("b", 2, T);
    flash.put("c", 3, T);
    expect(flash.take("a", T)).toBeUndefined();
    expect(flash.take("b", T)).toBe(2);
    expect(flash.take("c", T)).toBe(3);
  });
});

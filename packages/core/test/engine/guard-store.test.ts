// Store failures become service_unavailable / internal_error, whether the use case throws or its promise rejects;
// and the per-process memo gives a remembered value until it expires, reading the store only then.
import { ok } from "neverthrow";
import { describe, expect, it } from "vitest";
import { StoreError } from "../../src/errors.js";
import { FixedClock } from "../../src/testing/fixed-clock.js";
import { guardStore } from "../../src/usecases/guard-store.js";
import { ExpiringMemo } from "../../src/usecases/mechanics/memo.js";

describe("guardStore", () => {
  it("passes a result through, and turns a rejection or a throw into the error of its kind", async () => {
    expect((await guardStore(() => Promise.resolve(ok(1))))._unsafeUnwrap()).toBe(1);
    const down = await guardStore(() => Promise.reject(new StoreError("unavailable", "db down", true)));
    expect(down._unsafeUnwrapErr().code).toBe("service_unavailable");
    const thrown = await guardStore((): Promise<never> => {
      throw new Error("bug");
    });
    expect(thrown._unsafeUnwrapErr().code).toBe("internal_error");
  });
});

describe("ExpiringMemo", () => {
  it("reads once, gives the value until it expires, then reads again", async () => {
    const clock = new FixedClock();
    const memo = new ExpiringMemo<number>(clock, () => 1_000);
    let reads = 0;
    const load = (): Promise<number> => Promise.resolve(++reads);
    expect(await memo.get("k", load)).toBe(1);
    expect(await memo.get("k", load)).toBe(1);
    clock.advance(999);
    expect(await memo.get("k", load)).toBe(1);
    clock.advance(1);
    expect(await memo.get("k", load)).toBe(2);
    memo.delete("k");
    expect(await memo.get("k", load)).toBe(3);
    expect(memo.peek("k")).toBe(3);
    clock.advance(1_000);
    expect(memo.peek("k")).toBeUndefined();
    await expect(memo.get("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(memo.peek("x")).toBeUndefined();
    expect(await memo.get("x", load)).toBe(4);
  });
});

import { describe, expect, it } from "vitest";
import { describeHasherContract, describeIdsContract, describePasswordHasherContract } from "@scamverify/core/testing";
import { NodeHasher, NodeIds, ScryptPasswordHasher, SystemClock } from "@scamverify/persistence";

describeHasherContract("NodeHasher", () => new NodeHasher());
// A low cost keeps the contract quick; the default cost is checked once below.
describePasswordHasherContract("ScryptPasswordHasher (N=2^10)", () => new ScryptPasswordHasher({ N: 1024 }));
describeIdsContract("NodeIds", () => new NodeIds());

describe("ScryptPasswordHasher", () => {
  it("records its parameters, so a hash made at another cost still verifies", async () => {
    const cheap = await new ScryptPasswordHasher({ N: 1024, r: 8, p: 1 }).hash("s3cret!");
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    const standard = new ScryptPasswordHasher();
    expect(await standard.verify("s3cret!", cheap)).toBe(true);
    const strong = await standard.hash("s3cret!");
    expect(strong.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(await standard.verify("s3cret!", strong)).toBe(true);
    expect(await standard.verify("s3cret?", strong)).toBe(false);
  });

  it("rejects a stored hash whose parameters were tampered with", async () => {
    const h = new ScryptPasswordHasher({ N: 1024 });
    const stored = await h.hash("pw");
    expect(await h.verify("pw", stored.replace("scrypt$1024$", "scrypt$2048$"))).toBe(false);
    expect(await h.verify("pw", stored.replace("scrypt$1024$", "scrypt$1000$"))).toBe(false);
    expect(await h.verify("pw", stored.replace("scrypt$1024$", `scrypt$${2 ** 24}$`))).toBe(false);
    expect(await h.verify("pw", stored.replace("$8$1$", "$8$0$"))).toBe(false);
  });

  it("treats canonically equivalent Unicode passwords as the same password", async () => {
    const h = new ScryptPasswordHasher({ N: 1024 });
    expect(await h.verify("caf\u0065\u0301", await h.hash("caf\u00e9"))).toBe(true);
  });

  it("refuses a cost that is not a power of two", () => {
    expect(() => new ScryptPasswordHasher({ N: 1000 })).toThrow(RangeError);
  });
});

describe("SystemClock", () => {
  it("tells the current time", () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("reads the time once per turn of the event loop, and again in the next", async () => {
    const clock = new SystemClock();
    const first = clock.now();
    const again = clock.now();
    expect(again.getTime()).toBe(first.getTime());
    // Each reading is a Date of its own: changing one changes no other.
    expect(again).not.toBe(first);
    again.setTime(0);
    expect(clock.now().getTime()).toBe(first.getTime());
    await new Promise((resolve) => setImmediate(resolve));
    const before = Date.now();
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
  });
});

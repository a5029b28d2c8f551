// frozenJsonCopy gives what JSON.stringify then JSON.parse give, deeply frozen, and fails where they fail.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { frozenJsonCopy } from "../../src/policies/json-copy.js";

const viaText = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? "null") as unknown;

/** Every object and array in a value is frozen. */
function deeplyFrozen(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  return Object.isFrozen(v) && Object.values(v).every(deeplyFrozen);
}

/** Same values, same keys in the same order, same prototypes (toEqual alone ignores key order). */
function expectSame(copy: unknown, expected: unknown): void {
  expect(JSON.stringify(copy)).toBe(JSON.stringify(expected));
  expect(copy).toStrictEqual(expected);
}

describe("frozenJsonCopy", () => {
  it("matches a JSON round trip of any JSON-like value, key order included, and is frozen", () => {
    fc.assert(
      fc.property(fc.anything({ withDate: true, withBoxedValues: true, withNullPrototype: false }), (v) => {
        let expected: unknown;
        try {
          expected = viaText(v);
        } catch (e) {
          expect(() => frozenJsonCopy(v)).toThrow((e as Error).constructor as new () => Error);
          return;
        }
        const copy = frozenJsonCopy(v);
        expectSame(copy, expected);
        expect(deeplyFrozen(copy)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it("applies toJSON with its key, drops what JSON drops, and keeps a __proto__ key as data", () => {
    const keys: string[] = [];
    const marked = { toJSON: (k: string) => (keys.push(k), `at ${k}`) };
    const value = JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    Object.assign(value, {
      when: new Date(Date.UTC(2026, 2, 10)),
      bad: new Date(Number.NaN),
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Symbol("s"), marked, Number.NaN, -0, Infinity],
      marked,
      n: new Number(3),
      s: new String("x"),
      b: new Boolean(false),
      10: "ten",
      2: "two",
    });
    const copy = frozenJsonCopy(value) as Record<string, unknown>;
    expect(keys).toEqual(["3", "marked"]);
    expectSame(copy, viaText(value));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(Object.is((copy["list"] as unknown[])[5], 0)).toBe(true);
    expect(frozenJsonCopy(undefined)).toBeNull();
    expect(frozenJsonCopy(() => 1)).toBeNull();
  });

  it("refuses a circular structure and a BigInt as JSON.stringify does", () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop["self"] = { back: loop };
    expect(() => frozenJsonCopy(loop)).toThrow(TypeError);
    expect(() => frozenJsonCopy({ n: 1n })).toThrow(TypeError);
    expect(() => frozenJsonCopy([Object(1n)])).toThrow(TypeError);
    // The same object twice, not nested in itself, is no cycle.
    const shared = { x: 1 };
    expectSame(frozenJsonCopy({ a: shared, b: [shared, shared] }), { a: { x: 1 }, b: [{ x: 1 }, { x: 1 }] });
  });
});

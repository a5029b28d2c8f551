// BoundedMap forgets exactly what a Map that drops its first key when full would forget, whatever the mix of sets,
// sets again and deletes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../src/policies/bounded-map.js";

type Op = { readonly kind: "set" | "delete" | "get"; readonly key: number; readonly value: number };

const op = fc.record({
  kind: fc.constantFrom("set", "set", "set", "delete", "get") as fc.Arbitrary<Op["kind"]>,
  key: fc.integer({ min: 0, max: 40 }),
  value: fc.integer(),
});

describe("BoundedMap", () => {
  it("holds and forgets the same entries as a Map dropping its first key", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(op, { maxLength: 400 }), (capacity, ops) => {
        const bounded = new BoundedMap<number, number>(capacity);
        const reference = new Map<number, number>();
        for (const o of ops) {
          if (o.kind === "set") {
            if (!reference.has(o.key) && reference.size >= capacity)
              reference.delete(reference.keys().next().value as number);
            reference.set(o.key, o.value);
            bounded.set(o.key, o.value);
          } else if (o.kind === "delete") {
            expect(bounded.delete(o.key)).toBe(reference.delete(o.key));
          } else {
            expect(bounded.get(o.key)).toBe(reference.get(o.key));
          }
          expect(bounded.size).toBe(reference.size);
        }
        for (let key = 0; key <= 40; key++) {
          expect(bounded.has(key)).toBe(reference.has(key));
          expect(bounded.get(key)).toBe(reference.get(key));
        }
      }),
    );
  });

  it("keeps the newest entries over a long run of new keys", () => {
    const bounded = new BoundedMap<string, number>(1_000);
    for (let i = 0; i < 50_000; i++) {
      if (i % 3 === 0) bounded.delete(`k${i - 500}`);
      bounded.set(`k${i}`, i);
    }
    expect(bounded.size).toBe(1_000);
    expect(bounded.get("k49999")).toBe(49_999);
    expect(bounded.has("k48000")).toBe(false);
  });
});

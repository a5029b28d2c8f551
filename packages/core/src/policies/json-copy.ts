// What a value becomes through JSON and back, made without the text: an in-process store that keeps values as a
// JSON column would (the result cache) holds this instead of a string it would serialise on every write and parse on
// every read.

/**
 * `JSON.parse(JSON.stringify(value) ?? "null")`, deeply frozen: the same keys in the same order, `toJSON` applied
 * (a Date becomes its ISO string), boxed primitives unboxed, undefined, functions and symbols left out of objects and
 * made null in arrays (and at the top), non-finite numbers null, -0 read back as 0, a "__proto__" key kept as an own
 * property. Throws as `JSON.stringify` does on a circular structure or a BigInt. Frozen, it can be handed to every
 * reader without a copy each: none can change what the next one reads.
 */
export function frozenJsonCopy(value: unknown): unknown {
  const copy = copied(value, "", []);
  return copy === undefined ? null : copy;
}

/** The JSON value of `value` under `key`, or undefined where JSON.stringify leaves the value out. */
function copied(input: unknown, key: string | number, ancestors: object[]): unknown {
  let value = input;
  if ((typeof value === "object" && value !== null) || typeof value === "bigint") {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") value = (toJSON as (k: string) => unknown).call(value, String(key));
  }
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value + 0 : null;
    case "bigint":
      throw new TypeError("Do not know how to serialize a BigInt");
    case "object":
      if (value === null) return null;
      return structured(value, ancestors);
    default:
      // undefined, a function, a symbol.
      return undefined;
  }
}

function structured(value: object, ancestors: object[]): unknown {
  if (value instanceof Number) return copied(Number(value), "", ancestors);
  if (value instanceof String) return String(value);
  if (value instanceof Boolean) return value.valueOf();
  if (value instanceof BigInt) throw new TypeError("Do not know how to serialize a BigInt");
  if (ancestors.includes(value)) throw new TypeError("Converting circular structure to JSON");
  ancestors.push(value);
  let out: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    const from = value as unknown[];
    const n = from.length;
    const list: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = copied(from[i], i, ancestors);
      list[i] = v === undefined ? null : v;
    }
    out = list;
  } else {
    const from = value as Record<string, unknown>;
    const record: Record<string, unknown> = {};
    for (const k of Object.keys(from)) {
      const v = copied(from[k], k, ancestors);
      if (v === undefined) continue;
      if (k === "__proto__") {
        Object.defineProperty(record, k, { value: v, enumerable: true, writable: true, configurable: true });
      } else record[k] = v;
    }
    out = record;
  }
  ancestors.pop();
  return Object.freeze(out);
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvStream, dayOf, nanpNumber } from "../../src/phone/csv-stream.js";

function readAll(text: string, chunk: number, sep = ","): { rows: string[][]; unterminated: boolean } {
  const csv = new CsvStream(sep);
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += chunk) csv.push(text.slice(i, i + chunk), (r) => rows.push(r));
  csv.end((r) => rows.push(r));
  return { rows, unterminated: csv.unterminated };
}

const encode = (rows: string[][]): string =>
  rows.map((r) => r.map((f) => (/[",\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(",")).join("\r\n");

describe("CsvStream", () => {
  it("reads quotes, escaped quotes, CRLF and newlines inside quotes across chunk boundaries", () => {
    const text = 'a,b,c\r\n1,"x, y",3\r\n"say ""hi""",,"multi\nline"\r\nlast,row,no-newline';
    for (const chunk of [1, 2, 3, 7, 1000]) {
      expect(readAll(text, chunk).rows).toEqual([
        ["a", "b", "c"],
        ["1", "x, y", "3"],
        ['say "hi"', "", "multi\nline"],
        ["last", "row", "no-newline"],
      ]);
    }
  });

  it("reports a file cut inside a quoted field", () => {
    expect(readAll('a,b\n1,"never closed\n2,3', 4).unterminated).toBe(true);
  });

  it("round-trips any table through quoting, whatever the chunk size", () => {
    const field = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", " ", "1"), maxLength: 6 });
    const table = fc.array(fc.array(field, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 9 }), (rows, chunk) => {
        // A row of empty fields encodes as "," and an empty line is skipped, so keep the first field non-empty.
        const data = rows.map((r) => [`k${r[0]}`, r[1] as string]);
        expect(readAll(encode(data), chunk).rows).toEqual(data);
      }),
    );
  });

  it("reads tab-separated NANPA rows", () => {
    expect(readAll("State\tNPA-NXX\nCA\t415-555\n", 5, "\t").rows).toEqual([
      ["State", "NPA-NXX"],
      ["CA", "415-555"],
    ]);
  });
});

describe("field readers", () => {
  it("reads NANP numbers in the shapes the files use", () => {
    expect(nanpNumber("4155552671")).toBe(4155552671);
    expect(nanpNumber("855-439-5123")).toBe(8554395123);
    expect(nanpNumber("+1 (212) 555-0143")).toBe(2125550143);
    expect(nanpNumber("14155552671")).toBe(4155552671);
    for (const bad of ["", "Unknown", "0155552671", "4151552671", "415555267", "44 20 7946 0958", undefined]) {
      expect(nanpNumber(bad)).toBe(-1);
    }
  });

  it("reads ISO and U.S. dates as days since 1970", () => {
    const d = Date.UTC(2024, 4, 1) / 86_400_000;
    expect(dayOf("2024-05-01 13:02:11")).toBe(d);
    expect(dayOf("2024-05-01T00:00:00.000")).toBe(d);
    expect(dayOf("05/01/2024")).toBe(d);
    expect(dayOf("5/1/2024 01:02:03 PM")).toBe(d);
    expect(dayOf("yesterday")).toBeNaN();
    expect(dayOf("2024-13-01")).toBeNaN();
  });
});

// Reading a job's items from a file: JSON Lines and RFC 4180 CSV, each item with the line it starts on, and every
// problem named by its line.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { itemsFromCsv, itemsFromJsonLines, itemsFromUpload, parseCsv } from "../../src/index.js";

describe("parseCsv", () => {
  it("splits records and fields, keeps quoted commas, quotes and line breaks, and numbers each record's line", () => {
    const records = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\nlast,"" ')._unsafeUnwrapErr();
    // `"" ` leaves text after a closing quote: refused at its line.
    expect(records).toEqual({ field: "line.6", message: "Text after a closing quote (double a quote inside one)" });
    const ok = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\nlast,""')._unsafeUnwrap();
    expect(ok).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x, y", 'say "hi"'] },
      { line: 3, cells: ["multi\nline", "z"] },
      { line: 6, cells: ["last", ""] },
    ]);
  });

  it("refuses a quote inside an unquoted field and a quote never closed", () => {
    expect(parseCsv('a\nab"c\n')._unsafeUnwrapErr().field).toBe("line.2");
    expect(parseCsv('a\n"open\n\n')._unsafeUnwrapErr()).toEqual({
      field: "line.2",
      message: "A quoted field is never closed",
    });
  });

  it("reads back any table it is given in RFC 4180 form", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r\n", " ", "é") });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 8 }), (rows) => {
        const text = rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");
        expect(
          parseCsv(text)
            ._unsafeUnwrap()
            .map((r) => r.cells),
        ).toEqual(rows);
      }),
    );
  });
});

describe("itemsFromCsv", () => {
  it("makes objects of the header's names, leaving empty cells out and reading true and false", () => {
    expect(itemsFromCsv("url,force_refresh\nhttps://a.example/,true\nhttps://b.example/,\n")._unsafeUnwrap()).toEqual({
      items: [{ url: "https://a.example/", force_refresh: true }, { url: "https://b.example/" }],
      lines: [2, 3],
    });
  });

  it("refuses an empty or repeated header name and a record of the wrong width", () => {
    expect(itemsFromCsv("url,url\nx,y\n")._unsafeUnwrapErr()[0]!.message).toBe("Column url is named twice");
    expect(itemsFromCsv("url,\nx,y\n")._unsafeUnwrapErr()[0]!.message).toBe("A header cell is empty");
    expect(
      itemsFromCsv("url\nx\ny,z\nw\nv,u\n")
        ._unsafeUnwrapErr()
        .map((i) => i.field),
    ).toEqual(["line.3", "line.5"]);
  });
});

describe("itemsFromJsonLines", () => {
  it("keeps each object's line, skips blank lines, and names every bad line", () => {
    expect(itemsFromJsonLines('{"a":1}\r\n\n{"a":2}')._unsafeUnwrap()).toEqual({
      items: [{ a: 1 }, { a: 2 }],
      lines: [1, 3],
    });
    expect(
      itemsFromJsonLines('{"a":1}\n[1]\nnope\n"s"\n')
        ._unsafeUnwrapErr()
        .map((i) => i.field),
    ).toEqual(["line.2", "line.3", "line.4"]);
  });

  it("drops a byte order mark before the first line", () => {
    expect(itemsFromUpload("jsonl", '\ufeff{"a":1}')._unsafeUnwrap().items).toEqual([{ a: 1 }]);
    expect(itemsFromUpload("csv", "\ufeffurl\nx\n")._unsafeUnwrap().items).toEqual([{ url: "x" }]);
  });
});

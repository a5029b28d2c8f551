// What the lookup output writes for untrusted inputs: CSV cells a spreadsheet would run as formulas are neutralised,
// escape sequences never reach the terminal in the table, wide characters keep the columns aligned, and JSON stays
// exact.
import { appError } from "@scamverify/core";
import { describe, expect, it } from "vitest";
import { ok } from "neverthrow";
import { CliExit, emit, fail } from "../src/cli-support.js";
import { csvCell, render, type Row } from "../src/output.js";
import { displayWidth } from "../src/terminal-text.js";

function scored(input: string, label = "Listed as phishing"): Row {
  return {
    input,
    ok: true,
    result: {
      verdict: "scam",
      risk_score: 97,
      confidence: 0.9,
      explanation: `${label}.`,
      cached: false,
      factors: [{ label, points: 90 }],
    },
  };
}

/** Splits CSV text into records of fields, honouring quotes (enough for what render writes). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  return records;
}

// eslint-disable-next-line no-control-regex -- the assertion is about control characters
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("CSV output", () => {
  it("prefixes a quote to every cell a spreadsheet would read as a formula, inside quotes", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","open")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""open"")"',
    );
    // A signed number (a phone number in E.164, a negative figure) calls nothing and stays as it is.
    expect(csvCell("+1 (415) 555-2671")).toBe("+1 (415) 555-2671");
    expect(csvCell("+14155552671")).toBe("+14155552671");
    expect(csvCell("+1+cmd|' /C calc'!A0")).toBe("\"'+1+cmd|' /C calc'!A0\"");
    expect(csvCell("-2+3")).toBe('"\'-2+3"');
    expect(csvCell("@SUM(A1:A9)")).toBe('"\'@SUM(A1:A9)"');
    expect(csvCell("\t=1+1")).toBe('"\'\t=1+1"');
    expect(csvCell("\r=1+1")).toBe('"\'\r=1+1"');
    // Ordinary cells are unchanged; a formula character later in the cell is harmless.
    expect(csvCell("https://example.org/?a=1")).toBe("https://example.org/?a=1");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell(97)).toBe("97");
  });

  it("neutralises the input, the reason, the explanation and the error message alike", () => {
    const rows: Row[] = [
      scored("=cmd|' /C calc'!A0", "@evil label"),
      { input: "+15555550100", ok: false, error: appError("validation_error", "-not a number") },
    ];
    const [head, ok, failed] = parseCsv(render(rows, "csv"));
    expect(head).toHaveLength(9);
    expect(ok).toEqual(["'=cmd|' /C calc'!A0", "scam", "97", "0.9", "false", "'@evil label", "'@evil label.", "", ""]);
    expect(failed).toEqual(["+15555550100", "", "", "", "", "", "", "validation_error", "'-not a number"]);
  });
});

describe("table output", () => {
  it("shows escape sequences from the content as visible text, never as control characters", () => {
    const wifi = "Free\u001b[31mWiFi\u001b]0;owned\u0007\u009b2J";
    const out = render(
      [scored("qr.png", `Joins the Wi-Fi network ${wifi}`), scored("Pay now\r\n\tor lose access\u202e")],
      "table",
    );
    expect(out).not.toMatch(TERMINAL_CONTROL);
    expect(out).toContain("Free\\x1b[31mWiFi\\x1b]0;owned\\x07\\x9b2J");
    // Tabs and line breaks inside a cell become spaces: one row stays one line.
    expect(out.trimEnd().split("\n")).toHaveLength(3);
    expect(out).toContain("Pay now or lose access\\u202e");
  });

  it("keeps columns aligned for wide characters", () => {
    const out = render([scored("请求书-发票.pdf"), scored("invoice.pdf"), scored("📄 invoice.pdf")], "table");
    const [head, ...rows] = out.trimEnd().split("\n");
    /** The terminal column where `word` starts in `line`. */
    const columnOf = (line: string, word: string): number => displayWidth(line.slice(0, line.indexOf(word)));
    const at = columnOf(head!, "VERDICT");
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(columnOf(row, "scam")).toBe(at);
  });

  it("cuts a long cell on a whole character", () => {
    const out = render([scored("😀".repeat(40))], "table");
    const input = out.split("\n")[1]!.split("  ")[0]!;
    expect(input.endsWith("…")).toBe(true);
    expect(input).not.toMatch(/[\ud800-\udfff]…$/u);
    expect(displayWidth(input)).toBeLessThanOrEqual(60);
  });
});

describe("JSON output", () => {
  it("stays exact: the control characters are escaped by JSON, not rewritten", () => {
    const input = "line one\n\u001b[31mred\u001b[0m\tand a tab";
    const [row] = JSON.parse(render([scored(input)], "json")) as [{ input: string }];
    expect(row.input).toBe(input);
    const [line] = render([scored(input)], "jsonl")
      .trimEnd()
      .split("\n");
    expect((JSON.parse(line!) as { input: string }).input).toBe(input);
  });
});

describe("error messages on stderr", () => {
  it("show control characters from the input as visible text", () => {
    let err = "";
    const io = { out: () => undefined, err: (s: string) => void (err += s) };
    expect(() => fail(io, appError("validation_error", "bad input \u001b[2J\u001b]0;x\u0007"))).toThrow(CliExit);
    expect(err).not.toMatch(TERMINAL_CONTROL);
    expect(err).toContain("bad input \\x1b[2J\\x1b]0;x\\x07");
  });

  it("human output of operator commands keeps its lines and tabs, and shows other control characters", () => {
    let out = "";
    const io = { out: (s: string) => void (out += s), err: () => undefined };
    const name = "ci key\u001b]0;pwned\u0007\r";
    emit(io, ok({ name }), false, (k) => `name\t${k.name}\nactive\n`);
    expect(out).toBe("name\tci key\\x1b]0;pwned\\x07\\x0d\nactive\n");
    out = "";
    emit(io, ok({ name }), true, (k) => k.name);
    expect((JSON.parse(out) as { name: string }).name).toBe(name);
  });
});

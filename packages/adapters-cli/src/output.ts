// Renders lookup results for analysts: an aligned table for people, JSON / JSON Lines / CSV for pipes.
import type { AppError, Verdict } from "@scamverify/core";
import { displayWidth, padToWidth, printable, truncateToWidth } from "./terminal-text.js";

export const FORMATS = ["table", "json", "jsonl", "csv"] as const;
export type Format = (typeof FORMATS)[number];

export type Row =
  | { readonly input: string; readonly ok: true; readonly result: LookupLike }
  | { readonly input: string; readonly ok: false; readonly error: AppError };

export interface LookupLike {
  readonly verdict: Verdict;
  readonly risk_score: number;
  readonly confidence: number;
  readonly explanation: string;
  readonly cached: boolean;
  readonly factors: readonly { label: string; points: number }[];
}

/**
 * One CSV field. The inputs come from attackers, so a field a spreadsheet would read as a formula (starting with =, +,
 * -, @, a tab or a carriage return) gets a leading single quote inside quotes: shown as text, never evaluated. A
 * number written with a sign ("+15555550100", "+1 (555) 555-0100", "-12.5") calls nothing and stays as it is.
 */
const SIGNED_NUMBER = /^[+-][0-9][0-9 ().-]*$/;

export function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? "" : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !SIGNED_NUMBER.test(s)) return `"'${s.replace(/"/g, '""')}"`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function plain(row: Row): Record<string, unknown> {
  return row.ok
    ? { input: row.input, ...row.result }
    : {
        input: row.input,
        error: {
          code: row.error.code,
          message: row.error.message,
          ...(row.error.details ? { details: row.error.details } : {}),
        },
      };
}

export function render(rows: readonly Row[], format: Format): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(rows.map(plain), null, 2)}\n`;
    case "jsonl":
      return rows.map((r) => `${JSON.stringify(plain(r))}\n`).join("");
    case "csv": {
      const head = "input,verdict,risk_score,confidence,cached,top_reason,explanation,error_code,error_message";
      const lines = rows.map((r) =>
        r.ok
          ? [
              r.input,
              r.result.verdict,
              r.result.risk_score,
              r.result.confidence,
              r.result.cached,
              r.result.factors.find((f) => f.points > 0)?.label ?? "",
              r.result.explanation,
              "",
              "",
            ]
          : [r.input, "", "", "", "", "", "", r.error.code, r.error.message],
      );
      return [head, ...lines.map((l) => l.map(csvCell).join(","))].join("\n") + "\n";
    }
    case "table": {
      const table = rows.map((r) =>
        r.ok
          ? [
              r.input,
              r.result.verdict,
              String(r.result.risk_score),
              r.result.confidence.toFixed(2),
              r.result.factors.find((f) => f.points > 0)?.label ?? "-",
            ]
          : [r.input, "error", "-", "-", `${r.error.code}: ${r.error.message}`],
      );
      // Cells are untrusted: control characters made visible before they reach the terminal, then fitted by width.
      const all = [["INPUT", "VERDICT", "SCORE", "CONF", "MAIN REASON"], ...table].map((cols) =>
        cols.map((raw, i) => {
          const c = printable(raw);
          return i === 0 ? truncateToWidth(c, 60) : i === 4 ? truncateToWidth(c, 80) : c;
        }),
      );
      const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i]!))));
      return (
        all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : padToWidth(c, widths[i]!))).join("  ")).join("\n") +
        "\n"
      );
    }
  }
}

/** A one-line progress bar on stderr, only when stderr is a terminal. */
export function progress(total: number, stream: NodeJS.WriteStream = process.stderr): { tick(): void; done(): void } {
  let n = 0;
  const active = stream.isTTY === true && total > 1;
  const draw = (): void => {
    const width = 30;
    const filled = Math.round((n / total) * width);
    stream.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${n}/${total}`);
  };
  // Drawn at once, so a long run shows it is working from its first second.
  if (active) draw();
  return {
    tick() {
      n++;
      if (active) draw();
    },
    done() {
      if (active) stream.write("\r\x1b[K");
    },
  };
}

// pnpm eval sources [url|sms|email|document]: the figure of record. Every corpus item through its channel with the
// weights the engine ships and with the hand-weighted baseline, in the same run; per source, held-out part first
// (sources and dates that took no part in fitting), then the training part; and the calibration on the held-out
// part: what share of items at high_risk+ and at scam are scams.

import { CORPUS_CHANNELS, type CorpusChannel } from "../corpora/load.js";
import { figuresBySource, HIGH, precisionAt, printFigures, SCAM, type ScoredRow } from "./figures.js";
import { channelData, scoredRows } from "./rescore.js";

const p = (x: number): string => (Number.isNaN(x) ? "-" : `${(100 * x).toFixed(1)}%`);

export async function main(args: readonly string[]): Promise<void> {
  const only = (CORPUS_CHANNELS as readonly string[]).includes(args[0] ?? "") ? (args[0] as CorpusChannel) : null;
  for (const channel of CORPUS_CHANNELS) {
    if (only !== null && channel !== only) continue;
    const data = await channelData(channel);
    if (data === null) continue;
    const rows: ScoredRow[] = scoredRows(
      data,
      data.fitted.map((run) => run.score),
    );
    printFigures(channel, figuresBySource(rows));
    const held = rows.filter((r) => r.heldOut);
    if (held.length > 0) {
      console.log(
        `  calibration, held-out part pooled (${held.filter((r) => r.item.label === "scam").length} scam, ${held.filter((r) => r.item.label === "legit").length} legit): precision at high_risk+ ${p(precisionAt(held, HIGH, "hand"))} -> ${p(precisionAt(held, HIGH, "fitted"))}, at scam ${p(precisionAt(held, SCAM, "hand"))} -> ${p(precisionAt(held, SCAM, "fitted"))}`,
      );
    }
  }
}

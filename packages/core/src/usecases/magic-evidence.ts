// The evidence a magic test input stands on: one factor that places the score in the verdict it asks for.

import type { Evidence } from "../ports/signal-source.js";
import type { Verdict } from "../schemas/common.js";
import { TEST_VERDICT_SCORES } from "./test-mode.js";

/** Evidence standing in for a magic test input: one factor that places the score in the asked verdict. */
export function magicEvidence(verdict: Verdict): Evidence {
  const points = TEST_VERDICT_SCORES[verdict];
  return {
    source: "test_mode",
    status: "ok",
    signals: {},
    factors: [
      verdict === "safe"
        ? { id: "test_mode_safe", source: "test_mode", label: "Test input that always reads as safe", points: -40 }
        : {
            id: `test_mode_${verdict}`,
            source: "test_mode",
            label: `Test input that always reads as ${verdict}`,
            points,
          },
    ],
    floor: verdict === "safe" ? 0 : points,
  };
}

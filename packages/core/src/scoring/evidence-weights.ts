// How much the offline analyzers and the community's reports weigh beside the network and feed sources.

import type { Evidence } from "../ports/signal-source.js";

/** How much the offline analyzers weigh beside the network and feed sources (the eval scores with it too). */
export const OFFLINE_WEIGHT = 0.3;
export const COMMUNITY_WEIGHT = 0.1;

/** Community reports as evidence: none says nothing; each doubling adds about 10 points, up to 60. */
export function communityEvidence(count: number, what: string): Evidence {
  const points = count === 0 ? 0 : Math.min(60, 15 + 10 * Math.log2(count));
  return {
    source: "community_reports",
    status: "ok",
    signals: { community_reports: count },
    factors:
      count === 0
        ? []
        : [
            {
              id: "community_reports",
              source: "community_reports",
              label: `${count} community report${count === 1 ? "" : "s"} about this ${what}`,
              points: Math.round(points),
            },
          ],
  };
}

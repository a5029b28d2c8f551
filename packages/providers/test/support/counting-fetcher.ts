// A safe fetcher that counts its fetches, so a test can prove that a paused or offline source touched no network.
import type { SafeFetcher } from "../../src/net/safe-fetch.js";

export function countingFetcher(fetcher: SafeFetcher): { readonly fetcher: SafeFetcher; fetches(): number } {
  let fetches = 0;
  return {
    fetcher: {
      ...fetcher,
      fetch: (u, init) => {
        fetches++;
        return fetcher.fetch(u, init);
      },
    },
    fetches: () => fetches,
  };
}

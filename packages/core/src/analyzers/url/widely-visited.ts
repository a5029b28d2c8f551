// Sites that very many people visit: the registrable domains of a public top-sites ranking (data/widely-visited.ts,
// written by `pnpm eval:lists` from the list committed under eval/lists/, with its provenance there). Shorteners,
// free hosts, developer platforms and deep-link services are not on it: anyone's page lives under their names.

import { WIDELY_VISITED_DOMAINS } from "./data/widely-visited.js";

let domains: ReadonlySet<string> | null = null;

/** Whether a registrable domain (as `NormalizedUrl.registrableDomain` gives it) is on the list. */
export function isWidelyVisited(registrable: string): boolean {
  domains ??= new Set(WIDELY_VISITED_DOMAINS.split("\n"));
  return domains.has(registrable);
}

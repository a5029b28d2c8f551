import { getDomain } from "tldts";
import { createAliasMatcher } from "./alias-matcher.js";
import type { Organisation, OrganisationDirectory } from "./organisation.js";
import { ORGANISATIONS } from "./organisation-data.js";

// Alias rules (see alias-matcher.ts): aliases count wherever they stand as whole words; cued aliases, which are also
// ordinary words ("Chase"), count only when a cue word follows them ("Chase account", "Discover card") or when they
// open the message as its sender tag, in capitals or followed by ":", "]", "-" ("CHASE: ...", "[Chase] ...");
// capital aliases ("ICE") count only written in capitals. A mention inside a longer one ("Virginia DMV" in
// "West Virginia DMV", "DMV" in "NY DMV") is dropped, and what remains is ranked by the length of the alias it
// matched, then by how often it is named, then by where it first appears.
//
// byDomain: a host the data names below a shared registrable domain (dmv.ca.gov in ca.gov) belongs to that
// organisation; otherwise the registrable domain belongs to the organisation that lists it whole, preferring the one
// that lists it first among its domains (ic3.gov is IC3's first, the FBI's second) and then the earlier entry.

interface Claim {
  readonly organisation: Organisation;
  readonly rank: number;
}

function claimedWholly(organisation: Organisation): string[] {
  const shared = new Set((organisation.officialHosts ?? []).map((h) => getDomain(h)));
  return organisation.officialDomains.filter((d) => !shared.has(d));
}

/**
 * The official-channel directory over the given organisations (the built-in data when omitted). Builds its indexes
 * once; every lookup afterwards is pure.
 */
export function createOrganisationDirectory(
  organisations: readonly Organisation[] = ORGANISATIONS,
): OrganisationDirectory {
  const matcher = createAliasMatcher(
    organisations.flatMap((organisation, key) => [
      ...organisation.aliases.map((alias) => ({ key, alias, mode: "plain" as const })),
      ...(organisation.cuedAliases ?? []).map((alias) => ({ key, alias, mode: "word" as const })),
      ...(organisation.capitalAliases ?? []).map((alias) => ({ key, alias, mode: "caps" as const })),
    ]),
  );

  const byHost = new Map<string, Organisation>();
  const byRegistrable = new Map<string, Claim>();
  const byNumber = new Map<string, Organisation>();
  for (const organisation of organisations) {
    for (const host of organisation.officialHosts ?? []) {
      if (!byHost.has(host)) byHost.set(host, organisation);
    }
    const wholly = new Set(claimedWholly(organisation));
    organisation.officialDomains.forEach((domain, rank) => {
      if (!wholly.has(domain)) return;
      const held = byRegistrable.get(domain);
      if (held === undefined || rank < held.rank) byRegistrable.set(domain, { organisation, rank });
    });
    for (const phone of organisation.officialPhones) {
      if (!byNumber.has(phone)) byNumber.set(phone, organisation);
    }
  }

  return {
    find(text: string): readonly Organisation[] {
      const mentions = new Map<number, { weight: number; count: number; first: number }>();
      for (const match of matcher.match(text)) {
        const seen = mentions.get(match.key);
        if (seen === undefined) {
          mentions.set(match.key, { weight: match.weight, count: 1, first: match.start });
        } else {
          mentions.set(match.key, {
            weight: Math.max(seen.weight, match.weight),
            count: seen.count + 1,
            first: Math.min(seen.first, match.start),
          });
        }
      }
      return [...mentions.entries()]
        .sort(([, a], [, b]) => b.weight - a.weight || b.count - a.count || a.first - b.first)
        .map(([key]) => organisations[key] as Organisation);
    },

    byDomain(registrableDomain: string): Organisation | undefined {
      const host = registrableDomain.trim().toLowerCase().replace(/\.$/, "");
      if (host === "") return undefined;
      for (let h = host; ;) {
        const owner = byHost.get(h);
        if (owner !== undefined) return owner;
        const dot = h.indexOf(".");
        if (dot < 0) break;
        h = h.slice(dot + 1);
      }
      const registrable = getDomain(host);
      return registrable === null ? undefined : byRegistrable.get(registrable)?.organisation;
    },

    byPhone(e164: string): Organisation | undefined {
      return byNumber.get(e164.trim());
    },
  };
}

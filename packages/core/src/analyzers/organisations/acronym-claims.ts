// A public body named only by its initials: "DHS" is the Department of Homeland Security and also Dunbar High School,
// "FCC" a church, "HHS" a high school. Initials alone are a claim to be the agency only when something else in the
// message says so; see agencyClaimStands.

import { createAliasMatcher, type AliasMatcher } from "./alias-matcher.js";
import type { Organisation, OrganisationCategory } from "./organisation.js";

/** Bodies whose initials other organisations (schools, churches, clubs) use as well. */
const AGENCY_CATEGORIES: ReadonlySet<OrganisationCategory> = new Set(["federal"]);
/** Initials: one word of two to six capitals and digits ("DHS", "IC3", "USCIS"). */
const INITIALS = /^[A-Z][A-Z0-9]{1,5}$/;

const fullNames = new WeakMap<Organisation, AliasMatcher | null>();

/** A matcher of the organisation's names other than its initials, or null when it has none. */
function fullNameMatcher(organisation: Organisation): AliasMatcher | null {
  let matcher = fullNames.get(organisation);
  if (matcher === undefined) {
    const specs = [
      ...organisation.aliases.map((alias) => ({ key: 0, alias, mode: "plain" as const })),
      ...(organisation.cuedAliases ?? []).map((alias) => ({ key: 0, alias, mode: "word" as const })),
    ].filter((s) => !INITIALS.test(s.alias));
    matcher = specs.length === 0 ? null : createAliasMatcher(specs);
    fullNames.set(organisation, matcher);
  }
  return matcher;
}

/** What else a message offers to show that it speaks for the agency its initials name. */
export interface AgencyCorroboration {
  /** The whole message, where the agency's full name may stand. */
  readonly text: string;
  /** The message's links, addresses and sender are on one of the agency's own domains or a government-only one. */
  readonly officialChannel: boolean;
  /**
   * The phrases of the message that tell a government story (taxes, benefits, a court, an arrest), lower case. The
   * body's own initials among them ("irs") name it; they do not corroborate it.
   */
  readonly agencyTopics: readonly string[];
}

/**
 * Whether a message that names `organisation` claims to be it. Any organisation named by a name counts; a public body
 * named by its initials alone counts when the message also gives its full name, uses its own or a government-only
 * channel, or tells a government story. Otherwise the initials are some other body's ("DHS Athletics").
 */
export function agencyClaimStands(organisation: Organisation, corroboration: AgencyCorroboration): boolean {
  if (!AGENCY_CATEGORIES.has(organisation.category)) return true;
  if (corroboration.officialChannel) return true;
  const initials = new Set(
    [...organisation.aliases, ...(organisation.capitalAliases ?? [])]
      .filter((a) => INITIALS.test(a))
      .map((a) => a.toLowerCase()),
  );
  if (corroboration.agencyTopics.some((t) => !initials.has(t.trim().toLowerCase()))) return true;
  const matcher = fullNameMatcher(organisation);
  return matcher === null || matcher.match(corroboration.text).length > 0;
}

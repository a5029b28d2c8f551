// The organisations that scams claim to be, with the channels each one really uses. A message that names one of
// them and sends the reader to a domain or number outside its official channels is a strong sign of a scam; one
// whose links and numbers all belong to it is evidence for legitimacy.

export const ORGANISATION_CATEGORIES = [
  "federal",
  "state_dmv",
  "state_agency",
  "toll",
  "court",
  "postal",
  "parcel",
  "utility",
  "bank",
  "payment",
  "tech",
  "telecom",
  "retail",
  "streaming",
  "travel",
  "crypto",
] as const;
export type OrganisationCategory = (typeof ORGANISATION_CATEGORIES)[number];

export interface Organisation {
  /** Stable machine name, e.g. "ezpass-ny". */
  readonly id: string;
  /** How the explanation names it, e.g. "E-ZPass New York". */
  readonly name: string;
  readonly category: OrganisationCategory;
  /** Names and spellings messages use for it ("E-ZPass", "EZPass", "NY E-ZPass"); matched case-insensitively on word boundaries. */
  readonly aliases: readonly string[];
  /**
   * Names that are also ordinary words ("Chase", "Discover", "Target"): they count only with a cue word right after them
   * ("Chase account", "Discover card") or as the sender tag opening a message ("CHASE: ...", "Chase: ...", "[Chase]").
   */
  readonly cuedAliases?: readonly string[];
  /** Names that count only written in capitals ("ICE", "UPS"), because their lower-case form is a common word. */
  readonly capitalAliases?: readonly string[];
  /** Registrable domains it operates (a subdomain of one counts as the same channel). */
  readonly officialDomains: readonly string[];
  /**
   * Hosts the organisation runs inside a registrable domain it shares with others (dmv.ca.gov inside the State of
   * California's ca.gov). Their registrable domains are in officialDomains too; absent when it owns whole domains only.
   */
  readonly officialHosts?: readonly string[];
  /** Published phone numbers in E.164 (+1...). Empty when none is published or known. */
  readonly officialPhones: readonly string[];
  /** Two-letter U.S. state code for state and regional bodies; absent for national ones. */
  readonly region?: string;
  /** Where the domains and numbers were published (the organisation's own contact page). */
  readonly source: string;
}

/** Organisations a text names, strongest mention first. */
export interface OrganisationDirectory {
  /** Every organisation whose alias appears in the text; empty when none does. Pure and deterministic. */
  find(text: string): readonly Organisation[];
  /**
   * The organisation that operates this registrable domain, or undefined. A host is accepted too: one listed in
   * officialHosts names its organisation, any other resolves through its registrable domain (tldts getDomain).
   */
  byDomain(registrableDomain: string): Organisation | undefined;
  /** The organisation that publishes this E.164 number, or undefined. */
  byPhone(e164: string): Organisation | undefined;
}

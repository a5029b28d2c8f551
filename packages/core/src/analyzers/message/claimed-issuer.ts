// The organisation a message speaks for, checked against the channels it really uses. The directory is open-world:
// it lists an organisation's main sites and numbers, not every one it uses, so a link or number it does not list is
// only "not confirmed". A contradiction takes evidence: a lookalike of the organisation's domain, a free host or a
// free mailbox, a competitor's site or number, a shortener hiding where the link goes, or a number in a range no
// organisation gives its customers. Links that all belong to it, or for a public body all sit in government-only
// registries, are evidence for legitimacy.

import { parse as parseHost } from "tldts";
import { z } from "zod";
import type { Evidence } from "../../ports/signal-source.js";
import type { Factor } from "../../schemas/common.js";
import {
  ORGANISATION_CATEGORIES,
  type Organisation,
  type OrganisationCategory,
  type OrganisationDirectory,
} from "../organisations/organisation.js";
import { agencyClaimStands } from "../organisations/acronym-claims.js";
import type { NormalizedUrl } from "../url/normalized-url.js";
import { hostingOf, isGovernmentRegistry, isShortenerHost } from "../url/brand-index.js";
import { BRAND_TECHNIQUES, detectBrandImpersonation, type BrandImpersonation } from "../url/brand-impersonation.js";
import { BRANDS } from "../url/lists/brands.js";
import { normalizeUrl } from "../url/normalize-url.js";
import { FREE_MAIL_DOMAINS } from "../email/free-mail.js";
import { isLookalikeDomain } from "../email/sender-brand.js";
import { analyzePhoneNumber } from "../phone/analyze-phone-number.js";
import { normalizePhone } from "../phone/normalize-phone.js";
import { siteBearsName } from "./sender-claim.js";

export const CLAIMED_ISSUER_SOURCE = "claimed_issuer";

const ChannelRefSchema = z.object({
  kind: z
    .enum(["url", "phone", "email"])
    .describe("url: a link's registrable domain; phone: an E.164 number; email: an address"),
  value: z.string(),
});
export type ChannelRef = z.infer<typeof ChannelRefSchema>;

export const ClaimedIssuerSchema = z
  .object({
    organisation_id: z.string().describe("Stable id of the organisation the message speaks for"),
    name: z.string(),
    category: z.enum(ORGANISATION_CATEGORIES),
    channels_match: z
      .boolean()
      .nullable()
      .describe("true: every link and number belongs to it; false: at least one does not; null: none to check"),
    official_channels: z.array(z.string()).describe("Its official domains and published phone numbers"),
    mismatched: z.array(ChannelRefSchema).describe("Links, numbers and addresses in the message that are not its own"),
    matched: z.array(ChannelRefSchema).describe("Links, numbers and addresses in the message that are its own"),
  })
  .meta({
    id: "ClaimedIssuer",
    description:
      "The organisation the message names or impersonates, and whether the links, numbers and addresses in it belong to that organisation's official channels",
  });
export type ClaimedIssuer = z.infer<typeof ClaimedIssuerSchema>;

/** What the message offers to contact, parsed: normalized links, E.164 numbers, lower-case addresses. */
export interface ContactChannels {
  readonly urls: readonly NormalizedUrl[];
  readonly phones: readonly { readonly e164: string; readonly national: string }[];
  readonly emails: readonly string[];
  /**
   * The text was read from a picture by OCR, which gets about one digit in forty wrong: a number one digit away from
   * one the claimed organisation publishes is that number misread, and counts neither way.
   */
  readonly readByOcr?: boolean;
}

/** Same length, one digit different: what one misread character makes of a number. */
function oneDigitApart(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length && differ < 2; i++) if (a[i] !== b[i]) differ++;
  return differ === 1;
}

/** What the message says beyond the names in its claim, to tell a public body's initials from another body's. */
export interface ClaimContext {
  /** The whole message. */
  readonly text: string;
  /** Host of the address the message came from (an email's sender), when known. */
  readonly senderHost?: string;
  /** Phrases of the message that tell a government story (taxes, benefits, a court, an arrest). */
  readonly agencyTopics: readonly string[];
  /**
   * The message tells of the reader's account, money or parcel, or asks them to sign in, verify, give details or
   * pay (a text's ISSUER_LURES): a link for that to a site that does not bear the organisation's name is a lure.
   */
  readonly lure?: boolean;
}

function isGovernmentHost(host: string): boolean {
  const url = normalizeUrl(`https://${host}/`);
  return url.isOk() && isGovernmentRegistry(url.value);
}

export interface IssuerCheck {
  readonly claimedIssuer: ClaimedIssuer | null;
  readonly evidence: Evidence;
  /** Red flags for people, strongest first. */
  readonly redFlags: readonly string[];
}

// Prior points of each finding: reviewed starting values, replaced by weights fitted on labelled messages.
const PRIOR = {
  issuer_lookalike_domain: 60,
  issuer_link_free_host: 50,
  issuer_email_free_mail: 45,
  issuer_other_organisation: 40,
  issuer_phone_scam_range: 50,
  // A lure about the reader's account, money or parcel sent to a site that does not even bear the name: the directory
  // is open-world, so weaker than a lookalike, but an organisation's own unlisted sites carry its name.
  issuer_lure_elsewhere: 35,
  // A shortened link cannot be checked, and organisations do send them (marketing).
  issuer_link_shortened: 20,
  issuer_link_unconfirmed: 10,
  issuer_phone_unconfirmed: 10,
  issuer_email_unconfirmed: 10,
  issuer_government_links: -15,
  issuer_channels_match: -25,
} as const;
type IssuerRule = keyof typeof PRIOR;

/** Public bodies: their links may go to any government-only registry (.gov, .mil, gov.uk, gc.ca, gov.au). */
const PUBLIC_BODIES: ReadonlySet<OrganisationCategory> = new Set([
  "federal",
  "state_dmv",
  "state_agency",
  "court",
  "toll",
]);

/**
 * Categories whose members compete for the same customers: a message in one's name that sends you to another's site
 * or number contradicts itself. Across categories a listed organisation is a plausible partner (a bank's Zelle, a
 * shop's parcel carrier, an app store, a social page), and platforms (tech) host everyone.
 */
const RIVALS: Readonly<Partial<Record<OrganisationCategory, string>>> = {
  bank: "bank",
  payment: "payment",
  retail: "retail",
  streaming: "streaming",
  telecom: "telecom",
  crypto: "crypto",
  travel: "travel",
  utility: "utility",
  postal: "delivery",
  parcel: "delivery",
};

/** Number analysis findings that mark a range no organisation gives its customers to call. */
const SCAM_RANGES: ReadonlySet<string> = new Set([
  "premium_rate_number",
  "pay_per_call_exchange",
  "one_ring_area_code",
  "reserved_toll_free",
  "unassigned_area_code",
  "n11_area_code",
  "n11_exchange",
  "fictional_number",
  "carrier_test_exchange",
  "test_pattern_number",
  "service_code_number",
]);

/** Brand-analyzer techniques that say the host itself copies a brand's domain (not a brand word in a path). */
const LOOKALIKE_TECHNIQUES: ReadonlySet<string> = new Set(BRAND_TECHNIQUES.filter((t) => t !== "brand_in_path"));

const brandDomains = new Map(BRANDS.map((b) => [b.name, b.officialDomains]));

function ownsHost(org: Organisation, host: string): boolean {
  return org.officialDomains.some((d) => host === d || host.endsWith(`.${d}`));
}

function ownsDomain(orgs: readonly Organisation[], host: string): Organisation | undefined {
  return orgs.find((o) => ownsHost(o, host));
}

function isCountryCode(suffix: string): boolean {
  return /(?:^|\.)[a-z]{2}$/.test(suffix) && !/^(?:co|io|me|tv|ai|ly|gg|cc)$/.test(suffix);
}

const compactNames = new WeakMap<Organisation, ReadonlySet<string>>();

/** The organisation's names as they are run together in a domain: "usps", "bankofamerica", "bofa", "nydmv". */
function namesInDomains(org: Organisation): ReadonlySet<string> {
  let names = compactNames.get(org);
  if (names === undefined) {
    const written = [
      ...org.officialDomains.map((d) => d.slice(0, d.indexOf("."))),
      ...(org.officialHosts ?? []).map((h) => h.slice(0, h.indexOf("."))),
      ...org.aliases,
      ...(org.cuedAliases ?? []),
      ...(org.capitalAliases ?? []),
    ];
    names = new Set(written.map((n) => n.toLowerCase().replace(/[^a-z0-9]/g, "")).filter((n) => n.length >= 3));
    compactNames.set(org, names);
  }
  return names;
}

/** The organisation's name as some of the hyphenated words of `label`, beside words of its own ("usps-care"). */
function nameBesideWords(org: Organisation, label: string): boolean {
  const tokens = label.split("-").filter((t) => t !== "");
  if (tokens.length < 2 || tokens.length > 8) return false;
  const names = namesInDomains(org);
  for (let i = 0; i < tokens.length; i++) {
    let run = "";
    for (let j = i; j < tokens.length; j++) {
      run += tokens[j] ?? "";
      if (j - i + 1 < tokens.length && names.has(run)) return true;
    }
  }
  return false;
}

/**
 * Whether `url`'s host copies one of `org`'s domains: the brand analyzer names one of its brands for the host (a
 * typo, a lookalike character, its name beside a lure word, its domain spelled in a subdomain), the registrable
 * domain is a near copy of one of its own (a letter off, hyphens moved, its name hyphenated beside other words:
 * "usps-care.com", "citi-unlock-center.net"), or its name stands under a generic ending it does not use. Its name
 * run together with an ordinary word ("costcotravel.com") is how organisations name their own side sites: not a copy.
 */
function copiesDomainOf(org: Organisation, url: NormalizedUrl, brand: BrandImpersonation | undefined): boolean {
  if (brand?.detected === true && brand.technique !== null && LOOKALIKE_TECHNIQUES.has(brand.technique)) {
    const official = brandDomains.get(brand.brand ?? "") ?? [];
    if (official.some((d) => org.officialDomains.includes(d))) return true;
  }
  const registrable = url.registrableDomain;
  const suffix = url.publicSuffix;
  if (registrable === null || suffix === null) return false;
  const label = registrable.slice(0, registrable.length - suffix.length - 1);
  if (nameBesideWords(org, label)) return true;
  for (const domain of org.officialDomains) {
    const dot = domain.indexOf(".");
    const officialLabel = domain.slice(0, dot);
    if (isLookalikeDomain(registrable, domain)) return true;
    if (label !== officialLabel && label.replaceAll("-", "") === officialLabel.replaceAll("-", "")) return true;
    if (label === officialLabel && domain.slice(dot + 1) !== suffix && !isCountryCode(suffix)) return true;
  }
  return false;
}

/**
 * A listed organisation's domain spelled out in front of another one ("e-zpassny.com-pay.cyou", "usps.com.track.info"):
 * the address is made to read like the organisation's own, whichever organisation the message names.
 */
function spelledListedDomain(url: NormalizedUrl, directory: OrganisationDirectory): Organisation | undefined {
  const host = url.host;
  if (url.isIp || url.subdomain === "" || host.length > 253) return undefined;
  const starts = [0];
  for (let i = host.indexOf("."); i !== -1 && starts.length < 16; i = host.indexOf(".", i + 1)) starts.push(i + 1);
  for (const start of starts) {
    for (let end = start; end < host.length; end++) {
      const c = host[end];
      if (c !== "." && c !== "-") continue;
      const spelled = host.slice(start, end);
      // Before a dot the spelled domain must end inside the subdomain: "google.com" in "www.google.com.au" is the
      // start of the real (country) domain, not a domain written in front of it.
      if (!spelled.includes(".") || (c === "." && end > url.subdomain.length)) continue;
      const info = parseHost(spelled);
      if (info.domain !== spelled || info.isIcann !== true) continue;
      const owner = directory.byDomain(spelled);
      if (owner !== undefined) return owner;
    }
  }
  return undefined;
}

function rivalOf(claimed: Organisation, other: Organisation): boolean {
  if (other === claimed) return false;
  const group = RIVALS[claimed.category];
  if (group !== undefined && RIVALS[other.category] === group) return true;
  // Public bodies collect what is owed on their own sites, never through a payment app.
  return PUBLIC_BODIES.has(claimed.category) && other.category === "payment";
}

/** What one link, number or address of the message says about the claim. */
type Reading =
  | { readonly kind: "own"; readonly owner: Organisation }
  | { readonly kind: "neither" }
  | { readonly kind: "government" }
  | { readonly kind: "contradicts"; readonly rule: IssuerRule; readonly label: string; readonly flag: string }
  | { readonly kind: "unconfirmed"; readonly rule: IssuerRule; readonly label: string };

/** Links and addresses as written: with a scheme or "www.", an address, or a bare host with or without a path. */
const LINKISH =
  /(?:https?:\/\/|www\.)[^\s<>"]+|[^\s@<>"(]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})+|\b[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63})+(?:\/[^\s<>"]*)?/gi;

/**
 * The text with its links and addresses blanked out: a name inside one ("sites.google.com/view/usps", "facebook.com/
 * netflix", "amazon.help@gmail.com") says where a page or a mailbox is, not who is speaking. A listed organisation's
 * bare domain written as a name ("Amazon.com: your order", "Visit USA.gov") still names it.
 */
function withoutLinks(text: string, directory: OrganisationDirectory): string {
  return text.replace(LINKISH, (token) => {
    const bare = token.replace(/[.,;:!?)\]]+$/, "").toLowerCase();
    const host = (bare.replace(/^https?:\/\//, "").split(/[/?#]/)[0] ?? "").split("@").pop() ?? "";
    const info = parseHost(host);
    // "U.S.", "St.Louis", "3.50": no ending anyone can register under, so no link.
    if (info.domain === null || info.isIcann !== true) return token;
    const site = bare.replace(/^www\./, "");
    if (site === info.domain && directory.byDomain(site) !== undefined) return token;
    return " ".repeat(token.length);
  });
}

/**
 * Finds the organisation the text claims to be and checks the message's channels against it. A channel of the
 * claimed organisation (or of another one the text names) confirms the claim; one of another listed organisation the
 * text does not name counts neither way unless that organisation is a rival; a government-only domain never
 * contradicts; evidence of imitation contradicts; anything else is not confirmed.
 */
export function checkClaimedIssuer(
  directory: OrganisationDirectory,
  text: string,
  channels: ContactChannels,
  context?: ClaimContext,
): IssuerCheck {
  const named = directory.find(withoutLinks(text, directory)).filter((o) => {
    if (context === undefined) return true;
    const hosts = [
      ...channels.urls.map((u) => u.host),
      ...channels.emails.map((e) => e.slice(e.lastIndexOf("@") + 1)),
      ...(context.senderHost !== undefined ? [context.senderHost] : []),
    ];
    return agencyClaimStands(o, {
      text: `${text}\n${context.text}`,
      officialChannel: hosts.some((h) => ownsHost(o, h) || isGovernmentHost(h)),
      agencyTopics: context.agencyTopics,
    });
  });
  const empty: Evidence = {
    source: CLAIMED_ISSUER_SOURCE,
    status: "ok",
    signals: { claimed_issuer: null },
    factors: [],
  };
  if (named.length === 0) return { claimedIssuer: null, evidence: empty, redFlags: [] };

  const urls: NormalizedUrl[] = [];
  const seenDomains = new Set<string>();
  for (const url of channels.urls) {
    const domain = url.registrableDomain ?? url.host;
    if (seenDomains.has(domain)) continue;
    seenDomains.add(domain);
    urls.push(url);
  }
  const emailOwner = (email: string): Organisation | undefined => {
    const host = email.slice(email.lastIndexOf("@") + 1);
    // An address at a free mailbox (gmail.com, outlook.com) is anyone's: it never speaks for the provider it is at.
    return FREE_MAIL_DOMAINS.has(host) ? undefined : ownsDomain(named, host);
  };
  // The claimed organisation: the first named one whose channel the message uses, else the strongest mention.
  const owners = new Set<Organisation>();
  for (const url of urls) {
    const owner = ownsDomain(named, url.host);
    if (owner !== undefined) owners.add(owner);
  }
  for (const phone of channels.phones) {
    const owner = named.find((o) => o.officialPhones.includes(phone.e164));
    if (owner !== undefined) owners.add(owner);
  }
  for (const email of channels.emails) {
    const owner = emailOwner(email);
    if (owner !== undefined) owners.add(owner);
  }
  const org = named.find((o) => owners.has(o)) ?? named[0];
  if (org === undefined) return { claimedIssuer: null, evidence: empty, redFlags: [] };

  const lookalikeOf = (url: NormalizedUrl): Organisation | undefined => {
    const signal = detectBrandImpersonation(url).signals["brand_impersonation"] as BrandImpersonation | undefined;
    return named.find((o) => copiesDomainOf(o, url, signal));
  };

  const freeMail = (what: string): Reading => ({
    kind: "contradicts",
    rule: "issuer_email_free_mail",
    label: `Claims to be ${org.name} but gives a free mailbox anyone can open (${what})`,
    flag: `The email address is a free mailbox, not ${org.name}'s`,
  });

  const readUrl = (url: NormalizedUrl): Reading => {
    const domain = url.registrableDomain ?? url.host;
    const owner = ownsDomain(named, url.host);
    if (owner !== undefined) return { kind: "own", owner };
    if (isGovernmentRegistry(url)) return { kind: "government" };
    // "name.surname@gmail.com" read as a link with user info is the address it looks like.
    if (url.hasCredentials && FREE_MAIL_DOMAINS.has(domain)) return freeMail(`an address at ${domain}`);
    if (isShortenerHost(url.host)) {
      return {
        kind: "contradicts",
        rule: "issuer_link_shortened",
        label: `Claims to be ${org.name} but sends its link through the ${url.host} shortener, which hides where it leads`,
        flag: "Hides where its link leads behind a link shortener",
      };
    }
    const copied = lookalikeOf(url) ?? spelledListedDomain(url, directory);
    if (copied !== undefined) {
      return {
        kind: "contradicts",
        rule: "issuer_lookalike_domain",
        label: `Claims to be ${org.name}; the link goes to ${url.host}, which imitates ${copied.name}'s domain`,
        flag: `The link imitates ${copied.name}'s website`,
      };
    }
    const hosting = hostingOf(url);
    if (hosting !== null) {
      return {
        kind: "contradicts",
        rule: "issuer_link_free_host",
        label: `Claims to be ${org.name} but links to a page on ${hosting.platform}, where anyone can publish`,
        flag: `The link is a page anyone can make on ${hosting.platform}, not ${org.name}'s website`,
      };
    }
    const listed = url.registrableDomain !== null ? directory.byDomain(url.registrableDomain) : undefined;
    if (listed !== undefined) {
      if (!named.includes(listed) && rivalOf(org, listed)) {
        return {
          kind: "contradicts",
          rule: "issuer_other_organisation",
          label: `Claims to be ${org.name} but links to ${domain}, which is ${listed.name}'s`,
          flag: `The link goes to ${listed.name}, not ${org.name}`,
        };
      }
      return { kind: "neither" };
    }
    if (context?.lure === true && !named.some((o) => siteBearsName(url, namesInDomains(o)))) {
      return {
        kind: "unconfirmed",
        rule: "issuer_lure_elsewhere",
        label: `Speaks for ${org.name} about your account, money or parcel, and sends you to ${domain}, a site that does not bear its name`,
      };
    }
    return {
      kind: "unconfirmed",
      rule: "issuer_link_unconfirmed",
      label: `Claims to be ${org.name}; ${domain} is not among the sites known to be ${org.name}'s`,
    };
  };

  const readPhone = (phone: { e164: string; national: string }): Reading => {
    const owner = named.find((o) => o.officialPhones.includes(phone.e164));
    if (owner !== undefined) return { kind: "own", owner };
    if (
      channels.readByOcr === true &&
      named.some((o) => o.officialPhones.some((official) => oneDigitApart(official, phone.e164)))
    ) {
      return { kind: "neither" };
    }
    const parsed = normalizePhone(phone.e164);
    const range = parsed.isOk()
      ? analyzePhoneNumber(parsed.value).factors.find((f) => SCAM_RANGES.has(f.id))
      : undefined;
    if (range !== undefined) {
      return {
        kind: "contradicts",
        rule: "issuer_phone_scam_range",
        label: `Claims to be ${org.name} but gives ${phone.national}: ${range.label}`,
        flag: `The phone number is in a range ${org.name} would not use`,
      };
    }
    const listed = directory.byPhone(phone.e164);
    if (listed !== undefined) {
      if (!named.includes(listed) && rivalOf(org, listed)) {
        return {
          kind: "contradicts",
          rule: "issuer_other_organisation",
          label: `Claims to be ${org.name} but gives ${phone.national}, which is ${listed.name}'s number`,
          flag: `The phone number is ${listed.name}'s, not ${org.name}'s`,
        };
      }
      return { kind: "neither" };
    }
    return {
      kind: "unconfirmed",
      rule: "issuer_phone_unconfirmed",
      label:
        org.officialPhones.length > 0
          ? `Claims to be ${org.name}; ${phone.national} is not among the numbers ${org.name} is known to publish`
          : `Claims to be ${org.name}; ${phone.national} cannot be confirmed as ${org.name}'s (no published number is known)`,
    };
  };

  const readEmail = (email: string): Reading => {
    const host = email.slice(email.lastIndexOf("@") + 1);
    if (FREE_MAIL_DOMAINS.has(host)) return freeMail(email);
    const owner = emailOwner(email);
    if (owner !== undefined) return { kind: "own", owner };
    const url = normalizeUrl(`https://${host}/`);
    if (url.isOk()) {
      if (isGovernmentRegistry(url.value)) return { kind: "government" };
      const copied = lookalikeOf(url.value);
      if (copied !== undefined) {
        return {
          kind: "contradicts",
          rule: "issuer_lookalike_domain",
          label: `Claims to be ${org.name}; the address ${email} is at a domain imitating ${copied.name}'s`,
          flag: `The email address imitates ${copied.name}'s domain`,
        };
      }
    }
    const listed = directory.byDomain(host);
    if (listed !== undefined) {
      if (!named.includes(listed) && rivalOf(org, listed)) {
        return {
          kind: "contradicts",
          rule: "issuer_other_organisation",
          label: `Claims to be ${org.name} but gives ${email}, an address at ${listed.name}`,
          flag: `The email address is ${listed.name}'s, not ${org.name}'s`,
        };
      }
      return { kind: "neither" };
    }
    return {
      kind: "unconfirmed",
      rule: "issuer_email_unconfirmed",
      label: `Claims to be ${org.name}; ${email} is not at a domain known to be ${org.name}'s`,
    };
  };

  const matched: ChannelRef[] = [];
  const mismatched: ChannelRef[] = [];
  const readings: Reading[] = [];
  const government: string[] = [];
  let unconfirmed = 0;
  const note = (ref: ChannelRef, reading: Reading): void => {
    readings.push(reading);
    if (reading.kind === "own") matched.push(ref);
    else if (reading.kind === "contradicts") mismatched.push(ref);
    else if (reading.kind === "unconfirmed") unconfirmed++;
    else if (reading.kind === "government" && ref.kind !== "phone") government.push(ref.value);
  };
  for (const url of urls) note({ kind: "url", value: url.registrableDomain ?? url.host }, readUrl(url));
  for (const phone of channels.phones) note({ kind: "phone", value: phone.e164 }, readPhone(phone));
  for (const email of channels.emails) note({ kind: "email", value: email }, readEmail(email));

  const claimedIssuer: ClaimedIssuer = {
    organisation_id: org.id,
    name: org.name,
    category: org.category,
    channels_match:
      mismatched.length > 0 ? false : matched.length > 0 && unconfirmed === 0 && government.length === 0 ? true : null,
    official_channels: [...org.officialDomains, ...org.officialPhones],
    mismatched,
    matched,
  };

  const factors: Factor[] = [];
  const redFlags: string[] = [];
  const fired = new Set<IssuerRule>();
  const add = (rule: IssuerRule, label: string): void => {
    if (fired.has(rule)) return;
    fired.add(rule);
    factors.push({ id: rule, source: CLAIMED_ISSUER_SOURCE, label, points: PRIOR[rule] });
  };
  for (const reading of readings) {
    if (reading.kind !== "contradicts") continue;
    if (!fired.has(reading.rule)) redFlags.push(reading.flag);
    add(reading.rule, reading.label);
  }
  for (const reading of readings) {
    if (reading.kind !== "unconfirmed") continue;
    if (reading.rule === "issuer_lure_elsewhere" && !fired.has(reading.rule)) {
      redFlags.push(`Sends you to a site that is not ${org.name}'s about your account, money or parcel`);
    }
    add(reading.rule, reading.label);
  }
  if (mismatched.length === 0 && unconfirmed === 0) {
    if (government.length > 0 && PUBLIC_BODIES.has(org.category)) {
      add(
        "issuer_government_links",
        `Claims to be ${org.name}, a public body, and every link is its own or on a government-only domain (${government.join(", ")})`,
      );
    } else if (matched.length > 0 && government.length === 0) {
      add("issuer_channels_match", `Every link and number in it belongs to ${org.name}`);
    }
  }
  return {
    claimedIssuer,
    evidence: { source: CLAIMED_ISSUER_SOURCE, status: "ok", signals: { claimed_issuer: claimedIssuer }, factors },
    redFlags,
  };
}

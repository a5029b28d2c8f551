// The organisation a message speaks for, checked against the channels it really uses: a message that names USPS and
// links to usps.com is evidence for legitimacy; one that names USPS and links or asks to call anywhere else is one
// of the strongest signs of a scam there is.

import { z } from "zod";
import type { Evidence } from "../../ports/signal-source.js";
import type { Factor } from "../../schemas/common.js";
import {
  ORGANISATION_CATEGORIES,
  type Organisation,
  type OrganisationDirectory,
} from "../organisations/organisation.js";
import { agencyClaimStands } from "../organisations/acronym-claims.js";
import type { NormalizedUrl } from "../url/normalized-url.js";
import { SHORTENER_SET, isGovernmentRegistry, matchHostSuffix } from "../url/brand-index.js";
import { normalizeUrl } from "../url/normalize-url.js";
import { FREE_MAIL_DOMAINS } from "../email/free-mail.js";

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

// Points of each finding (the Factor contract). A shortened link cannot be checked, and organisations do send them
// (marketing), so it weighs less than a link that plainly goes elsewhere.
const URL_MISMATCH = 60;
const SHORTENED_LINK = 20;
const PHONE_MISMATCH = 45;
/** When the organisation publishes no number at all, a number cannot be shown to be foreign. */
const PHONE_UNVERIFIABLE = 15;
const EMAIL_MISMATCH = 35;
const ALL_MATCH = -25;

function ownsHost(org: Organisation, host: string): boolean {
  return org.officialDomains.some((d) => host === d || host.endsWith(`.${d}`));
}

function ownsDomain(orgs: readonly Organisation[], host: string): Organisation | undefined {
  return orgs.find((o) => ownsHost(o, host));
}

/**
 * Finds the organisation the text claims to be and checks the message's channels against its official ones. A
 * link or number that belongs to another organisation of the directory that the text does not name counts neither
 * way (a bank's message linking to its payment partner); one that belongs to no named organisation is a mismatch.
 */
export function checkClaimedIssuer(
  directory: OrganisationDirectory,
  text: string,
  channels: ContactChannels,
  context?: ClaimContext,
): IssuerCheck {
  const named = directory.find(text).filter((o) => {
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

  const matched: ChannelRef[] = [];
  const mismatched: ChannelRef[] = [];
  const owners: Organisation[] = [];
  const foreignUrls: NormalizedUrl[] = [];
  const shortened: NormalizedUrl[] = [];
  const foreignPhones: { e164: string; national: string }[] = [];
  const foreignEmails: string[] = [];
  const seenDomains = new Set<string>();

  for (const url of channels.urls) {
    const domain = url.registrableDomain ?? url.host;
    if (seenDomains.has(domain)) continue;
    seenDomains.add(domain);
    const owner = ownsDomain(named, url.host);
    if (owner !== undefined) {
      matched.push({ kind: "url", value: domain });
      owners.push(owner);
    } else if (url.registrableDomain !== null && directory.byDomain(url.registrableDomain) !== undefined) {
      continue;
    } else {
      mismatched.push({ kind: "url", value: domain });
      if (matchHostSuffix(url.host, SHORTENER_SET) !== null) shortened.push(url);
      else foreignUrls.push(url);
    }
  }
  for (const phone of channels.phones) {
    const owner = named.find((o) => o.officialPhones.includes(phone.e164));
    if (owner !== undefined) {
      matched.push({ kind: "phone", value: phone.e164 });
      owners.push(owner);
    } else if (
      channels.readByOcr === true &&
      named.some((o) => o.officialPhones.some((official) => oneDigitApart(official, phone.e164)))
    ) {
      continue;
    } else if (directory.byPhone(phone.e164) === undefined) {
      mismatched.push({ kind: "phone", value: phone.e164 });
      foreignPhones.push(phone);
    }
  }
  for (const email of channels.emails) {
    const host = email.slice(email.lastIndexOf("@") + 1);
    // An address at a free mailbox (gmail.com, outlook.com) is anyone's: it never speaks for the provider it is at.
    const owner = FREE_MAIL_DOMAINS.has(host) ? undefined : ownsDomain(named, host);
    if (owner !== undefined) {
      matched.push({ kind: "email", value: email });
      owners.push(owner);
    } else if (directory.byDomain(host) === undefined) {
      mismatched.push({ kind: "email", value: email });
      foreignEmails.push(email);
    }
  }

  // The claimed organisation: the first named one whose channel the message uses, else the strongest mention.
  const org = named.find((o) => owners.includes(o)) ?? named[0];
  if (org === undefined) return { claimedIssuer: null, evidence: empty, redFlags: [] };
  const claimedIssuer: ClaimedIssuer = {
    organisation_id: org.id,
    name: org.name,
    category: org.category,
    channels_match: mismatched.length > 0 ? false : matched.length > 0 ? true : null,
    official_channels: [...org.officialDomains, ...org.officialPhones],
    mismatched,
    matched,
  };

  const factors: Factor[] = [];
  const redFlags: string[] = [];
  const add = (id: string, label: string, points: number): void => {
    factors.push({ id, source: CLAIMED_ISSUER_SOURCE, label, points });
  };
  const first = foreignUrls[0];
  if (first !== undefined) {
    const domain = first.registrableDomain ?? first.host;
    add(
      "issuer_link_mismatch",
      `Claims to be ${org.name}; the link goes to ${domain}, which is not a domain of ${org.name}`,
      URL_MISMATCH,
    );
    redFlags.push(`The link does not go to ${org.name}'s website`);
  } else if (shortened[0] !== undefined) {
    add(
      "issuer_link_shortened",
      `Claims to be ${org.name} but hides its link behind the ${shortened[0].host} shortener, so it cannot be checked`,
      SHORTENED_LINK,
    );
    redFlags.push("Hides where its link leads behind a link shortener");
  }
  const phone = foreignPhones[0];
  if (phone !== undefined) {
    const published = org.officialPhones.length > 0;
    add(
      "issuer_phone_mismatch",
      published
        ? `Claims to be ${org.name}; the number ${phone.national} is not one ${org.name} publishes`
        : `Claims to be ${org.name}; the number ${phone.national} cannot be confirmed as ${org.name}'s`,
      published ? PHONE_MISMATCH : PHONE_UNVERIFIABLE,
    );
    if (published) redFlags.push(`The phone number is not ${org.name}'s`);
  }
  const email = foreignEmails[0];
  if (email !== undefined) {
    add(
      "issuer_email_mismatch",
      `Claims to be ${org.name}; the address ${email} is not at a ${org.name} domain`,
      EMAIL_MISMATCH,
    );
    redFlags.push(`The email address is not ${org.name}'s`);
  }
  if (mismatched.length === 0 && matched.length > 0) {
    add("issuer_channels_match", `Every link and number in it belongs to ${org.name}`, ALL_MATCH);
  }
  return {
    claimedIssuer,
    evidence: { source: CLAIMED_ISSUER_SOURCE, status: "ok", signals: { claimed_issuer: claimedIssuer }, factors },
    redFlags,
  };
}

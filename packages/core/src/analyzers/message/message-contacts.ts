// The links and numbers of a message, parsed and read, and the numbering plan that is home to its reader.

import { currencyCountry, readSenderNumber } from "../phone/country-hints.js";
import { normalizePhone } from "../phone/normalize-phone.js";
import {
  NANP_CALLING_CODE,
  callingCodeOf,
  readPhoneNumber,
  placeName,
  type PhoneReading,
} from "../phone/read-phone-number.js";
import { getPublicSuffix } from "tldts";
import { isGovernmentSuffix } from "../url/brand-index.js";
import { normalizeUrl } from "../url/normalize-url.js";
import type { NormalizedUrl } from "../url/normalized-url.js";
import { type MessageEntities } from "./extract-entities.js";

export function parseUrls(entities: MessageEntities): NormalizedUrl[] {
  const out: NormalizedUrl[] = [];
  for (const u of entities.urls) {
    const r = normalizeUrl(u.candidate);
    if (r.isOk()) out.push(r.value);
    else {
      const site = governmentPortal(u.candidate);
      if (site !== null) out.push(site);
    }
  }
  return out;
}

/** Scheme, host and the rest of a link as written ("gov.uk/guidance/x", "https://gov.uk/x"). */
const LINK_PARTS = /^((?:https?:\/\/)?)([^/?#:\s]+)(.*)$/i;

/**
 * A link printed on a government-only registry's own name ("gov.uk/guidance/verifying-your-identity"): the URL check
 * calls a public suffix no site, but gov.uk is the government's own portal, served at www.gov.uk, and no one else can
 * publish under it. Read as that portal; null for any other link that does not parse.
 */
function governmentPortal(candidate: string): NormalizedUrl | null {
  const parts = LINK_PARTS.exec(candidate.trim());
  const host = parts?.[2]?.toLowerCase().replace(/\.$/, "") ?? "";
  if (parts === null || host === "" || host.startsWith("www.")) return null;
  if (getPublicSuffix(host, { allowPrivateDomains: false }) !== host || !isGovernmentSuffix(host)) return null;
  const r = normalizeUrl(`${parts[1] ?? ""}www.${host}${parts[3] ?? ""}`);
  return r.isOk() ? r.value : null;
}

export interface MessagePhone {
  readonly e164: string;
  readonly national: string;
  readonly reading: PhoneReading;
  /**
   * Whether the message places the number in its country (see ExtractedPhone.e164). An unplaced number is read in
   * its likeliest country: enough to match it against an organisation's published numbers, never to call it
   * foreign or premium-rate.
   */
  readonly placed: boolean;
}

/** The message's numbers, read: a NANP one in its U.S. national form, any other in its international form. */
export function parsePhones(entities: MessageEntities): MessagePhone[] {
  const out: MessagePhone[] = [];
  for (const p of entities.phones) {
    const reading = readPhoneNumber(p.e164 ?? p.likely);
    if (reading === null) continue;
    const nanp = reading.callingCode === NANP_CALLING_CODE ? normalizePhone(reading.e164) : null;
    if (nanp?.isErr() === true) continue;
    const placed = p.e164 !== null;
    out.push({
      e164: reading.e164,
      // An unplaced number is shown as written: its international form would name a country nothing gave.
      national: !placed ? p.raw : nanp?.isOk() === true ? nanp.value.national : reading.international,
      reading,
      placed,
    });
  }
  return out;
}

/**
 * The calling code a number must share not to be foreign, and the place it stands for in labels: the sender's
 * country, else the one country the message's currency names; null when neither says where the reader is (no
 * number is then foreign to anything known).
 */
export function homePlan(text: string, sender: string | undefined): { callingCode: string; name: string } | null {
  const own = readSenderNumber(sender);
  if (own !== null) {
    const where = own.country === null ? `+${own.callingCode}` : placeName(own.country);
    return { callingCode: own.callingCode, name: `the sender's country (${where})` };
  }
  const currency = currencyCountry(text);
  const priced = currency === null ? null : callingCodeOf(currency);
  if (currency !== null && priced !== null) return { callingCode: priced, name: placeName(currency) };
  return null;
}

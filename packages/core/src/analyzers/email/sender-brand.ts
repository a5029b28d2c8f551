// The brand a sender's display name speaks for, and whether a sending domain is that brand's, contains its name or
// copies another domain's.

import { parse as parseDomain } from "tldts";
import { editDistance } from "../url/brand-index.js";
import { BRANDS, type Brand } from "../url/lists/brands.js";
import { asciiFold, unicodeSkeleton } from "../url/skeleton.js";

// Words that turn a short brand name in a display name into a company speaking ("Chase Alerts", not "Chase Miller").
export const SERVICE_WORDS: ReadonlySet<string> = new Set(
  `bank banking support service services security team account accounts billing alert alerts notification
  notifications customer customers care online help helpdesk verification department center centre official payment
  payments delivery shipping express id secure noreply no-reply reply admin administrator store prime pay wallet card
  cards fraud protection mail inc corp llc ltd plc services info update updates member members rewards refund refunds
  tax compliance legal office desk premium business accounting finance`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

interface BrandMatcher {
  readonly brand: Brand;
  /** Lower-case phrase matched on word boundaries. */
  readonly phrase: string;
  /** A short or common name only counts beside a service word or alone. */
  readonly needsContext: boolean;
}

const MATCHERS: BrandMatcher[] = [];
for (const brand of BRANDS) {
  const phrases = new Set<string>([unicodeSkeleton(brand.name.toLowerCase())]);
  for (const k of brand.keywords) if (k.length >= 6 && !/\d/.test(k)) phrases.add(k);
  for (const phrase of phrases) {
    MATCHERS.push({ brand, phrase, needsContext: !phrase.includes(" ") && phrase.length <= 6 });
  }
}

export function registrable(domain: string | null): string | null {
  if (domain === null || domain === "") return null;
  return parseDomain(domain).domain ?? domain;
}

const TYPO_SUFFIXES = new Set(["com", "co", "cm", "om", "con"]);

function suffixOf(domain: string): string {
  return parseDomain(domain).publicSuffix ?? "";
}

function labelOf(domain: string): string {
  const info = parseDomain(domain);
  const suffix = info.publicSuffix;
  const reg = info.domain ?? domain;
  return suffix !== null && reg.endsWith(`.${suffix}`) ? reg.slice(0, reg.length - suffix.length - 1) : reg;
}

export function domainOf(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at === -1 || at === address.length - 1) return null;
  return address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
}

export function isOfficialFor(brand: Brand, domain: string | null): boolean {
  const reg = registrable(domain);
  return (
    reg !== null && brand.officialDomains.some((d) => d === reg || (domain ?? "").endsWith(`.${d}`) || d === domain)
  );
}

/** true when the sending domain's name contains one of the brand's keywords ("docusign-envelope.net"). */
export function keywordInDomain(brand: Brand, domain: string | null): boolean {
  if (domain === null) return false;
  const label = labelOf(domain);
  return brand.keywords.some((k) => k.length >= 4 && label.includes(k));
}

/** The brand a display name speaks for, when it plainly names one. */
export function brandInDisplayName(displayName: string): Brand | null {
  const text = ` ${unicodeSkeleton(displayName.toLowerCase())
    .replace(/[^a-z0-9&]+/g, " ")
    .trim()} `;
  if (text.trim() === "") return null;
  const words = text.trim().split(" ");
  const hasServiceWord = words.some((w) => SERVICE_WORDS.has(w));
  for (const m of MATCHERS) {
    if (!text.includes(` ${m.phrase} `)) continue;
    if (m.needsContext && !hasServiceWord && text.trim() !== m.phrase) continue;
    return m.brand;
  }
  return null;
}

/** A near copy of `target`'s name ("acrne.com", "acme-corp.com" beside "acme.com"); false for the same organisation. */
export function isLookalikeDomain(candidate: string, target: string): boolean {
  const a = registrable(candidate);
  const b = registrable(target);
  if (a === null || b === null || a === b) return false;
  const la = labelOf(a);
  const lb = labelOf(b);
  // The same name under another ending is usually the same owner (python.org, python.net); the endings one slip
  // of the finger apart (.com, .co, .cm, .om) are the squatter's.
  if (la === lb) return TYPO_SUFFIXES.has(suffixOf(a)) && TYPO_SUFFIXES.has(suffixOf(b));
  if (lb.length < 4 || la.length < 4) return false;
  // "rn" for "m", "0" for "o": the same name to a reader.
  if (asciiFold(unicodeSkeleton(la)) === asciiFold(lb)) return true;
  const max = lb.length >= 8 ? 2 : 1;
  if (editDistance(unicodeSkeleton(la), lb, max) <= max) return true;
  // The organisation's name with a word glued on: "acme-payments", "acmeinc".
  if (lb.length >= 5 && (la.startsWith(`${lb}-`) || la.endsWith(`-${lb}`))) return true;
  return (
    lb.length >= 5 &&
    la.length <= lb.length + 5 &&
    la.startsWith(lb) &&
    /^(?:inc|corp|co|llc|ltd|group|hq|usa|us)$/.test(la.slice(lb.length))
  );
}

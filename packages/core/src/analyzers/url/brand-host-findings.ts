// Findings on the host: the registrable label (lookalikes, keywords, TLD swaps) and the subdomains of an
// unrelated domain.

import type { NormalizedUrl } from "./normalized-url.js";
import {
  DIGIT_KEYWORDS,
  LURES,
  OFFICIAL_LABELS,
  RISKY_TLD_SET,
  SPELLED_DOMAINS,
  STRONG_LURES,
  hasStrongLure,
  isLureComposite,
  registrableLabel,
} from "./brand-index.js";
import { SPELLED_SPLIT, type Finding } from "./brand-finding.js";
import {
  ANYWHERE_FROM,
  ANYWHERE_FROM_FREE_HOSTING,
  WEAK_LURES_BESIDE_POINTS,
  isCountryCode,
  keywordHits,
  lureWordsBeside,
  spelledDomainInLabel,
} from "./brand-keywords.js";
import { gluedLookalikeFindings, lookalikeFindings } from "./brand-lookalikes.js";
import { BoundedMap } from "../../policies/bounded-map.js";

/** Most registrable labels whose findings are kept, and the longest kept. */
const REGISTRABLE_MEMO_SIZE = 4_096;
const REGISTRABLE_MEMO_MAX_LENGTH = 256;
/**
 * The findings on the registrable labels read lately, frozen, by free hosting, public suffix and label (what they
 * depend on): a host is read again for every link on it, and its label's lookalike, keyword and spelling checks are
 * most of the brand analysis of a link.
 */
const registrableMemo = new BoundedMap<string, readonly Finding[]>(REGISTRABLE_MEMO_SIZE);

/** The findings on a registrable label (TLD swaps, lookalikes, hyphenation, combosquats), added to `out`. */
export function registrableFindings(label: string, url: NormalizedUrl, freeHosted: boolean, out: Finding[]): void {
  const suffix = url.publicSuffix ?? "";
  if (label.length + suffix.length > REGISTRABLE_MEMO_MAX_LENGTH) {
    labelFindings(label, suffix, freeHosted, out);
    return;
  }
  const key = `${freeHosted ? "f" : "o"}${suffix}\u0000${label}`;
  let found = registrableMemo.get(key);
  if (found === undefined) {
    const fresh: Finding[] = [];
    labelFindings(label, suffix, freeHosted, fresh);
    for (const f of fresh) Object.freeze(f);
    registrableMemo.set(key, (found = fresh));
  }
  for (const f of found) out.push(f);
}

/** registrableFindings read afresh, for a label, its public suffix and whether the host is free hosting. */
export function labelFindings(label: string, suffix: string, freeHosted: boolean, out: Finding[]): void {
  // The brand's exact name under a TLD it does not use.
  for (const ref of OFFICIAL_LABELS.get(label) ?? []) {
    if (isCountryCode(suffix)) {
      // Companies hold many country-code names (walmart.com.mx, airbnb.com.br); on its own this is weak.
      if (!ref.brand.global) {
        out.push({ brand: ref.brand, technique: "tld_swap", points: 30, confidence: 0.4, floor: 0, label });
      }
    } else {
      // Defensive registrations and unrelated projects sharing a word-like name ("kraken", "ledger") are
      // common on generic TLDs: weak alone, it combines with a risky TLD or a lure subdomain. A TLD that
      // itself reads as the lure ("binance.security") completes the phrase.
      const tld = suffix.slice(suffix.lastIndexOf(".") + 1);
      const lureTld = STRONG_LURES.has(tld);
      const risky = RISKY_TLD_SET.has(tld) || RISKY_TLD_SET.has(suffix);
      out.push({
        brand: ref.brand,
        technique: "tld_swap",
        points: lureTld ? 60 : 35,
        confidence: lureTld ? 0.7 : risky ? 0.6 : 0.5,
        floor: 0,
        label,
      });
    }
  }
  const before = out.length;
  lookalikeFindings(label, out);
  if (out.length === before && !OFFICIAL_LABELS.has(label)) gluedLookalikeFindings(label, out);
  if (label.includes("-")) {
    const joined = label.replaceAll("-", "");
    for (const ref of OFFICIAL_LABELS.get(joined) ?? []) {
      out.push({ brand: ref.brand, technique: "hyphenation", points: 75, confidence: 0.8, floor: 0, label });
    }
    // A digit brand name split at the digits ("ms-365") is the same trick on a keyword.
    if (/[0-9]/.test(joined)) {
      for (const ref of DIGIT_KEYWORDS) {
        if (joined === ref.keyword) {
          out.push({ brand: ref.brand, technique: "hyphenation", points: 65, confidence: 0.7, floor: 0, label });
        }
      }
    }
    const tokens = label.split("-");
    const hasLure = tokens.some((t) => hasStrongLure(t));
    for (const token of tokens) {
      if (token.length < 5 || OFFICIAL_LABELS.has(token)) continue;
      const before = out.length;
      lookalikeFindings(token, out);
      if (out.length === before) gluedLookalikeFindings(token, out);
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined && hasLure) out[i] = { ...f, points: Math.max(f.points, 80), confidence: 0.85 };
      }
    }
  }
  if (OFFICIAL_LABELS.has(label)) return;
  const spelled = spelledDomainInLabel(label);
  if (spelled !== null) {
    // The brand's own domain written out in the name ("www-paypal-com", "amazon-co-jp"): the address
    // is made to read like the real one.
    out.push({ brand: spelled, technique: "combosquat", points: 75, confidence: 0.85, floor: 0, label });
  }
  for (const hit of keywordHits(label, freeHosted ? ANYWHERE_FROM_FREE_HOSTING : ANYWHERE_FROM)) {
    // Brand plus a neutral word ("natwestgroup", "wellsfargoadvisors") is how companies name their own
    // side sites too; only brand plus a lure word is strong on its own. Brand plus two or more of the weaker
    // lure words and nothing else ("adobe-sign-document", "docusign-envelope-review") names no side site either.
    const weakOnly = !hit.withLure && lureWordsBeside(label, hit.ref.keyword);
    out.push({
      brand: hit.ref.brand,
      technique: "combosquat",
      points: hit.withLure ? 75 : weakOnly ? WEAK_LURES_BESIDE_POINTS : 35,
      // On free hosting the platform's own factor carries the rest; the brand is still the one named.
      confidence: hit.withLure ? 0.85 : freeHosted || weakOnly ? 0.6 : 0.5,
      floor: 0,
      label,
    });
  }
}

/** true when every subdomain label (but "www") is made of lure words: "login", "app", "secure-id", "co-jp". */
export function hasLureSubdomain(subdomain: string): boolean {
  if (subdomain === "") return false;
  let any = false;
  for (const part of subdomain.split(".")) {
    if (part === "www") continue;
    for (const token of part.split("-")) if (!isLureComposite(token)) return false;
    any = true;
  }
  return any;
}

export function subdomainFindings(url: NormalizedUrl, freeHosted: boolean, out: Finding[]): void {
  if (url.subdomain === "") return;
  const sub = url.subdomain;
  // An official domain spelled out in front of another domain: "www.paypal.com.secure-login.xyz".
  for (const token of sub.split(SPELLED_SPLIT)) {
    for (const [spelled, brand] of SPELLED_DOMAINS.get(token) ?? []) {
      const at = sub.indexOf(spelled);
      if (at === -1) continue;
      const before = sub[at - 1];
      if (before === undefined || before === "." || before === "-") {
        out.push({ brand, technique: "brand_in_subdomain", points: 80, confidence: 0.9, floor: 0, label: sub });
        return;
      }
    }
  }
  const label = registrableLabel(url);
  const labelTokens = label === null ? [] : label.split("-");
  const lureTokens = labelTokens.filter((t) => LURES.has(t) || isLureComposite(t)).length;
  const lureDomain = labelTokens.length > 0 && lureTokens * 2 >= labelTokens.length;
  for (const part of sub.split(".")) {
    if (part === "www" || part.length < 2) continue;
    for (const hit of keywordHits(part, freeHosted ? ANYWHERE_FROM_FREE_HOSTING : ANYWHERE_FROM)) {
      // A short name as a whole subdomain of an ordinary site ("citi.umich.edu", "ato.example.org") is more often
      // a department's or a service's initials than the brand: weak alone, it adds to a sign-in page.
      const initials = part === hit.ref.keyword && part.length < 5 && !lureDomain && !freeHosted && !hit.withLure;
      out.push({
        brand: hit.ref.brand,
        technique: "brand_in_subdomain",
        points: initials ? 30 : lureDomain ? 75 : freeHosted || hit.withLure ? 70 : 65,
        confidence: freeHosted || hit.withLure ? 0.8 : 0.7,
        floor: 0,
        label: part,
      });
    }
    if (part.length >= 5 && !OFFICIAL_LABELS.has(part)) {
      const before = out.length;
      lookalikeFindings(part, out);
      if (out.length === before) gluedLookalikeFindings(part, out);
      if (out.length === before && part.includes("-")) {
        for (const token of part.split("-")) {
          if (token.length >= 5 && !OFFICIAL_LABELS.has(token)) lookalikeFindings(token, out);
        }
      }
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined) out[i] = { ...f, points: Math.min(f.points, 65), floor: 0, confidence: 0.7 };
      }
    }
  }
}

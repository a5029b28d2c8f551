// Findings on the path and query: brand names, spelled-out official domains, credential words and phishing-kit
// markers.

import type { Brand } from "./lists/brands.js";
import type { NormalizedUrl } from "./normalized-url.js";
import {
  CREDENTIALS,
  FOLDED_LABELS,
  KEYWORD_TOKENS,
  PATH_DOMAINS,
  hasStrongLure,
  isLureComposite,
} from "./brand-index.js";
import { caseCredentialWord, caseNames, hasCaseBoundary } from "./case-words.js";
import { asciiFold } from "./skeleton.js";
import { MAX_PATH_CHARS, PATH_SPLIT, SPELLED_SPLIT, WORD_SEPARATORS, type Finding } from "./brand-finding.js";
import { MAX_JOINED_LENGTH, MAX_JOINED_TOKENS, keywordHits } from "./brand-keywords.js";

export function hasCredentialWords(text: string): boolean {
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (CREDENTIALS.has(word)) return true;
  }
  return false;
}

/** Credential words in the path or query, CamelCase words included ("SignIn", "VerifyAccount"). */
export function asksForCredentials(url: NormalizedUrl, lowerPath: string): boolean {
  const query = url.query.slice(0, MAX_PATH_CHARS);
  if (hasCredentialWords(lowerPath + " " + query.toLowerCase())) return true;
  const text = url.path.slice(0, MAX_PATH_CHARS) + " " + query;
  return hasCaseBoundary(text) && caseCredentialWord(text) !== null;
}

/**
 * Brand names as words of a CamelCase name ("ChaseVerifyIdentity", "USPSParcelForm"), read the way hyphenated
 * names are. A name shorter than five letters counts only written in capitals, as the acronym it is
 * ("DHLExpress"): a capitalised "Visa" or "Ups" is as often the plain word ("WakeUpsNow"). Brand names that are
 * common words ("Booking", "Delta") never count inside a CamelCase name ("BookingConfirmation").
 */
function caseWordFindings(text: string, asked: PathAsks, out: Finding[]): void {
  for (const { name, words, capitals } of caseNames(text)) {
    for (let i = 0; i < words.length; i++) {
      let joined = "";
      for (let j = i; j < Math.min(words.length, i + MAX_JOINED_TOKENS); j++) {
        joined += words[j] ?? "";
        if (joined.length > MAX_JOINED_LENGTH) break;
        const refs = KEYWORD_TOKENS.get(joined);
        if (refs === undefined) continue;
        if (joined.length < 5 && !(i === j && capitals[i] === true && joined.length >= 3)) continue;
        // Glued: every other word of the name is a lure word and one of them a strong one ("PayPalSecureLogin").
        let lureOnly = true;
        let strong = false;
        for (let k = 0; k < words.length && lureOnly; k++) {
          if (k >= i && k <= j) continue;
          const w = words[k] ?? "";
          if (!isLureComposite(w)) lureOnly = false;
          else if (hasStrongLure(w)) strong = true;
        }
        const glued = lureOnly && strong;
        const asks = asked.credentials();
        for (const ref of refs) {
          if (ref.tokenOnly) continue;
          out.push({
            brand: ref.brand,
            technique: "brand_in_path",
            // Beside ordinary words ("AppleWatchReview") the name is a page title; only a glued lure word
            // reads like a kit's folder, and only then do kit markers add to it.
            points: (asks ? 50 : 30) + (glued ? 10 + (asked.kit() ? 10 : 0) : 0),
            confidence: glued || asks ? 0.55 : 0.35,
            floor: 0,
            label: name,
          });
        }
      }
    }
  }
}

// What an unpacked phishing kit leaves in a path: a random 32-hex directory per victim, a PHP script, the
// folders of the WordPress site it was dropped into.
const KIT_MARKERS =
  /(?:^|[^0-9a-f])[0-9a-f]{32}(?:$|[^0-9a-f])|\.php(?:$|[/?.])|\/wp-(?:content|includes|admin)\/|\/cgi-bin\//;
const PATH_DOMAIN_SPLIT = /[^a-z0-9.-]+/;
const FOLDABLE_PATH = /[0-9i]|rn|vv/;

/** An official domain spelled out inside a path segment ("/home/online.asb.co.nz.html"). */
function spelledDomainInPath(lower: string): readonly [string, Brand] | null {
  if (!lower.includes(".")) return null;
  for (const segment of lower.split(PATH_DOMAIN_SPLIT)) {
    if (!segment.includes(".")) continue;
    for (const token of segment.split(SPELLED_SPLIT)) {
      for (const entry of PATH_DOMAINS.get(token) ?? []) {
        const [domain] = entry;
        for (let at = segment.indexOf(domain); at !== -1; at = segment.indexOf(domain, at + 1)) {
          const before = segment[at - 1];
          const after = segment[at + domain.length];
          const boundary = (c: string | undefined): boolean => c === undefined || c === "." || c === "-";
          if (boundary(before) && boundary(after)) return entry;
        }
      }
    }
  }
  return null;
}

/**
 * What a path's findings ask of it, each read once and only when a finding needs it: whether the page asks for
 * credentials, and whether the path carries a phishing kit's marks. (Methods, not closures made per path: under a
 * loader that keeps function names, every closure made costs a property definition.)
 */
class PathAsks {
  private asks: boolean | null = null;
  private marked: boolean | null = null;

  constructor(
    private readonly url: NormalizedUrl,
    private readonly lower: string,
  ) {}

  credentials(): boolean {
    return (this.asks ??= asksForCredentials(this.url, this.lower));
  }

  kit(): boolean {
    return (this.marked ??= KIT_MARKERS.test(this.lower));
  }
}

export function pathFindings(url: NormalizedUrl, out: Finding[]): void {
  const text = url.path.length > MAX_PATH_CHARS ? url.path.slice(0, MAX_PATH_CHARS) : url.path;
  if (text.length <= 1) return;
  const lower = text.toLowerCase();
  const asked = new PathAsks(url, lower);
  const spelled = spelledDomainInPath(lower);
  if (spelled !== null) {
    // A page or folder named after the brand's own domain is how kits make the address bar look right.
    out.push({
      brand: spelled[1],
      technique: "brand_in_path",
      points: asked.credentials() ? 60 : 50,
      confidence: 0.6,
      floor: 0,
      label: spelled[0],
    });
  }
  for (const segment of lower.split(PATH_SPLIT)) {
    if (segment.length < 2) continue;
    if (segment.length >= 5 && FOLDABLE_PATH.test(segment)) {
      // The brand's name with lookalike characters as a folder ("/PayPaI/", "/micros0ft/").
      for (const ref of FOLDED_LABELS.get(asciiFold(segment)) ?? []) {
        if (ref.label === segment) continue;
        out.push({
          brand: ref.brand,
          technique: "brand_in_path",
          points: asked.credentials() ? 60 : 40,
          confidence: 0.55,
          floor: 0,
          label: segment,
        });
      }
    }
    for (const hit of keywordHits(segment)) {
      // A directory named after the brand ("/chase/", "/hsbc") is how phishing kits are unpacked; a
      // brand glued to a lure word in one name ("trackingdhlpack") is not how editors name pages.
      // "MUFG_card.html" names a file after the brand too; a hyphenated slug ("netflix-series") is an
      // editor's page title.
      // A brand whose name is a common word ("booking", "delta", "progressive") names a folder of its own
      // meaning just as often ("/booking", "/delta/"), so only a credential request, a lure or a kit lifts it.
      const directory =
        !hit.ref.tokenOnly &&
        (segment.split(WORD_SEPARATORS).join("") === hit.ref.keyword || segment.split("_")[0] === hit.ref.keyword);
      const bonus = (directory || hit.glued ? 10 : 0) + (asked.kit() ? 10 : 0);
      const asking = asked.credentials();
      out.push({
        brand: hit.ref.brand,
        technique: "brand_in_path",
        points: (asking ? 50 : 30) + bonus,
        confidence: directory || asking || hit.glued ? 0.55 : 0.35,
        floor: 0,
        label: segment,
      });
    }
  }
  if (hasCaseBoundary(text)) caseWordFindings(text, asked, out);
}

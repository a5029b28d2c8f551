// Offline brand impersonation detection over a normalized URL: Unicode and ASCII lookalikes, typosquats,
// brand-plus-lure-word names, TLD swaps, and brand names in subdomains or paths of unrelated domains.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { Brand } from "./lists/brands.js";
import type { NormalizedUrl } from "./normalized-url.js";
import {
  CREDENTIALS,
  DELETION_INDEX,
  FOLDED_LABELS,
  FREE_HOSTING_SET,
  HYPHENATED_KEYWORDS,
  KEYWORD_TOKENS,
  KEYWORD_TRIGRAMS,
  LURES,
  OFFICIAL_DOMAINS,
  OFFICIAL_LABELS,
  POPULAR,
  SPELLED_DOMAINS,
  hasStrongLure,
  isLureComposite,
  matchHostSuffix,
  type KeywordRef,
  type LabelRef,
} from "./brand-index.js";
import { asciiFold, hasMixedScripts, unicodeSkeleton } from "./skeleton.js";

export const BRAND_SOURCE = "brand_impersonation";

export const BRAND_TECHNIQUES = [
  "homoglyph",
  "typosquat",
  "bitsquat",
  "hyphenation",
  "tld_swap",
  "combosquat",
  "brand_in_subdomain",
  "brand_in_path",
] as const;
export type BrandTechnique = (typeof BRAND_TECHNIQUES)[number];

export interface BrandImpersonation {
  readonly detected: boolean;
  readonly brand: string | null;
  readonly confidence: number;
  readonly technique: BrandTechnique | null;
}

interface Finding {
  readonly brand: Brand;
  readonly technique: BrandTechnique;
  readonly points: number;
  readonly confidence: number;
  readonly floor: number;
  readonly label: string;
}

const DETECTED_AT = 0.55;
const LEGITIMACY_POINTS = -30;
const TOKEN_SPLIT = /[^a-z]+/;
const PATH_SPLIT = /[^a-z0-9-]+/;
const SPELLED_SPLIT = /[.-]/;
const REPEATS = /([a-z])\1+/g;
const MAX_PATH_CHARS = 256;

// QWERTY neighbours, for "replacement by an adjacent key".
const KEYBOARD_ROWS = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"];
const ADJACENT = new Map<string, string>();
for (let r = 0; r < KEYBOARD_ROWS.length; r++) {
  const row = KEYBOARD_ROWS[r] ?? "";
  for (let c = 0; c < row.length; c++) {
    let near = (row[c - 1] ?? "") + (row[c + 1] ?? "");
    for (const other of [KEYBOARD_ROWS[r - 1], KEYBOARD_ROWS[r + 1]]) {
      if (other !== undefined) near += (other[c - 1] ?? "") + (other[c] ?? "") + (other[c + 1] ?? "");
    }
    ADJACENT.set(row[c] ?? "", near);
  }
}

type Edit =
  | { readonly kind: "omission" | "transposition" }
  | { readonly kind: "insertion"; readonly duplicate: boolean }
  | { readonly kind: "replacement"; readonly from: string; readonly to: string };

/** The single edit turning `official` into `candidate`, or null when they differ by more than one edit. */
function singleEdit(candidate: string, official: string): Edit | null {
  const lc = candidate.length;
  const lo = official.length;
  let i = 0;
  while (i < lc && i < lo && candidate[i] === official[i]) i++;
  if (lc === lo) {
    if (i === lc) return null;
    if (candidate.slice(i + 1) === official.slice(i + 1)) {
      return { kind: "replacement", from: official[i] ?? "", to: candidate[i] ?? "" };
    }
    if (
      candidate[i] === official[i + 1] &&
      candidate[i + 1] === official[i] &&
      candidate.slice(i + 2) === official.slice(i + 2)
    ) {
      return { kind: "transposition" };
    }
    return null;
  }
  if (lc === lo + 1 && candidate.slice(i + 1) === official.slice(i)) {
    const inserted = candidate[i];
    return { kind: "insertion", duplicate: inserted === candidate[i - 1] || inserted === candidate[i + 1] };
  }
  if (lc + 1 === lo && candidate.slice(i) === official.slice(i + 1)) return { kind: "omission" };
  return null;
}

function isBitFlip(a: string, b: string): boolean {
  const x = a.charCodeAt(0) ^ b.charCodeAt(0);
  return x !== 0 && (x & (x - 1)) === 0;
}

function typoFinding(candidate: string, ref: LabelRef, edit: Edit): Finding | null {
  const long = ref.label.length >= 6;
  let technique: BrandTechnique = "typosquat";
  let strong = false;
  if (edit.kind === "replacement") {
    if (asciiFold(edit.from) === asciiFold(edit.to)) {
      technique = "homoglyph";
      strong = true;
    } else if (ADJACENT.get(edit.from)?.includes(edit.to) === true) {
      strong = true;
    } else if (isBitFlip(edit.from, edit.to)) {
      technique = "bitsquat";
    }
  } else if (edit.kind === "transposition") {
    strong = true;
  } else if (edit.kind === "insertion") {
    strong = edit.duplicate;
  }
  // Five-letter labels have many innocent one-edit neighbours ("apply" for "apple"): keep only the
  // edits that look deliberate.
  if (!long && !strong) return null;
  // An arbitrary one-letter change of a long name is as often another real name ("metatask" for
  // "metamask") as a typosquat: alone it stays below the medium-risk line.
  return {
    brand: ref.brand,
    technique,
    points: strong ? (long ? 70 : 60) : 35,
    confidence: strong ? (long ? 0.75 : 0.65) : 0.5,
    floor: 0,
    label: candidate,
  };
}

/** Typosquat and lookalike findings for one label (or one token of it). */
function lookalikeFindings(candidate: string, out: Finding[]): void {
  if (candidate.length < 4 || candidate.length > 40 || OFFICIAL_LABELS.has(candidate)) return;
  {
    const folded = FOLDED_LABELS.get(asciiFold(candidate));
    if (folded !== undefined) {
      for (const ref of folded) {
        out.push({
          brand: ref.brand,
          technique: "homoglyph",
          points: 90,
          confidence: 0.95,
          floor: 85,
          label: candidate,
        });
      }
      return;
    }
  }
  if (candidate.length < 4) return;
  const seen = new Set<LabelRef>();
  const consider = (refs: readonly LabelRef[] | undefined): void => {
    if (refs === undefined) return;
    for (const ref of refs) {
      if (seen.has(ref) || ref.label === candidate) continue;
      seen.add(ref);
      const edit = singleEdit(candidate, ref.label);
      if (edit === null) continue;
      const finding = typoFinding(candidate, ref, edit);
      if (finding !== null) out.push(finding);
    }
  };
  consider(DELETION_INDEX.get(candidate));
  for (let i = 0; i < candidate.length; i++)
    consider(DELETION_INDEX.get(candidate.slice(0, i) + candidate.slice(i + 1)));
  // Stuttered letters ("micrrrrosft", "steamcommumnitty") hide a one-edit typo behind repeats.
  const collapsed = candidate.replace(REPEATS, "$1");
  if (collapsed !== candidate && collapsed.length >= 5) {
    const before = out.length;
    if (OFFICIAL_LABELS.has(collapsed)) {
      for (const ref of OFFICIAL_LABELS.get(collapsed) ?? []) {
        out.push({
          brand: ref.brand,
          technique: "typosquat",
          points: 70,
          confidence: 0.75,
          floor: 0,
          label: candidate,
        });
      }
    } else {
      lookalikeFindings(collapsed, out);
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        // A typo behind stutter is two edits away: weak alone ("affinity" is not "xfinity").
        if (f !== undefined)
          out[i] = { ...f, points: Math.min(f.points, 35), confidence: 0.5, floor: 0, label: candidate };
      }
    }
  }
}

interface KeywordHit {
  readonly ref: KeywordRef;
  /** true when a strong lure word (login, payment, delivery ...) sits next to the keyword or in the label. */
  readonly withLure: boolean;
}

/** Brand keywords inside one label, on token boundaries or next to lure words. */
function keywordHits(label: string): KeywordHit[] {
  const hits: KeywordHit[] = [];
  const tokens = label.split(TOKEN_SPLIT);
  for (const token of tokens) {
    if (token.length < 2) continue;
    const exact = KEYWORD_TOKENS.get(token);
    if (exact !== undefined) {
      for (const ref of exact) hits.push({ ref, withLure: false });
      continue;
    }
    if (token.length < 4) continue;
    for (let i = 0; i + 3 <= token.length; i++) {
      const refs = KEYWORD_TRIGRAMS.get(token.slice(i, i + 3));
      if (refs === undefined) continue;
      for (const ref of refs) {
        const kw = ref.keyword;
        if (!token.startsWith(kw, i)) continue;
        const prefix = token.slice(0, i);
        const suffix = token.slice(i + kw.length);
        const lureJoined = (prefix === "" || isLureComposite(prefix)) && (suffix === "" || isLureComposite(suffix));
        const strong = (prefix !== "" && hasStrongLure(prefix)) || (suffix !== "" && hasStrongLure(suffix));
        if (lureJoined && !ref.tokenOnly) hits.push({ ref, withLure: strong });
        else if (kw.length >= 7 && !ref.tokenOnly) hits.push({ ref, withLure: false });
      }
    }
  }
  for (const ref of HYPHENATED_KEYWORDS) {
    const at = label.indexOf(ref.keyword);
    if (at === -1) continue;
    const before = label[at - 1];
    const after = label[at + ref.keyword.length];
    if (
      (before === undefined || before === "-" || before === ".") &&
      (after === undefined || after === "-" || after === ".")
    ) {
      hits.push({ ref, withLure: false });
    }
  }
  if (hits.length > 0 && tokens.some((t) => hasStrongLure(t))) {
    return hits.map((h) => (h.withLure ? h : { ref: h.ref, withLure: tokens.length > 1 }));
  }
  return hits;
}

function registrableLabel(url: NormalizedUrl): string | null {
  if (url.registrableDomain === null || url.publicSuffix === null) return null;
  return url.registrableDomain.slice(0, url.registrableDomain.length - url.publicSuffix.length - 1);
}

function isCountryCode(suffix: string): boolean {
  const last = suffix.slice(suffix.lastIndexOf(".") + 1);
  return last.length === 2;
}

function registrableFindings(label: string, url: NormalizedUrl, out: Finding[]): void {
  const suffix = url.publicSuffix ?? "";
  // The brand's exact name under a TLD it does not use.
  for (const ref of OFFICIAL_LABELS.get(label) ?? []) {
    if (isCountryCode(suffix)) {
      // Companies hold many country-code names; on its own this is weak.
      if (!ref.brand.global) {
        out.push({ brand: ref.brand, technique: "tld_swap", points: 30, confidence: 0.4, floor: 0, label });
      }
    } else {
      // Defensive registrations on new gTLDs are common too; a risky TLD adds its own factor.
      out.push({ brand: ref.brand, technique: "tld_swap", points: 50, confidence: 0.6, floor: 0, label });
    }
  }
  lookalikeFindings(label, out);
  if (label.includes("-")) {
    const joined = label.replaceAll("-", "");
    for (const ref of OFFICIAL_LABELS.get(joined) ?? []) {
      out.push({ brand: ref.brand, technique: "hyphenation", points: 75, confidence: 0.8, floor: 0, label });
    }
    const tokens = label.split("-");
    const hasLure = tokens.some((t) => hasStrongLure(t));
    for (const token of tokens) {
      if (token.length < 5 || OFFICIAL_LABELS.has(token)) continue;
      const before = out.length;
      lookalikeFindings(token, out);
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined && hasLure) out[i] = { ...f, points: Math.max(f.points, 80), confidence: 0.85 };
      }
    }
  }
  if (OFFICIAL_LABELS.has(label)) return;
  for (const hit of keywordHits(label)) {
    // Brand plus a neutral word ("natwestgroup", "wellsfargoadvisors") is how companies name their own
    // side sites too; only brand plus a lure word is strong on its own.
    out.push({
      brand: hit.ref.brand,
      technique: "combosquat",
      points: hit.withLure ? 75 : 35,
      confidence: hit.withLure ? 0.85 : 0.5,
      floor: 0,
      label,
    });
  }
}

function subdomainFindings(url: NormalizedUrl, freeHosted: boolean, out: Finding[]): void {
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
    for (const hit of keywordHits(part)) {
      out.push({
        brand: hit.ref.brand,
        technique: "brand_in_subdomain",
        points: lureDomain ? 75 : freeHosted || hit.withLure ? 70 : 65,
        confidence: freeHosted || hit.withLure ? 0.8 : 0.7,
        floor: 0,
        label: part,
      });
    }
    if (part.length >= 5 && !OFFICIAL_LABELS.has(part)) {
      const before = out.length;
      lookalikeFindings(part, out);
      for (let i = before; i < out.length; i++) {
        const f = out[i];
        if (f !== undefined) out[i] = { ...f, points: Math.min(f.points, 65), floor: 0, confidence: 0.7 };
      }
    }
  }
}

function hasCredentialWords(text: string): boolean {
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (CREDENTIALS.has(word)) return true;
  }
  return false;
}

function pathFindings(url: NormalizedUrl, out: Finding[]): void {
  const text = url.path.length > MAX_PATH_CHARS ? url.path.slice(0, MAX_PATH_CHARS) : url.path;
  if (text.length <= 1) return;
  const lower = text.toLowerCase();
  let credentials: boolean | null = null;
  for (const segment of lower.split(PATH_SPLIT)) {
    if (segment.length < 2) continue;
    for (const hit of keywordHits(segment)) {
      credentials ??= hasCredentialWords(lower + " " + url.query.toLowerCase().slice(0, MAX_PATH_CHARS));
      // A directory named after the brand ("/chase/", "/hsbc") is how phishing kits are unpacked.
      const directory = segment === hit.ref.keyword;
      out.push({
        brand: hit.ref.brand,
        technique: "brand_in_path",
        points: (credentials ? 50 : 30) + (directory ? 10 : 0),
        confidence: directory || credentials ? 0.55 : 0.35,
        floor: 0,
        label: segment,
      });
    }
  }
}

function best(findings: readonly Finding[]): Finding | null {
  let top: Finding | null = null;
  for (const f of findings) {
    if (top === null || f.points > top.points || (f.points === top.points && f.confidence > top.confidence)) top = f;
  }
  return top;
}

const LABELS: Record<BrandTechnique, (brand: string, label: string) => string> = {
  homoglyph: (b, l) => `"${l}" is a lookalike of ${b}'s domain name`,
  typosquat: (b, l) => `"${l}" is a misspelling of ${b}'s domain name`,
  bitsquat: (b, l) => `"${l}" differs from ${b}'s domain name by one bit-flipped character`,
  hyphenation: (b, l) => `"${l}" is ${b}'s domain name split with hyphens`,
  tld_swap: (b, l) => `"${l}" is ${b}'s name under a domain ending ${b} does not use`,
  combosquat: (b, l) => `"${l}" combines ${b}'s name with other words on a domain ${b} does not own`,
  brand_in_subdomain: (b, l) => `${b}'s name appears in the subdomain "${l}" of an unrelated domain`,
  brand_in_path: (b, l) => `${b}'s name appears in the path ("${l}") of an unrelated domain`,
};

function notDetected(factors: Factor[]): Evidence {
  const signal: BrandImpersonation = { detected: false, brand: null, confidence: 0, technique: null };
  return { source: BRAND_SOURCE, status: "ok", signals: { brand_impersonation: signal }, factors };
}

/** Brand impersonation evidence for one URL. Pure; never throws. */
export function detectBrandImpersonation(url: NormalizedUrl): Evidence {
  if (url.isIp) {
    const findings: Finding[] = [];
    subdomainFindings(url, false, findings);
    pathFindings(url, findings);
    return toEvidence(best(findings));
  }
  const registrable = url.registrableDomain;
  const freeHosted = matchHostSuffix(url.host, FREE_HOSTING_SET) !== null;
  if (registrable !== null && !freeHosted) {
    const official = OFFICIAL_DOMAINS.get(registrable);
    if (official !== undefined) {
      return notDetected([
        {
          id: "official_brand_domain",
          source: BRAND_SOURCE,
          label: `${registrable} is an official domain of ${official.name}`,
          points: LEGITIMACY_POINTS,
        },
      ]);
    }
    if (POPULAR.has(registrable)) {
      return notDetected([
        {
          id: "popular_domain",
          source: BRAND_SOURCE,
          label: `${registrable} is a widely used, established site`,
          points: LEGITIMACY_POINTS,
        },
      ]);
    }
  }

  const findings: Finding[] = [];
  // User content on a brand's or a popular site's own domain (sites.google.com) is not a lookalike name.
  const firstParty = registrable !== null && (OFFICIAL_DOMAINS.has(registrable) || POPULAR.has(registrable));
  const label = firstParty ? null : registrableLabel(url);
  if (label !== null) {
    registrableFindings(label, url, findings);
    if (url.hostUnicode !== url.host) {
      const parts = url.hostUnicode.split(".");
      const suffixLabels = (url.publicSuffix ?? "").split(".").length;
      const unicodeLabel = parts[parts.length - suffixLabels - 1];
      if (unicodeLabel !== undefined) {
        const skeleton = unicodeSkeleton(unicodeLabel);
        const skeletonFindings: Finding[] = [];
        if (skeleton !== unicodeLabel) registrableFindings(skeleton, url, skeletonFindings);
        for (const f of skeletonFindings) {
          const exact = f.technique === "tld_swap" || f.technique === "homoglyph";
          findings.push({
            ...f,
            technique: "homoglyph",
            points: exact ? 95 : Math.max(f.points, 85),
            confidence: exact ? 0.97 : 0.9,
            floor: exact || hasMixedScripts(unicodeLabel) ? 85 : f.floor,
            label: unicodeLabel,
          });
        }
      }
    }
  }
  subdomainFindings(url, freeHosted, findings);
  if (best(findings) === null) pathFindings(url, findings);
  return toEvidence(best(findings));
}

function toEvidence(top: Finding | null): Evidence {
  if (top === null) return notDetected([]);
  const detected = top.confidence >= DETECTED_AT;
  const signal: BrandImpersonation = {
    detected,
    brand: detected ? top.brand.name : null,
    confidence: top.confidence,
    technique: detected ? top.technique : null,
  };
  const factor: Factor = {
    id: `brand_${top.technique}`,
    source: BRAND_SOURCE,
    label: LABELS[top.technique](top.brand.name, top.label),
    points: top.points,
  };
  const evidence: Evidence = {
    source: BRAND_SOURCE,
    status: "ok",
    signals: { brand_impersonation: signal },
    factors: [factor],
  };
  return top.floor > 0 ? { ...evidence, floor: top.floor } : evidence;
}

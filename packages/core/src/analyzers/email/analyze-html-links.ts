// Links of an HTML email whose visible text shows one address while the link goes to another: the oldest trick of
// phishing mail. Click-tracking redirectors of mailing services make the same mismatch innocently and count less.

import { parse as parseDomain } from "tldts";
import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { HtmlLink } from "../../ports/mail-reader.js";
import { OFFICIAL_DOMAINS } from "../url/brand-index.js";

export const HTML_LINKS_SOURCE = "email_links";

// Redirectors of email service providers and link protection: a newsletter's "www.shop.com" text over a tracked link.
const TRACKERS = new Set(
  `list-manage.com mailchimp.com mcsv.net sendgrid.net mandrillapp.com mailgun.org mailgun.net mailjet.com
  exacttarget.com sfmc-content.com hubspotlinks.com hubspotemail.net hs-sites.com constantcontact.com rs6.net
  cmail19.com cmail20.com createsend.com klaviyo.com klclick.com klclick1.com sailthru.com awstrack.me
  safelinks.protection.outlook.com urldefense.com urldefense.proofpoint.com mimecast.com mimecastprotect.com
  doubleclick.net google.com linkedin.com lnkd.in bit.ly t.co ow.ly mailchi.mp emltrk.com substack.com
  beehiiv.com convertkit-mail.com ck.page campaign-archive.com salesforce.com pardot.com mktoedge.com mkt.com
  marketo.com eloqua.com en25.com returnpath.net sparkpostmail.com sendibt3.com sendinblue.com brevo.com
  e.customeriomail.com customeriomail.com intercom-mail.com`
    .split(/\s+/)
    .filter((d) => d !== ""),
);

const DOMAIN_IN_TEXT =
  /(?:^|[\s(<"'])(?:https?:\/\/)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?=$|[/:?#\s>)"',;]|\.(?:\s|$))/i;
/** Links to one domain from which on it counts as the sender's own click tracker. */
const TRACKER_MIN_LINKS = 5;
/** Fewer links than this make a short, targeted message rather than a newsletter. */
const FEW_LINKS = 8;
const IPV4_HOST = /^(?:\d{1,3}\.){3}\d{1,3}$/;

export function hostOf(href: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]*)/i.exec(href.trim());
  return m?.[1] !== undefined && m[1] !== "" ? m[1].toLowerCase() : null;
}

export function registrable(host: string): string | null {
  const info = parseDomain(host);
  return info.isIcann === true || info.isPrivate === true ? (info.domain ?? null) : null;
}

function isTracker(host: string): boolean {
  for (let i = -1; ; i = host.indexOf(".", i + 1)) {
    if (TRACKERS.has(host.slice(i + 1))) return true;
    if (host.indexOf(".", i + 1) === -1) return false;
  }
}

/** The domain a link's visible text shows, when it shows one. */
export function shownDomain(text: string): string | null {
  const t = text.trim();
  if (t === "" || t.length > 300) return null;
  const m = DOMAIN_IN_TEXT.exec(t);
  if (m === null) return null;
  const host = (m[1] ?? "").toLowerCase();
  return registrable(host) === null ? null : host;
}

/** Links to one registrable domain, counted: a newsletter's own click tracker carries most of them. */
function linksPerDomain(links: readonly HtmlLink[]): Map<string, number> {
  const perDomain = new Map<string, number>();
  for (const link of links.slice(0, 500)) {
    const host = hostOf(link.href);
    const reg = host === null ? null : registrable(host);
    if (reg !== null) perDomain.set(reg, (perDomain.get(reg) ?? 0) + 1);
  }
  return perDomain;
}

type LinkKind = "shown" | "lies" | "hidden" | "tracked" | "other";

/** How a link reads: its text shows where it goes, shows another domain, shows none, or goes through a tracker. */
function linkKind(link: HtmlLink, perDomain: ReadonlyMap<string, number>): LinkKind {
  const host = hostOf(link.href);
  if (host === null || !/^https?:/i.test(link.href.trim())) return "other";
  const hrefReg = IPV4_HOST.test(host) ? host : registrable(host);
  if (hrefReg === null) return "other";
  const shown = shownDomain(link.text);
  const shownReg = shown === null ? null : registrable(shown);
  if (shownReg === hrefReg) return "shown";
  if (isTracker(host) || (perDomain.get(hrefReg) ?? 0) >= TRACKER_MIN_LINKS) return "tracked";
  return shownReg === null ? "hidden" : "lies";
}

/**
 * The links whose visible text shows another domain than they go to, leaving out mailing services' redirectors: the
 * ones that lie about where they lead.
 */
export function deceptiveLinks(links: readonly HtmlLink[]): HtmlLink[] {
  const perDomain = linksPerDomain(links);
  return links.slice(0, 500).filter((l) => linkKind(l, perDomain) === "lies");
}

/** Links whose target is written into the text for the message analyzer, at most. */
const TARGETS_IN_TEXT = 10;

/**
 * The body text as a reader who hovers over its links sees it: a link whose text shows another domain is written as
 * where it goes, and one whose text shows no address ("Restore access") gets its target after it, so that what reads
 * the text (the organisation a message claims and its channels, the links checked) sees the real destinations.
 * Mailing services' tracked links are left as they are.
 */
export function textWithRealLinks(text: string, links: readonly HtmlLink[]): string {
  const perDomain = linksPerDomain(links);
  let out = text;
  let cursor = 0;
  const written = new Set<string>();
  for (const link of links.slice(0, 500)) {
    if (written.size >= TARGETS_IN_TEXT) break;
    const kind = linkKind(link, perDomain);
    const shown = link.text.trim();
    if ((kind !== "lies" && kind !== "hidden") || shown === "" || written.has(link.href)) continue;
    const at = out.indexOf(shown, cursor);
    if (at === -1) continue;
    const target = ` ${link.href.trim()} `;
    const replacement = kind === "lies" ? target : `${shown}${target}`;
    out = out.slice(0, at) + replacement + out.slice(at + shown.length);
    cursor = at + replacement.length;
    written.add(link.href);
  }
  return out;
}

/**
 * Evidence about links whose text shows another domain than they go to (source email_links); in `bulk` mail a shown
 * site that is no brand's counts as tracked. Pure; never throws.
 */
export function analyzeHtmlLinks(links: readonly HtmlLink[], options: { readonly bulk?: boolean } = {}): Evidence {
  if (links.length === 0) {
    return {
      source: HTML_LINKS_SOURCE,
      status: "skipped",
      reason: "no HTML links",
      signals: { mismatched_links: 0 },
      factors: [],
    };
  }
  const factors: Factor[] = [];
  // A newsletter routes most of its links through one click-tracking domain of its own: that domain is a redirector.
  const perDomain = linksPerDomain(links);
  let mismatched = 0;
  let ipLinks = 0;
  const seen = new Set<string>();
  for (const link of links.slice(0, 500)) {
    const host = hostOf(link.href);
    if (host === null) continue;
    if (IPV4_HOST.test(host) || host.startsWith("[")) ipLinks++;
    const shown = shownDomain(link.text);
    if (shown === null) continue;
    const shownReg = registrable(shown);
    const hrefReg = IPV4_HOST.test(host) ? host : registrable(host);
    if (shownReg === null || hrefReg === null || shownReg === hrefReg) continue;
    mismatched++;
    const key = `${shownReg}>${hrefReg}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const brand = OFFICIAL_DOMAINS.get(shownReg);
    // Bulk mail showing a site that is no brand's goes through the mailing service's redirector as a rule.
    const tracked =
      isTracker(host) ||
      (perDomain.get(hrefReg) ?? 0) >= TRACKER_MIN_LINKS ||
      (options.bulk === true && brand === undefined);
    const points = tracked ? (brand !== undefined ? 20 : 5) : brand !== undefined ? 70 : 30;
    factors.push({
      id: tracked ? "link_text_mismatch_tracked" : "link_text_mismatch",
      source: HTML_LINKS_SOURCE,
      label: `A link shows ${shown}${brand !== undefined ? ` (${brand.name})` : ""} but goes to ${host}${tracked ? ", a mailing service's redirector" : ""}`,
      points,
    });
  }
  if (ipLinks > 0) {
    factors.push({
      id: "link_to_ip_address",
      source: HTML_LINKS_SOURCE,
      label: "A link goes to a bare IP address",
      // One link to an address in a short message is a lure; one among dozens in a newsletter is an old tracker.
      points: links.length < FEW_LINKS ? 45 : 25,
    });
  }
  factors.sort((a, b) => b.points - a.points);
  return {
    source: HTML_LINKS_SOURCE,
    status: "ok",
    signals: { mismatched_links: mismatched },
    factors: factors.slice(0, 3),
  };
}

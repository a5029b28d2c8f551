// Header forensics of one email: who the sender claims to be against the domains the message really came from,
// where replies and bounces go, the Received chain, list headers, and the SPF/DKIM/DMARC/ARC outcome. Pure: the
// authentication outcome arrives already computed.

import { parse as parseDomain } from "tldts";
import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { EmailAuthentication, ReceiverFilterVerdict } from "../../ports/email-authenticator.js";
import type { MailAddress, ParsedMail } from "../../ports/mail-reader.js";
import { detectBrandImpersonation } from "../url/brand-impersonation.js";
import { OFFICIAL_DOMAINS, editDistance } from "../url/brand-index.js";
import { BRANDS, type Brand } from "../url/lists/brands.js";
import { normalizeUrl } from "../url/normalize-url.js";
import { asciiFold, unicodeSkeleton } from "../url/skeleton.js";
import { FREE_MAIL_DOMAINS } from "./free-mail.js";
import type { HeaderAnalysis, HeaderBrandImpersonation } from "./header-analysis-schema.js";

export const HEADERS_SOURCE = "email_headers";
export const AUTHENTICATION_SOURCE = "email_authentication";

export interface HeaderAnalysisOptions {
  /** Extra registrable domains to treat as free mail (a deployment's local providers). */
  readonly freeMailDomains?: readonly string[];
}

export interface HeaderAnalysisOutput {
  readonly headerAnalysis: HeaderAnalysis;
  /** Authentication evidence (source email_authentication) then header evidence (source email_headers). */
  readonly evidence: Evidence[];
}

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

// Wording of payment redirection in a subject line: email-specific business email compromise when headers also
// point somewhere unexpected. General scam language in the body is the message analyzer's concern.
const PAYMENT_CHANGE =
  /\b(?:wire transfer|payment (?:details|change|update|instructions|request)|bank(?:ing)? (?:details|information|info)|change of bank|update(?:d)? (?:bank|banking|remittance|payment)|direct deposit|payroll (?:change|update)|gift ?cards?|overdue invoice|invoice (?:update|payment|overdue)|urgent (?:request|payment|task|wire)|are you available|quick favou?r|w-?2)\b/i;

const ADDRESS_IN_TEXT = /[a-z0-9._%+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;

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

function registrable(domain: string | null): string | null {
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

function domainOf(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at === -1 || at === address.length - 1) return null;
  return address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
}

function isOfficialFor(brand: Brand, domain: string | null): boolean {
  const reg = registrable(domain);
  return (
    reg !== null && brand.officialDomains.some((d) => d === reg || (domain ?? "").endsWith(`.${d}`) || d === domain)
  );
}

/** true when the sending domain's name contains one of the brand's keywords ("docusign-envelope.net"). */
function keywordInDomain(brand: Brand, domain: string | null): boolean {
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

function findHeader(mail: ParsedMail, name: string): string[] {
  const lower = name.toLowerCase();
  return mail.headers.filter((h) => h.name.toLowerCase() === lower).map((h) => h.value);
}

function recipientDomains(mail: ParsedMail): string[] {
  const out = new Set<string>();
  for (const value of [...findHeader(mail, "to"), ...findHeader(mail, "delivered-to")]) {
    for (const m of value.matchAll(/@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)) {
      const reg = registrable((m[1] ?? "").toLowerCase());
      if (reg !== null) out.add(reg);
    }
    if (out.size >= 20) break;
  }
  return [...out];
}

function seconds(iso: string | null): number | null {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t / 1000;
}

function receivedSummary(mail: ParsedMail): HeaderAnalysis["received"] {
  const hops = mail.received;
  const firstExternal = hops.find((h) => h.external) ?? null;
  let maxGap: number | null = null;
  let outOfOrder = false;
  let newest: number | null = null;
  let oldest: number | null = null;
  let previous: number | null = null;
  for (const hop of hops) {
    const t = seconds(hop.timestamp);
    if (t === null) continue;
    newest ??= t;
    oldest = t;
    if (previous !== null) {
      const gap = previous - t;
      // Clocks of relays drift by minutes; a hop an hour "before" the one that handed it on was written by hand.
      if (gap < -3600) outOfOrder = true;
      maxGap = Math.max(maxGap ?? 0, gap);
    }
    previous = t;
  }
  return {
    hops: hops.length,
    first_external_ip: firstExternal?.fromIp ?? null,
    first_external_host: firstExternal?.fromHost ?? null,
    total_delay_seconds: newest !== null && oldest !== null ? Math.max(0, newest - oldest) : null,
    max_gap_seconds: maxGap,
    out_of_order: outOfOrder,
  };
}

function factor(id: string, source: string, label: string, points: number): Factor {
  return { id, source, label, points };
}

const NO_BRAND: HeaderBrandImpersonation = {
  detected: false,
  brand: null,
  confidence: 0,
  technique: null,
  summary: "No brand impersonation found in the sender",
};

// The receiving filter's categories (CAT: in X-Forefront-Antispam-Report), by what they say the message is.
const PHISHING_CATEGORIES = new Set(["PHSH", "HPHSH", "HPHISH"]);
const IMPERSONATION_CATEGORIES = new Set(["SPOOF", "DIMP", "UIMP", "GIMP", "BIMP"]);
const MALWARE_CATEGORIES = new Set(["MALW", "AMP", "SAP", "FTBP"]);
const SPAM_CATEGORIES = new Set(["SPM", "HSPM"]);

/** The trusted receiver's own filter verdict, one finding at most; a clean verdict adds nothing. */
function receiverFilterFactors(verdict: ReceiverFilterVerdict | undefined): Factor[] {
  if (verdict === undefined) return [];
  const src = AUTHENTICATION_SOURCE;
  const category = verdict.category ?? "";
  if (PHISHING_CATEGORIES.has(category)) {
    return [
      factor(
        "receiver_phishing_verdict",
        src,
        `The receiving server's filter classed it as phishing (${category})`,
        35,
      ),
    ];
  }
  if (MALWARE_CATEGORIES.has(category)) {
    return [
      factor("receiver_malware_verdict", src, `The receiving server's filter found malware in it (${category})`, 40),
    ];
  }
  if (IMPERSONATION_CATEGORIES.has(category)) {
    return [
      factor(
        "receiver_spoof_verdict",
        src,
        `The receiving server's filter classed it as spoofing or impersonation (${category})`,
        30,
      ),
    ];
  }
  const scl = verdict.scl ?? -1;
  if (SPAM_CATEGORIES.has(category) || verdict.filter === "SPM" || scl >= 5) {
    return [
      factor(
        "receiver_spam_verdict",
        src,
        `The receiving server's filter marked it as spam${scl >= 5 ? ` (spam confidence ${scl} of 9)` : ""}`,
        10,
      ),
    ];
  }
  return [];
}

function authenticationEvidence(
  auth: EmailAuthentication,
  mail: ParsedMail,
  listBreakage: boolean,
): { evidence: Evidence; dkimAligned: boolean } {
  const f: Factor[] = [];
  const src = AUTHENTICATION_SOURCE;
  const dkimAligned = auth.dkim.signatures.some((s) => s.result === "pass" && s.aligned === true);
  // A body pasted under its raw headers is rarely the bytes that were signed: checked here, a DKIM failure (and a
  // DMARC failure the envelope does not confirm) may be the paste's doing rather than the sender's.
  const rewritten = mail.kind === "mime_body" && auth.dkim.origin === "verified";
  const dkimDoubtful = rewritten && auth.dkim.result === "fail";
  const dmarc =
    dkimDoubtful && auth.dmarc.origin === "verified" && auth.spf.result !== "fail" && auth.spf.result !== "softfail"
      ? { ...auth.dmarc, result: "unknown" as const }
      : auth.dmarc;
  let floor = 0;
  if (mail.fromCount > 1) {
    f.push(
      factor("multiple_from_headers", src, `The message has ${mail.fromCount} From headers, which fails DMARC`, 60),
    );
    floor = 65;
  } else if (dmarc.result === "fail") {
    if (listBreakage) {
      const points = auth.arc.result === "pass" ? 5 : 15;
      f.push(
        factor(
          "dmarc_fail_mailing_list",
          src,
          "DMARC fails as expected for a mailing list re-sending the message",
          points,
        ),
      );
    } else {
      const policy = dmarc.policy;
      const points = policy === "reject" || policy === "quarantine" ? 65 : policy === "none" ? 35 : 45;
      f.push(
        factor(
          "dmarc_fail",
          src,
          `The sender's domain${dmarc.domain !== null ? ` ${dmarc.domain}` : ""} did not authorise this message (DMARC fail${policy !== null ? `, policy ${policy}` : ""})`,
          points,
        ),
      );
    }
  }
  const dmarcFailed = dmarc.result === "fail" || mail.fromCount > 1;
  if (auth.spf.result === "fail") {
    f.push(
      factor(
        "spf_fail",
        src,
        "The sending server is not allowed to send for the envelope domain (SPF fail)",
        dmarcFailed ? 10 : 30,
      ),
    );
  } else if (auth.spf.result === "softfail") {
    f.push(
      factor(
        "spf_softfail",
        src,
        "The envelope domain does not vouch for the sending server (SPF softfail)",
        dmarcFailed ? 5 : 15,
      ),
    );
  }
  const dkimPassed = auth.dkim.signatures.some((s) => s.result === "pass") || auth.dkim.result === "pass";
  if (auth.dkim.result === "fail" && !dkimPassed && !listBreakage && !dkimDoubtful) {
    f.push(
      factor(
        "dkim_fail",
        src,
        "The DKIM signature does not match: the message changed after it was signed",
        dmarcFailed ? 10 : 25,
      ),
    );
  }
  // Microsoft's composite verdict says the From domain was spoofed even where the domain publishes no strict DMARC
  // policy (reason 001): its own finding, weighed apart from DMARC's.
  const compauth = auth.compauth;
  if (compauth?.result === "fail" && !listBreakage) {
    f.push(
      factor(
        "compauth_fail",
        src,
        `The receiving server (Microsoft) judged the sender's domain spoofed (composite authentication fail${compauth.reason !== null ? `, reason ${compauth.reason}` : ""})`,
        dmarcFailed ? 10 : 35,
      ),
    );
  }
  f.push(...receiverFilterFactors(auth.receiverFilter));
  const checked =
    [auth.spf.result, auth.dkim.result, auth.dmarc.result].some((r) => r !== "unknown") ||
    (compauth !== undefined && compauth.result !== "unknown");
  const evidence: Evidence = {
    source: src,
    status: checked || f.length > 0 ? "ok" : "skipped",
    ...(checked || f.length > 0 ? {} : { reason: "authentication could not be checked" }),
    signals: {},
    factors: f,
    ...(floor > 0 ? { floor } : {}),
  };
  return { evidence, dkimAligned };
}

/** Header forensics of a parsed message with its authentication outcome. Pure; never throws. */
export function analyzeHeaders(
  mail: ParsedMail,
  auth: EmailAuthentication,
  opts: HeaderAnalysisOptions = {},
): HeaderAnalysisOutput {
  const extraFree = new Set(opts.freeMailDomains ?? []);
  const isFree = (domain: string | null): boolean => {
    const reg = registrable(domain);
    return reg !== null && (FREE_MAIL_DOMAINS.has(reg) || extraFree.has(reg));
  };
  const src = HEADERS_SOURCE;
  const f: Factor[] = [];
  const notes: string[] = [];
  let floor = 0;

  const from: MailAddress | null = mail.from;
  const fromDomain = from?.domain ?? null;
  const fromReg = registrable(fromDomain);
  const fromFree = isFree(fromDomain);

  const listId = findHeader(mail, "list-id")[0] ?? mail.listId;
  const senderHeader = mail.sender;
  const mailingList =
    listId !== null ||
    (senderHeader !== null &&
      senderHeader.domain !== null &&
      registrable(senderHeader.domain) !== fromReg &&
      /(?:^|[-.])(?:owner|bounces?|request|list)|lists?\./i.test(senderHeader.address));
  const listBreakage =
    (auth.dmarc.result === "fail" || auth.dkim.result === "fail") &&
    mailingList &&
    mail.fromCount <= 1 &&
    (auth.arc.result === "pass" || listId !== null);

  const { evidence: authEvidence, dkimAligned } = authenticationEvidence(auth, mail, listBreakage);
  const authenticated = auth.dmarc.result === "pass" || dkimAligned;
  const authFailed = auth.dmarc.result === "fail" || mail.fromCount > 1;

  // The display name: a brand, or an address of another domain, over the real address.
  let brandSignal: HeaderBrandImpersonation = NO_BRAND;
  let displayMismatch = false;
  // Display names are short; a long one is cut before the pattern searches, which would be quadratic on it.
  const displayName = (from?.name.trim() ?? "").slice(0, 256);
  if (from !== null && displayName !== "") {
    const shown = ADDRESS_IN_TEXT.exec(displayName);
    const shownDomain = shown?.[1]?.toLowerCase() ?? null;
    if (shownDomain !== null && registrable(shownDomain) !== fromReg) {
      displayMismatch = true;
      const brand = OFFICIAL_DOMAINS.get(registrable(shownDomain) ?? "");
      f.push(
        factor(
          "display_name_other_address",
          src,
          `The sender's name shows an address at ${shownDomain} but the mail comes from ${fromDomain ?? "an unknown domain"}`,
          brand !== undefined ? 65 : 30,
        ),
      );
      if (brand !== undefined) {
        brandSignal = {
          detected: true,
          brand: brand.name,
          confidence: 0.85,
          technique: "display_name",
          summary: `Poses as ${brand.name}: the name shows ${shownDomain} but the sender is ${fromDomain ?? "unknown"}`,
        };
      }
    } else {
      const brand = brandInDisplayName(displayName);
      if (brand !== null && (fromFree || !isOfficialFor(brand, fromDomain))) {
        displayMismatch = true;
        const points = fromFree ? 70 : keywordInDomain(brand, fromDomain) ? 65 : 45;
        f.push(
          factor(
            fromFree ? "brand_name_free_mail" : "brand_name_unrelated_domain",
            src,
            fromFree
              ? `The sender calls itself "${displayName}" but writes from a free mailbox (${fromDomain ?? ""})`
              : `The sender calls itself "${displayName}" but ${fromDomain ?? "its domain"} is not a domain of ${brand.name}`,
            points,
          ),
        );
        brandSignal = {
          detected: true,
          brand: brand.name,
          confidence: fromFree ? 0.8 : 0.65,
          technique: "display_name",
          summary: `Poses as ${brand.name}: the display name names it but the address is at ${fromDomain ?? "an unknown domain"}`,
        };
      }
    }
  }

  // The sender's domain itself, through the URL channel's brand analyzers.
  if (fromDomain !== null && !fromFree) {
    const url = normalizeUrl(fromDomain);
    if (url.isOk()) {
      const brand = detectBrandImpersonation(url.value);
      const top = brand.factors[0];
      const signal = brand.signals["brand_impersonation"] as
        { detected: boolean; brand: string | null; confidence: number; technique: string | null } | undefined;
      if (top !== undefined && top.points > 0 && signal?.detected === true) {
        f.push(
          factor(`sender_domain_${top.id.replace(/^brand_/, "")}`, src, `Sender domain: ${top.label}`, top.points),
        );
        if (brand.floor !== undefined) floor = Math.max(floor, brand.floor);
        if (signal.confidence >= brandSignal.confidence) {
          brandSignal = {
            detected: true,
            brand: signal.brand,
            confidence: signal.confidence,
            technique: signal.technique,
            summary: `Poses as ${signal.brand ?? "a brand"}: the sender domain ${fromDomain} is a ${signal.technique ?? "lookalike"} of its name`,
          };
        }
      } else if (top !== undefined && top.points < 0 && authenticated && !displayMismatch) {
        // An official or popular domain vouches only when the message provably came from it.
        f.push(
          factor(
            "sender_established_domain",
            src,
            `Authenticated mail from ${fromReg ?? fromDomain}, an established domain`,
            top.points,
          ),
        );
      }
    }
  }

  // Replies and bounces.
  const replyTo = mail.replyTo[0] ?? null;
  const replyDomain = replyTo?.domain ?? null;
  const replyReg = registrable(replyDomain);
  const replyDiffers = replyTo !== null && replyReg !== null && fromReg !== null && replyReg !== fromReg;
  const replyFree = isFree(replyDomain);
  if (replyTo !== null && replyDiffers && replyDomain !== null && fromDomain !== null) {
    if (isLookalikeDomain(replyDomain, fromDomain)) {
      f.push(
        factor(
          "reply_to_lookalike",
          src,
          `Replies go to ${replyDomain}, a near copy of the sender's domain ${fromReg ?? fromDomain}`,
          60,
        ),
      );
    } else if (replyFree && !fromFree) {
      f.push(
        factor(
          "reply_to_free_mail",
          src,
          `Replies go to a free mailbox (${replyDomain}) instead of ${fromReg ?? fromDomain}`,
          40,
        ),
      );
    } else if (!mailingList) {
      f.push(
        factor("reply_to_other_domain", src, `Replies go to ${replyDomain}, another domain than the sender's`, 12),
      );
    }
  }
  const returnPath = mail.returnPath;
  const returnDomain = returnPath !== null ? domainOf(returnPath) : null;
  const returnDiffers = returnDomain !== null && fromReg !== null && registrable(returnDomain) !== fromReg;
  if (returnDiffers && returnDomain !== null && fromDomain !== null && isLookalikeDomain(returnDomain, fromDomain)) {
    f.push(
      factor("return_path_lookalike", src, `Bounces go to ${returnDomain}, a near copy of the sender's domain`, 40),
    );
  }

  // A sender whose domain is a near copy of the recipient's own organisation (business email compromise).
  let lookalikeOfRecipient: string | null = null;
  if (fromDomain !== null && !fromFree) {
    for (const rcpt of recipientDomains(mail)) {
      if (isLookalikeDomain(fromDomain, rcpt)) {
        lookalikeOfRecipient = rcpt;
        f.push(
          factor(
            "sender_lookalike_of_recipient",
            src,
            `The sender's domain ${fromReg ?? fromDomain} is a near copy of the recipient's ${rcpt}`,
            65,
          ),
        );
        break;
      }
    }
  }

  // Payment redirection asked for in the subject, from a sender whose headers do not add up.
  const subject = mail.subject ?? "";
  const becHeaderCue =
    lookalikeOfRecipient !== null ||
    (replyDiffers &&
      (replyFree || (replyDomain !== null && fromDomain !== null && isLookalikeDomain(replyDomain, fromDomain)))) ||
    displayMismatch;
  if (becHeaderCue && PAYMENT_CHANGE.test(subject)) {
    f.push(
      factor(
        "payment_request_with_sender_anomaly",
        src,
        "The subject asks about payment or bank details while the sender's headers do not add up",
        25,
      ),
    );
  }

  // Received chain and Message-ID: weak on their own, they matter for whole messages only.
  const received = receivedSummary(mail);
  if (received.out_of_order) {
    f.push(
      factor("received_out_of_order", src, "The Received chain has hops timestamped out of order (forged headers)", 15),
    );
  }
  const messageIdDomain = mail.messageId !== null ? domainOf(mail.messageId.replace(/[<>]/g, "")) : null;
  const messageIdMatches =
    messageIdDomain !== null && fromReg !== null ? registrable(messageIdDomain) === fromReg : null;
  if (mail.kind === "rfc822" && mail.messageId === null && received.hops > 0) {
    f.push(factor("missing_message_id", src, "The message carries no Message-ID, which mail servers always add", 10));
  }

  const listUnsubscribe = mail.listUnsubscribe !== null;
  if (authenticated && listUnsubscribe && !displayMismatch && lookalikeOfRecipient === null) {
    f.push(factor("authenticated_bulk_sender", src, "Authenticated bulk mail with a working unsubscribe header", -5));
  }

  if (brandSignal.detected) notes.push(brandSignal.summary);
  if (authFailed) notes.push(listBreakage ? "DMARC fails as a mailing list explains" : "sender authentication fails");
  else if (authenticated) notes.push(`authenticated as ${fromReg ?? "the sender's domain"}`);
  if (replyDiffers) notes.push(`replies go to ${replyReg ?? "another domain"}`);
  if (lookalikeOfRecipient !== null) notes.push(`sender domain imitates ${lookalikeOfRecipient}`);

  const headerAnalysis: HeaderAnalysis = {
    input_kind: mail.kind,
    from:
      from === null
        ? null
        : { display_name: from.name, address: from.address, domain: fromDomain, free_mail: fromFree },
    from_header_count: mail.fromCount,
    display_name_mismatch: displayMismatch,
    brand_impersonation: brandSignal,
    reply_to:
      replyTo === null
        ? null
        : { address: replyTo.address, domain: replyDomain, differs_from_sender: replyDiffers, free_mail: replyFree },
    return_path:
      returnPath === null ? null : { address: returnPath, domain: returnDomain, differs_from_sender: returnDiffers },
    lookalike_of_recipient: lookalikeOfRecipient,
    received,
    message_id_domain: messageIdDomain,
    message_id_matches_sender: messageIdMatches,
    bulk: { list_id: listId, list_unsubscribe: listUnsubscribe, mailing_list: mailingList },
    authentication: {
      spf: { result: auth.spf.result, origin: auth.spf.origin, domain: auth.spf.domain },
      dkim: {
        result: auth.dkim.result,
        origin: auth.dkim.origin,
        domains: auth.dkim.signatures.map((s) => s.domain),
        aligned: dkimAligned,
      },
      dmarc: {
        result: mail.fromCount > 1 ? "fail" : auth.dmarc.result,
        origin: auth.dmarc.origin,
        policy: auth.dmarc.policy,
      },
      arc: { result: auth.arc.result, origin: auth.arc.origin, sealers: [...auth.arc.sealers] },
    },
    mailing_list_dmarc_breakage: listBreakage,
    summary:
      notes.length > 0
        ? `${notes.join("; ")}.`
        : mail.kind === "pasted_text"
          ? "No headers to analyse."
          : "Nothing unusual in the headers.",
  };
  const headerEvidence: Evidence = {
    source: src,
    status: mail.kind === "pasted_text" ? "skipped" : "ok",
    ...(mail.kind === "pasted_text" ? { reason: "no headers" } : {}),
    signals: { header_analysis: headerAnalysis },
    factors: f,
    ...(floor > 0 ? { floor } : {}),
  };
  return { headerAnalysis, evidence: [authEvidence, headerEvidence] };
}

// Header forensics of one email: who the sender claims to be against the domains the message really came from,
// where replies and bounces go, the Received chain, list headers, and the SPF/DKIM/DMARC/ARC outcome. Pure: the
// authentication outcome arrives already computed.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { EmailAuthentication } from "../../ports/email-authenticator.js";
import type { MailAddress, ParsedMail } from "../../ports/mail-reader.js";
import { detectBrandImpersonation } from "../url/brand-impersonation.js";
import { OFFICIAL_DOMAINS } from "../url/brand-index.js";
import { normalizeUrl } from "../url/normalize-url.js";
import { FREE_MAIL_DOMAINS } from "./free-mail.js";
import type { HeaderAnalysis, HeaderBrandImpersonation } from "./header-analysis-schema.js";
import { authenticationEvidence, factor } from "./header-authentication.js";
import { findHeader, receivedSummary, recipientDomains } from "./received-chain.js";
import {
  brandInDisplayName,
  domainOf,
  isLookalikeDomain,
  isOfficialFor,
  keywordInDomain,
  registrable,
} from "./sender-brand.js";

export const HEADERS_SOURCE = "email_headers";
export { AUTHENTICATION_SOURCE } from "./header-authentication.js";

export interface HeaderAnalysisOptions {
  /** Extra registrable domains to treat as free mail (a deployment's local providers). */
  readonly freeMailDomains?: readonly string[];
}

export interface HeaderAnalysisOutput {
  readonly headerAnalysis: HeaderAnalysis;
  /** Authentication evidence (source email_authentication) then header evidence (source email_headers). */
  readonly evidence: Evidence[];
}

// Wording of payment redirection in a subject line: email-specific business email compromise when headers also
// point somewhere unexpected. General scam language in the body is the message analyzer's concern.
const PAYMENT_CHANGE =
  /\b(?:wire transfer|payment (?:details|change|update|instructions|request)|bank(?:ing)? (?:details|information|info)|change of bank|update(?:d)? (?:bank|banking|remittance|payment)|direct deposit|payroll (?:change|update)|gift ?cards?|overdue invoice|invoice (?:update|payment|overdue)|urgent (?:request|payment|task|wire)|are you available|quick favou?r|w-?2)\b/i;

const ADDRESS_IN_TEXT = /[a-z0-9._%+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;

const NO_BRAND: HeaderBrandImpersonation = {
  detected: false,
  brand: null,
  confidence: 0,
  technique: null,
  summary: "No brand impersonation found in the sender",
};

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

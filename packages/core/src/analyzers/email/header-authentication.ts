// The authentication outcome as evidence: SPF, DKIM, DMARC and ARC results, alignment, and the trusted
// receiver's own filter verdict.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { EmailAuthentication, ReceiverFilterVerdict } from "../../ports/email-authenticator.js";
import type { ParsedMail } from "../../ports/mail-reader.js";

export const AUTHENTICATION_SOURCE = "email_authentication";

export function factor(id: string, source: string, label: string, points: number): Factor {
  return { id, source, label, points };
}

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

export function authenticationEvidence(
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
      // A domain that publishes p=none has not finished aligning its own senders: legitimate bulk mail sent through
      // a mailing service under it fails DMARC often. A rule of its own, so a fit weighs it apart from the failure
      // of a domain that asks receivers to reject.
      f.push(
        factor(
          policy === "none" ? "dmarc_fail_policy_none" : "dmarc_fail",
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

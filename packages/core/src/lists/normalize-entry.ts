// An entry's value in the form lookups are compared with: a domain as its ASCII host (never a bare public suffix,
// which would cover a whole registry), a URL as the URL channel normalizes it, a phone number in E.164, a sender
// address with its domain in lower-case ASCII.
import { err, ok, type Result } from "neverthrow";
import { validationError, type AppError } from "../errors.js";
import { normalizeUrl } from "../analyzers/url/normalize-url.js";
import { normalizePhone } from "../analyzers/phone/normalize-phone.js";
import type { ListEntryKind } from "../schemas/lists.js";

const refuse = (message: string): Result<never, AppError> => err(validationError([{ field: "value", message }]));

/** A bare host (example.com, *.example.com, an IP) in ASCII lower case; null when it is not one. */
export function entryHost(raw: string): Result<string, string> {
  const host = raw.trim().replace(/^\*\./, "").replace(/\.$/, "");
  if (host === "" || /[\s/@?#\\]/.test(host) || /:\d*$/.test(host.replace(/^\[.*\]$/, "")))
    return err("must be a host name such as example.com (for a whole URL use kind url)");
  const parsed = normalizeUrl(`http://${host}/`);
  if (parsed.isErr()) return err(parsed.error[0]?.message ?? "must be a host name such as example.com");
  if (parsed.value.hasCredentials) return err("must be a host name such as example.com");
  const url = parsed.value;
  if (!url.isIp && url.registrableDomain === null)
    return err(`${url.host} is a public suffix: an entry must name a registrable domain or a host below one`);
  return ok(url.host);
}

/** A sender address local@domain: the local part as given, the domain as a host in lower-case ASCII. */
export function senderAddress(raw: string): Result<string, string> {
  const at = raw.lastIndexOf("@");
  const local = raw.slice(0, at);
  if (at <= 0 || local.length > 64 || /[\s<>]/.test(local))
    return err("must be an email address such as billing@example.com");
  const host = entryHost(raw.slice(at + 1));
  if (host.isErr()) return err("must be an email address such as billing@example.com");
  return ok(`${local}@${host.value}`);
}

export function normalizeEntryValue(kind: ListEntryKind, raw: string): Result<string, AppError> {
  switch (kind) {
    case "domain": {
      const host = entryHost(raw);
      return host.isOk() ? ok(host.value) : refuse(host.error);
    }
    case "url": {
      const url = normalizeUrl(raw);
      return url.isOk() ? ok(url.value.href) : refuse(url.error[0]?.message ?? "must be a URL");
    }
    case "phone": {
      const phone = normalizePhone(raw);
      return phone.isOk() ? ok(phone.value.e164) : refuse(phone.error[0]?.message ?? "must be a phone number");
    }
    case "sender": {
      const address = senderAddress(raw.trim());
      return address.isOk() ? ok(address.value) : refuse(address.error);
    }
  }
}

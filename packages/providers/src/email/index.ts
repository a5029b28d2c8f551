export {
  DEFAULT_MAIL_READER_LIMITS,
  MAX_ATTACHMENTS,
  MAX_EMAIL_BYTES,
  MAX_HEADER_BYTES,
  MAX_HEADER_LINE,
  MAX_LINKS,
  MAX_MIME_DEPTH,
  MAX_MIME_PARTS,
  createPostalMimeReader,
  looksLikeRfc822,
} from "./postal-mime-mail-reader.js";
export type { MailReaderLimits } from "./postal-mime-mail-reader.js";
export { DEFAULT_DNS_TIMEOUT_MS, createMailauthAuthenticator } from "./mailauth-email-authenticator.js";
export type { DnsResolver, MailauthAuthenticatorOptions } from "./mailauth-email-authenticator.js";
export { DEFAULT_TRUSTED_AUTHSERV_IDS, parseAuthenticationResults } from "./authentication-results.js";
export { createOfflineDnsResolver, createSystemDnsResolver } from "./system-dns-resolver.js";
export type { SystemDnsResolverOptions } from "./system-dns-resolver.js";

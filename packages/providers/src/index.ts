export {};
// URL channel: threat feeds, threat index, SSRF-safe fetching, network inspection, vendor adapters.
export { classifyAddress, ipLiteralOf } from "./net/ip-address.js";
export type { AddressClass } from "./net/ip-address.js";
export { BlockedDestinationError, createAddressGuard, effectivePort, systemResolver } from "./net/address-guard.js";
export type { AddressGuard, AddressGuardOptions, BlockReason, ResolvedAddress, Resolver } from "./net/address-guard.js";
export { MAX_REDIRECTS, SafeFetchError, createGuardedDispatcher, createSafeFetcher } from "./net/safe-fetch.js";
export type {
  SafeFetchErrorCode,
  SafeFetcher,
  SafeFetcherOptions,
  SafeRequest,
  SafeResponse,
} from "./net/safe-fetch.js";
export { readCsv, normalizeFeedHost, normalizeFeedUrl } from "./feeds/feed-csv.js";
export type { FeedParseFailure, FeedParseResult, FeedParseSuccess } from "./feeds/feed-csv.js";
export { parseUrlhausCsv } from "./feeds/parse-urlhaus.js";
export { parseThreatfoxCsv, parseThreatfoxJson } from "./feeds/parse-threatfox.js";
export { parseOpenphish } from "./feeds/parse-openphish.js";
export { parsePhishtankCsv } from "./feeds/parse-phishtank.js";
export {
  DEFAULT_FEED_URLS,
  DEFAULT_MIN_RATIO,
  FEED_NAMES,
  MAX_FEED_BYTES,
  phishtankFeedUrl,
  syncFeed,
} from "./feeds/sync-feed.js";
export type { FeedName, FeedSource, SyncFeedDeps, SyncFeedRequest, SyncFeedSummary } from "./feeds/sync-feed.js";
export { LiveThreatIndex, ThreatIndex } from "./threat-index/threat-index.js";
export type { FeedContents, ThreatMatch, ThreatMatchKind } from "./threat-index/threat-index.js";
export {
  LISTING_FLOOR,
  createFeedSignalSource,
  createPhishingFeedSource,
  createThreatfoxFeedSource,
  createUrlhausFeedSource,
} from "./threat-index/feed-signal-sources.js";
export type { FeedSignalSourceConfig, ThreatIndexProvider } from "./threat-index/feed-signal-sources.js";
export {
  IANA_RDAP_DNS_BOOTSTRAP,
  createNetworkInspector,
  fromRdapDomain,
  rdapBaseUrls,
  isConnectivityFailure,
} from "./network/network-inspector.js";
export type { NetworkInspectorConfig, RdapRegistration } from "./network/network-inspector.js";
export { CircuitBreaker } from "./vendors/circuit-breaker.js";
export type { CircuitBreakerOptions, CircuitState } from "./vendors/circuit-breaker.js";
export { VendorError, callVendor, parseRetryAfter, realSleep } from "./vendors/vendor-http.js";
export type {
  Sleep,
  VendorCallOptions,
  VendorErrorKind,
  VendorHttpDeps,
  VendorHttpRequest,
} from "./vendors/vendor-http.js";
export type { VendorSourceConfig } from "./vendors/vendor-source.js";
export {
  WEB_RISK_CLEAN,
  WEB_RISK_ENDPOINT,
  createWebRiskSource,
  fromWebRiskResponse,
  toWebRiskRequest,
  webRiskEvidence,
} from "./vendors/web-risk.js";
export type { WebRiskVerdict } from "./vendors/web-risk.js";
export { IPQS_ENDPOINT, createIpqsSource, fromIpqsResponse, ipqsEvidence, toIpqsRequest } from "./vendors/ipqs.js";
export type { IpqsVerdict } from "./vendors/ipqs.js";
export {
  URLHAUS_API_ENDPOINT,
  createUrlhausApiSource,
  fromUrlhausResponse,
  toUrlhausRequest,
  urlhausEvidence,
} from "./vendors/urlhaus-api.js";
export type { UrlhausVerdict } from "./vendors/urlhaus-api.js";
export {
  THREATFOX_API_ENDPOINT,
  createThreatfoxApiSource,
  fromThreatfoxResponse,
  threatfoxEvidence,
  toThreatfoxRequest,
} from "./vendors/threatfox-api.js";
export type { ThreatfoxIoc } from "./vendors/threatfox-api.js";
export { createUrlSignalSources } from "./create-url-signal-sources.js";
export type { UrlSignalSourcesConfig } from "./create-url-signal-sources.js";
// Phone channel: complaint registry (FTC, FCC, NANPA) sync and index, carrier intelligence, reputation.
export { syncPhoneRegistry } from "./phone/sync-phone-registry.js";
export type {
  PhoneRegistryFeed,
  SyncPhoneRegistryDeps,
  SyncPhoneRegistryOptions,
  SyncPhoneRegistryOutcome,
} from "./phone/sync-phone-registry.js";
export { PhoneRegistry } from "./phone/phone-registry-index.js";
export type { PhoneRegistryOptions, RegistryEntry } from "./phone/phone-registry-index.js";
export { createFccComplaintsParser, createFtcDncParser } from "./phone/complaint-file-parsers.js";
export type { ComplaintFileParser } from "./phone/complaint-file-parsers.js";
export { ComplaintAggregator } from "./phone/complaint-aggregator.js";
export { parseNanpaCodes } from "./phone/parse-nanpa-codes.js";
export type { NanpaParse } from "./phone/parse-nanpa-codes.js";
export {
  COMPLAINT_REGISTRY_SOURCE,
  complaintEvidence,
  complaintPoints,
  createComplaintRegistrySource,
  recencyWeight,
} from "./phone/complaint-registry-source.js";
export {
  TWILIO_LOOKUP_BASE_URL,
  TwilioLookupClient,
  fromTwilioLookupResponse,
  toTwilioLookupRequest,
} from "./phone/twilio-lookup.js";
export type { CarrierInfo, TwilioCredentials, TwilioLookupOptions, VendorOutcome } from "./phone/twilio-lookup.js";
export { IPQS_BASE_URL, IpqsPhoneClient, fromIpqsPhoneResponse, toIpqsPhoneRequest } from "./phone/ipqs-phone.js";
export type { IpqsPhoneOptions, PhoneReputation } from "./phone/ipqs-phone.js";
export { getPhoneVendorJson } from "./phone/phone-vendor-http.js";
export type { PhoneVendorHttpDeps, PhoneVendorRequest, PhoneVendorResponse } from "./phone/phone-vendor-http.js";
export { HIGH_RISK_CARRIERS, matchHighRiskCarrier, normalizeCarrierName } from "./phone/high-risk-carriers.js";
export type { HighRiskCarrier } from "./phone/high-risk-carriers.js";
export { CARRIER_INTELLIGENCE_SOURCE, createCarrierIntelligenceSource } from "./phone/carrier-intelligence-source.js";
export type { CarrierIntelligenceDeps } from "./phone/carrier-intelligence-source.js";
export {
  PHONE_REPUTATION_SOURCE,
  createPhoneReputationSource,
  reputationEvidence,
} from "./phone/phone-reputation-source.js";
export { createPhoneSignalSources } from "./phone/create-phone-signal-sources.js";
export type { PhoneSignalSourcesConfig } from "./phone/create-phone-signal-sources.js";
export { createGuardedFetch } from "./net/guarded-fetch.js";
export { createOpenAiAnalyst } from "./ai/create-openai-analyst.js";
export { notConfiguredAiAnalyst, DEFAULT_AI_MODEL, OPENAI_DEFAULT_BASE_URL } from "./ai/openai-analyst-config.js";
export type { AiLogger, AiLogLevel, OpenAiAnalyst, OpenAiAnalystConfig } from "./ai/openai-analyst-config.js";
export type { TokenLimitParam } from "./ai/openai-messages.js";
export { CONNECTIVITY_PROBE_NAMES, createConnectivityProbe } from "./network/connectivity.js";
export type { ConnectivityProbe, ConnectivityProbeConfig, ConnectivityState } from "./network/connectivity.js";
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
  DEFAULT_DNS_TIMEOUT_MS,
  createMailauthAuthenticator,
  DEFAULT_TRUSTED_AUTHSERV_IDS,
  parseAuthenticationResults,
  createOfflineDnsResolver,
  createSystemDnsResolver,
} from "./email/index.js";
export type {
  MailReaderLimits,
  DnsResolver,
  MailauthAuthenticatorOptions,
  SystemDnsResolverOptions,
} from "./email/index.js";
export { createImageDecoder, decodeImage, fitRgba } from "./image/sharp-image-decoder.js";
export type { SharpImageDecoderOptions } from "./image/sharp-image-decoder.js";
export {
  createZxingQrDecoder,
  loadZxing,
  RETRY_PASSES,
  FULL_SIZE_MAX_PIXELS,
  DOWNSCALED_SIDE,
} from "./qr/zxing-qr-decoder.js";
export type { ZxingQrDecoderOptions } from "./qr/zxing-qr-decoder.js";
export { DEFAULT_DOCUMENT_LIMITS, createDocumentReader } from "./document/create-document-reader.js";
export type { DocumentLimits, DocumentReaderOptions } from "./document/create-document-reader.js";
export { TesseractOcr } from "./document/tesseract-ocr.js";
export { MAX_IMAGE_PIXELS as MAX_OCR_IMAGE_PIXELS, OCR_LONG_SIDE } from "./document/prepare-ocr-image.js";
export { SIGNATURE_HEADER, createWebhookSender, signWebhook, verifyWebhook } from "./webhooks/job-webhooks.js";
export {
  CLIENT_METADATA_LIMITS,
  cacheLifetimeMs,
  createClientMetadataDocuments,
} from "./oauth/client-metadata-documents.js";
export type { ClientMetadataDocumentsOptions } from "./oauth/client-metadata-documents.js";

export { ERROR_CODES, StoreError, appError, toAppError, validationError } from "./errors.js";
export type { AppError, ErrorCode, ErrorCounters, StoreErrorKind, ValidationIssue } from "./errors.js";
export { createEngine } from "./engine.js";
export {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_RENEW_MS,
  IDEMPOTENCY_TTL_MS,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  parseIdempotencyKey,
} from "./usecases/idempotency.js";
export type { IdempotentStart } from "./usecases/idempotency.js";
export type { ChannelVerb, ChannelVerbs, Engine, EngineCore } from "./engine.js";
export { DEFAULT_ENGINE_CONFIG } from "./usecases/deps.js";
export type { AccessTokenVerifier, EngineConfig, EngineDeps, Principal } from "./usecases/deps.js";
export type { Meta, Outcome, QuotaState } from "./usecases/kernel.js";
export type { AccountView, CreateAccountInput } from "./usecases/accounts.js";
export { CreateAccountSchema, MIN_PASSWORD_LENGTH } from "./usecases/accounts.js";
export type { BatchItemError, BatchResponse, BatchSummary } from "./usecases/check.js";
export {
  createChannelRegistry,
  DEFAULT_CHANNELS,
  DEFAULT_REGISTRY,
  CHANNELS,
  ChannelSchema,
  planQuotas,
} from "./channels/registry.js";
export type { Channel, ChannelId, ChannelRegistry } from "./channels/registry.js";
export { defineChannel } from "./channels/define-channel.js";
export type {
  AnyChannel,
  AssessContext,
  BatchDefinition,
  BodyKind,
  CacheFields,
  ChannelDefinition,
  ChannelPorts,
  ChannelResult,
  MagicInput,
  PromptDefinition,
  QuotaChannelDefinition,
  Upload,
  UploadDefinition,
} from "./channels/define-channel.js";
export { summarizeAssessment } from "./channels/summary.js";
export { URL_CHANNEL, URL_QUOTA, assessUrl } from "./channels/url/url-channel.js";
export { PHONE_CHANNEL, PHONE_QUOTA, assessPhone } from "./channels/phone/phone-channel.js";
export { MAX_QR_URLS, QR_CHANNEL, QrAnalysisResultSchema, QrAnalyzeRequestSchema } from "./channels/qr/qr-channel.js";
export type { QrAnalysisResult } from "./channels/qr/qr-channel.js";
export { MAGIC_QR_PNG_BASE64 } from "./channels/qr/magic-images.js";
export { UploadSchema, fromBase64, hashBytes } from "./channels/upload.js";
export { subLookup, subLookups } from "./channels/sub-lookup.js";
export type { SubLookup } from "./channels/sub-lookup.js";
export { SubLookupSchema } from "./schemas/sub-lookup.js";
export { TEXT_QUOTA } from "./channels/text/text-quota.js";
export {
  MAX_TEXT_CHARS,
  MessageTextSchema,
  TEXT_CHANNEL,
  TextAnalysisResultSchema,
  TextAnalyzeRequestSchema,
  analyzeMessageText,
  magicTextVerdict,
} from "./channels/text/text-channel.js";
export type { TextAnalysisResult } from "./channels/text/text-channel.js";
export {
  EMAIL_CHANNEL,
  EmailAnalysisResultSchema,
  EmailAnalyzeRequestSchema,
  MAX_EMAIL_CHARS,
} from "./channels/email/email-channel.js";
export type { EmailAnalysisResult } from "./channels/email/email-channel.js";
export {
  DOCUMENT_CHANNEL,
  DOCUMENT_QUOTA,
  DocumentAnalysisResultSchema,
  DocumentAnalyzeRequestSchema,
} from "./channels/document/document-channel.js";
export type { DocumentAnalysisResult } from "./channels/document/document-channel.js";
export { MAGIC_DOCUMENT_PDF_BASE64 } from "./channels/document/magic-documents.js";
export {
  analyzeMessage,
  assessMessageOffline,
  checkClaimedIssuer,
  ClaimedIssuerSchema,
  extractEntities,
  finalScamType,
  offlineSubLookups,
  SCAM_TYPES,
  ScamTypeSchema,
  subLookupEvidence,
  SUBLOOKUP_MAX_PHONES,
  SUBLOOKUP_MAX_URLS,
} from "./analyzers/message/index.js";
export type {
  ClaimedIssuer,
  MessageAnalysis,
  MessageEntities,
  ScamType,
  ScamTypeOrNone,
} from "./analyzers/message/index.js";
export { EMAIL_QUOTA } from "./channels/email/email-quota.js";
export { TEST_MODE_BATCH_RPM, TEST_MODE_RPM } from "./usecases/mechanics/admission.js";
export { realTimers } from "./ports/timers.js";
export { TEST_PHONE_LINES, TEST_URL_HOST_PREFIX, TEST_VERDICT_SCORES } from "./usecases/test-mode.js";

export type {
  Account,
  AccountPatch,
  AccountStore,
  ApiKeyRecord,
  ApiKeyStore,
  CachedValue,
  Clock,
  CommunityReport,
  Evidence,
  ExplanationInput,
  Explainer,
  FeedRecord,
  FeedSnapshot,
  FeedStore,
  Hasher,
  HealthProbe,
  Ids,
  NewAccount,
  PasswordHasher,
  HeldUnit,
  QuotaHold,
  QuotaKey,
  QuotaLedger,
  RateLimitDecision,
  RateLimiter,
  SlidingLimiter,
  ReportStore,
  Reservation,
  ResultCache,
  SignalContext,
  SignalSource,
  SourceKind,
  SourcePause,
  Timers,
  IdempotencyClaim,
  IdempotencyClaimInput,
  IdempotencyClaimRef,
  IdempotencyKeyRef,
  IdempotencyStore,
  Refusal,
  SourceOutcome,
  StoredResponse,
  Telemetry,
  LookupEnd,
} from "./ports/index.js";
export { noTelemetry, reportAnswered } from "./ports/telemetry.js";

export type { NormalizedUrl } from "./analyzers/url/normalized-url.js";
export type { NormalizedPhone } from "./analyzers/phone/normalized-phone.js";
export {
  BRANDS,
  BRAND_SOURCE,
  BRAND_TECHNIQUES,
  HEURISTICS_SOURCE,
  analyzeUrl,
  assessUrlOffline,
  analyzeUrlHeuristics,
  detectBrandImpersonation,
  isShortenerHost,
  normalizeUrl,
} from "./analyzers/url/index.js";
export type { Brand, BrandCategory, BrandImpersonation, BrandTechnique } from "./analyzers/url/index.js";
export { normalizePhone } from "./analyzers/phone/normalize-phone.js";
export { analyzePhoneNumber } from "./analyzers/phone/analyze-phone-number.js";

export {
  assess,
  combineLogOdds,
  combineScore,
  FITTED_SCORING,
  HAND_SCORING,
  SAFE_MIN_CONFIDENCE,
} from "./scoring/score.js";
export {
  hitValue,
  PRIOR_BIAS,
  priorWeight,
  ruleKey,
  type ChannelWeights,
  type FittedRule,
  type RuleHit,
  type ScoredChannel,
  type Scoring,
} from "./scoring/weights.js";
export type { Assessment, WeightedEvidence } from "./scoring/score.js";
export { VERDICT_THRESHOLDS, verdictFor } from "./scoring/verdict.js";
export { OFFLINE_WEIGHT } from "./scoring/evidence-weights.js";
export { deterministicExplainer, explainDeterministically } from "./scoring/deterministic-explainer.js";

export { FactorSchema, SourceStatusSchema, VERDICTS, VerdictSchema } from "./schemas/common.js";
export type { Factor, SourceStatus, Verdict } from "./schemas/common.js";
export {
  BrandImpersonationSchema,
  MAX_URL_LENGTH,
  UrlLookupRequestSchema,
  UrlLookupResultSchema,
  UrlSignalsSchema,
} from "./schemas/url.js";
export type { UrlLookupRequest, UrlLookupResult, UrlSignals } from "./schemas/url.js";
export { PhoneLookupRequestSchema, PhoneLookupResultSchema, PhoneSignalsSchema } from "./schemas/phone.js";
export type { PhoneLookupRequest, PhoneLookupResult, PhoneSignals } from "./schemas/phone.js";
export {
  BATCH_CONCURRENCY,
  BatchItemErrorSchema,
  BatchPhoneRequestSchema,
  BatchPhoneResponseSchema,
  BatchSummarySchema,
  BatchUrlRequestSchema,
  BatchUrlResponseSchema,
  MAX_BATCH_ITEMS,
} from "./schemas/batch.js";
export { ErrorBodySchema, ErrorCodeSchema, ErrorEnvelopeSchema } from "./schemas/error.js";
export type { ErrorEnvelope } from "./schemas/error.js";
export { BATCH_RPM, PLANS, PLAN_NAMES, PlanNameSchema } from "./schemas/plans.js";
export type { Plan, PlanName } from "./schemas/plans.js";
export { UsageSchema } from "./schemas/usage.js";
export type { Usage } from "./schemas/usage.js";
export { COMPONENT_NAMES, ComponentStatusSchema, StatusSchema } from "./schemas/status.js";
export type { ComponentStatus, Status } from "./schemas/status.js";
export { ApiKeySchema, CreatedApiKeySchema, KEY_PREFIXES, KeyNameSchema, MAX_ACTIVE_KEYS } from "./schemas/keys.js";
export type { ApiKey, CreatedApiKey, KeyMode } from "./schemas/keys.js";
export { REPORT_CATEGORIES, REPORT_KINDS, ReportRequestSchema, ReportResultSchema } from "./schemas/report.js";
export type { ReportRequest, ReportResult } from "./schemas/report.js";
export { SCOPES, SCOPE_DESCRIPTIONS, ScopeSchema } from "./schemas/scopes.js";
export type { Scope } from "./schemas/scopes.js";
export { calendarMonth, currentPeriod } from "./policies/billing-period.js";
export { quotaCeiling, quotaLimit, requestsPerMinute } from "./policies/limits.js";
export { InMemoryRateLimiter } from "./policies/in-memory-rate-limiter.js";
export { InMemoryIdempotencyStore } from "./policies/in-memory-idempotency-store.js";
export { BoundedMap } from "./policies/bounded-map.js";
export type { InMemoryRateLimiterOptions } from "./policies/in-memory-rate-limiter.js";

export type {
  AccessTokenRecord,
  AuthorizationCodeRecord,
  ConsumeCodeOutcome,
  IssuedTokens,
  OAuthClient,
  OAuthSession,
  OAuthStore,
  ClientMetadataDocuments,
  ClientMetadataFetch,
  RefreshTokenRecord,
  RotateOutcome,
  TokenFamily,
  WithFamily,
} from "./ports/index.js";
export {
  AuthorizationServerMetadataSchema,
  AuthorizeRequestSchema,
  ClientRegistrationRequestSchema,
  ClientRegistrationResponseSchema,
  GRANT_TYPES,
  OAuthErrorBodySchema,
  ProtectedResourceMetadataSchema,
  TOKEN_ENDPOINT_AUTH_METHODS,
  TokenRequestSchema,
  TokenResponseSchema,
} from "./schemas/oauth.js";
export type {
  AuthorizationServerMetadata,
  AuthorizeRequest,
  ClientRegistrationRequest,
  ClientRegistrationResponse,
  GrantType,
  OAuthErrorBody,
  ProtectedResourceMetadata,
  TokenEndpointAuthMethod,
  TokenRequest,
  TokenResponse,
} from "./schemas/oauth.js";
export {
  ACCESS_TOKEN_PREFIX,
  CODE_PREFIX,
  DEFAULT_EXACT_REDIRECT_URIS,
  DEFAULT_REDIRECT_HOSTS,
  DEFAULT_REDIRECT_POLICY,
  OAUTH_ERROR_CODES,
  OAUTH_ERROR_STATUS,
  OAUTH_LIFETIMES,
  REFRESH_TOKEN_PREFIX,
  formatScopes,
  isAllowedRedirectUri,
  isSubsetOf,
  isValidCodeVerifier,
  isValidS256Challenge,
  matchRegisteredRedirectUri,
  oauthError,
  parseScopes,
  verifyPkce,
} from "./policies/oauth/index.js";
export type { OAuthError, OAuthErrorCode, RedirectUriPolicy } from "./policies/oauth/index.js";
export {
  SIGN_IN_THROTTLE,
  signInThrottleKey,
  clientIdFor,
  scopeCeiling,
  isDnsHostname,
  isWellFormedRedirectUri,
  clientFromMetadataDocument,
  isMetadataDocumentUrl,
} from "./policies/oauth/index.js";
export {
  findClient,
  authenticateAccessToken,
  authenticateClient,
  createAccessTokenVerifier,
  createAuthorizationCode,
  createOAuthConfig,
  exchangeCode,
  isAccessToken,
  openSession,
  refreshAccessToken,
  registerClient,
  resolveSession,
  signIn as signInWithPassword,
  signOut,
  signUp,
  validateAuthorizationRequest,
} from "./usecases/oauth/index.js";
export type {
  AuthorizationRequestError,
  ClientCredentials,
  ExchangeCodeInput,
  OAuthConfig,
  OAuthDeps,
  OAuthPrincipal,
  RefreshAccessTokenInput,
  SignedIn,
  SignInError,
  SignInErrorCode,
  ValidAuthorizationRequest,
} from "./usecases/oauth/index.js";
export { TOP_SUBJECTS } from "./ports/phone-registry.js";
export type {
  AppliedFile,
  ApplyMode,
  ApplyOutcome,
  CodeBlock,
  ComplaintBatch,
  ComplaintRow,
  ComplaintSource,
  PhoneRegistryStore,
  RegistryFile,
} from "./ports/phone-registry.js";

export {
  ORGANISATIONS,
  ORGANISATION_CATEGORIES,
  createOrganisationDirectory,
} from "./analyzers/organisations/index.js";
export type { Organisation, OrganisationCategory, OrganisationDirectory } from "./analyzers/organisations/index.js";

export {
  AI_ENTITY_KINDS,
  AI_IMAGE_MEDIA_TYPES,
  AiAnswerFormatSchema,
  ImageReadingFormatSchema,
  aiInputText,
} from "./ports/ai-analyst.js";
export type {
  AiAnalyst,
  AiAnswer,
  AiChannel,
  AiContext,
  AiEntity,
  AiEntityKind,
  AiHealth,
  AiImage,
  AiImageMediaType,
  AiInput,
  AiLookupSummary,
  ImageReading,
} from "./ports/ai-analyst.js";
export {
  AI_FACTOR_ID,
  AI_FACTOR_SOURCE,
  AI_MAX_POINTS,
  AI_MIN_POINTS,
  AI_SCAM_TYPES,
  applyAiAnswer,
  applyAiFactor,
  carriesInjection,
  evidenceFloor,
  foreignContacts,
} from "./scoring/ai-bounds.js";
export type {
  AiAnswerLike,
  AiAppliedOutcome,
  AiBoundedOutcome,
  AiFactorProposal,
  AiScamType,
  RulesOutcome,
} from "./scoring/ai-bounds.js";
export {
  PROMPT_INJECTION_FACTOR_ID,
  PROMPT_INJECTION_FLOOR,
  PROMPT_INJECTION_SOURCE,
  REDACTION_PLACEHOLDERS,
  detectPromptInjection,
  findInjectionCues,
  redactForModel,
} from "./analyzers/injection/index.js";
export type { InjectionCue, Recipient, RedactedText } from "./analyzers/injection/index.js";

export type {
  HtmlLink,
  MailAddress,
  MailAttachment,
  MailHeader,
  MailInputKind,
  MailReader,
  ParsedMail,
  ReceivedHop,
  ScannableFile,
} from "./ports/mail-reader.js";
export { mailRead, mailRefused, MAX_SCANNABLE, MAX_SCANNABLE_BYTES } from "./ports/mail-reader.js";
export { AUTH_RESULTS, UNKNOWN_AUTHENTICATION } from "./ports/email-authenticator.js";
export type {
  ArcOutcome,
  AuthOrigin,
  AuthResult,
  DkimOutcome,
  DkimSignatureOutcome,
  DmarcOutcome,
  EmailAuthentication,
  EmailAuthenticator,
  SpfOutcome,
} from "./ports/email-authenticator.js";
export {
  AUTHENTICATION_SOURCE,
  ATTACHMENTS_SOURCE,
  FREE_MAIL_DOMAINS,
  HEADERS_SOURCE,
  HTML_LINKS_SOURCE,
  HeaderAnalysisSchema,
  HeaderBrandImpersonationSchema,
  analyzeAttachments,
  analyzeHeaders,
  analyzeHtmlLinks,
  brandInDisplayName,
  isLookalikeDomain,
  shownDomain,
  sniffKind,
} from "./analyzers/email/index.js";
export type {
  HeaderAnalysis,
  HeaderAnalysisOptions,
  HeaderAnalysisOutput,
  HeaderBrandImpersonation,
  SniffedKind,
} from "./analyzers/email/index.js";

export type { DecodeResult, DecodedImage, ImageDecodeOptions, ImageDecoder } from "./ports/image-decoder.js";
export type { DetectedQrCode, QrCorners, QrDecoder, QrPoint } from "./ports/qr-decoder.js";
export {
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  UPLOAD_KINDS,
  IMAGE_KINDS,
  checkPixelLimit,
  describeKinds,
  imageDimensions,
  inspectImage,
  sniffUpload,
} from "./analyzers/upload/index.js";
export type {
  ImageDimensions,
  ImageKind,
  InspectedImage,
  SniffedUpload,
  UploadKind,
} from "./analyzers/upload/index.js";
export {
  MASKED,
  QR_CONTENT_TYPES,
  QR_FORMATS,
  QR_PAYLOAD_SOURCE,
  QrCodeSchema,
  QrContentTypeSchema,
  QrPositionSchema,
  analyzeQrContent,
  isValidIban,
  maskWifiPassword,
  parseQrPayload,
  toQrCode,
  urlsOf,
} from "./analyzers/qr/index.js";
export type { QrCode, QrContent, QrContentType, QrPosition } from "./analyzers/qr/index.js";

export type {
  DocumentImage,
  DocumentKind,
  DocumentPage,
  DocumentReadContext,
  DocumentReader,
  DocumentText,
  PageTextMethod,
} from "./ports/document-reader.js";
export {
  analyzeDocumentText,
  DOCUMENT_CUE_IDS,
  DOCUMENT_RULES_SOURCE,
  detectDocumentCues,
  DocumentEntitiesSchema,
  PAYMENT_METHODS,
  extractDocumentEntities,
  normalizeOcrText,
  repairTld,
} from "./analyzers/document/index.js";
export type {
  DocumentAnalysis,
  DocumentCue,
  DocumentCueId,
  DocumentEntities,
  PaymentMethod,
  OcrRepair,
} from "./analyzers/document/index.js";
export { readMessage, readUrl, type MessageKind as ModelMessageKind } from "./models/index.js";
export {
  MAX_STRENGTH as MODEL_MAX_STRENGTH,
  MESSAGE_MODEL_SOURCE,
  messageModelEvidence,
  URL_MODEL_SOURCE,
  urlModelEvidence,
} from "./models/model-evidence.js";

// Asynchronous jobs.
export {
  JOB_FILE_TASK_ITEMS,
  JOB_ITEM_CONCURRENCY,
  JOB_STATUSES,
  JOB_TASK_ITEMS,
  JobResultLineSchema,
  JobSchema,
  JobSubmitRequestSchema,
  JobSubmittedSchema,
  JobWebhookSchema,
  MAX_JOB_FILE_BYTES,
  MAX_JOB_FILES,
  MAX_JOB_ITEMS,
  JOB_RETENTION_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./schemas/jobs.js";
export type {
  JobItemError,
  JobResultLine,
  JobStatus,
  JobSubmitRequest,
  JobSubmitted,
  JobView,
  JobWebhook,
} from "./schemas/jobs.js";
export { itemTasks, toJobView, tooManyJobFiles, webhookBackoffMs } from "./usecases/jobs.js";
export {
  JOB_UPLOAD_FORMATS,
  itemsFromCsv,
  itemsFromJsonLines,
  itemsFromUpload,
  lineField,
  parseCsv,
} from "./usecases/job-upload.js";
export type { JobUpload, JobUploadFormat, UploadedItems } from "./usecases/job-upload.js";
export { filePart } from "./usecases/job-files.js";
export type { JobFiles } from "./usecases/job-files.js";
export type { JobDeps } from "./usecases/jobs.js";
export type {
  CommitResult,
  ItemOutcome,
  JobItem,
  JobRecord,
  JobStore,
  NewJob,
  StoredItemAnswer,
} from "./ports/job-store.js";
export type { JobQueue, JobTask, TaskOutcome } from "./ports/job-queue.js";
export type { WebhookDelivery, WebhookSender } from "./ports/webhook-sender.js";
export {
  ALLOWLIST_FACTOR,
  BLOCKLIST_FACTOR,
  DEFAULT_LIST_PAGE,
  LIST_ENTRY_KINDS,
  LIST_NAMES,
  ListEntryKindSchema,
  ListEntryRequestSchema,
  ListEntrySchema,
  ListEntryWriteSchema,
  ListNameSchema,
  ListPageSchema,
  ListQuerySchema,
  MAX_LIST_ENTRIES,
  MAX_LIST_PAGE,
} from "./schemas/lists.js";
export type {
  ListEntry,
  ListEntryKind,
  ListEntryRequest,
  ListEntryWrite,
  ListName,
  ListPage,
  ListQuery,
} from "./schemas/lists.js";
export {
  FEEDBACK_KINDS,
  FeedbackExportLineSchema,
  FeedbackExportQuerySchema,
  FeedbackKindSchema,
  FeedbackRequestSchema,
  FeedbackSchema,
  FeedbackSettingsSchema,
  FeedbackWriteSchema,
  RECEIPT_TTL_MS,
} from "./schemas/feedback.js";
export type {
  Feedback,
  FeedbackExportLine,
  FeedbackKind,
  FeedbackRequest,
  FeedbackSettings,
  FeedbackWrite,
} from "./schemas/feedback.js";
export type { FeedbackPage } from "./usecases/feedback.js";
export { LIST_KIND_SCOPES } from "./usecases/lists.js";
export {
  ALLOW_CAP,
  ALLOW_CAP_FEED_LISTED,
  BLOCK_FLOOR,
  applyLists,
  isThreatFeedFactor,
  threatFeedSources,
} from "./lists/apply-lists.js";
export { ListIndex } from "./lists/list-index.js";
export { normalizeEntryValue } from "./lists/normalize-entry.js";
export { InMemoryListStore } from "./lists/in-memory-list-store.js";
export { InMemoryFeedbackStore } from "./lists/in-memory-feedback-store.js";
export type { ListEntryRecord, ListPosition, ListStore, ListUpsert } from "./ports/list-store.js";
export type {
  AccountFeedbackSettings,
  FeedbackPosition,
  FeedbackRecord,
  FeedbackStore,
  ResultReceipt,
} from "./ports/feedback-store.js";

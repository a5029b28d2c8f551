// createEngine(deps) -> Engine: the one object every face (HTTP, CLI, MCP, library) calls. Lookups return
// neverthrow Results: a verdict is data; expected failures carry a code from the closed list in errors.ts.
import type { Result } from "neverthrow";
import type { AppError } from "./errors.js";
import type { ApiKey, CreatedApiKey, KeyMode } from "./schemas/keys.js";
import type { PhoneLookupResult } from "./schemas/phone.js";
import type { ReportResult } from "./schemas/report.js";
import type { Status } from "./schemas/status.js";
import type { Usage } from "./schemas/usage.js";
import type { UrlLookupResult } from "./schemas/url.js";
import {
  createAccount,
  getAccount,
  setPeriod,
  setPlan,
  type AccountView,
  type CreateAccountInput,
} from "./usecases/accounts.js";
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from "./usecases/api-keys.js";
import { batchPhone, batchUrl, type BatchResponse } from "./usecases/batch.js";
import type { EngineConfig, EngineDeps, Principal } from "./usecases/deps.js";
import { Kernel, type Outcome } from "./usecases/kernel.js";
import { lookupPhone } from "./usecases/lookup-phone.js";
import { lookupUrl } from "./usecases/lookup-url.js";
import { createReport } from "./usecases/reports.js";
import { StatusReporter } from "./usecases/status.js";
import { getUsage, usageOf } from "./usecases/usage.js";

type R<T> = Promise<Result<T, AppError>>;

export interface Engine {
  readonly config: EngineConfig;
  /** Resolves `Authorization` header values (API keys and OAuth access tokens). */
  authenticate(authorization: string | undefined): R<Principal>;
  lookupUrl(p: Principal, body: unknown): R<Outcome<UrlLookupResult>>;
  lookupPhone(p: Principal, body: unknown): R<Outcome<PhoneLookupResult>>;
  batchUrl(p: Principal, body: unknown): R<Outcome<BatchResponse<UrlLookupResult, "url">>>;
  batchPhone(p: Principal, body: unknown): R<Outcome<BatchResponse<PhoneLookupResult, "phone">>>;
  usage(p: Principal): R<Outcome<Usage>>;
  report(p: Principal, body: unknown): R<Outcome<ReportResult>>;
  status(): Promise<Status>;
  /** Operator and dashboard functions; every call names the account it acts on. */
  readonly accounts: {
    create(input: CreateAccountInput): R<AccountView>;
    get(id: string): R<AccountView>;
    setPlan(id: string, plan: string): R<AccountView>;
    setPeriod(id: string, start: string, end: string): R<AccountView>;
    usage(id: string): R<Usage>;
  };
  readonly keys: {
    create(accountId: string, input: { mode: KeyMode; name?: string | undefined }): R<CreatedApiKey>;
    list(accountId: string): R<ApiKey[]>;
    revoke(accountId: string, keyId: string): R<ApiKey>;
    rename(accountId: string, keyId: string, name: string): R<ApiKey>;
  };
}

export function createEngine(deps: EngineDeps): Engine {
  const k = new Kernel(deps);
  const status = new StatusReporter(k, { url: true, phone: true, text: false, email: false });
  return {
    config: k.config,
    authenticate: (header) => k.authenticate(header),
    lookupUrl: (p, body) => lookupUrl(k, p, body),
    lookupPhone: (p, body) => lookupPhone(k, p, body),
    batchUrl: (p, body) => batchUrl(k, p, body),
    batchPhone: (p, body) => batchPhone(k, p, body),
    usage: (p) => getUsage(k, p),
    report: (p, body) => createReport(k, p, body),
    status: () => status.status(),
    accounts: {
      create: (input) => createAccount(k, input),
      get: (id) => getAccount(k, id),
      setPlan: (id, plan) => setPlan(k, id, plan),
      setPeriod: (id, start, end) => setPeriod(k, id, start, end),
      usage: (id) => usageOf(k, id, false),
    },
    keys: {
      create: (accountId, input) => createApiKey(k, accountId, input),
      list: (accountId) => listApiKeys(k, accountId),
      revoke: (accountId, keyId) => revokeApiKey(k, accountId, keyId),
      rename: (accountId, keyId, name) => renameApiKey(k, accountId, keyId, name),
    },
  };
}

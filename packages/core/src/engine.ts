// createEngine(deps) -> Engine: the one object every face (HTTP, CLI, MCP, library) calls. Lookups return
// neverthrow Results: a verdict is data; expected failures carry a code from the closed list in errors.ts. The
// channel verbs (lookupUrl, analyzeText, batchUrl, ...) are derived from the channel registry.
import type { Result } from "neverthrow";
import type { AppError } from "./errors.js";
import type { AnyChannel, CacheFields, ChannelResult } from "./channels/define-channel.js";
import type { ChannelRegistry, DEFAULT_CHANNELS } from "./channels/registry.js";
import type { ApiKey, CreatedApiKey, KeyMode } from "./schemas/keys.js";
import type { ReportResult } from "./schemas/report.js";
import type { Status } from "./schemas/status.js";
import type { Usage } from "./schemas/usage.js";
import {
  createAccount,
  getAccount,
  setPeriod,
  setPlan,
  type AccountView,
  type CreateAccountInput,
} from "./usecases/accounts.js";
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from "./usecases/api-keys.js";
import { check, checkBatch, checkHeld, type BatchResponse } from "./usecases/check.js";
import type { EngineConfig, EngineDeps, Principal } from "./usecases/deps.js";
import { Kernel, type Outcome } from "./usecases/kernel.js";
import { beginIdempotent, type IdempotentStart } from "./usecases/idempotency.js";
import { createReport } from "./usecases/reports.js";
import { StatusReporter } from "./usecases/status.js";
import { getUsage, usageOf } from "./usecases/usage.js";
import { Jobs } from "./usecases/jobs.js";
import type { JobUpload } from "./usecases/job-upload.js";
import type { JobFiles } from "./usecases/job-files.js";
import type { JobResultLine, JobSubmitted, JobView } from "./schemas/jobs.js";
import type { JobTask, TaskOutcome } from "./ports/job-queue.js";
import { accountListVerbs, listVerbs } from "./usecases/lists.js";
import { accountFeedbackVerbs, feedbackVerbs, type FeedbackPage } from "./usecases/feedback.js";
import type { ListEntry, ListEntryWrite, ListPage } from "./schemas/lists.js";
import type { FeedbackExportLine, FeedbackSettings, FeedbackWrite } from "./schemas/feedback.js";

type R<T> = Promise<Result<T, AppError>>;

/**
 * A channel verb. This engine's own carry `atOnce`: the verb's answer without awaiting, when every part of it is in
 * process memory (see checkHeld), or undefined, having counted, charged and written nothing, when the verb must be
 * called. A verb replaced by a wrapper has no `atOnce`, so a face calling it honours the wrapper.
 */
export type ChannelVerb<T> = ((p: Principal, body: unknown) => R<Outcome<T>>) & {
  readonly atOnce?: (p: Principal, body: unknown) => Result<Outcome<T>, AppError> | undefined;
};

/** One verb per channel of the default registry (lookupUrl, lookupPhone, ...) and one per batch (batchUrl, ...). */
export type ChannelVerbs<Cs extends readonly AnyChannel[]> = {
  [C in Cs[number] as C["verb"]]: ChannelVerb<ChannelResult<C>>;
} & {
  [C in Cs[number] as C extends { batch?: { verb: infer V extends string } } ? V : never]: ChannelVerb<
    BatchResponse<ChannelResult<C>>
  >;
};

export interface EngineCore {
  readonly config: EngineConfig;
  /** The channels this engine serves; every face lists its routes, tools and commands from it. */
  readonly registry: ChannelRegistry;
  /** Resolves `Authorization` header values (API keys and OAuth access tokens). */
  authenticate(authorization: string | undefined): R<Principal>;
  /**
   * What `authenticate` answers, without awaiting, when no store needs reading (a key and account this process holds,
   * or a header that holds no key); undefined otherwise: call `authenticate`.
   */
  authenticateHeld(authorization: string | undefined): Result<Principal, AppError> | undefined;
  /** One item of any registered channel, by channel id (the typed verbs below call the same). */
  check(channel: string, p: Principal, body: unknown): R<Outcome<object & CacheFields>>;
  /** A batch of any registered channel that has one. */
  checkBatch(channel: string, p: Principal, body: unknown): R<Outcome<BatchResponse<object & CacheFields>>>;
  usage(p: Principal): R<Outcome<Usage>>;
  report(p: Principal, body: unknown): R<Outcome<ReportResult>>;
  status(): Promise<Status>;
  /** Asynchronous jobs: the callers' verbs (scoped to their account) and the workers' side. */
  readonly jobs: {
    submit(p: Principal, body: unknown): R<Outcome<JobSubmitted>>;
    /** A job whose items come as a JSON Lines or CSV file; issues name the file's lines (line.<n>.<field>). */
    submitUpload(p: Principal, upload: JobUpload): R<Outcome<JobSubmitted>>;
    /** A job of uploaded files (document, qr), one item each; a refused file is named file[<index>]. */
    submitFiles(p: Principal, upload: JobFiles): R<Outcome<JobSubmitted>>;
    get(p: Principal, id: string): R<Outcome<JobView>>;
    /** The answered items, in index order, streamed from the store. */
    results(p: Principal, id: string): R<Outcome<AsyncIterable<JobResultLine>>>;
    cancel(p: Principal, id: string): R<Outcome<JobView>>;
    /** Does one queue task (workers); throws when the store fails, so the queue retries it. */
    perform(task: JobTask): Promise<TaskOutcome>;
    /** A task whose retries are spent: its job fails (items) or its webhook is given up. */
    abandon(task: JobTask): Promise<void>;
    /** Sends again the tasks of jobs that may have none in the queue; returns how many jobs. */
    recover(options: { readonly olderThanMs: number; readonly everything: boolean }): Promise<number>;
    /** Deletes finished jobs past their retention, with their results (at most `limit` a call); returns how many. */
    purgeExpired(limit?: number): Promise<number>;
  };
  /**
   * Claims an Idempotency-Key for one request of `p` (its method, path and body digested to `requestHash` by the
   * face): a replay of the stored answer, or the go-ahead with a `finish` to call with the answer.
   */
  idempotent(p: Principal, key: string, requestHash: string): R<IdempotentStart>;
  /**
   * Gives back the quota units of holds past their time (lookups cut off by a crash); returns how many. Servers call
   * it at start-up and every minute; safe from many processes at once.
   */
  settleQuotaHolds(): Promise<number>;
  /** Operator and dashboard functions; every call names the account it acts on. */
  readonly accounts: {
    create(input: CreateAccountInput): R<AccountView>;
    get(id: string): R<AccountView>;
    setPlan(id: string, plan: string): R<AccountView>;
    setPeriod(id: string, start: string, end: string): R<AccountView>;
    usage(id: string): R<Usage>;
  };
  /**
   * The caller's allow and block lists (`list` is "allow" or "block"; another name is not_found): entries of the
   * kinds its scopes cover. Not charged against quota.
   */
  readonly lists: {
    add(p: Principal, list: string, body: unknown): R<Outcome<ListEntryWrite>>;
    page(p: Principal, list: string, query: unknown): R<Outcome<ListPage>>;
    remove(p: Principal, list: string, id: string): R<Outcome<ListEntry>>;
  };
  /** Feedback on results the caller received, and its JSON Lines export. Not charged against quota. */
  readonly feedback: {
    submit(p: Principal, body: unknown): R<Outcome<FeedbackWrite>>;
    export(p: Principal, query: unknown): R<Outcome<AsyncIterable<FeedbackExportLine>>>;
  };
  /** The dashboard's view of one account's lists and feedback (every kind, no rate limit). */
  readonly accountLists: {
    add(accountId: string, list: string, body: unknown): R<ListEntryWrite>;
    page(accountId: string, list: string, query: unknown): R<ListPage>;
    remove(accountId: string, list: string, id: string): R<ListEntry>;
  };
  readonly accountFeedback: {
    page(accountId: string, query: { cursor?: string; limit?: number }): R<FeedbackPage>;
    settings(accountId: string): R<FeedbackSettings>;
    setSettings(accountId: string, body: unknown): R<FeedbackSettings>;
  };
  readonly keys: {
    create(accountId: string, input: { mode: KeyMode; name?: string | undefined }): R<CreatedApiKey>;
    list(accountId: string): R<ApiKey[]>;
    revoke(accountId: string, keyId: string): R<ApiKey>;
    rename(accountId: string, keyId: string, name: string): R<ApiKey>;
  };
}

export type Engine = EngineCore & ChannelVerbs<typeof DEFAULT_CHANNELS>;

export function createEngine(deps: EngineDeps): Engine {
  const k = new Kernel(deps);
  const status = new StatusReporter(k);
  const jobs = new Jobs(k, deps.jobs);
  const unknownChannel = (id: string): never => {
    throw new Error(`no channel ${id} in this engine's registry`);
  };
  const core: EngineCore = {
    config: k.config,
    registry: k.registry,
    authenticate: (header) => k.authenticate(header),
    authenticateHeld: (header) => k.auth.held(header),
    check: (id, p, body) => check(k, k.registry.get(id) ?? unknownChannel(id), p, body),
    checkBatch: (id, p, body) => checkBatch(k, k.registry.get(id) ?? unknownChannel(id), p, body),
    usage: (p) => getUsage(k, p),
    report: (p, body) => createReport(k, p, body),
    status: () => status.status(),
    jobs: {
      submit: (p, body) => jobs.submit(p, body),
      submitUpload: (p, upload) => jobs.submitUpload(p, upload),
      submitFiles: (p, upload) => jobs.submitFiles(p, upload),
      get: (p, id) => jobs.get(p, id),
      results: (p, id) => jobs.results(p, id),
      cancel: (p, id) => jobs.cancel(p, id),
      perform: (task) => jobs.perform(task),
      abandon: (task) => jobs.abandon(task),
      recover: (options) => jobs.recover(options),
      purgeExpired: (limit) => jobs.purgeExpired(limit),
    },
    idempotent: (p, key, requestHash) => beginIdempotent(k, p, key, requestHash),
    settleQuotaHolds: () => k.lookups.settleExpiredHolds(),
    accounts: {
      create: (input) => createAccount(k, input),
      get: (id) => getAccount(k, id),
      setPlan: (id, plan) => setPlan(k, id, plan),
      setPeriod: (id, start, end) => setPeriod(k, id, start, end),
      usage: (id) => usageOf(k, id, false),
    },
    lists: {
      add: (p, list, body) => listVerbs.add(k, p, list, body),
      page: (p, list, query) => listVerbs.page(k, p, list, query),
      remove: (p, list, id) => listVerbs.remove(k, p, list, id),
    },
    feedback: {
      submit: (p, body) => feedbackVerbs.submit(k, p, body),
      export: (p, query) => feedbackVerbs.export(k, p, query),
    },
    accountLists: {
      add: (accountId, list, body) => accountListVerbs.add(k, accountId, list, body),
      page: (accountId, list, query) => accountListVerbs.page(k, accountId, list, query),
      remove: (accountId, list, id) => accountListVerbs.remove(k, accountId, list, id),
    },
    accountFeedback: {
      page: (accountId, query) => accountFeedbackVerbs.page(k, accountId, query),
      settings: (accountId) => accountFeedbackVerbs.settings(k, accountId),
      setSettings: (accountId, body) => accountFeedbackVerbs.setSettings(k, accountId, body),
    },
    keys: {
      create: (accountId, input) => createApiKey(k, accountId, input),
      list: (accountId) => listApiKeys(k, accountId),
      revoke: (accountId, keyId) => revokeApiKey(k, accountId, keyId),
      rename: (accountId, keyId, name) => renameApiKey(k, accountId, keyId, name),
    },
  };
  const verbs: Record<string, ChannelVerb<unknown>> = {};
  for (const def of k.registry.channels) {
    verbs[def.verb] = Object.assign((p: Principal, body: unknown) => check(k, def, p, body), {
      atOnce: (p: Principal, body: unknown) => checkHeld(k, def, p, body),
    });
    if (def.batch) verbs[def.batch.verb] = (p, body) => checkBatch(k, def, p, body);
  }
  return { ...verbs, ...core } as Engine;
}

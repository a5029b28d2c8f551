// One declaration per channel. Everything a face needs (route, OpenAPI path, the upload it accepts, MCP tool and
// prompt, CLI command, status component, quota channel and its plan limits and units, scope, test-mode magic inputs,
// batch and report support) is read from the definition, so adding a channel is one folder plus one line in the
// registry. Its assessment gets the ports it uses (ChannelPorts), never the engine's dependencies.
import type { Result } from "neverthrow";
import type { z } from "zod";
import type { AppError } from "../errors.js";
import type { HeldUnit, QuotaKey } from "../ports/quota-ledger.js";
import type { Verdict } from "../schemas/common.js";
import type { PlanName } from "../schemas/plans.js";
import type { Scope } from "../schemas/scopes.js";
import type { EngineDeps, Principal } from "../usecases/deps.js";
import type { Kernel } from "../usecases/kernel.js";
import type { Timers } from "../ports/timers.js";
import type { UploadKind } from "../analyzers/upload/sniff-upload.js";

/** A quota channel: a counter per account and billing period, with a limit per plan and its response headers. */
export interface QuotaChannelDefinition<Id extends string = string> {
  readonly id: Id;
  /** The word in the X-Quota-<Header>-Used / -Limit response headers. */
  readonly header: string;
  /** What one unit is, for people ("URL verifications"). */
  readonly unit: string;
  readonly limits: Readonly<Record<PlanName, number>>;
}

/** An input that always gives one verdict with a test key (like test card numbers). */
export interface MagicInput {
  readonly input: string;
  readonly verdict: Verdict;
}

/**
 * The outside world an assessment may use, handed to it: the readers, decoders, model and sources the engine was
 * given (each absent when not configured: the channel then does without), hashing, ids and timers. A channel reads
 * these, never the engine's dependencies.
 */
export type ChannelPorts = Pick<
  EngineDeps,
  | "hasher"
  | "ids"
  | "ai"
  | "qrDecoder"
  | "documentReader"
  | "mailReader"
  | "emailAuthenticator"
  | "urlSources"
  | "phoneSources"
> & { readonly timers: Timers };

/** What an assessment may call besides its own analyzers. */
export interface AssessContext {
  /** The mechanics: scoring and explaining (assemble), charged sub-lookups, the clock. */
  readonly kernel: Kernel;
  readonly ports: ChannelPorts;
  readonly principal: Principal;
  readonly mode: "live" | "test";
  /** The request asked to bypass the cache (charged sub-lookups pass it on). */
  readonly forceRefresh: boolean;
  /**
   * Where charged sub-lookups (a QR code's links) record the units they take, so that the units are given back if
   * the answer they are part of fails after all. Absent in test mode, where nothing is charged.
   */
  readonly charges?: QuotaKey[];
  /**
   * When set (a job item), charged sub-lookups leave their units held rather than committing them, and record them
   * here: the item's commit keeps them with its answer or gives them back, in one transaction, so an item answered by
   * two workers at once is charged for its parts once.
   */
  readonly holds?: HeldUnit[];
}

/** Fields the mechanics add to every computed result. */
export interface CacheFields {
  readonly cached: boolean;
  readonly cache_expires_at: string;
}

/** How the body of a request arrives: JSON, or a multipart form with one `file` part. */
export type BodyKind = "json" | "multipart";

/** An uploaded file as every face hands it to the engine (HTTP multipart, MCP base64 or path, CLI path or stdin). */
export interface Upload {
  readonly bytes: Uint8Array;
  /** As the client declared them; never trusted for the type (the magic bytes decide). */
  readonly filename?: string | undefined;
  readonly declaredType?: string | undefined;
}

/** What an upload channel's `file` part may be. */
export interface UploadDefinition {
  /** The kinds its magic bytes may show (the name and declared type are never trusted). */
  readonly accepts: readonly UploadKind[];
  /** What the file is, for people and models: "The image", "The PDF or image". */
  readonly what: string;
}

/** A ready-made MCP request (a prompt) that asks the model to investigate one input with the channel's tool. */
export interface PromptDefinition {
  readonly name: string;
  readonly title: string;
  /** The prompt's one argument and what it is. */
  readonly argument: string;
  readonly describe: string;
  /** The request to the model for a value of the argument. */
  ask(value: string): string;
}

export interface BatchDefinition<BatchVerb extends string = string> {
  /** Engine verb, e.g. "batchUrl". */
  readonly verb: BatchVerb;
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly request: z.ZodType;
  readonly response: z.ZodType;
  readonly mcpTool: string;
  /** The single-item bodies the validated batch body stands for, each with the field path its errors name. */
  items(body: unknown): { readonly body: Record<string, unknown>; readonly input: string; readonly field: string }[];
  /** Whether the batch asked to bypass the cache. */
  forceRefresh(body: unknown): boolean;
  /** What the items are, for people ("URLs"). */
  readonly itemName: string;
}

export interface ChannelDefinition<
  Id extends string = string,
  Req = unknown,
  Input = unknown,
  Res extends object = object,
  Verb extends string = string,
  BatchVerb extends string = string,
> {
  readonly id: Id;
  /** Engine verb, e.g. "lookupUrl" or "analyzeText". */
  readonly verb: Verb;
  readonly title: string;
  /** One paragraph for people and models: what it checks and what it costs. */
  readonly description: string;
  readonly scope: Scope;
  /**
   * The quota an analysis costs: a quota channel of its own (declared here), the id of another channel's quota
   * (charged by the assessment itself through a charged sub-lookup, as a QR code holding a URL costs 1 URL unit), or
   * null for none.
   */
  readonly quota: QuotaChannelDefinition | { readonly chargedBy: string } | null;
  /** The component of GET /api/v1/status that reports this channel. */
  readonly statusComponent: string;
  /** Its units as people count an allowance of them ("URL lookups", "QR code analyses"): the sign-up offer. */
  readonly units: string;
  readonly http: {
    readonly path: string;
    readonly body: BodyKind;
    readonly errors?: readonly AppError["code"][];
    /** Largest request body in bytes when the server's default (1 MiB JSON, 10 MiB upload) does not fit. */
    readonly maxBodyBytes?: number;
  };
  /** What the `file` part may be; required when the body is multipart. */
  readonly upload?: UploadDefinition;
  /** The request body (JSON) or the fields beside `file` (multipart). */
  readonly request: z.ZodType<Req>;
  /**
   * The validated request of a body that is plainly valid, equal to what `request` gives for it, made without running
   * the schema; undefined for any other body, which `request` then validates and words. Optional: a shortcut for the
   * commonest bodies only (a test holds it to the schema).
   */
  quickRequest?(body: unknown): object | undefined;
  readonly result: z.ZodType;
  /** Turns the validated request into the normalized input, or a validation_error. */
  parse(request: Req): Result<Input, AppError>;
  forceRefresh(request: Req): boolean;
  /** Cache key of the normalized input; never the raw input itself when it may hold personal content (hash it). */
  cacheKey(input: Input, deps: Pick<EngineDeps, "hasher">): string;
  /**
   * The assessment without the cache fields, or an expected failure (an image that does not decode, a quota a
   * charged sub-lookup finds spent). Test mode uses offline analysis and the magic inputs only.
   */
  assess(ctx: AssessContext, input: Input): Promise<Result<Res, AppError>>;
  readonly magic: readonly MagicInput[];
  /**
   * Request bodies for the scenario table every face runs: the body of a magic input (for upload channels, a file
   * holding it), and one the channel must refuse as a validation_error.
   */
  readonly samples: {
    magicBody(input: MagicInput): Record<string, unknown>;
    readonly invalid: Record<string, unknown>;
    /**
     * A request body that no other `n` or `tag` gives, for load runs whose every lookup must miss the cache (the
     * fault campaigns in bench/faults); absent for channels such runs do not load.
     */
    fresh?(n: number, tag: string): Record<string, unknown>;
  };
  readonly batch?: BatchDefinition<BatchVerb>;
  /** Community reports count against this channel's normalized values (report kind = channel id). */
  readonly reportable?: { normalize(value: string): Result<string, AppError>; readonly what: string };
  readonly mcp: {
    readonly tool: string;
    /** The compact readable summary a host shows first. */
    summarize(result: Res): string;
    /** What a result is about, as its summary names it (the URL, the number): a batch summary's name for each item. */
    subject?(result: Res): string;
    /** The investigation offered as an MCP prompt, with this channel's tool. */
    readonly prompt?: PromptDefinition;
  };
  readonly cli: {
    readonly command: string;
    /** Name of the positional arguments in help ("urls"). */
    readonly argument: string;
    readonly example: string;
    /** Turns one command-line argument (or one line of --file) into a request body. */
    toRequest(arg: string): Record<string, unknown>;
    /**
     * Options that set a request field for every input of the command (`text --sender-number`); a JSON Lines request
     * of --file that names the field keeps its own value.
     */
    readonly options?: readonly { readonly flags: string; readonly field: string; readonly description: string }[];
    /** Whether arguments are file paths (uploads, .eml files) instead of values. */
    readonly files?: boolean;
    /** The request body of a file's bytes; default an upload ({ file }). */
    fileBody?(bytes: Uint8Array, path: string): Record<string, unknown>;
  };
  /** false when a dependency the channel needs is missing (the status component then reads unavailable). */
  available?(deps: EngineDeps): boolean;
}

/** The result type of a channel as the faces see it. */
export type ChannelResult<C> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  C extends ChannelDefinition<string, any, any, infer R, string, string> ? R & CacheFields : never;

// `any` here only erases the definition's type parameters for heterogeneous lists; each definition is checked
// against its own parameters where it is declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyChannel = ChannelDefinition<string, any, any, any, string, string>;

/** Declares a channel; the identity function keeps its literal types for the registry. */
export function defineChannel<
  Id extends string,
  Req,
  Input,
  Res extends object,
  Verb extends string,
  BatchVerb extends string = never,
>(
  definition: ChannelDefinition<Id, Req, Input, Res, Verb, BatchVerb>,
): ChannelDefinition<Id, Req, Input, Res, Verb, BatchVerb> {
  return definition;
}

export function ownQuota(def: AnyChannel): QuotaChannelDefinition | null {
  return def.quota !== null && "id" in def.quota ? def.quota : null;
}

// The MCP tools, derived from the engine's channel registry: one per channel (check_url, check_phone, ...) and one
// per batch, each with the channel's scope and request schema, plus get_usage, get_status and report_scam. The text
// part of a result is the readable summary with the key findings; the full JSON goes only in structured content.
import {
  DEFAULT_REGISTRY,
  JobSubmitRequestSchema,
  LIST_ENTRY_KINDS,
  LIST_KIND_SCOPES,
  LIST_NAMES,
  ListEntryRequestSchema,
  ListEntryWriteSchema,
  ListPageSchema,
  type ListEntryKind,
  type ListEntryWrite,
  type ListPage,
  ReportRequestSchema,
  type JobResultLine,
  type JobView,
  ReportResultSchema,
  StatusSchema,
  UsageSchema,
  validationError,
  type AnyChannel,
  type AppError,
  type ChannelRegistry,
  type EngineCore,
  type Principal,
  type ReportResult,
  type Scope,
} from "@scamverify/core";
import { err, ok, type Result } from "neverthrow";
import { z, type ZodType } from "zod";

/** The part of the engine the tools call; a remote client (CLI --api-url) can stand in for it. */
export type McpEngine = Pick<EngineCore, "registry" | "check" | "checkBatch" | "usage" | "report"> & {
  status?: EngineCore["status"];
  /** The account's allow and block lists, where the engine keeps them. */
  lists?: Pick<EngineCore["lists"], "add" | "page">;
  /** Jobs, where the engine runs them (a server with a queue, or a remote one). */
  jobs?: {
    submit: EngineCore["jobs"]["submit"];
    get: EngineCore["jobs"]["get"];
    results(
      p: Principal,
      id: string,
    ): Promise<Result<{ value: AsyncIterable<JobResultLine> | readonly JobResultLine[] }, AppError>>;
  };
};

/**
 * MCP tool annotations: hints a host reads to decide whether to ask the user before a call. `destructiveHint` and
 * `idempotentHint` only mean something for a tool that is not read-only, so lookups leave them out.
 */
export interface ToolHints {
  readonly readOnlyHint: boolean;
  /** The call may reach beyond this server's own records: DNS, TLS, redirects, vendor APIs, an AI model. */
  readonly openWorldHint: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
}

/**
 * A lookup changes nothing the caller has (quota and the shared cache are bookkeeping, not the caller's world) and
 * may reach the network: a URL's DNS, certificate and redirects, vendor APIs, the AI model, and the sub-lookups of
 * every link and number in a message, document or code.
 */
const LOOKUP_HINTS: ToolHints = { readOnlyHint: true, openWorldHint: true };
/** Reads the account's or the server's own records. */
const OWN_RECORDS_HINTS: ToolHints = { readOnlyHint: true, openWorldHint: false };

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema?: ZodType;
  /** The schema of a successful result's structured content, from the core's result schemas. */
  readonly outputSchema?: ZodType;
  /** The scope a call needs, from its arguments (a report needs the scope of the kind it reports); null: none. */
  requiredScope(args: Record<string, unknown>): Scope | null;
  /** Every scope the tool can need, for the scope challenge advertised before a call. */
  readonly scopes: readonly Scope[];
  readonly annotations: ToolHints;
  call(
    engine: McpEngine,
    principal: Principal,
    args: Record<string, unknown>,
  ): Promise<Result<{ value: unknown }, AppError>>;
  summarize(value: unknown): string;
}

/**
 * The core schemas carry an OpenAPI component id, which the SDK's JSON Schema output turns into a top-level $ref;
 * MCP wants `type: "object"` at the top, so tools advertise a fresh object over the same field schemas. Cross-field
 * rules (exactly one of urls or items) are still enforced: the engine validates every call with the full schema.
 */
function inline(schema: ZodType): z.ZodObject | undefined {
  return schema instanceof z.ZodObject ? z.object(schema.shape) : undefined;
}

/** The structured content's schema of a tool whose result is an object (MCP requires an object at the top). */
function outputOf(schema: ZodType): { outputSchema?: ZodType } {
  const object = inline(schema);
  return object ? { outputSchema: object } : {};
}

/** An upload as MCP hosts send it: the bytes as base64 with their media type. */
export const McpUploadSchema = z.object({
  file_base64: z.string().max(20_000_000).describe("The file, base64-encoded"),
  media_type: z.string().max(100).optional().describe("Its media type, e.g. image/png (the bytes decide the type)"),
  filename: z.string().max(255).optional(),
});

/** What a channel's upload is, as its definition names it ("The PDF or image"). */
function uploadNoun(def: AnyChannel): string {
  return def.upload?.what ?? "The file";
}

function uploadArgs(def: AnyChannel): z.ZodObject {
  const fields = def.request instanceof z.ZodObject ? (def.request.shape as Record<string, ZodType>) : {};
  const rest = Object.fromEntries(Object.entries(fields).filter(([k]) => k !== "file"));
  return McpUploadSchema.extend({
    file_base64: McpUploadSchema.shape.file_base64.describe(`${uploadNoun(def)}, base64-encoded (at most 10 MiB)`),
    ...rest,
  });
}

/** Standard or URL-safe base64, padded or not; whitespace (line breaks of wrapped base64) is ignored. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function invalidUpload(message: string, field = "file_base64"): AppError {
  return validationError([{ field, message }]);
}

/**
 * Turns base64 upload arguments into the engine's { file: Upload } body. The tools/call handler does not validate
 * arguments against the advertised schema (the engine validates the body), so the base64 field is checked here,
 * where its name is known: the engine would only speak of `file`.
 */
export function uploadBody(args: Record<string, unknown>): Result<Record<string, unknown>, AppError> {
  const { file_base64, media_type, filename, ...rest } = args;
  if (file_base64 === undefined || file_base64 === null)
    return err(invalidUpload("Required: the file, base64-encoded."));
  if (typeof file_base64 !== "string") return err(invalidUpload("Expected a base64 string."));
  if (media_type !== undefined && typeof media_type !== "string")
    return err(invalidUpload("Expected a string.", "media_type"));
  if (filename !== undefined && typeof filename !== "string")
    return err(invalidUpload("Expected a string.", "filename"));
  const compact = /\s/.test(file_base64) ? file_base64.replace(/\s+/g, "") : file_base64;
  if (compact.length === 0) return err(invalidUpload("The file is empty."));
  if (!BASE64.test(compact) || compact.length % 4 === 1 || (compact.includes("=") && compact.length % 4 !== 0))
    return err(invalidUpload("Not valid base64."));
  const bytes = new Uint8Array(Buffer.from(compact, "base64"));
  if (bytes.byteLength === 0) return err(invalidUpload("The file is empty."));
  return ok({
    ...rest,
    file: {
      bytes,
      ...(media_type !== undefined ? { declaredType: media_type } : {}),
      ...(filename !== undefined ? { filename } : {}),
    },
  });
}

interface BatchLike {
  results?: ({ verdict?: string; risk_score?: number; error?: { code?: string } } & Record<string, unknown>)[];
  summary?: { total?: number; succeeded?: number; failed?: number; high_risk?: number; medium_risk?: number };
}

/** The batch in a few lines: the counts, then each item with its verdict (the worst first), at most 20. */
function batchSummary(kind: string, subject: (item: Record<string, unknown>) => string, v: BatchLike): string {
  const s = v.summary ?? {};
  const rank: Record<string, number> = { scam: 5, high_risk: 4, medium_risk: 3, low_risk: 2, safe: 1 };
  const items = (v.results ?? [])
    .map((r) =>
      r.error
        ? { line: `${String(r["input"] ?? "?")}: failed (${r.error.code ?? "error"})`, rank: 0 }
        : { line: `${subject(r)}: ${r.verdict ?? "?"} (${r.risk_score ?? "?"})`, rank: rank[r.verdict ?? ""] ?? 0 },
    )
    .sort((a, b) => b.rank - a.rank);
  const head = `Checked ${s.total ?? "?"} ${kind}: ${s.succeeded ?? "?"} succeeded, ${s.failed ?? 0} failed; ${s.high_risk ?? 0} high risk, ${s.medium_risk ?? 0} medium risk.`;
  const shown = items.slice(0, 20).map((i) => `- ${i.line}`);
  const more = items.length > 20 ? [`- ... and ${items.length - 20} more (see the structured result)`] : [];
  return [head, ...shown, ...more].join("\n");
}

function channelTools(def: AnyChannel): ToolDefinition[] {
  const upload = def.http.body === "multipart";
  const single: ToolDefinition = {
    name: def.mcp.tool,
    title: def.title,
    description: upload
      ? `${def.description} Send ${uploadNoun(def).replace("The ", "the ")} as file_base64 with its media_type.`
      : def.description,
    ...(upload ? { inputSchema: uploadArgs(def) } : inline(def.request) ? { inputSchema: inline(def.request)! } : {}),
    ...outputOf(def.result),
    scopes: [def.scope],
    requiredScope: () => def.scope,
    annotations: LOOKUP_HINTS,
    call: async (e, p, a) => {
      if (!upload) return e.check(def.id, p, a);
      const body = uploadBody(a);
      return body.isErr() ? err(body.error) : e.check(def.id, p, body.value);
    },
    summarize: (v) => def.mcp.summarize(v as never),
  };
  const batch = def.batch;
  if (!batch) return [single];
  // The item's own name (a URL, a number), never a cut of its summary: a URL's summary has a colon in its scheme.
  const subject = (item: Record<string, unknown>): string =>
    def.mcp.subject?.(item as never) ?? String(item["input"] ?? "item");
  return [
    single,
    {
      name: batch.mcpTool,
      title: batch.title,
      description: batch.description,
      ...(inline(batch.request) ? { inputSchema: inline(batch.request)! } : {}),
      ...outputOf(batch.response),
      scopes: [def.scope],
      requiredScope: () => def.scope,
      annotations: LOOKUP_HINTS,
      call: (e, p, a) => e.checkBatch(def.id, p, a),
      summarize: (v) => batchSummary(batch.itemName, subject, v as BatchLike),
    },
  ];
}

/** Lines get_job shows with include_results: enough to read, small enough for a model's context. */
const JOB_RESULTS_SHOWN = 100;

const noJobs = (): AppError => ({ code: "not_found", message: "Jobs are not available through this server." });

/** submit_job and get_job, over the channels whose items are JSON bodies. */
function jobTools(registry: ChannelRegistry): ToolDefinition[] {
  const channels = registry.channels.filter((c) => c.http.body === "json" && (c.quota === null || "id" in c.quota));
  const scopes = [...new Set(channels.map((c) => c.scope))];
  return [
    {
      name: "submit_job",
      title: "Submit an asynchronous job",
      description: `Check up to 100,000 items of one channel (${channels.map((c) => c.id).join(", ")}) in the background. items are the channel tool's arguments (e.g. {url} for url). Returns the job id; poll it with get_job. Each non-cached item costs 1 unit of the channel's quota. Documents and QR images are not taken here: check them one at a time with their own tools.`,
      inputSchema: inline(JobSubmitRequestSchema)!,
      scopes,
      requiredScope: (a) => registry.get(String(a["channel"]))?.scope ?? scopes[0] ?? null,
      // It runs lookups (the open world) and calls the job's webhook; a second call submits a second job.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      call: (e, p, a) => (e.jobs ? e.jobs.submit(p, a) : Promise.resolve(err(noJobs()))),
      summarize: (v) => {
        const j = v as { id?: string; status?: string };
        return `Job ${j.id ?? "?"} ${j.status ?? "queued"}; poll it with get_job.`;
      },
    },
    {
      name: "get_job",
      title: "Show a job's progress (and its results)",
      description: `A job's status and counts. With include_results, the first ${JOB_RESULTS_SHOWN} answers in index order ({index, result} or {index, error}).`,
      inputSchema: z.object({
        id: z.string().max(64).describe("The job id submit_job returned"),
        include_results: z.boolean().optional().describe(`Add the first ${JOB_RESULTS_SHOWN} answers`),
      }),
      scopes,
      // The job's channel decides the scope; the engine checks it once the job is found.
      requiredScope: () => null,
      annotations: OWN_RECORDS_HINTS,
      call: async (e, p, a) => {
        if (!e.jobs) return err(noJobs());
        const id = String(a["id"] ?? "");
        const job = await e.jobs.get(p, id);
        if (job.isErr() || a["include_results"] !== true) return job;
        const lines = await e.jobs.results(p, id);
        if (lines.isErr()) return err(lines.error);
        const shown: JobResultLine[] = [];
        for await (const line of lines.value.value) {
          if (shown.length >= JOB_RESULTS_SHOWN) break;
          shown.push(line);
        }
        return ok({ value: { ...job.value.value, results: shown } });
      },
      summarize: (v) => {
        const j = v as JobView & { results?: JobResultLine[] };
        const head = `Job ${j.id} ${j.status}: ${j.completed + j.failed}/${j.total} answered (${j.completed} results, ${j.failed} errors).`;
        return j.results ? `${head} ${j.results.length} answers shown in the structured result.` : head;
      },
    },
  ];
}

/** Every tool an engine with this registry offers. */
export function toolsFor(registry: ChannelRegistry): readonly ToolDefinition[] {
  const reportable = registry.channels.filter((c) => c.reportable);
  return [
    ...registry.channels.flatMap(channelTools),
    {
      name: "get_usage",
      title: "Show usage and quota",
      description:
        "Show the account's plan, billing period, and used and remaining units per quota channel this period.",
      ...outputOf(UsageSchema),
      scopes: ["usage:read"],
      requiredScope: () => "usage:read",
      annotations: OWN_RECORDS_HINTS,
      call: (e, p) => e.usage(p),
      summarize: (v) => {
        const u = v as { plan?: string; quotas?: Record<string, { used?: number; limit?: number }> };
        const parts = Object.entries(u.quotas ?? {}).map(([k, q]) => `${k} ${q.used ?? 0}/${q.limit ?? 0}`);
        return `Plan ${u.plan ?? "unknown"}: ${parts.join(", ")}.`;
      },
    },
    {
      name: "get_status",
      title: "Show service status",
      description: "Show whether the service and each channel, the database and the AI model are operational.",
      ...outputOf(StatusSchema),
      scopes: [],
      requiredScope: () => null,
      annotations: OWN_RECORDS_HINTS,
      call: async (e) => {
        if (!e.status) return err({ code: "not_found", message: "Status is not available through this server." });
        return ok({ value: await e.status() });
      },
      summarize: (v) => {
        const s = v as { status?: string; components?: Record<string, string> };
        const down = Object.entries(s.components ?? {}).filter(([, c]) => c !== "operational");
        const tail = down.length === 0 ? "every component operational" : down.map(([k, c]) => `${k} ${c}`).join(", ");
        return `Service ${s.status ?? "unknown"}: ${tail}.`;
      },
    },
    {
      name: "report_scam",
      title: `Report a scam ${reportable.map((c) => c.reportable!.what).join(" or ")}`,
      description: `Report a ${reportable.map((c) => `${c.id} (${c.reportable!.what}, needs ${c.scope})`).join(" or ")} as a scam to the community database (one counted report per account, value and day).`,
      inputSchema: inline(ReportRequestSchema)!,
      ...outputOf(ReportResultSchema),
      scopes: [...new Set(reportable.map((c) => c.scope))],
      requiredScope: (a) => registry.get(String(a["kind"]))?.scope ?? reportable[0]?.scope ?? null,
      // It adds a report to the community database and removes nothing; the same report again the same day is not
      // counted twice. The database is this server's own.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      call: (e, p, a) => e.report(p, a),
      summarize: (v) => {
        const r = v as ReportResult;
        const outcome = r.counted
          ? "Report counted"
          : r.not_counted_reason === "test_key"
            ? "Test key: report accepted, not counted (test keys change no community data)"
            : "Already reported today";
        return `${outcome} for ${r.value}; ${r.community_reports} community reports in total.`;
      },
    },
    ...jobTools(registry),
    ...listTools(),
  ];
}

const LIST_SCOPES = [...new Set(Object.values(LIST_KIND_SCOPES))];
// Plain enums (not the core's named schemas), so a host reads the choices inline rather than through a $ref.
const LIST_ARG = z.enum(LIST_NAMES).describe("allow or block");
const KIND_ARG = z
  .enum(LIST_ENTRY_KINDS)
  .describe("domain (a host and its subdomains), url (one URL), phone (one number), sender (one email address)");

function noLists(): AppError {
  return { code: "service_unavailable", message: "This server keeps no account lists." };
}

/** The account's allow and block lists: read them, and add to them (removal stays with the API, CLI and dashboard). */
function listTools(): ToolDefinition[] {
  const entryLine = (e: { list: string; kind: string; value: string; expired: boolean }): string =>
    `${e.list} ${e.kind} ${e.value}${e.expired ? " (expired)" : ""}`;
  return [
    {
      name: "get_account_lists",
      title: "Show the account's allow or block list",
      description:
        "The entries of the account's allow or block list (newest first, up to 100 per call; pass next_cursor as cursor for more). A block entry makes a matching lookup at least scam; an allow entry caps it at safe (low_risk when a threat feed lists it). Shows the entry kinds the token's scopes cover.",
      inputSchema: z.object({
        list: LIST_ARG,
        kind: KIND_ARG.optional(),
        cursor: z.string().max(200).optional().describe("next_cursor of the previous call"),
      }),
      ...outputOf(ListPageSchema),
      scopes: LIST_SCOPES,
      requiredScope: (a) => (a["kind"] === undefined ? null : (LIST_KIND_SCOPES[a["kind"] as ListEntryKind] ?? null)),
      annotations: OWN_RECORDS_HINTS,
      call: (e, p, a) => {
        if (!e.lists) return Promise.resolve(err(noLists()));
        const { list, ...query } = a;
        return e.lists.page(p, String(list ?? ""), query);
      },
      summarize: (v) => {
        const page = v as ListPage;
        if (page.entries.length === 0) return `The ${page.list} list has no entries.`;
        return `${page.entries.length} entries of the ${page.list} list: ${page.entries.map(entryLine).join("; ")}${page.next_cursor === null ? "." : "; more with cursor " + page.next_cursor + "."}`;
      },
    },
    {
      name: "add_to_account_list",
      title: "Add a domain, URL, phone number or sender to the account's allow or block list",
      description:
        "Adds (or updates: same list, kind and value) an entry, which then changes this account's lookups only: a block entry makes a matching lookup at least scam, an allow entry caps it at safe (low_risk when a threat feed lists it). Domain entries cover subdomains. Needs url:lookup (domain, url), phone:lookup (phone) or email:analyze (sender).",
      inputSchema: inline(ListEntryRequestSchema)!.extend({ list: LIST_ARG, kind: KIND_ARG }),
      ...outputOf(ListEntryWriteSchema),
      scopes: LIST_SCOPES,
      requiredScope: (a) => LIST_KIND_SCOPES[a["kind"] as ListEntryKind] ?? null,
      // It changes the account's own records and removes nothing; the same entry again updates it in place.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      call: (e, p, a) => {
        if (!e.lists) return Promise.resolve(err(noLists()));
        const { list, ...body } = a;
        return e.lists.add(p, String(list ?? ""), body);
      },
      summarize: (v) => {
        const entry = v as ListEntryWrite;
        return `${entry.created ? "Added" : "Updated"} ${entryLine(entry)} (entry ${entry.id}).`;
      },
    },
  ];
}

/** The tools of the default registry. */
export const TOOLS: readonly ToolDefinition[] = toolsFor(DEFAULT_REGISTRY);

export function findTool(name: string, registry: ChannelRegistry = DEFAULT_REGISTRY): ToolDefinition | undefined {
  return (registry === DEFAULT_REGISTRY ? TOOLS : toolsFor(registry)).find((t) => t.name === name);
}

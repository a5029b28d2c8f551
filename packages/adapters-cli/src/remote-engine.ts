// The engine calls of the CLI's --api-url mode and the remote MCP server, answered by a server's /api/v1: the paths,
// methods and body kinds come from the HTTP face's endpoint table, so a channel added to the registry is reachable
// remotely with no change here. The server enforces the key's scopes and quota itself.
import {
  DEFAULT_REGISTRY,
  type AppError,
  type ChannelRegistry,
  type EngineCore,
  type FeedbackExportLine,
  type JobResultLine,
  type JobSubmitted,
  type Outcome,
  type Principal,
} from "@scamverify/core";
import { createEndpoints, endpointOfVerb, type Endpoint } from "@scamverify/adapters-http";
import { err, type Result } from "neverthrow";
import { callApi, type RemoteOptions } from "./remote.js";

/** The job verbs a remote server answers (its workers do the work): results come back as an array of lines. */
export interface RemoteJobs {
  submit: EngineCore["jobs"]["submit"];
  /** A job of files, sent as multipart/form-data (one part named file per file). */
  submitFiles: EngineCore["jobs"]["submitFiles"];
  get: EngineCore["jobs"]["get"];
  cancel: EngineCore["jobs"]["cancel"];
  results(p: Principal, id: string): Promise<Result<Outcome<JobResultLine[]>, AppError>>;
}

/** The feedback verbs a remote server answers: the export comes back as an array of lines. */
export interface RemoteFeedback {
  submit: EngineCore["feedback"]["submit"];
  export(p: Principal, query: unknown): Promise<Result<Outcome<FeedbackExportLine[]>, AppError>>;
}

export type RemoteEngine = Pick<
  EngineCore,
  "registry" | "check" | "checkBatch" | "usage" | "report" | "status" | "lists"
> & {
  readonly jobs: RemoteJobs;
  readonly feedback: RemoteFeedback;
};

export function createRemoteEngine(remote: RemoteOptions, registry: ChannelRegistry = DEFAULT_REGISTRY): RemoteEngine {
  const endpoints = createEndpoints(registry);
  const call = async <T>(
    e: Endpoint | undefined,
    verb: string,
    body?: unknown,
    params: Readonly<Record<string, string>> = {},
    form = false,
  ): Promise<Result<Outcome<T>, AppError>> => {
    if (e === undefined) return err({ code: "not_found", message: `The server has no route for ${verb}.` });
    const method = e.method === "get" ? "GET" : e.method === "delete" ? "DELETE" : "POST";
    // A job of files goes as a form to the route that also takes JSON.
    const kind = form || e.body === "multipart" ? "multipart" : "json";
    let path = e.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""));
    if (e.body === "query" && body !== null && typeof body === "object") {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(body)) if (value !== undefined) query.set(name, String(value));
      if (query.size > 0) path += `?${query.toString()}`;
    }
    const answer = e.answer === "jsonl" ? "jsonl" : "json";
    const sent = e.body === "none" || e.body === "query" ? undefined : body;
    return (await callApi<T>(remote, method, path, sent, 0, kind, answer)).map((value) => ({ value, meta: {} }));
  };
  const jobCall = <T>(verb: string, id: string): Promise<Result<Outcome<T>, AppError>> =>
    call<T>(endpointOfVerb(endpoints, verb), verb, undefined, { id });
  const verbOf = (channel: string, batch: boolean): string => {
    const def = registry.get(channel);
    return (batch ? def?.batch?.verb : def?.verb) ?? `${channel}${batch ? " batch" : ""}`;
  };
  return {
    registry,
    check: (channel, _p, body) => call(endpointOfVerb(endpoints, verbOf(channel, false)), verbOf(channel, false), body),
    checkBatch: (channel, _p, body) =>
      call(endpointOfVerb(endpoints, verbOf(channel, true)), verbOf(channel, true), body),
    usage: () => call(endpointOfVerb(endpoints, "usage"), "usage"),
    report: (_p, body) => call(endpointOfVerb(endpoints, "report"), "report", body),
    jobs: {
      submit: (_p, body) => call(endpointOfVerb(endpoints, "submitJob"), "submitJob", body),
      submitFiles: (_p, upload) =>
        call<JobSubmitted>(
          endpointOfVerb(endpoints, "submitJob"),
          "submitJob",
          {
            channel: upload.channel,
            webhook_url: upload.webhook_url,
            ...(upload.force_refresh === true ? { force_refresh: "true" } : {}),
            file: upload.files,
          },
          {},
          true,
        ),
      get: (_p, id) => jobCall("getJob", id),
      cancel: (_p, id) => jobCall("cancelJob", id),
      results: (_p, id) => jobCall("jobResults", id),
    },
    lists: {
      add: (_p, list, body) => call(endpointOfVerb(endpoints, "addListEntry"), "addListEntry", body, { list }),
      page: (_p, list, query) => call(endpointOfVerb(endpoints, "listEntries"), "listEntries", query, { list }),
      remove: (_p, list, id) =>
        call(endpointOfVerb(endpoints, "removeListEntry"), "removeListEntry", undefined, { list, id }),
    },
    feedback: {
      submit: (_p, body) => call(endpointOfVerb(endpoints, "submitFeedback"), "submitFeedback", body),
      export: (_p, query) => call(endpointOfVerb(endpoints, "exportFeedback"), "exportFeedback", query),
    },
    status: async () => {
      const statusRoute = endpoints.find((e) => e.kind === "status");
      const r = await callApi<Awaited<ReturnType<EngineCore["status"]>>>(
        remote,
        "GET",
        statusRoute?.path ?? "/api/v1/status",
      );
      if (r.isErr()) throw new Error(r.error.message);
      return r.value;
    },
  };
}

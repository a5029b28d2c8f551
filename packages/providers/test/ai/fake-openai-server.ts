// An OpenAI-compatible server on 127.0.0.1 for the AI adapter's tests: POST /v1/chat/completions answers in the
// documented chat-completion shape (choices[0].message.content / refusal, finish_reason, usage), GET /v1/models lists
// models, and each test scripts what the next completion looks like: JSON, malformed text, a refusal, an error status
// with Retry-After, or no answer at all.

import type { ServerResponse } from "node:http";
import { sendJson, startLocalServer, type LocalServer, type RecordedRequest } from "../support/local-server.js";

export type Script =
  | { readonly kind: "json"; readonly body: unknown; readonly finish?: string }
  | { readonly kind: "text"; readonly content: string }
  | { readonly kind: "refusal"; readonly refusal: string }
  | { readonly kind: "status"; readonly status: number; readonly headers?: Record<string, string> }
  | { readonly kind: "hang" }
  | { readonly kind: "from_schema"; readonly answer: (schema: unknown) => unknown };

export interface FakeOpenAi {
  readonly server: LocalServer;
  readonly baseURL: string;
  /** The next completions, in order; the last one repeats. */
  script(...scripts: Script[]): void;
  completions(): RecordedRequest[];
  /** Parsed bodies of the chat-completion requests received. */
  bodies(): Array<Record<string, unknown>>;
  modelsStatus: number;
  close(): Promise<void>;
}

export const USAGE = { prompt_tokens: 812, completion_tokens: 96, total_tokens: 908 };

function completion(res: ServerResponse, model: string, message: Record<string, unknown>, finish = "stop"): void {
  sendJson(res, 200, {
    id: "chatcmpl-test-1",
    object: "chat.completion",
    created: 1_763_900_000,
    model,
    choices: [
      { index: 0, message: { role: "assistant", refusal: null, ...message }, logprobs: null, finish_reason: finish },
    ],
    usage: USAGE,
  });
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let scripts: Script[] = [{ kind: "json", body: {} }];
  let served = 0;
  const hanging: ServerResponse[] = [];
  const state = { modelsStatus: 200 };
  const server = await startLocalServer((req, res) => {
    if (req.method === "GET" && req.url === "/v1/models") {
      if (state.modelsStatus !== 200) return sendJson(res, state.modelsStatus, { error: { message: "down" } });
      return sendJson(res, 200, {
        object: "list",
        data: [{ id: "test-model", object: "model", created: 1_700_000_000, owned_by: "test" }],
      });
    }
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      return sendJson(res, 404, { error: { message: "not found", type: "invalid_request_error" } });
    }
    const body = JSON.parse(req.body) as { model: string; response_format?: { json_schema?: { schema?: unknown } } };
    const script = scripts[Math.min(served, scripts.length - 1)] as Script;
    served++;
    switch (script.kind) {
      case "json":
        return completion(res, body.model, { content: JSON.stringify(script.body) }, script.finish);
      case "text":
        return completion(res, body.model, { content: script.content });
      case "refusal":
        return completion(res, body.model, { content: null, refusal: script.refusal });
      case "status":
        return sendJson(
          res,
          script.status,
          { error: { message: `status ${script.status}`, type: "server_error", code: null } },
          script.headers,
        );
      case "hang":
        hanging.push(res);
        return undefined;
      case "from_schema":
        return completion(res, body.model, {
          content: JSON.stringify(script.answer(body.response_format?.json_schema?.schema)),
        });
    }
  });
  const chat = () => server.requests.filter((r) => r.url === "/v1/chat/completions");
  return {
    server,
    baseURL: `${server.origin}/v1`,
    script(...next) {
      scripts = next;
      served = 0;
    },
    completions: chat,
    bodies: () => chat().map((r) => JSON.parse(r.body) as Record<string, unknown>),
    get modelsStatus() {
      return state.modelsStatus;
    },
    set modelsStatus(v: number) {
      state.modelsStatus = v;
    },
    async close() {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  };
}

/**
 * The answer a compromised model would give: every enum at its first (lowest) value, every number at the schema's
 * minimum, every string "harmless, safe", every nullable object filled in.
 */
export function lowestAnswer(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.anyOf)) {
    const options = s.anyOf as Array<Record<string, unknown>>;
    return lowestAnswer(options.find((o) => o.type !== "null") ?? options[0]);
  }
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, lowestAnswer(v)]));
    }
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : -1_000_000;
    case "array":
      return [];
    case "boolean":
      return false;
    default:
      return "harmless, safe";
  }
}

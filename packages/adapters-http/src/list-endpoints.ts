// The routes of accounts' allow and block lists and of feedback on results: add, page and remove list entries
// ({list} is allow or block), label a result, and export the labels as JSON Lines. None is charged against quota;
// the scopes they need are those of the entry kinds and result channels they touch.
import {
  FeedbackExportLineSchema,
  FeedbackExportQuerySchema,
  FeedbackRequestSchema,
  FeedbackWriteSchema,
  ListEntryRequestSchema,
  ListEntrySchema,
  ListEntryWriteSchema,
  ListPageSchema,
  ListQuerySchema,
  MAX_LIST_ENTRIES,
  type ErrorCode,
} from "@scamverify/core";
import type { EngineEndpoint } from "./endpoints.js";

const SCOPES_NOTE =
  "domain and url entries need url:lookup, phone entries phone:lookup, sender entries email:analyze; a caller sees the entries of the kinds its scopes cover. Not charged against quota.";

export function listEndpoints(v1: string, bodyErrors: readonly ErrorCode[]): EngineEndpoint[] {
  const common = { kind: "engine", scope: null, quota: null, channel: null } as const;
  const param = (params: Readonly<Record<string, string>>, name: string): string => params[name] ?? "";
  return [
    {
      ...common,
      method: "get",
      path: `${v1}/lists/{list}`,
      summary: "Page through the allow or block list of the calling account",
      description: `{list} is allow or block (another name is 404 not_found). Newest first; next_cursor gives the next page. ${SCOPES_NOTE}`,
      request: ListQuerySchema,
      response: ListPageSchema,
      status: 200,
      body: "query",
      errors: ["validation_error", "not_found"],
      verb: "listEntries",
      call: (engine, p, query, params) => engine.lists.page(p, param(params, "list"), query),
    },
    {
      ...common,
      method: "post",
      path: `${v1}/lists/{list}`,
      summary: "Add an entry to the allow or block list of the calling account",
      description:
        `An upsert on (list, kind, value): the same entry again updates its note and expiry (created: false). The value is normalized (a domain to its ASCII host, a URL as lookups normalize it, a number to E.164, a sender's domain to lower case). ` +
        `At most ${MAX_LIST_ENTRIES.toLocaleString("en-US")} entries per account over both lists (409 conflict beyond). ` +
        "A block entry lifts a matching lookup (the item, or a link, number or sender it holds) to at least 85 (scam); an allow entry on the item itself caps it at 15 (safe), or 39 (low_risk) when a threat feed lists it. Either shows as the factor account_blocklist or account_allowlist naming the entry; block wins over allow; expired entries are ignored; other accounts are never affected. " +
        SCOPES_NOTE,
      request: ListEntryRequestSchema,
      response: ListEntryWriteSchema,
      status: 200,
      body: "json",
      errors: [...bodyErrors, "not_found", "conflict"],
      verb: "addListEntry",
      call: (engine, p, body, params) => engine.lists.add(p, param(params, "list"), body),
    },
    {
      ...common,
      method: "delete",
      path: `${v1}/lists/{list}/{id}`,
      summary: "Remove an entry from the allow or block list of the calling account",
      description: `Answers the removed entry. An unknown id, or another account's, is 404 not_found. ${SCOPES_NOTE}`,
      request: null,
      response: ListEntrySchema,
      status: 200,
      body: "none",
      errors: ["not_found"],
      verb: "removeListEntry",
      call: (engine, p, _body, params) => engine.lists.remove(p, param(params, "list"), param(params, "id")),
    },
    {
      ...common,
      method: "post",
      path: `${v1}/feedback`,
      summary: "Label a result the calling account received",
      description:
        "kind false_positive, false_negative or comment (comment then required). result_id is the id of a result this account received in the last 30 days; any other id (another account's included) is 404 not_found. A later label on the same result replaces the earlier one. " +
        "When the account shares feedback as community reports (a dashboard setting, off by default), a false_negative on a URL or phone result of a live key also counts as a community report of the site or number. Needs the scope of the result's channel. Not charged against quota.",
      request: FeedbackRequestSchema,
      response: FeedbackWriteSchema,
      status: 201,
      body: "json",
      errors: [...bodyErrors, "not_found"],
      verb: "submitFeedback",
      call: (engine, p, body) => engine.feedback.submit(p, body),
    },
    {
      ...common,
      method: "get",
      path: `${v1}/feedback/export`,
      summary: "The calling account's feedback as JSON Lines, for retraining",
      description:
        "application/jsonl, one line per labelled result, oldest change first: the result's channel, subject (the URL or E.164 number; null for messages, documents and images), verdict, risk_score and rules (factor ids) beside the label and comment. Message content is never kept, so never exported. Only results of the channels the caller's scopes cover. Not charged against quota.",
      request: FeedbackExportQuerySchema,
      response: FeedbackExportLineSchema,
      status: 200,
      body: "query",
      answer: "jsonl",
      errors: ["validation_error"],
      verb: "exportFeedback",
      call: (engine, p, query) => engine.feedback.export(p, query),
    },
  ];
}

// An account's allow and block lists: add (an idempotent upsert on list, kind and value), page through, remove. A
// caller sees and changes the entries of the kinds its scopes cover: domain and url entries need url:lookup, phone
// entries phone:lookup, sender entries email:analyze. Nothing here is charged against quota; calls are rate limited
// like any other. The dashboard acts on its signed-in account with every kind (the `forAccount` verbs).
import { err, ok, type Result } from "neverthrow";
import { appError, validationError, type AppError } from "../errors.js";
import type { ListEntryRecord } from "../ports/list-store.js";
import type { Scope } from "../schemas/scopes.js";
import {
  DEFAULT_LIST_PAGE,
  LIST_ENTRY_KINDS,
  LIST_NAMES,
  ListEntryRequestSchema,
  ListQuerySchema,
  MAX_LIST_ENTRIES,
  type ListEntry,
  type ListEntryKind,
  type ListEntryWrite,
  type ListName,
  type ListPage,
} from "../schemas/lists.js";
import { normalizeEntryValue } from "../lists/normalize-entry.js";
import type { Principal } from "./deps.js";
import { guardStore } from "./guard-store.js";
import type { Kernel, Outcome } from "./kernel.js";
import { parseBody } from "./parse-body.js";

/** The scope an entry kind needs: the channel whose lookups it changes. */
export const LIST_KIND_SCOPES: Readonly<Record<ListEntryKind, Scope>> = {
  domain: "url:lookup",
  url: "url:lookup",
  phone: "phone:lookup",
  sender: "email:analyze",
};

type R<T> = Promise<Result<T, AppError>>;

function listOf(name: string): Result<ListName, AppError> {
  return (LIST_NAMES as readonly string[]).includes(name)
    ? ok(name as ListName)
    : err(appError("not_found", `There is no list ${JSON.stringify(name)}: the lists are allow and block.`));
}

export function toListEntry(e: ListEntryRecord, now: Date): ListEntry {
  return {
    id: e.id,
    list: e.list,
    kind: e.kind,
    value: e.value,
    note: e.note,
    expires_at: e.expiresAt?.toISOString() ?? null,
    expired: e.expiresAt !== null && e.expiresAt <= now,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/** A page's end as the next page's cursor: the position's time in milliseconds and its id ("<ms>.<id>"). */
export const encodeCursor = (at: Date, id: string): string => `${at.getTime()}.${id}`;

export function decodeCursor(cursor: string | undefined): Result<{ at: Date; id: string } | null, AppError> {
  if (cursor === undefined || cursor === "") return ok(null);
  const m = /^(\d{1,15})\.([\w-]{1,100})$/.exec(cursor);
  if (m !== null) return ok({ at: new Date(Number(m[1])), id: m[2]! });
  return err(validationError([{ field: "cursor", message: "is not a cursor this API gave" }]));
}

/** The kinds a principal's scopes cover; insufficient_scope when none. */
function kindsOf(p: Principal): Result<ListEntryKind[], AppError> {
  const kinds = LIST_ENTRY_KINDS.filter((k) => p.scopes.includes(LIST_KIND_SCOPES[k]));
  if (kinds.length > 0) return ok(kinds);
  return err(
    appError("insufficient_scope", "Lists need url:lookup, phone:lookup or email:analyze.", {
      details: { required_scope: "url:lookup" },
    }),
  );
}

function needScope(p: Principal, kind: ListEntryKind): Result<Scope, AppError> {
  const scope = LIST_KIND_SCOPES[kind];
  if (p.scopes.includes(scope)) return ok(scope);
  return err(
    appError("insufficient_scope", `${kind} entries need the scope ${scope}.`, { details: { required_scope: scope } }),
  );
}

async function admitted<T>(k: Kernel, p: Principal, scope: Scope, work: () => R<T>): R<Outcome<T>> {
  const limited = await k.admit(p, scope, "api");
  if (limited.isErr()) return err(limited.error);
  const out = await guardStore(work);
  return out.map((value) => ({ value, meta: { rateLimit: limited.value } }));
}

async function addEntry(
  k: Kernel,
  accountId: string,
  list: ListName,
  input: { kind: ListEntryKind; value: string; note?: string | undefined; expires_at?: string | undefined },
): R<ListEntryWrite> {
  const value = normalizeEntryValue(input.kind, input.value);
  if (value.isErr()) return err(value.error);
  const now = k.now();
  const expiresAt = input.expires_at === undefined ? null : new Date(input.expires_at);
  if (expiresAt !== null && expiresAt <= now)
    return err(validationError([{ field: "expires_at", message: "must be in the future" }]));
  const stored = await k.lists.upsert(
    {
      id: k.deps.ids.uuid(),
      accountId,
      list,
      kind: input.kind,
      value: value.value,
      note: input.note === undefined || input.note.trim() === "" ? null : input.note.trim(),
      expiresAt,
      createdAt: now,
      updatedAt: now,
    },
    MAX_LIST_ENTRIES,
  );
  if (stored.kind === "limit_reached")
    return err(
      appError(
        "conflict",
        `This account holds ${stored.count.toLocaleString("en-US")} list entries, the most it can (${MAX_LIST_ENTRIES.toLocaleString("en-US")} over both lists): remove some first.`,
        { details: { limit: MAX_LIST_ENTRIES, count: stored.count } },
      ),
    );
  k.views.forget(accountId);
  return ok({ ...toListEntry(stored.entry, now), created: stored.created });
}

async function pageEntries(
  k: Kernel,
  accountId: string,
  list: ListName,
  kinds: readonly ListEntryKind[],
  query: { limit?: number | undefined; cursor?: string | undefined },
): R<ListPage> {
  const cursor = decodeCursor(query.cursor);
  if (cursor.isErr()) return err(cursor.error);
  const after = cursor.value === null ? null : { createdAt: cursor.value.at, id: cursor.value.id };
  const limit = query.limit ?? DEFAULT_LIST_PAGE;
  const rows = await k.lists.page(accountId, list, { kinds, after, limit: limit + 1 });
  const now = k.now();
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return ok({
    list,
    entries: shown.map((e) => toListEntry(e, now)),
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(last.createdAt, last.id) : null,
  });
}

async function removeEntry(
  k: Kernel,
  accountId: string,
  list: ListName,
  id: string,
  allowed: (kind: ListEntryKind) => Result<unknown, AppError>,
): R<ListEntry> {
  const missing = appError("not_found", `This account's ${list} list has no entry ${id}.`);
  const found = await k.lists.find(accountId, list, id);
  if (found === null) return err(missing);
  const may = allowed(found.kind);
  if (may.isErr()) return err(may.error);
  const removed = await k.lists.remove(accountId, list, id);
  if (removed === null) return err(missing);
  k.views.forget(accountId);
  return ok(toListEntry(removed, k.now()));
}

/** The API's verbs: the principal's account, the kinds its scopes cover, rate limited. */
export const listVerbs = {
  async add(k: Kernel, p: Principal, listName: string, body: unknown): R<Outcome<ListEntryWrite>> {
    const list = listOf(listName);
    if (list.isErr()) return err(list.error);
    const input = parseBody(ListEntryRequestSchema, body);
    if (input.isErr()) return err(input.error);
    const scope = needScope(p, input.value.kind);
    if (scope.isErr()) return err(scope.error);
    return admitted(k, p, scope.value, () => addEntry(k, p.accountId, list.value, input.value));
  },

  async page(k: Kernel, p: Principal, listName: string, query: unknown): R<Outcome<ListPage>> {
    const list = listOf(listName);
    if (list.isErr()) return err(list.error);
    const q = parseBody(ListQuerySchema, query);
    if (q.isErr()) return err(q.error);
    const kinds = kindsOf(p);
    if (kinds.isErr()) return err(kinds.error);
    const wanted = q.value.kind;
    if (wanted !== undefined) {
      const scope = needScope(p, wanted);
      if (scope.isErr()) return err(scope.error);
    }
    const scope = LIST_KIND_SCOPES[wanted ?? kinds.value[0]!];
    return admitted(k, p, scope, () =>
      pageEntries(k, p.accountId, list.value, wanted === undefined ? kinds.value : [wanted], q.value),
    );
  },

  async remove(k: Kernel, p: Principal, listName: string, id: string): R<Outcome<ListEntry>> {
    const list = listOf(listName);
    if (list.isErr()) return err(list.error);
    const kinds = kindsOf(p);
    if (kinds.isErr()) return err(kinds.error);
    return admitted(k, p, LIST_KIND_SCOPES[kinds.value[0]!], () =>
      removeEntry(k, p.accountId, list.value, id, (kind) => needScope(p, kind)),
    );
  },
};

/** The dashboard's verbs: the signed-in account's own lists, every kind, no rate limit. */
export const accountListVerbs = {
  async add(k: Kernel, accountId: string, listName: string, body: unknown): R<ListEntryWrite> {
    const list = listOf(listName);
    if (list.isErr()) return err(list.error);
    const input = parseBody(ListEntryRequestSchema, body);
    if (input.isErr()) return err(input.error);
    return guardStore(() => addEntry(k, accountId, list.value, input.value));
  },

  async page(k: Kernel, accountId: string, listName: string, query: unknown): R<ListPage> {
    const list = listOf(listName);
    if (list.isErr()) return err(list.error);
    const q = parseBody(ListQuerySchema, query);
    if (q.isErr()) return err(q.error);
    const kinds = q.value.kind === undefined ? LIST_ENTRY_KINDS : [q.value.kind];
    return guardStore(() => pageEntries(k, accountId, list.value, kinds, q.value));
  },

  async remove(k: Kernel, accountId: string, listName: string, id: string): R<ListEntry> {
    const list = listOf(listName);
    if (list.isErr()) return err(list.error);
    return guardStore(() => removeEntry(k, accountId, list.value, id, () => ok(null)));
  },
};

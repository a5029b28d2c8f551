// ListStore in process memory: the engine's default (a library user with no database) and the fake the contract
// suite runs beside the SQL adapter. Every call is decided synchronously, so the limit holds under concurrency.
import type { ListEntryRecord, ListPosition, ListStore, ListUpsert } from "../ports/list-store.js";
import type { ListEntryKind, ListName } from "../schemas/lists.js";

const keyOf = (e: Pick<ListEntryRecord, "accountId" | "list" | "kind" | "value">): string =>
  [e.accountId, e.list, e.kind, e.value].join("\u0000");

/** Newest first: createdAt, then id, descending. */
export function newestFirst(a: ListPosition, b: ListPosition): number {
  const t = b.createdAt.getTime() - a.createdAt.getTime();
  return t !== 0 ? t : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export class InMemoryListStore implements ListStore {
  private readonly byAccount = new Map<string, Map<string, ListEntryRecord>>();

  private entries(accountId: string): Map<string, ListEntryRecord> {
    let m = this.byAccount.get(accountId);
    if (m === undefined) this.byAccount.set(accountId, (m = new Map()));
    return m;
  }

  async upsert(entry: ListEntryRecord, limit: number): Promise<ListUpsert> {
    const entries = this.entries(entry.accountId);
    const key = keyOf(entry);
    const old = entries.get(key);
    if (old !== undefined) {
      const updated = { ...old, note: entry.note, expiresAt: entry.expiresAt, updatedAt: entry.updatedAt };
      entries.set(key, updated);
      return { kind: "stored", entry: updated, created: false };
    }
    if (entries.size >= limit) return { kind: "limit_reached", count: entries.size };
    entries.set(key, { ...entry });
    return { kind: "stored", entry: { ...entry }, created: true };
  }

  async page(
    accountId: string,
    list: ListName,
    options: { kinds: readonly ListEntryKind[]; after: ListPosition | null; limit: number },
  ): Promise<ListEntryRecord[]> {
    const after = options.after;
    return [...(this.byAccount.get(accountId)?.values() ?? [])]
      .filter((e) => e.list === list && options.kinds.includes(e.kind))
      .filter((e) => after === null || newestFirst(after, e) < 0)
      .sort(newestFirst)
      .slice(0, options.limit);
  }

  async find(accountId: string, list: ListName, id: string): Promise<ListEntryRecord | null> {
    for (const e of this.byAccount.get(accountId)?.values() ?? []) if (e.id === id && e.list === list) return e;
    return null;
  }

  async remove(accountId: string, list: ListName, id: string): Promise<ListEntryRecord | null> {
    const entries = this.byAccount.get(accountId);
    for (const [key, e] of entries ?? []) {
      if (e.id === id && e.list === list) {
        entries!.delete(key);
        return e;
      }
    }
    return null;
  }

  async active(accountId: string, now: Date): Promise<ListEntryRecord[]> {
    return [...(this.byAccount.get(accountId)?.values() ?? [])].filter(
      (e) => e.expiresAt === null || e.expiresAt > now,
    );
  }
}

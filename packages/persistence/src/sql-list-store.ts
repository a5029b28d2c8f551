// ListStore on the account_list_entries table. The unique (account_id, list, kind, value) constraint makes adding
// an upsert; a new entry locks the owning account row first (SELECT ... FOR UPDATE), so the entry limit is counted
// and held in one step also when several processes add at once.
import type { ListEntryKind, ListEntryRecord, ListName, ListPosition, ListStore, ListUpsert } from "@scamverify/core";
import type { Db } from "./db.js";

interface ListEntryRow {
  id: string;
  account_id: string;
  list: ListName;
  kind: ListEntryKind;
  value: string;
  note: string | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = "id, account_id, list, kind, value, note, expires_at, created_at, updated_at";

function fromRow(row: ListEntryRow): ListEntryRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    list: row.list,
    kind: row.kind,
    value: row.value,
    note: row.note,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export class SqlListStore implements ListStore {
  constructor(private readonly db: Db) {}

  async upsert(entry: ListEntryRecord, limit: number): Promise<ListUpsert> {
    const update = async (db: Db): Promise<ListEntryRecord | null> => {
      const { rows } = await db.query<ListEntryRow>(
        `UPDATE account_list_entries SET note = $5, expires_at = $6, updated_at = $7
         WHERE account_id = $1 AND list = $2 AND kind = $3 AND value = $4 RETURNING ${COLUMNS}`,
        [entry.accountId, entry.list, entry.kind, entry.value, entry.note, entry.expiresAt, entry.updatedAt],
      );
      return rows[0] === undefined ? null : fromRow(rows[0]);
    };
    const existing = await update(this.db);
    if (existing !== null) return { kind: "stored", entry: existing, created: false };
    return this.db.transaction(async (tx): Promise<ListUpsert> => {
      await tx.query("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", [entry.accountId]);
      // Another call may have added the same value while this one waited for the lock.
      const raced = await update(tx);
      if (raced !== null) return { kind: "stored", entry: raced, created: false };
      const { rows } = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM account_list_entries WHERE account_id = $1",
        [entry.accountId],
      );
      const count = rows[0]?.n ?? 0;
      if (count >= limit) return { kind: "limit_reached", count };
      const inserted = await tx.query<ListEntryRow>(
        `INSERT INTO account_list_entries (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
        [
          entry.id,
          entry.accountId,
          entry.list,
          entry.kind,
          entry.value,
          entry.note,
          entry.expiresAt,
          entry.createdAt,
          entry.updatedAt,
        ],
      );
      return { kind: "stored", entry: fromRow(inserted.rows[0] as ListEntryRow), created: true };
    });
  }

  async page(
    accountId: string,
    list: ListName,
    options: { kinds: readonly ListEntryKind[]; after: ListPosition | null; limit: number },
  ): Promise<ListEntryRecord[]> {
    const after = options.after;
    const { rows } = await this.db.query<ListEntryRow>(
      `SELECT ${COLUMNS} FROM account_list_entries
       WHERE account_id = $1 AND list = $2 AND kind = ANY($3::text[])
         AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
       ORDER BY created_at DESC, id DESC LIMIT $6`,
      [accountId, list, [...options.kinds], after?.createdAt ?? null, after?.id ?? "", options.limit],
    );
    return rows.map(fromRow);
  }

  async find(accountId: string, list: ListName, id: string): Promise<ListEntryRecord | null> {
    const { rows } = await this.db.query<ListEntryRow>(
      `SELECT ${COLUMNS} FROM account_list_entries WHERE account_id = $1 AND list = $2 AND id = $3`,
      [accountId, list, id],
    );
    return rows[0] === undefined ? null : fromRow(rows[0]);
  }

  async remove(accountId: string, list: ListName, id: string): Promise<ListEntryRecord | null> {
    const { rows } = await this.db.query<ListEntryRow>(
      `DELETE FROM account_list_entries WHERE account_id = $1 AND list = $2 AND id = $3 RETURNING ${COLUMNS}`,
      [accountId, list, id],
    );
    return rows[0] === undefined ? null : fromRow(rows[0]);
  }

  async active(accountId: string, now: Date): Promise<ListEntryRecord[]> {
    const { rows } = await this.db.query<ListEntryRow>(
      `SELECT ${COLUMNS} FROM account_list_entries WHERE account_id = $1 AND (expires_at IS NULL OR expires_at > $2)`,
      [accountId, now],
    );
    return rows.map(fromRow);
  }
}

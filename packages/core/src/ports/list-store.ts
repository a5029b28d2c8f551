import type { ListEntryKind, ListName } from "../schemas/lists.js";

/** One stored entry of an account's allow or block list; `value` is already normalized for its kind. */
export interface ListEntryRecord {
  readonly id: string;
  readonly accountId: string;
  readonly list: ListName;
  readonly kind: ListEntryKind;
  readonly value: string;
  readonly note: string | null;
  readonly expiresAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Where a page of entries starts: after this (createdAt, id), newest first. */
export interface ListPosition {
  readonly createdAt: Date;
  readonly id: string;
}

export type ListUpsert =
  | { readonly kind: "stored"; readonly entry: ListEntryRecord; readonly created: boolean }
  | { readonly kind: "limit_reached"; readonly count: number };

/** The allow and block lists of accounts. Every member is scoped to one account: no call reads another's entries. */
export interface ListStore {
  /**
   * Adds the entry, or, when the account already has one with the same list, kind and value, updates its note,
   * expiry and updatedAt and returns it with its own id and createdAt (created: false). Idempotent. A new entry is
   * refused with limit_reached when the account already holds `limit` entries over both lists; the check and the
   * insert are one atomic step, also under concurrent calls.
   */
  upsert(entry: ListEntryRecord, limit: number): Promise<ListUpsert>;
  /** Up to `limit` entries of one list, newest first (createdAt, then id, descending), after `after`; [] when none. */
  page(
    accountId: string,
    list: ListName,
    options: {
      readonly kinds: readonly ListEntryKind[];
      readonly after: ListPosition | null;
      readonly limit: number;
    },
  ): Promise<ListEntryRecord[]>;
  /** The account's entry of that id in that list; null when there is none. */
  find(accountId: string, list: ListName, id: string): Promise<ListEntryRecord | null>;
  /** Deletes the entry and returns it; null when the account has no entry of that id in that list. */
  remove(accountId: string, list: ListName, id: string): Promise<ListEntryRecord | null>;
  /** Every entry of both lists whose expiry is absent or after `now`; [] when none. */
  active(accountId: string, now: Date): Promise<ListEntryRecord[]>;
}

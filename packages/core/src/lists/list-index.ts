// An account's active entries compiled for lookups: one map per list and kind, so matching a result costs a few map
// reads (a host: one per label) whatever the number of entries. Expiry is checked at match time, so an entry that
// expires while the index is kept stops applying at once.
import type { ListEntryRecord } from "../ports/list-store.js";
import type { ListEntryKind, ListName } from "../schemas/lists.js";

type Maps = Record<ListEntryKind, Map<string, ListEntryRecord>>;

const emptyMaps = (): Maps => ({ domain: new Map(), url: new Map(), phone: new Map(), sender: new Map() });

/** The sender's address as entries store it: the domain in lower case (an IDN domain in its ASCII form is given so). */
export function senderKey(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? address : `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}

export class ListIndex {
  static readonly EMPTY = new ListIndex([]);
  private readonly lists: Record<ListName, Maps> = { allow: emptyMaps(), block: emptyMaps() };
  readonly size: number;

  constructor(entries: readonly ListEntryRecord[]) {
    for (const e of entries) this.lists[e.list][e.kind].set(e.value, e);
    this.size = entries.length;
  }

  private live(e: ListEntryRecord | undefined, now: Date): ListEntryRecord | undefined {
    return e !== undefined && (e.expiresAt === null || e.expiresAt > now) ? e : undefined;
  }

  /** The entry of `list` covering the host: the host itself or the nearest domain above it. */
  host(list: ListName, host: string, now: Date): ListEntryRecord | undefined {
    const domains = this.lists[list].domain;
    if (domains.size === 0) return undefined;
    let h = host.toLowerCase().replace(/\.$/, "");
    for (;;) {
      const hit = this.live(domains.get(h), now);
      if (hit) return hit;
      const dot = h.indexOf(".");
      if (dot < 0) return undefined;
      h = h.slice(dot + 1);
    }
  }

  exact(list: ListName, kind: Exclude<ListEntryKind, "domain">, value: string, now: Date): ListEntryRecord | undefined {
    return this.live(this.lists[list][kind].get(kind === "sender" ? senderKey(value) : value), now);
  }
}

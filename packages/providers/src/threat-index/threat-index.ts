// In-memory lookup structure over every synced feed: exact URLs, hosts (and their subdomains), registrable
// domains, and hosts that serve listed URLs. Built once from FeedStore records and swapped whole after a sync.

import type { FeedRecord, FeedSnapshot, FeedStore, NormalizedUrl } from "@scamverify/core";

/** How a lookup hit the index: the exact URL, a listed host (or a parent of it up to the registrable domain),
 * a listed registrable domain, or a host that serves some other listed URL. */
export type ThreatMatchKind = "url" | "host" | "domain" | "url_host";

export interface ThreatMatch {
  readonly feed: string;
  readonly threat: string | null;
  readonly matchedBy: ThreatMatchKind;
  /** The indicator that matched (the URL, host or domain). */
  readonly indicator: string;
}

interface Listing {
  readonly feed: string;
  readonly threat: string | null;
}

export interface FeedContents {
  readonly feed: string;
  readonly records: readonly FeedRecord[];
}

function add(map: Map<string, Listing[]>, key: string, listing: Listing): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [listing]);
  else if (!list.some((l) => l.feed === listing.feed)) list.push(listing);
}

function hostOfUrl(href: string): string | null {
  try {
    const host = new URL(href).hostname;
    return host.startsWith("[") ? host.slice(1, -1) : host;
  } catch {
    return null;
  }
}

const NO_MATCH: readonly ThreatMatch[] = Object.freeze([]);

export class ThreatIndex {
  private constructor(
    private readonly urls: Map<string, Listing[]>,
    private readonly hosts: Map<string, Listing[]>,
    private readonly domains: Map<string, Listing[]>,
    private readonly urlHosts: Map<string, Listing[]>,
    /** Feeds that have been synced at least once (possibly to an empty set). */
    readonly syncedFeeds: ReadonlySet<string>,
    readonly size: number,
  ) {}

  static empty(): ThreatIndex {
    return ThreatIndex.build([]);
  }

  static build(feeds: Iterable<FeedContents>): ThreatIndex {
    const urls = new Map<string, Listing[]>();
    const hosts = new Map<string, Listing[]>();
    const domains = new Map<string, Listing[]>();
    const urlHosts = new Map<string, Listing[]>();
    const synced = new Set<string>();
    let size = 0;
    for (const { feed, records } of feeds) {
      synced.add(feed);
      for (const r of records) {
        const listing: Listing = { feed, threat: r.threat };
        size++;
        if (r.kind === "url") {
          add(urls, r.value, listing);
          const host = hostOfUrl(r.value);
          if (host !== null) add(urlHosts, host, listing);
        } else if (r.kind === "host") add(hosts, r.value, listing);
        else add(domains, r.value, listing);
      }
    }
    return new ThreatIndex(urls, hosts, domains, urlHosts, synced, size);
  }

  /** Loads every synced feed from the store and builds a fresh index. */
  static async load(store: FeedStore): Promise<ThreatIndex> {
    const snapshots: FeedSnapshot[] = await store.snapshots();
    const feeds: FeedContents[] = [];
    for (const s of snapshots) feeds.push({ feed: s.feed, records: await store.load(s.feed) });
    return ThreatIndex.build(feeds);
  }

  isSynced(feed: string): boolean {
    return this.syncedFeeds.has(feed);
  }

  /** Every listing that covers the URL; empty when none. Strongest kinds first (url, host, domain, url_host). */
  match(url: NormalizedUrl): readonly ThreatMatch[] {
    // Hot path: plain loops, no closures, and no allocation unless something matches.
    let out: ThreatMatch[] | null = null;
    const host = url.host;
    const registrable = url.registrableDomain;
    const byUrl = this.urls.size > 0 ? this.urls.get(url.href) : undefined;
    if (byUrl !== undefined) out = collect(out, byUrl, "url", url.href);
    const byHost = this.hosts.get(host);
    if (byHost !== undefined) out = collect(out, byHost, "host", host);
    if (registrable !== null && host.length > registrable.length && this.hosts.size > 0) {
      // Parents of the host down to the registrable domain: a listed host covers its subdomains.
      let dot = host.indexOf(".");
      while (dot >= 0 && host.length - dot - 1 >= registrable.length) {
        const parent = host.length - dot - 1 === registrable.length ? registrable : host.slice(dot + 1);
        const byParent = this.hosts.get(parent);
        if (byParent !== undefined) out = collect(out, byParent, "host", parent);
        dot = host.indexOf(".", dot + 1);
      }
    }
    if (registrable !== null && this.domains.size > 0) {
      const byDomain = this.domains.get(registrable);
      if (byDomain !== undefined) out = collect(out, byDomain, "domain", registrable);
    }
    const byUrlHost = this.urlHosts.size > 0 ? this.urlHosts.get(host) : undefined;
    if (byUrlHost !== undefined) out = collect(out, byUrlHost, "url_host", host);
    return out ?? NO_MATCH;
  }
}

function collect(
  out: ThreatMatch[] | null,
  list: readonly Listing[],
  matchedBy: ThreatMatchKind,
  indicator: string,
): ThreatMatch[] {
  const target = out ?? [];
  for (const l of list) target.push({ feed: l.feed, threat: l.threat, matchedBy, indicator });
  return target;
}

/** Holds the index in use; `reload` builds a new one off to the side and swaps it in one assignment. */
export class LiveThreatIndex {
  private index: ThreatIndex;

  constructor(initial: ThreatIndex = ThreatIndex.empty()) {
    this.index = initial;
  }

  get current(): ThreatIndex {
    return this.index;
  }

  replace(next: ThreatIndex): void {
    this.index = next;
  }

  async reload(store: FeedStore): Promise<ThreatIndex> {
    const next = await ThreatIndex.load(store);
    this.index = next;
    return next;
  }
}

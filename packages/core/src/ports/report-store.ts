export interface CommunityReport {
  readonly id: string;
  readonly accountId: string;
  /** A reportable channel id of the registry (url, phone). */
  readonly kind: string;
  /** Normalized value: the registrable domain or URL for url, E.164 for phone. */
  readonly value: string;
  readonly category: string;
  readonly comment: string | null;
  /** UTC day (YYYY-MM-DD) the report counts for. */
  readonly day: string;
  readonly createdAt: Date;
}

export interface ReportStore {
  /** Inserts unless this account already reported this kind+value on that day. Returns whether counted. */
  add(report: CommunityReport): Promise<{ counted: boolean }>;
  /** Number of counted reports for the value (0 when none). */
  count(kind: string, value: string): Promise<number>;
}

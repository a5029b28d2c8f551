/** Answers whether the database is reachable. Resolves false (never rejects) within the given time. */
export interface HealthProbe {
  databaseReachable(timeoutMs: number): Promise<boolean>;
}

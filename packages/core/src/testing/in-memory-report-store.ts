// ReportStore in process memory: one counted report per account, kind, value and UTC day, as the SQL
// adapter's unique constraint enforces.
import { StoreError } from "../errors.js";
import type { CommunityReport, ReportStore } from "../ports/report-store.js";

export class InMemoryReportStore implements ReportStore {
  private readonly seen = new Set<string>();
  private readonly ids = new Set<string>();
  private readonly counts = new Map<string, number>();

  async add(report: CommunityReport): Promise<{ counted: boolean }> {
    const once = [report.accountId, report.kind, report.value, report.day].join("\u0000");
    if (this.seen.has(once)) return { counted: false };
    if (this.ids.has(report.id)) throw new StoreError("conflict", `report id ${report.id} exists`, false);
    this.seen.add(once);
    this.ids.add(report.id);
    const value = `${report.kind}\u0000${report.value}`;
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
    return { counted: true };
  }

  async count(kind: string, value: string): Promise<number> {
    return this.counts.get(`${kind}\u0000${value}`) ?? 0;
  }
}

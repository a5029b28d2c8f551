// ReportStore on the community_reports table. The unique (account_id, kind, value, day) constraint is what
// counts one report per account per value per UTC day, also under concurrent submissions.
import type { CommunityReport, ReportStore } from "@scamverify/core";
import type { Db } from "./db.js";

export class SqlReportStore implements ReportStore {
  constructor(private readonly db: Db) {}

  async add(report: CommunityReport): Promise<{ counted: boolean }> {
    const { rows } = await this.db.query(
      `INSERT INTO community_reports (id, account_id, kind, value, category, comment, day, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8)
       ON CONFLICT (account_id, kind, value, day) DO NOTHING
       RETURNING id`,
      [
        report.id,
        report.accountId,
        report.kind,
        report.value,
        report.category,
        report.comment,
        report.day,
        report.createdAt,
      ],
    );
    return { counted: rows.length > 0 };
  }

  async count(kind: string, value: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM community_reports WHERE kind = $1 AND value = $2",
      [kind, value],
    );
    return rows[0]?.n ?? 0;
  }
}

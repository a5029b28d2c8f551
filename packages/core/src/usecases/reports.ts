import { err, ok, type Result } from "neverthrow";
import { validationError, type AppError } from "../errors.js";
import { ReportRequestSchema, type ReportResult } from "../schemas/report.js";
import { guardStore } from "./guard-store.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { parseBody } from "./parse-body.js";

/** A community report: one counted report per account, value and UTC day; rate limited like any call. The kind is
 * a reportable channel of the registry, which also normalizes the value and names the scope it needs. */
export async function createReport(
  k: Kernel,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<ReportResult>, AppError>> {
  const input = parseBody(ReportRequestSchema, body);
  if (input.isErr()) return err(input.error);
  const { kind, value, category, comment } = input.value;
  const def = k.registry.get(kind);
  if (def?.reportable === undefined)
    return err(validationError([{ field: "kind", message: `${kind} values cannot be reported` }]));
  const limited = await k.admit(p, def.scope, "api");
  if (limited.isErr()) return err(limited.error);
  const normalizedValue = def.reportable.normalize(value);
  if (normalizedValue.isErr()) return err(normalizedValue.error);
  const normalized = normalizedValue.value;
  return guardStore(async () => {
    const now = k.now();
    const id = k.deps.ids.uuid();
    // A test key's report is never stored: it says so, rather than passing for a repeat of today's report.
    const { counted } =
      p.mode === "test"
        ? { counted: false }
        : await k.deps.reports.add({
            id,
            accountId: p.accountId,
            kind,
            value: normalized,
            category,
            comment: comment ?? null,
            day: now.toISOString().slice(0, 10),
            createdAt: now,
          });
    const total = await k.deps.reports.count(kind, normalized);
    return ok({
      value: {
        id,
        kind,
        value: normalized,
        category,
        counted,
        ...(counted ? {} : { not_counted_reason: p.mode === "test" ? "test_key" : "already_reported_today" }),
        community_reports: total,
        created_at: now.toISOString(),
      },
      meta: { rateLimit: limited.value },
    });
  });
}

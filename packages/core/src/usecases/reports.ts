import { err, ok, type Result } from "neverthrow";
import type { AppError } from "../errors.js";
import { ReportRequestSchema, type ReportResult } from "../schemas/report.js";
import { guardStore } from "./guard-store.js";
import type { Principal } from "./deps.js";
import type { Kernel, Outcome } from "./kernel.js";
import { URL_CHANNEL } from "./lookup-url.js";
import { PHONE_CHANNEL } from "./lookup-phone.js";
import { parseBody } from "./parse-body.js";

/** A community report: one counted report per account, value and UTC day; rate limited like any call. */
export async function createReport(
  k: Kernel,
  p: Principal,
  body: unknown,
): Promise<Result<Outcome<ReportResult>, AppError>> {
  const input = parseBody(ReportRequestSchema, body);
  if (input.isErr()) return err(input.error);
  const { kind, value, category, comment } = input.value;
  const limited = await k.admit(p, kind === "url" ? "url:lookup" : "phone:lookup", "api");
  if (limited.isErr()) return err(limited.error);
  let normalized: string;
  if (kind === "url") {
    const url = URL_CHANNEL.parse(value, "value");
    if (url.isErr()) return err(url.error);
    normalized = url.value.registrableDomain ?? url.value.host;
  } else {
    const phone = PHONE_CHANNEL.parse(value, "value");
    if (phone.isErr()) return err(phone.error);
    normalized = phone.value.e164;
  }
  return guardStore(async () => {
    const now = k.now();
    const id = k.deps.ids.uuid();
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
        community_reports: total,
        created_at: now.toISOString(),
      },
      meta: { rateLimit: limited.value },
    });
  });
}

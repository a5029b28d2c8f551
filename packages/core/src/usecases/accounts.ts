// Accounts: email + password (memory-hard hash), plan and billing period. Upgrades apply at once; downgrades are
// deferred to the start of the next period. Free plans follow the calendar month in UTC.
import { err, ok, type Result } from "neverthrow";
import { z } from "zod";
import { appError, validationError, type AppError } from "../errors.js";
import type { Account } from "../ports/account-store.js";
import { CHANNELS, type Channel } from "../channels/registry.js";
import { PlanNameSchema, type PlanName } from "../schemas/plans.js";
import { calendarMonth } from "../policies/billing-period.js";
import { isDowngrade } from "../policies/limits.js";
import { guardStore } from "./guard-store.js";
import type { Kernel } from "./kernel.js";
import { parseBody } from "./parse-body.js";

export const MIN_PASSWORD_LENGTH = 10;

export const CreateAccountSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(512).optional(),
  plan: PlanNameSchema.default("free"),
  rpm: z.number().int().positive().max(100_000).optional(),
  quotas: z
    .partialRecord(z.enum(CHANNELS as unknown as [Channel, ...Channel[]]), z.number().int().nonnegative())
    .optional(),
});
export type CreateAccountInput = z.input<typeof CreateAccountSchema>;

export interface AccountView {
  readonly id: string;
  readonly email: string;
  readonly plan: PlanName;
  readonly pending_plan: PlanName | null;
  readonly billing_period: { start: string; end: string };
  readonly custom_quotas: Readonly<Partial<Record<string, number>>> | null;
  readonly custom_rpm: number | null;
  readonly created_at: string;
}

export function toAccountView(a: Account): AccountView {
  return {
    id: a.id,
    email: a.email,
    plan: a.plan,
    pending_plan: a.pendingPlan,
    billing_period: { start: a.periodStart.toISOString(), end: a.periodEnd.toISOString() },
    custom_quotas: a.customQuotas,
    custom_rpm: a.customRpm,
    created_at: a.createdAt.toISOString(),
  };
}

export function createAccount(k: Kernel, body: CreateAccountInput): Promise<Result<AccountView, AppError>> {
  return guardStore(async () => {
    const input = parseBody(CreateAccountSchema, body);
    if (input.isErr()) return err(input.error);
    const { email, password, plan, rpm, quotas } = input.value;
    if (plan !== "enterprise" && (rpm !== undefined || quotas !== undefined)) {
      return err(
        validationError([{ field: "plan", message: "custom rpm and quotas apply to the enterprise plan only" }]),
      );
    }
    const now = k.now();
    const period = calendarMonth(now);
    const created = await k.deps.accounts.create({
      id: k.deps.ids.uuid(),
      email: email.toLowerCase(),
      passwordHash: password === undefined ? null : await k.deps.passwords.hash(password),
      plan,
      periodStart: period.start,
      periodEnd: period.end,
      customQuotas: quotas ?? null,
      customRpm: rpm ?? null,
      createdAt: now,
    });
    if (created === "email_taken") return err(appError("conflict", "An account with this email exists."));
    return ok(toAccountView(created));
  });
}

export function getAccount(k: Kernel, id: string): Promise<Result<AccountView, AppError>> {
  return guardStore(async () => {
    const state = await k.accountState(id);
    return state === null ? err(appError("not_found", "No such account.")) : ok(toAccountView(state.account));
  });
}

/** Upgrade now, or schedule a downgrade for the start of the next period. */
export function setPlan(k: Kernel, id: string, plan: string): Promise<Result<AccountView, AppError>> {
  return guardStore(async () => {
    const parsed = PlanNameSchema.safeParse(plan);
    if (!parsed.success) return err(validationError([{ field: "plan", message: `unknown plan ${plan}` }]));
    const state = await k.accountState(id);
    if (state === null) return err(appError("not_found", "No such account."));
    const to = parsed.data;
    const patch = isDowngrade(state.plan, to)
      ? { pendingPlan: to }
      : { plan: to, pendingPlan: null, periodStart: state.period.start, periodEnd: state.period.end };
    const updated = await k.deps.accounts.update(id, to === state.plan ? { pendingPlan: null } : patch);
    k.forgetAccount(id);
    return updated === null ? err(appError("not_found", "No such account.")) : ok(toAccountView(updated));
  });
}

/** Sets the billing period of a paid account (what a payment provider's cycle would drive). */
export function setPeriod(k: Kernel, id: string, start: string, end: string): Promise<Result<AccountView, AppError>> {
  return guardStore(async () => {
    const s = new Date(start);
    const e = new Date(end);
    if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime()) || e.getTime() <= s.getTime()) {
      return err(
        validationError([{ field: "period", message: "start and end must be ISO 8601 times with end after start" }]),
      );
    }
    const updated = await k.deps.accounts.update(id, { periodStart: s, periodEnd: e });
    k.forgetAccount(id);
    return updated === null ? err(appError("not_found", "No such account.")) : ok(toAccountView(updated));
  });
}

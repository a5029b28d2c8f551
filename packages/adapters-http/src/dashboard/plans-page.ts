// The plans page at /dashboard/plans, where the 402's upgrade_url leads: every plan with its monthly quota on each
// served channel, its price and rate limit, the signed-in account's plan, and how to change it: the operator's
// billing link when one is configured, otherwise the admin command that changes a plan.
import { BATCH_RPM, PLANS, PLAN_NAMES, planQuotas, type PlanName, type Usage } from "@scamverify/core";
import { escapeHtml } from "../oauth/pages.js";
import { CHANNEL_LABELS, CHANNEL_ORDER, DASHBOARD_PATHS, PLAN_LABELS, formatInstant, layout } from "./pages.js";

export interface PlansPageInput {
  readonly nonce: string;
  /** The channels the engine serves (from its status); quota columns of other channels are not shown. */
  readonly channels: readonly string[];
  /** The signed-in account, or undefined when nobody is signed in. */
  readonly account?: { readonly id: string; readonly usage: Usage };
  /** The operator's billing page (SCAMVERIFY_BILLING_URL); without one the page names the admin command. */
  readonly billingUrl?: string;
}

const number = (n: number): string => n.toLocaleString("en-US");

function price(plan: PlanName): string {
  const usd = PLANS[plan].priceUsd;
  return usd === null ? "By agreement" : usd === 0 ? "Free" : `$${number(usd)} a month`;
}

function planRow(plan: PlanName, channels: readonly string[], current: PlanName | undefined): string {
  const quotas = planQuotas(plan);
  const custom = plan === "enterprise";
  const cells = channels
    .map((c) => {
      const q = quotas[c] ?? 0;
      return `<td class="num" data-label="${escapeHtml(CHANNEL_LABELS[c] ?? c)}">${custom ? "Custom" : number(q)}</td>`;
    })
    .join("");
  const isCurrent = plan === current;
  const grace = PLANS[plan].graceRatio > 0 ? `+${Math.round(PLANS[plan].graceRatio * 100)}%` : "None";
  return `<tr id="plan-${plan}"${isCurrent ? ' class="current" aria-current="true"' : ""}>
<td class="key-name" data-label="Plan">${PLAN_LABELS[plan]}${isCurrent ? ' <span class="badge active">Your plan</span>' : ""}</td>
<td class="when" data-label="Price">${price(plan)}</td>
${cells}
<td class="num" data-label="Grace">${grace}</td>
<td class="num" data-label="Requests a minute">${custom ? "Custom" : number(PLANS[plan].rpm)}</td>
</tr>`;
}

/** The next plan up from `plan` (what a 402 usually calls for), or the plan itself at the top. */
function nextPlan(plan: PlanName): PlanName {
  return PLAN_NAMES[PLAN_NAMES.indexOf(plan) + 1] ?? plan;
}

function changeSection(input: PlansPageInput): string {
  const after =
    "Upgrades apply at once, with the new limits for the rest of the billing period; downgrades take effect at the start of the next period.";
  if (input.billingUrl) {
    return `<p id="change-plan"><a class="button primary" href="${escapeHtml(input.billingUrl)}">Change plan</a></p>
<p class="muted">Plans are changed on this service's billing page. ${after}</p>`;
  }
  const current = input.account?.usage.plan ?? "free";
  const command = `scamverify accounts set-plan --account ${input.account?.id ?? "ACCOUNT_ID"} ${nextPlan(current)}`;
  return `<p>This server has no self-service billing: its operator changes plans. Send them your account id and the plan
you want; they run:</p>
<pre id="change-plan"><code>${escapeHtml(command)}</code></pre>
<p class="muted">${after} An operator can point this page at a billing site with <code>SCAMVERIFY_BILLING_URL</code>.</p>`;
}

export function renderPlans(input: PlansPageInput): string {
  const served = CHANNEL_ORDER.filter((c) => input.channels.includes(c));
  const usage = input.account?.usage;
  const heads = served.map((c) => `<th class="num">${escapeHtml(CHANNEL_LABELS[c] ?? c)}</th>`).join("");
  const rows = PLAN_NAMES.map((p) => planRow(p, served, usage?.plan)).join("\n");
  const pending = usage?.pending_plan
    ? ` A change to ${PLAN_LABELS[usage.pending_plan]} takes effect on ${formatInstant(usage.billing_period.end)}.`
    : "";
  const yours = usage
    ? `<p id="current-plan">Your account is on the <strong>${PLAN_LABELS[usage.plan]}</strong> plan.${pending}
<a href="${DASHBOARD_PATHS.home}">Back to the dashboard</a></p>`
    : `<p id="current-plan"><a href="/api/oauth/signin?${escapeHtml(new URLSearchParams({ return_to: DASHBOARD_PATHS.home }).toString())}">Sign in</a> to see your plan and usage.</p>`;
  return layout(
    input.nonce,
    "Plans",
    `<h1>Plans and limits</h1>
${yours}
<table id="plans" class="cards">
<thead><tr><th>Plan</th><th>Price</th>${heads}<th class="num">Grace</th><th class="num">Requests a minute</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="muted">Quotas are per month and per channel. Cached results and test keys use no quota. Paid plans may run
past their quota by the grace buffer; past it, lookups answer 402 <code>quota_exhausted</code> until the next billing
period. Free plans reset on the 1st of each month (00:00 UTC). Batch endpoints allow ${BATCH_RPM} requests a minute on
every plan.</p>
<h2>Changing plan</h2>
${changeSection(input)}`,
  );
}

// Server-rendered HTML of the developer dashboard (account, usage, API keys) and its revoke confirmation. Every value
// is escaped; the <style> element and the copy button's one script carry the response's CSP nonce, so injected
// markup can neither run code nor restyle the page. Below 720 px the key table becomes stacked cards and the usage
// table keeps four short columns, so a phone (375 px) never scrolls sideways.
import { DEFAULT_REGISTRY, MAX_ACTIVE_KEYS, type ApiKey, type CreatedApiKey, type Usage } from "@scamverify/core";
import { escapeHtml, hiddenField, pageLayout } from "../oauth/pages.js";

export const DASHBOARD_PATHS = {
  home: "/dashboard",
  create: "/dashboard/keys/create",
  rename: "/dashboard/keys/rename",
  revoke: "/dashboard/keys/revoke",
  signOut: "/dashboard/signout",
  plans: "/dashboard/plans",
} as const;

const DASHBOARD_STYLE = `
main{max-width:1120px}
html{-webkit-text-size-adjust:100%}
header.top{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;flex-wrap:wrap;margin-bottom:8px}
header.top form{margin:0}
h2{font-size:1.1rem;margin:28px 0 10px}
section{margin-top:8px}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #e3e6eb;vertical-align:middle}
th{font-weight:600;color:#5b6474;font-size:.85rem}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.prefix code,td.when{white-space:nowrap}
td.key-name{min-width:9em;overflow-wrap:anywhere}
meter{width:110px;height:12px}
.notice{background:#e8f5ec;color:#1c5b31;padding:10px 12px;border-radius:8px}
.new-key{background:#fff8e1;border:1px solid #e9c46a;padding:14px;border-radius:8px;margin:0 0 12px}
.new-key code.secret{display:block;margin:8px 0;padding:10px;font-size:.95rem;word-break:break-all;user-select:all;background:#fff}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:.8rem;font-weight:600}
.badge.live{background:#e6edfc;color:#1f4fd1}
.badge.test{background:#f1e8fb;color:#6b2fb3}
.badge.active{background:#e8f5ec;color:#1c5b31}
.badge.revoked{background:#eceef1;color:#5b6474}
tr.revoked td{color:#8a919e}
input[type=text]{padding:7px 9px;border:1px solid #c5cad3;border-radius:8px;font:inherit;width:100%;max-width:260px}
td.actions{white-space:nowrap}
.row-actions{display:flex;gap:8px;align-items:center;justify-content:flex-end}
details.rename{position:relative}
details.rename summary{display:inline-block;cursor:pointer;padding:6px 12px;border-radius:8px;border:1px solid #1f4fd1;color:#1f4fd1;background:#fff;list-style:none}
details.rename summary::-webkit-details-marker{display:none}
details.rename[open] summary{background:#e6edfc}
details.rename form{position:absolute;right:0;top:calc(100% + 6px);z-index:2;display:flex;gap:6px;align-items:center;padding:10px;background:#fff;border:1px solid #e3e6eb;border-radius:8px;box-shadow:0 4px 14px rgba(0,0,0,.12)}
details.rename form input[type=text]{width:200px}
a.button{display:inline-block;font:inherit;padding:6px 12px;border-radius:8px;border:1px solid #b3261e;color:#b3261e;text-decoration:none;background:#fff}
a.button.primary{border-color:#1f4fd1;background:#1f4fd1;color:#fff}
tr.current td{background:#f3f6fe}
pre{background:#eef0f3;padding:10px 12px;border-radius:8px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
pre code{background:none;padding:0}
.copy-row{display:flex;gap:10px;align-items:center;flex-wrap:wrap}
details.rename form button{padding:6px 12px}
button.danger{background:#fff;color:#b3261e;border-color:#b3261e}
button.link{background:none;border:none;color:#1f4fd1;padding:0;text-decoration:underline}
fieldset{border:none;padding:0;margin:12px 0 0;display:flex;gap:8px 18px;align-items:center;flex-wrap:wrap}
fieldset label{display:inline;font-weight:400;margin:0}
.create label.name{margin-top:0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{color:#5b6474}
dd{margin:0;overflow-wrap:anywhere}
@media (max-width:720px){
table.cards thead{display:none}
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}
table.cards tr{border:1px solid #e3e6eb;border-radius:8px;padding:6px 10px;margin:0 0 10px}
table.cards td{display:flex;justify-content:space-between;gap:12px;border:none;padding:4px 0;text-align:right}
table.cards td::before{content:attr(data-label);color:#5b6474;font-weight:600;text-align:left}
table.cards td.actions{white-space:normal;text-align:left}
table.cards .row-actions{flex:1 1 100%;flex-wrap:wrap;justify-content:flex-start}
table.cards td.actions::before{content:none}
table.cards td.key-name{font-weight:600}
table.cards details.rename{position:static}
table.cards details.rename[open]{flex:1 1 100%}
table.cards details.rename form{position:static;margin-top:8px;padding:0;border:none;box-shadow:none}
table.cards details.rename form input[type=text]{width:auto;min-width:0;flex:1 1 120px}
#usage{font-size:.9rem}
#usage th,#usage td{padding:6px 4px}
#usage .hard,#usage td[data-label="Hard limit"],#usage .bar,#usage td[data-label="Share used"]{display:none}
}
`;

export function layout(nonce: string, title: string, body: string): string {
  return pageLayout(title, body, { nonce, style: DASHBOARD_STYLE });
}

export function formatInstant(iso: string | null): string {
  if (iso === null) return "never";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export const PLAN_LABELS: Record<Usage["plan"], string> = {
  free: "Free",
  starter: "Starter",
  professional: "Professional",
  business: "Business",
  scale: "Scale",
  enterprise: "Enterprise",
};

/** Every quota channel of the registry, in its order, labelled by its unit ("URL verifications"). */
export const CHANNEL_ORDER: readonly string[] = DEFAULT_REGISTRY.quotas.map((q) => q.id);
export const CHANNEL_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  DEFAULT_REGISTRY.quotas.map((q) => [q.id, q.unit.charAt(0).toUpperCase() + q.unit.slice(1)]),
);

/** The copy button: shown only once its script runs; falls back to selecting the key where the clipboard API is off. */
function copyScript(nonce: string): string {
  return `<script nonce="${escapeHtml(nonce)}">
(function () {
  var button = document.getElementById("copy-key");
  var key = document.getElementById("new-key");
  var status = document.getElementById("copy-status");
  if (!button || !key || !status) return;
  button.hidden = false;
  function select() {
    var range = document.createRange();
    range.selectNodeContents(key);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
  button.addEventListener("click", function () {
    var value = key.textContent || "";
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(value).then(
        function () { status.textContent = "Copied."; },
        function () { select(); status.textContent = "Selected: press Ctrl+C (or Cmd+C) to copy."; }
      );
    } else {
      select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      status.textContent = copied ? "Copied." : "Selected: press Ctrl+C (or Cmd+C) to copy.";
    }
  });
})();
</script>`;
}

export interface DashboardPageInput {
  readonly nonce: string;
  readonly csrf: string;
  readonly email: string;
  readonly usage: Usage;
  readonly keys: readonly ApiKey[];
  /** The key just created: the only time its full value is ever rendered. */
  readonly created?: CreatedApiKey;
  readonly notice?: string;
  readonly error?: string;
  /** What the person typed into the create form, kept when it was refused. */
  readonly createName?: string;
  /** The channels the engine serves (from its status); quota rows of other channels are not shown. */
  readonly channels: readonly string[];
}

function usageSection(usage: Usage, channels: readonly string[]): string {
  const served = CHANNEL_ORDER.filter((c) => channels.includes(c));
  const rows = served
    .map((c) => {
      const q = (usage.quotas as Record<string, Usage["quotas"]["url"]>)[c]!;
      const grace = q.hard_limit > q.limit ? ` <span class="muted">(+${q.hard_limit - q.limit} grace)</span>` : "";
      return `<tr id="usage-${c}">
<td data-label="Channel">${CHANNEL_LABELS[c]}</td>
<td class="num" data-label="Used">${q.used}</td>
<td class="num" data-label="Plan limit">${q.limit}</td>
<td class="num" data-label="Hard limit">${q.hard_limit}${grace}</td>
<td class="num" data-label="Remaining">${q.remaining}</td>
<td data-label="Share used"><meter min="0" max="${Math.max(q.hard_limit, 1)}" low="${Math.floor(q.limit * 0.8)}" high="${q.limit}" optimum="0" value="${Math.min(q.used, Math.max(q.hard_limit, 1))}" aria-label="${CHANNEL_LABELS[c]} used">${q.used} of ${q.hard_limit}</meter></td>
</tr>`;
    })
    .join("\n");
  const rl = usage.rate_limit;
  return `<section aria-labelledby="usage-title">
<h2 id="usage-title">Usage this period</h2>
<table id="usage">
<thead><tr><th>Channel</th><th class="num">Used</th><th class="num">Plan limit</th><th class="num hard">Hard limit</th><th class="num">Remaining</th><th class="bar"></th></tr></thead>
<tbody>
${rows || `<tr><td colspan="6" class="muted">No channel is available right now.</td></tr>`}
</tbody>
</table>
<p class="muted">Only successful, uncached lookups with a live key count. Test keys (<code>sv_test_</code>) use no quota.
The hard limit includes the 10% grace buffer of paid plans; past it, lookups answer 402 <code>quota_exhausted</code>.</p>
<h2>Rate limits</h2>
<p id="rate-limits">${rl.requests_per_minute} requests per minute on lookup, usage and report endpoints; ${rl.batch_requests_per_minute} requests per minute on batch endpoints (per ${rl.window_seconds}-second window).</p>
</section>`;
}

function keyRow(csrf: string, key: ApiKey): string {
  const revoked = key.revoked_at !== null;
  const status = revoked
    ? `<span class="badge revoked">Revoked</span> <span class="muted">${formatInstant(key.revoked_at)}</span>`
    : `<span class="badge active">Active</span>`;
  const actions = revoked
    ? ""
    : `<details class="rename"><summary>Rename</summary><form method="post" action="${DASHBOARD_PATHS.rename}">
${hiddenField("csrf_token", csrf)}
${hiddenField("key_id", key.id)}
<input type="text" name="name" value="${escapeHtml(key.name)}" required maxlength="64" aria-label="New name for ${escapeHtml(key.name)}">
<button type="submit" class="secondary">Save name</button>
</form></details>
<a class="button" href="${DASHBOARD_PATHS.revoke}?${escapeHtml(new URLSearchParams({ key_id: key.id }).toString())}" aria-label="Revoke ${escapeHtml(key.name)}…">Revoke…</a>`;
  return `<tr class="${revoked ? "revoked" : "active"}" data-key-id="${escapeHtml(key.id)}">
<td class="key-name" data-label="Name">${escapeHtml(key.name)}</td>
<td class="prefix" data-label="Prefix"><code>${escapeHtml(key.prefix)}…</code></td>
<td data-label="Mode"><span class="badge ${key.mode}">${key.mode === "live" ? "Live" : "Test"}</span></td>
<td class="when" data-label="Created">${formatInstant(key.created_at)}</td>
<td class="when" data-label="Last used">${formatInstant(key.last_used_at)}</td>
<td data-label="Status">${status}</td>
<td class="actions">${actions ? `<div class="row-actions">${actions}</div>` : ""}</td>
</tr>`;
}

function keysSection(input: DashboardPageInput): string {
  const script = input.created ? copyScript(input.nonce) : "";
  const active = input.keys.filter((k) => k.revoked_at === null).length;
  const rows = input.keys.length
    ? input.keys.map((k) => keyRow(input.csrf, k)).join("\n")
    : `<tr><td colspan="7" class="muted">No keys yet. Create one below.</td></tr>`;
  const full = active >= MAX_ACTIVE_KEYS;
  const created = input.created
    ? `<div class="new-key" role="status" id="new-key-box">
<strong>Your new ${input.created.mode} key “${escapeHtml(input.created.name)}”.</strong>
Copy it now: it is shown only this once and cannot be recovered (only a hash is stored).
<code id="new-key" class="secret">${escapeHtml(input.created.key)}</code>
<div class="copy-row"><button type="button" id="copy-key" hidden>Copy key</button><span id="copy-status" class="muted" role="status"></span></div>
<span class="muted">Send it as <code>Authorization: Bearer …</code>. Reloading this page hides it for good.</span>
</div>
${script}`
    : "";
  return `<section aria-labelledby="keys-title">
<h2 id="keys-title">API keys <span class="muted">(${active} of ${MAX_ACTIVE_KEYS} active)</span></h2>
${created}
<table id="keys" class="cards">
<thead><tr><th>Name</th><th>Prefix</th><th>Mode</th><th>Created</th><th>Last used</th><th>Status</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Create a key</h2>
${full ? `<p class="muted">This account has ${MAX_ACTIVE_KEYS} active keys, the most it may hold. Revoke one to create another.</p>` : ""}
<form class="create" method="post" action="${DASHBOARD_PATHS.create}">
${hiddenField("csrf_token", input.csrf)}
<label class="name" for="key-name">Name</label>
<input type="text" id="key-name" name="name" required maxlength="64" placeholder="e.g. Production server" value="${escapeHtml(input.createName ?? "")}">
<fieldset>
<legend class="muted">Mode</legend>
<label><input type="radio" name="mode" value="live" checked> Live (<code>sv_live_</code>, uses quota)</label>
<label><input type="radio" name="mode" value="test"> Test (<code>sv_test_</code>, mock data, no quota)</label>
</fieldset>
<div class="actions"><button type="submit">Create key</button></div>
</form>
</section>`;
}

export function renderDashboard(input: DashboardPageInput): string {
  const u = input.usage;
  const pending = u.pending_plan
    ? `<dt>Scheduled change</dt><dd>${PLAN_LABELS[u.pending_plan]} from ${formatInstant(u.billing_period.end)}</dd>`
    : "";
  return layout(
    input.nonce,
    "Dashboard",
    `<header class="top">
<div>
<h1>Developer dashboard</h1>
<dl class="facts" id="account">
<dt>Account</dt><dd id="account-email">${escapeHtml(input.email)}</dd>
<dt>Plan</dt><dd><span id="account-plan">${PLAN_LABELS[u.plan]}</span> · <a href="${DASHBOARD_PATHS.plans}" id="plans-link">Plans and limits</a> · <a href="/dashboard/lists" id="lists-link">Allow and block lists</a></dd>
${pending}
<dt>Billing period</dt><dd id="billing-period">${formatInstant(u.billing_period.start)} to ${formatInstant(u.billing_period.end)}</dd>
</dl>
</div>
<form method="post" action="${DASHBOARD_PATHS.signOut}">
${hiddenField("csrf_token", input.csrf)}
<button type="submit" class="secondary">Sign out</button>
</form>
</header>
${input.notice ? `<p class="notice" role="status" id="notice">${escapeHtml(input.notice)}</p>` : ""}
${input.error ? `<p class="error" role="alert" id="error">${escapeHtml(input.error)}</p>` : ""}
${keysSection(input)}
${usageSection(u, input.channels)}`,
  );
}

export interface RevokeConfirmInput {
  readonly nonce: string;
  readonly csrf: string;
  readonly key: ApiKey;
}

export function renderRevokeConfirm(input: RevokeConfirmInput): string {
  const k = input.key;
  return layout(
    input.nonce,
    "Revoke key",
    `<h1>Revoke “${escapeHtml(k.name)}”?</h1>
<p>Key <code>${escapeHtml(k.prefix)}…</code> (${k.mode}), created ${formatInstant(k.created_at)}, last used ${formatInstant(k.last_used_at)}.</p>
<p>Every request made with it will be refused with 401 at once. This cannot be undone.</p>
<form method="post" action="${DASHBOARD_PATHS.revoke}">
${hiddenField("csrf_token", input.csrf)}
${hiddenField("key_id", k.id)}
${hiddenField("confirm", "yes")}
<div class="actions">
<button type="submit" class="danger" id="confirm-revoke">Revoke this key permanently</button>
<a href="${DASHBOARD_PATHS.home}">Cancel</a>
</div>
</form>`,
  );
}

export function renderDashboardError(nonce: string, title: string, message: string): string {
  return layout(
    nonce,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="${DASHBOARD_PATHS.home}">Back to the dashboard</a></p>`,
  );
}

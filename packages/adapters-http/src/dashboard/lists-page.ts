// The Lists page at /dashboard/lists: the signed-in account's allow and block lists (add and remove entries), the
// feedback it gave on results, and the setting that shares its false negatives as community reports. Every form
// carries the session's CSRF token and answers with a redirect back here.
import type { FeedbackPage, FeedbackSettings, ListEntry, ListPage } from "@scamverify/core";
import { escapeHtml, hiddenField } from "../oauth/pages.js";
import { DASHBOARD_PATHS, formatInstant, layout } from "./pages.js";

export const LIST_PATHS = {
  page: "/dashboard/lists",
  add: "/dashboard/lists/add",
  remove: "/dashboard/lists/remove",
  settings: "/dashboard/lists/settings",
} as const;

export interface ListsPageInput {
  readonly nonce: string;
  readonly csrf: string;
  readonly allow: ListPage;
  readonly block: ListPage;
  readonly feedback: FeedbackPage;
  readonly settings: FeedbackSettings;
  readonly notice?: string | undefined;
  readonly error?: string | undefined;
  /** What the person typed into the add form, kept when it was refused. */
  readonly draft?: { readonly list?: string; readonly kind?: string; readonly value?: string; readonly note?: string };
}

const KIND_LABELS: Readonly<Record<string, string>> = {
  domain: "Domain (and its subdomains)",
  url: "URL",
  phone: "Phone number",
  sender: "Sender email address",
};

function entryRow(csrf: string, e: ListEntry): string {
  const expiry = e.expires_at === null ? "Never" : `${e.expired ? "Expired " : ""}${formatInstant(e.expires_at)}`;
  return `<tr id="entry-${escapeHtml(e.id)}"${e.expired ? ' class="expired"' : ""}>
<td data-label="Kind">${escapeHtml(e.kind)}</td>
<td class="key-name" data-label="Value"><code>${escapeHtml(e.value)}</code></td>
<td data-label="Note">${escapeHtml(e.note ?? "")}</td>
<td class="when" data-label="Expires">${escapeHtml(expiry)}</td>
<td class="when" data-label="Added">${formatInstant(e.created_at)}</td>
<td><form method="post" action="${LIST_PATHS.remove}">
${hiddenField("csrf_token", csrf)}${hiddenField("list", e.list)}${hiddenField("entry_id", e.id)}
<button type="submit" class="secondary" aria-label="Remove ${escapeHtml(e.value)}">Remove</button>
</form></td>
</tr>`;
}

function listSection(csrf: string, page: ListPage, title: string, effect: string): string {
  const rows = page.entries.map((e) => entryRow(csrf, e)).join("\n");
  const more =
    page.next_cursor === null
      ? ""
      : `<p><a href="${LIST_PATHS.page}?${escapeHtml(new URLSearchParams({ [`${page.list}_cursor`]: page.next_cursor }).toString())}">Older entries</a></p>`;
  return `<section id="${page.list}-list">
<h2>${title}</h2>
<p class="muted">${effect}</p>
${
  page.entries.length === 0
    ? `<p class="muted" id="${page.list}-empty">No entries.</p>`
    : `<table class="cards"><thead><tr><th>Kind</th><th>Value</th><th>Note</th><th>Expires</th><th>Added</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>`
}
${more}
</section>`;
}

function feedbackSection(input: ListsPageInput): string {
  const rows = input.feedback.feedback
    .map(
      (f) => `<tr>
<td class="when" data-label="Given">${formatInstant(f.updated_at)}</td>
<td data-label="Label">${escapeHtml(f.kind.replace("_", " "))}</td>
<td data-label="Result">${escapeHtml(f.channel)} ${f.subject === null ? "" : `<code>${escapeHtml(f.subject)}</code>`} · ${escapeHtml(f.verdict)} (${f.risk_score})</td>
<td data-label="Comment">${escapeHtml(f.comment ?? "")}</td>
</tr>`,
    )
    .join("\n");
  return `<section id="feedback">
<h2>Feedback on results</h2>
<p class="muted">Labels given with <code>POST /api/v1/feedback</code>; export them with <code>GET /api/v1/feedback/export</code> (JSON Lines: verdict, score and rules beside each label; message content is never kept).</p>
<form method="post" action="${LIST_PATHS.settings}" id="feedback-settings">
${hiddenField("csrf_token", input.csrf)}
<label><input type="checkbox" name="share_as_community_reports" value="yes"${input.settings.share_as_community_reports ? " checked" : ""}>
Share false negatives on URLs and phone numbers as community reports (they then raise those sites' and numbers' scores for everyone)</label>
<div class="actions"><button type="submit" class="secondary">Save</button></div>
</form>
${
  input.feedback.feedback.length === 0
    ? '<p class="muted" id="feedback-empty">No feedback yet.</p>'
    : `<table class="cards" id="feedback-table"><thead><tr><th>Given</th><th>Label</th><th>Result</th><th>Comment</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
}
</section>`;
}

export function renderListsPage(input: ListsPageInput): string {
  const d = input.draft ?? {};
  const kinds = Object.entries(KIND_LABELS)
    .map(([k, label]) => `<option value="${k}"${d.kind === k ? " selected" : ""}>${escapeHtml(label)}</option>`)
    .join("");
  return layout(
    input.nonce,
    "Lists",
    `<h1>Allow and block lists</h1>
<p><a href="${DASHBOARD_PATHS.home}">Back to the dashboard</a></p>
${input.notice ? `<p class="notice" role="status" id="notice">${escapeHtml(input.notice)}</p>` : ""}
${input.error ? `<p class="error" role="alert" id="error">${escapeHtml(input.error)}</p>` : ""}
<p class="muted">Entries change this account's lookups only, as a finding named account_blocklist or account_allowlist.</p>
<h2>Add an entry</h2>
<form class="create" method="post" action="${LIST_PATHS.add}" id="add-entry">
${hiddenField("csrf_token", input.csrf)}
<fieldset>
<legend class="muted">List</legend>
<label><input type="radio" name="list" value="block"${d.list === "allow" ? "" : " checked"}> Block</label>
<label><input type="radio" name="list" value="allow"${d.list === "allow" ? " checked" : ""}> Allow</label>
</fieldset>
<label for="entry-kind">Kind</label>
<select id="entry-kind" name="kind">${kinds}</select>
<label for="entry-value">Value</label>
<input type="text" id="entry-value" name="value" required maxlength="2048" placeholder="e.g. paypa1-login.example" value="${escapeHtml(d.value ?? "")}">
<label for="entry-note">Note (optional)</label>
<input type="text" id="entry-note" name="note" maxlength="500" value="${escapeHtml(d.note ?? "")}">
<label for="entry-expires">Expires on (optional, UTC)</label>
<input type="date" id="entry-expires" name="expires_on">
<div class="actions"><button type="submit">Add entry</button></div>
</form>
${listSection(input.csrf, input.block, "Block list", "A lookup of a blocked item, or of a message holding one, is rated at least scam (85).")}
${listSection(input.csrf, input.allow, "Allow list", "A lookup of an allowed item is rated at most safe (15), or low risk (39) when a threat feed lists it, which the result then says.")}
${feedbackSection(input)}`,
  );
}

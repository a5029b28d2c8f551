// Server-rendered HTML of the authorization pages (sign-in, sign-up, consent, error). No script runs on them:
// every value is escaped and the pages' CSP forbids scripts, so a hostile client_name cannot do anything.
import {
  DEFAULT_REGISTRY,
  SCOPE_DESCRIPTIONS,
  planQuotas,
  type ChannelRegistry,
  type Scope,
  type Status,
} from "@scamverify/core";

/** A shield in the brand blue; inline, so no route serves it and the pages' CSP (img-src data:) allows it. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path fill="#1f4fd1" d="M32 3 8 12v18c0 15 10 27 24 31 14-4 24-16 24-31V12z"/><path fill="#fff" d="m27 44-11-11 4-4 7 7 17-17 4 4z"/></svg>';
const FAVICON_HREF = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

/**
 * The channels the engine serves now, from its status components (each channel declares its own), in the engine's
 * order. A channel that is not built yet reports unavailable and is not offered.
 */
export function servedChannels(status: Status, registry: ChannelRegistry = DEFAULT_REGISTRY): { channel: string }[] {
  const out: { channel: string }[] = [];
  for (const [name, state] of Object.entries(status.components)) {
    const def = registry.channels.find((c) => c.statusComponent === name);
    if (def !== undefined && state !== "unavailable") out.push({ channel: def.id });
  }
  return out;
}

/** "50 phone lookups and 50 URL lookups": the free plan's monthly allowance on the channels served; null if none. */
export function freePlanOffer(status: Status, registry: ChannelRegistry = DEFAULT_REGISTRY): string | null {
  const free = planQuotas("free", registry);
  const parts = servedChannels(status, registry).map(({ channel }) => {
    const def = registry.get(channel);
    const words = def?.units ?? channel;
    // A channel charged to another's quota (a QR code's links) has no allowance of its own to name.
    const quota = def?.quota != null && "id" in def.quota ? free[def.quota.id] : undefined;
    return quota !== undefined ? `${quota} ${words}` : words;
  });
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1) as string}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The look shared by every server-rendered page (the OAuth pages and the developer dashboard). */
export const PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}
main{max-width:440px;margin:48px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
@media (max-width:520px){main{margin:0;padding:20px 16px;border-radius:0;box-shadow:none;min-height:100vh}}
h1{font-size:1.35rem;margin:0 0 16px}
p{margin:0 0 12px}
label{display:block;font-weight:600;margin:14px 0 4px}
input[type=email],input[type=password]{width:100%;padding:10px;border:1px solid #c5cad3;border-radius:8px;font:inherit}
button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #1f4fd1;background:#1f4fd1;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f4fd1}
.actions{display:flex;gap:12px;margin-top:22px}
.error{background:#fdecec;color:#8a1c1c;padding:10px 12px;border-radius:8px}
.notice{background:#e8f5ec;color:#1c5b31;padding:10px 12px;border-radius:8px}
code{overflow-wrap:anywhere}
.muted{color:#5b6474;font-size:.9rem}
ul.scopes{padding-left:20px}
ul.scopes li{margin:6px 0}
code{font-size:.85rem;background:#eef0f3;padding:1px 4px;border-radius:4px}
`;

/** A full HTML page. With a nonce the style element carries it (for a `style-src 'nonce-...'` policy). */
export function pageLayout(title: string, body: string, options: { nonce?: string; style?: string } = {}): string {
  const nonce = options.nonce !== undefined ? ` nonce="${escapeHtml(options.nonce)}"` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" type="image/svg+xml" href="${FAVICON_HREF}">
<title>${escapeHtml(title)} · scamverify</title>
<style${nonce}>${PAGE_STYLE}${options.style ?? ""}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function hiddenField(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

function errorBox(message: string | undefined): string {
  return message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : "";
}

export interface CredentialsPageInput {
  readonly csrf: string;
  readonly returnTo: string;
  readonly email?: string;
  readonly error?: string;
}

/** The error, the form's opening and its email field, the same on both credentials pages; the password follows. */
function credentialsFormStart(action: string, input: CredentialsPageInput): string {
  return `${errorBox(input.error)}
<form method="post" action="${action}">
${hiddenField("csrf_token", input.csrf)}
${hiddenField("return_to", input.returnTo)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? "")}">
<label for="password">Password</label>`;
}

export function renderSignIn(input: CredentialsPageInput): string {
  const q = new URLSearchParams({ return_to: input.returnTo }).toString();
  return pageLayout(
    "Sign in",
    `<h1>Sign in to scamverify</h1>
<p class="muted">${
      input.returnTo === "/dashboard"
        ? "Sign in to manage your API keys and see your usage."
        : "An application asked to use your scamverify account. Sign in to review its request."
    }</p>
${credentialsFormStart("/api/oauth/signin", input)}
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit">Sign in</button></div>
</form>
<p class="muted" style="margin-top:18px">No account yet? <a href="/api/oauth/signup?${escapeHtml(q)}">Create one</a> (free plan).</p>`,
  );
}

export function renderSignUp(
  input: CredentialsPageInput & {
    readonly minPasswordLength: number;
    /** The free plan's allowance on the channels served (freePlanOffer); null: not named. */
    readonly offer?: string | null;
  },
): string {
  const q = new URLSearchParams({ return_to: input.returnTo }).toString();
  const offer = input.offer ? `Free plan: ${escapeHtml(input.offer)} a month.` : "New accounts start on the free plan.";
  return pageLayout(
    "Create an account",
    `<h1>Create a scamverify account</h1>
<p class="muted" id="plan-offer">${offer}</p>
${credentialsFormStart("/api/oauth/signup", input)}
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${input.minPasswordLength}">
<p class="muted">At least ${input.minPasswordLength} characters.</p>
<div class="actions"><button type="submit">Create account</button></div>
</form>
<p class="muted" style="margin-top:18px">Already registered? <a href="/api/oauth/signin?${escapeHtml(q)}">Sign in</a>.</p>`,
  );
}

export interface ConsentPageInput {
  readonly csrf: string;
  readonly clientName: string;
  readonly redirectUri: string;
  readonly accountEmail: string;
  readonly scopes: readonly Scope[];
  /** The authorization request, echoed back in hidden fields so the decision is validated afresh. */
  readonly request: Readonly<Record<string, string>>;
}

export function renderConsent(input: ConsentPageInput): string {
  let destination = input.redirectUri;
  try {
    const url = new URL(input.redirectUri);
    destination = url.host ? `${url.protocol}//${url.host}` : url.protocol;
  } catch {
    // Validated already; the raw value is shown if it cannot be reduced to an origin.
  }
  const items = input.scopes
    .map((s) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[s])} <code>${escapeHtml(s)}</code></li>`)
    .join("\n");
  const fields = Object.entries(input.request)
    .map(([k, v]) => hiddenField(k, v))
    .join("\n");
  return pageLayout(
    "Authorize application",
    `<h1><span id="client-name">${escapeHtml(input.clientName)}</span> wants to access your scamverify account</h1>
<p>Signed in as <strong>${escapeHtml(input.accountEmail)}</strong>.</p>
<p>If you allow it, this application will be able to:</p>
<ul class="scopes" id="scopes">
${items}
</ul>
<p class="muted">Lookups it makes count against your plan's monthly quota. You will be returned to <code>${escapeHtml(destination)}</code>.</p>
<form method="post" action="/api/oauth/authorize">
${hiddenField("csrf_token", input.csrf)}
${fields}
<div class="actions">
<button type="submit" name="decision" value="approve" id="approve">Allow</button>
<button type="submit" name="decision" value="deny" id="deny" class="secondary">Deny</button>
</div>
</form>`,
  );
}

export function renderError(title: string, message: string): string {
  return pageLayout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="muted">Return to the application and start again. If it keeps happening, the application is misconfigured.</p>`,
  );
}

export function renderSignedIn(email: string): string {
  return pageLayout(
    "Signed in",
    `<h1>Signed in</h1><p>You are signed in as <strong>${escapeHtml(email)}</strong>. You may close this page.</p>`,
  );
}

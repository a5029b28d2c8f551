// Server-rendered HTML of the checker page: the form, the answer, a shared answer and errors. Every value is
// escaped; the page loads only its own style sheet and script (same origin), so its policy forbids inline code and
// every other origin. Language and country switches are links or small forms, so they work without script.
import { escapeHtml } from "../oauth/pages.js";
import { verdictState, type PageAnswer } from "./answer.js";
import { CHOSEN_KINDS, type ChosenKind } from "./detect-input.js";
import { findingLabel, sourceName, sourceReason } from "./labels.js";
import {
  confidenceWord,
  formatDate,
  LANGS,
  STRINGS,
  type Lang,
  type PageErrorKind,
  type VerdictState,
} from "./i18n.js";
import { PAGE_ASSET_PATHS } from "./assets.js";
import { COUNTRIES, COUNTRY_STEPS, type Country } from "./next-steps-data.js";
import { nextSteps, type LocalStep } from "./next-steps.js";

export const PAGE_PATHS = {
  home: "/",
  check: "/check",
  view: "/check/view",
  report: "/check/report",
  feedback: "/check/not-a-scam",
  share: "/check/share",
  shared: "/s/",
} as const;

const e = escapeHtml;

const ICONS: Readonly<Record<VerdictState, string>> = {
  scam: '<path fill="#b3261e" d="M20 4h24l16 16v24L44 60H20L4 44V20z"/><path stroke="#fff" stroke-width="6" stroke-linecap="round" d="m22 22 20 20m0-20L22 42"/>',
  high_risk:
    '<path fill="#b54708" d="M32 5 62 58H2z"/><path stroke="#fff" stroke-width="6" stroke-linecap="round" d="M32 24v16"/><circle cx="32" cy="49" r="3.6" fill="#fff"/>',
  medium_risk:
    '<circle cx="32" cy="32" r="29" fill="#8a6100"/><path stroke="#fff" stroke-width="6" stroke-linecap="round" d="M32 16v21"/><circle cx="32" cy="47" r="3.6" fill="#fff"/>',
  low_risk:
    '<circle cx="32" cy="32" r="29" fill="#1f5f99"/><circle cx="32" cy="18" r="3.6" fill="#fff"/><path stroke="#fff" stroke-width="6" stroke-linecap="round" d="M32 28v20"/>',
  safe: '<circle cx="32" cy="32" r="29" fill="#1c6b3a"/><path fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" d="m19 33 9 9 18-19"/>',
  unsure:
    '<circle cx="32" cy="32" r="29" fill="#4b5565"/><path fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" d="M23 24a9 9 0 1 1 13 8c-3 2-4 3-4 7"/><circle cx="32" cy="48" r="3.6" fill="#fff"/>',
};

function icon(state: VerdictState): string {
  return `<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">${ICONS[state]}</svg>`;
}

const BRAND_SVG =
  '<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#1f4fd1"/><path fill="#fff" d="M32 9 14 16v13c0 12 8 21 18 25 10-4 18-13 18-25V16z"/><path fill="#1f4fd1" d="m28.5 41-8-8 3.2-3.2 4.8 4.8 11.8-11.8 3.2 3.2z"/></svg>';

interface Layout {
  readonly lang: Lang;
  readonly title: string;
  /** The language switch: links (GET pages) or forms re-posting the signed answer. */
  readonly langSwitch: string;
}

function layout(l: Layout, body: string): string {
  const s = STRINGS[l.lang];
  return `<!doctype html>
<html lang="${l.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light">
<meta name="theme-color" content="#1f4fd1">
<meta name="description" content="${e(s.tagline)}">
<title>${e(l.title)} · scamverify</title>
<link rel="stylesheet" href="${PAGE_ASSET_PATHS.css}">
<link rel="icon" type="image/svg+xml" href="${PAGE_ASSET_PATHS.icon}">
<link rel="apple-touch-icon" href="${PAGE_ASSET_PATHS.icon192}">
<link rel="manifest" href="${PAGE_ASSET_PATHS.manifest}${l.lang === "es" ? "?lang=es" : ""}">
<script src="${PAGE_ASSET_PATHS.js}" defer></script>
</head>
<body>
<a class="skip" href="#main">${e(s.skip)}</a>
<header class="site"><div class="bar">
<a class="brand" href="/${l.lang === "en" ? "" : `?lang=${l.lang}`}">${BRAND_SVG}<span>scamverify</span></a>
${l.langSwitch}
</div></header>
<main id="main" tabindex="-1">
${body}
</main>
<footer><p><a href="/dashboard">${e(s.footerApi)}</a></p></footer>
</body>
</html>`;
}

/** Language links for a page reached by GET (`href(lang)` gives each language's address). */
function langLinks(current: Lang, href: (lang: Lang) => string): string {
  const items = LANGS.map((l) =>
    l === current
      ? `<span class="current" aria-current="true" lang="${l}">${e(STRINGS[l].langName)}</span>`
      : `<a href="${e(href(l))}" lang="${l}" hreflang="${l}">${e(STRINGS[l].langName)}</a>`,
  ).join("");
  return `<nav class="lang" aria-label="${e(STRINGS[current].languageSwitch)}">${items}</nav>`;
}

/** Language buttons for an answer page: each re-posts the signed answer, so nothing is kept on the server. */
function langForms(current: Lang, token: string, country: Country): string {
  const items = LANGS.map((l) =>
    l === current
      ? `<span class="current" aria-current="true" lang="${l}">${e(STRINGS[l].langName)}</span>`
      : `<form method="post" action="${PAGE_PATHS.view}"><input type="hidden" name="r" value="${e(token)}"><input type="hidden" name="lang" value="${l}"><input type="hidden" name="country" value="${country}"><button class="linkish" type="submit" lang="${l}">${e(STRINGS[l].langName)}</button></form>`,
  ).join("");
  return `<nav class="lang" aria-label="${e(STRINGS[current].languageSwitch)}">${items}</nav>`;
}

function countryOptions(lang: Lang, selected: Country): string {
  return COUNTRIES.map(
    (c) => `<option value="${c}"${c === selected ? " selected" : ""}>${e(COUNTRY_STEPS[c].name[lang])}</option>`,
  ).join("");
}

export interface HomeView {
  readonly lang: Lang;
  readonly country: Country;
  readonly text?: string;
  readonly sender?: string;
  readonly kind?: ChosenKind;
  readonly error?: { readonly kind: PageErrorKind; readonly retryAfter?: number };
}

function errorBox(lang: Lang, error: HomeView["error"]): string {
  if (!error) return "";
  const s = STRINGS[lang];
  const retry = error.retryAfter !== undefined && error.kind !== "budget" ? ` ${s.retryIn(error.retryAfter)}` : "";
  return `<div class="error-box" role="alert" id="form-error"><strong>${e(s.errorTitle)}.</strong> ${e(s.errors[error.kind])}${e(retry)}</div>`;
}

export function renderHome(v: HomeView): string {
  const s = STRINGS[v.lang];
  const kind = v.kind ?? "auto";
  const kindOptions = CHOSEN_KINDS.map(
    (k) => `<option value="${k}"${k === kind ? " selected" : ""}>${e(s.kinds[k])}</option>`,
  ).join("");
  const open = (v.sender ?? "") !== "" || kind !== "auto" ? " open" : "";
  const body = `<h1>${e(s.title)}</h1>
<p class="lead">${e(s.tagline)}</p>
${errorBox(v.lang, v.error)}
<form class="card" id="check-form" method="post" action="${PAGE_PATHS.check}" enctype="multipart/form-data">
<label for="content">${e(s.contentLabel)}</label>
<p class="hint" id="content-hint">${e(s.contentHint)}</p>
<textarea id="content" name="text" rows="7" spellcheck="false" autocapitalize="off" aria-describedby="content-hint${v.error ? " form-error" : ""}">${e(v.text ?? "")}</textarea>
<label for="file">${e(s.fileLabel)}</label>
<p class="hint" id="file-hint">${e(s.fileHint)}</p>
<input type="file" id="file" name="file" accept="image/*,application/pdf,.pdf,.eml,message/rfc822,.txt" aria-describedby="file-hint file-note"><span id="file-note" class="muted" aria-live="polite"></span>
<details${open}>
<summary>${e(s.moreOptions)}</summary>
<label for="sender">${e(s.senderLabel)}</label>
<p class="hint" id="sender-hint">${e(s.senderHint)}</p>
<input type="text" id="sender" name="sender" value="${e(v.sender ?? "")}" autocomplete="off" spellcheck="false" aria-describedby="sender-hint">
<label for="kind">${e(s.kindLabel)}</label>
<select id="kind" name="kind">${kindOptions}</select>
<label for="country">${e(s.countryLabel)}</label>
<select id="country" name="country">${countryOptions(v.lang, v.country)}</select>
</details>
<input type="hidden" name="lang" value="${v.lang}">
<div class="actions"><button type="submit" data-busy="${e(s.checking)}">${e(s.submit)}</button></div>
<p class="privacy" id="privacy">${e(s.privacy)}</p>
</form>
<section class="card" aria-labelledby="how-title">
<h2 id="how-title">${e(s.howTitle)}</h2>
<ul class="steps">${s.howItems.map((i) => `<li>${e(i)}</li>`).join("")}</ul>
</section>`;
  return layout(
    { lang: v.lang, title: s.title, langSwitch: langLinks(v.lang, (l) => (l === "en" ? "/?lang=en" : `/?lang=${l}`)) },
    body,
  );
}

export interface AnswerView {
  readonly lang: Lang;
  readonly country: Country;
  readonly answer: PageAnswer;
  /** The signed answer for the page's own forms; absent on a shared answer (no buttons there). */
  readonly token?: string;
  readonly notice?: string;
  readonly error?: { readonly kind: PageErrorKind; readonly retryAfter?: number };
  readonly share?: { readonly url: string; readonly expiresAt: Date };
  readonly shared?: { readonly id: string; readonly expiresAt: Date };
  readonly shareDays: number;
}

function stepList(steps: readonly LocalStep[]): string {
  return `<ul class="steps">${steps
    .map(
      (st) =>
        `<li>${e(st.text)}${st.href ? ` <a href="${e(st.href)}" rel="noopener noreferrer">${e(new URL(st.href).hostname.replace(/^www\./, ""))}</a>` : ""}</li>`,
    )
    .join("")}</ul>`;
}

function labelHtml(text: string, textLang: Lang, pageLang: Lang): string {
  return textLang === pageLang ? e(text) : `<span lang="${textLang}">${e(text)}</span>`;
}

export function renderAnswer(v: AnswerView): string {
  const s = STRINGS[v.lang];
  const a = v.answer;
  const state = verdictState(a);
  const title = s.verdictTitle[state];
  const reasons = a.factors.filter((f) => f.points > 0 && f.id !== "limited_evidence");
  // The rules' own explanation repeats the reasons above; a model's explanation adds to them.
  const aiWrote = a.sources.some((x) => x.name === "ai_explainer" && x.status === "ok");
  const favour = a.factors.filter((f) => f.points < 0);
  const steps = nextSteps(state, a.scam_type, v.country, v.lang);
  const checked = a.sources.filter((x) => x.status === "ok");
  const unchecked = a.sources.filter((x) => x.status !== "ok");
  const sourceItem = (x: PageAnswer["sources"][number]): string => {
    const name = sourceName(x.name, v.lang);
    if (name === null) return "";
    const reason = x.status === "ok" ? null : sourceReason(x.reason, v.lang);
    return `<li>${e(name)}${reason ? ` — ${labelHtml(reason.text, reason.lang, v.lang)}` : ""}</li>`;
  };
  const finding = (f: PageAnswer["factors"][number]): string => {
    const l = findingLabel(f.id, f.label, v.lang);
    return `<li data-finding="${e(f.id)}">${labelHtml(l.text, l.lang, v.lang)}</li>`;
  };
  const banner = v.shared
    ? `<p class="notice" role="status">${e(s.sharedBanner(formatDate(v.shared.expiresAt, v.lang)))}</p>`
    : "";
  const notice = v.notice ? `<p class="notice" role="status" id="notice">${e(v.notice)}</p>` : "";
  const subject =
    a.subject !== null
      ? `<p class="subject">${e(s.readAs)} ${e(s.readAsKinds[a.read_as] ?? a.read_as)}: <code>${e(a.subject)}</code></p>`
      : `<p class="meta">${e(s.readAs)} ${e(s.readAsKinds[a.read_as] ?? a.read_as)}.</p>`;
  const verdictBlock = `<section class="verdict v-${state}" id="verdict" data-verdict="${a.verdict}" data-state="${state}" aria-labelledby="verdict-title">
<div class="head">${icon(state)}<h1 id="verdict-title">${e(title)}</h1></div>
<p class="summary">${e(s.verdictSummary[state])}</p>
<p class="meta">${e(s.riskLine(a.risk_score, s.confidence[confidenceWord(a.confidence)]))}</p>
${subject}
</section>`;
  const why = `<section class="card" aria-labelledby="why-title">
<h2 id="why-title">${e(s.whyTitle)}</h2>
${reasons.length > 0 ? `<ul class="reasons">${reasons.map(finding).join("")}</ul>` : `<p>${e(s.noReasons)}</p>`}
${favour.length > 0 ? `<h3>${e(s.inFavour)}</h3><ul class="reasons favour">${favour.map(finding).join("")}</ul>` : ""}
${aiWrote && v.lang === "en" && a.explanation ? `<h3>${e(s.detailTitle)}</h3><p>${e(a.explanation)}</p>` : ""}
</section>`;
  const evidence =
    steps.report.length > 0 && a.reportable.length > 0
      ? `<h3>${e(s.evidenceTitle)}</h3><p class="muted">${e(s.evidenceHint)}</p><ul class="steps evidence">${a.reportable.map((r) => `<li><code>${e(r.value)}</code></li>`).join("")}</ul>`
      : "";
  const countryForm = v.token
    ? `<form method="post" action="${PAGE_PATHS.view}" class="row"><input type="hidden" name="r" value="${e(v.token)}"><input type="hidden" name="lang" value="${v.lang}"><div><label for="steps-country">${e(s.countrySwitch)}</label><select id="steps-country" name="country">${countryOptions(v.lang, v.country)}</select></div><button type="submit" class="secondary">${e(s.show)}</button></form>`
    : "";
  const todo = `<section class="card" aria-labelledby="steps-title">
<h2 id="steps-title">${e(s.stepsTitle)}</h2>
<h3>${e(s.beforeTitle)}</h3>
${stepList(steps.before)}
${steps.after.length > 0 ? `<h3>${e(s.afterTitle)}</h3>${stepList(steps.after)}` : ""}
${steps.report.length > 0 ? `<h3>${e(s.reportTitle(steps.country.name[v.lang]))}</h3>${stepList(steps.report)}` : ""}
${evidence}
${countryForm}
<p class="muted">${e(s.stepSources)}: ${steps.country.sources.map((src) => `<a href="${e(src.href)}" rel="noopener noreferrer">${e(src.title)}</a>`).join("; ")}.</p>
</section>`;
  const sources = `<section class="card" aria-labelledby="checked-title">
<h2 id="checked-title">${e(s.checkedTitle)}</h2>
<ul class="sources" id="checked">${checked.map(sourceItem).join("")}</ul>
<h3 id="unchecked-title">${e(s.notCheckedTitle)}</h3>
${unchecked.length > 0 ? `<ul class="sources" id="unchecked">${unchecked.map(sourceItem).join("")}</ul>` : `<p>${e(s.nothingUnchecked)}</p>`}
</section>`;
  const tokenField = v.token
    ? `<input type="hidden" name="r" value="${e(v.token)}"><input type="hidden" name="lang" value="${v.lang}"><input type="hidden" name="country" value="${v.country}">`
    : "";
  const help = v.token
    ? `<section class="card help" aria-labelledby="help-title">
<h2 id="help-title">${e(s.helpTitle)}</h2>
${
  a.reportable.length > 0 && state !== "safe"
    ? `<form method="post" action="${PAGE_PATHS.report}">${tokenField}<button type="submit" id="report-scam" aria-describedby="report-hint">${e(s.reportButton)}</button><p class="muted" id="report-hint">${e(s.reportHint)}</p></form>`
    : state === "safe"
      ? ""
      : `<p class="muted">${e(s.reportNothing)}</p>`
}
<form method="post" action="${PAGE_PATHS.feedback}">${tokenField}<button type="submit" class="secondary" id="not-scam" aria-describedby="not-scam-hint">${e(s.notScamButton)}</button><p class="muted" id="not-scam-hint">${e(s.notScamHint)}</p></form>
</section>`
    : "";
  const shareBox = v.share
    ? `<label for="share-url">${e(s.shareLinkLabel)}</label><div class="share-link"><input type="text" id="share-url" readonly value="${e(v.share.url)}"><button type="button" id="copy-share" class="secondary" hidden data-done="${e(s.copied)}">${e(s.copy)}</button></div><p class="muted" id="copy-status" role="status"></p><p class="muted">${e(s.shareExpires(formatDate(v.share.expiresAt, v.lang)))}</p>`
    : v.token
      ? `<form method="post" action="${PAGE_PATHS.share}">${tokenField}<button type="submit" class="secondary" id="share" aria-describedby="share-hint">${e(s.shareButton)}</button></form>`
      : "";
  const share =
    v.token || v.share
      ? `<section class="card" aria-labelledby="share-title"><h2 id="share-title">${e(s.shareTitle)}</h2>${shareBox}<p class="muted" id="share-hint">${e(s.shareHint(v.shareDays))}</p></section>`
      : "";
  const errors = errorBox(v.lang, v.error);
  const body = `${banner}${notice}${errors}${verdictBlock}
<p><a href="/${v.lang === "en" ? "" : `?lang=${v.lang}`}">${e(s.checkAnother)}</a></p>
${why}
${todo}
${sources}
${help}
${share}
<p class="privacy">${e(s.privacy)}</p>`;
  const langSwitch = v.shared
    ? langLinks(v.lang, (l) => `${PAGE_PATHS.shared}${v.shared?.id ?? ""}?lang=${l}&country=${v.country}`)
    : v.token
      ? langForms(v.lang, v.token, v.country)
      : langLinks(v.lang, (l) => `/?lang=${l}`);
  return layout({ lang: v.lang, title, langSwitch }, body);
}

export function renderSharedMissing(lang: Lang): string {
  const s = STRINGS[lang];
  return layout(
    { lang, title: s.sharedMissingTitle, langSwitch: langLinks(lang, (l) => `/?lang=${l}`) },
    `<h1>${e(s.sharedMissingTitle)}</h1><p>${e(s.sharedMissing)}</p><p><a class="button" href="/${lang === "en" ? "" : `?lang=${lang}`}">${e(s.checkAnother)}</a></p>`,
  );
}

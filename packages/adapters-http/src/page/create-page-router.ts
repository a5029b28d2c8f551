// The checker for people at `/`: the form, one check per post (paste, upload or a phone's share sheet), the answer
// with its buttons (report, "not a scam", share link, language and country), shared answers under /s/<id>, and the
// page's own static files. Anonymous: no key and no account, with limits of its own per client address. Nothing a
// person sends is stored or logged; the answer travels in a signed form field, and only a share link keeps it.
import express, { type Request, type Response, type Router } from "express";
import { type DocumentReader, type Engine, type Principal, type RateLimiter, type ResultCache } from "@scamverify/core";
import { clientAddress, type TrustedProxies } from "../client-address.js";
import { errorFields, type Logger } from "../logger.js";
import { requestIdOf } from "../http-common.js";
import {
  AnonymousAccess,
  clientKey,
  DEFAULT_ANONYMOUS_LIMITS,
  type AnonymousLimits,
  type LimitOutcome,
} from "./anonymous-limits.js";
import type { PageAnswer } from "./answer.js";
import { ICON_192_PNG, ICON_512_PNG, ICON_SVG, manifestJson, PAGE_ASSET_PATHS, PAGE_CSS, PAGE_JS } from "./assets.js";
import { CHOSEN_KINDS, type ChosenKind } from "./detect-input.js";
import { readPageForm } from "./form-body.js";
import { negotiateLang, regionOf, STRINGS, type Lang, type PageErrorKind } from "./i18n.js";
import type { Country } from "./next-steps-data.js";
import { pickCountry } from "./next-steps.js";
import { PAGE_PATHS, renderAnswer, renderHome, renderSharedMissing } from "./render.js";
import { runCheck } from "./run-check.js";
import { createFeedbackTally, createShareStore } from "./share-store.js";
import { createAnswerSigner } from "./signed-answer.js";

export interface PageRouterDeps {
  /** The engine the page calls; the composition root may give it a result cache that never writes. */
  readonly engine: Engine;
  /** The page's anonymous principal: an account of its own, apart from every API account. */
  readonly principal: () => Promise<Principal>;
  /** Counts the per-address limits (the server's shared limiter). */
  readonly limiter: RateLimiter;
  /** Where share links and the "not a scam" tally are kept (the server's result cache). */
  readonly store: ResultCache;
  readonly logger: Logger;
  /** Public base URL, for share links. */
  readonly baseUrl: string;
  readonly limits?: Partial<AnonymousLimits>;
  /** Signs the answer carried by the answer page's forms; processes behind one address need the same secret. */
  readonly secret?: string;
  /** How long a share link works (default 7 days). */
  readonly shareTtlMs?: number;
  /** The country whose next steps are shown when the browser names none (default US). */
  readonly defaultCountry?: Country;
  /** Reads screenshots of conversations so they are judged as messages. */
  readonly documentReader?: DocumentReader;
  /** Proxies whose X-Forwarded-For names the client the limits count (see client-address.ts). */
  readonly trustedProxies?: TrustedProxies;
  readonly now?: () => Date;
}

export const DEFAULT_SHARE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const STATUS: Readonly<Record<PageErrorKind, number>> = {
  empty: 400,
  invalid: 400,
  phone_country: 400,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
  budget: 429,
  busy: 503,
  unavailable: 503,
  internal: 500,
};

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; manifest-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function chosenKind(v: unknown): ChosenKind {
  return typeof v === "string" && (CHOSEN_KINDS as readonly string[]).includes(v) ? (v as ChosenKind) : "auto";
}

/** The report category of a value found in an answer of this channel. */
function categoryOf(kind: "url" | "phone", channel: PageAnswer["channel"]): string {
  if (kind === "url") return channel === "text" ? "smishing" : "phishing";
  return "fraud";
}

export function createPageRouter(deps: PageRouterDeps): Router {
  const router = express.Router();
  const now = deps.now ?? (() => new Date());
  const access = new AnonymousAccess(deps.limiter, { ...DEFAULT_ANONYMOUS_LIMITS, ...deps.limits });
  const signer = createAnswerSigner(deps.secret);
  const shareTtl = deps.shareTtlMs ?? DEFAULT_SHARE_TTL_MS;
  const shareDays = Math.max(1, Math.round(shareTtl / 86_400_000));
  const shares = createShareStore(deps.store, shareTtl);
  const tally = createFeedbackTally(deps.store);
  const fallbackCountry = deps.defaultCountry ?? "US";
  const base = deps.baseUrl.replace(/\/+$/, "");

  const html = (res: Response, status: number, body: string): void => {
    res.setHeader("Content-Security-Policy", CSP);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Vary", "Accept-Language");
    res.status(status).type("html").send(body);
  };

  const langOf = (req: Request, chosen?: unknown): Lang => negotiateLang(chosen, req.get("accept-language"));
  const countryOf = (req: Request, chosen?: unknown): Country =>
    pickCountry(chosen, regionOf(req.get("accept-language")), fallbackCountry);
  const client = (req: Request): string => clientKey(clientAddress(req, deps.trustedProxies));

  const refused = (
    res: Response,
    out: Exclude<LimitOutcome, { allowed: true }>,
  ): { kind: PageErrorKind; retryAfter: number } => {
    res.setHeader("Retry-After", String(out.retryAfter));
    return { kind: out.reason, retryAfter: out.retryAfter };
  };

  const failed = (req: Request, res: Response, error: unknown): void => {
    deps.logger.log("error", "page error", { request_id: requestIdOf(res), path: req.path, ...errorFields(error) });
    if (!res.headersSent)
      html(res, 500, renderHome({ lang: langOf(req), country: countryOf(req), error: { kind: "internal" } }));
  };

  // Static files: same origin, cacheable.
  const asset = (type: string, body: string | Buffer) => (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type(type).send(body);
  };
  router.get(PAGE_ASSET_PATHS.css, asset("text/css; charset=utf-8", PAGE_CSS));
  router.get(PAGE_ASSET_PATHS.js, asset("text/javascript; charset=utf-8", PAGE_JS));
  router.get(PAGE_ASSET_PATHS.icon, asset("image/svg+xml", ICON_SVG));
  router.get(PAGE_ASSET_PATHS.icon192, asset("image/png", ICON_192_PNG));
  router.get(PAGE_ASSET_PATHS.icon512, asset("image/png", ICON_512_PNG));
  router.get(PAGE_ASSET_PATHS.manifest, (req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("application/manifest+json").send(manifestJson(str(req.query["lang"]) === "es" ? "es" : "en"));
  });

  router.get(PAGE_PATHS.home, (req, res) => {
    html(res, 200, renderHome({ lang: langOf(req, req.query["lang"]), country: countryOf(req, req.query["country"]) }));
  });
  // A reload or a bookmark of the answer's address: the answer is not kept, so start again.
  router.get(PAGE_PATHS.check, (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, PAGE_PATHS.home);
  });

  router.post(PAGE_PATHS.check, async (req, res) => {
    try {
      const form = await readPageForm(req, res);
      if (form.isErr()) {
        const kind: PageErrorKind =
          form.error.code === "payload_too_large"
            ? "too_large"
            : form.error.code === "unsupported_media_type"
              ? "unsupported"
              : "invalid";
        return html(res, STATUS[kind], renderHome({ lang: langOf(req), country: countryOf(req), error: { kind } }));
      }
      const f = form.value.fields;
      const lang = langOf(req, f["lang"]);
      const country = countryOf(req, f["country"]);
      // A phone's share sheet sends title, text and url: the link joins the text unless the text already has it.
      const shared = [f["text"] ?? "", f["url"] && !(f["text"] ?? "").includes(f["url"]) ? f["url"] : ""]
        .filter((x) => x.trim() !== "")
        .join("\n");
      const text = shared !== "" ? shared : (f["title"] ?? "");
      const sender = f["sender"] ?? "";
      const kind = chosenKind(f["kind"]);
      const echo = { lang, country, text, sender, kind };
      if (text.trim() === "" && form.value.file === undefined) {
        return html(res, 400, renderHome({ ...echo, error: { kind: "empty" } }));
      }
      const allowed = await access.check(client(req), now());
      if (!allowed.allowed) return html(res, 429, renderHome({ ...echo, error: refused(res, allowed) }));
      const out = await runCheck(
        {
          engine: deps.engine,
          principal: deps.principal,
          ...(deps.documentReader ? { documentReader: deps.documentReader } : {}),
        },
        { text, sender, kind, ...(form.value.file ? { file: form.value.file } : {}) },
      );
      if (!out.ok) {
        if (out.retryAfter !== undefined) res.setHeader("Retry-After", String(out.retryAfter));
        return html(
          res,
          STATUS[out.error],
          renderHome({
            ...echo,
            error: { kind: out.error, ...(out.retryAfter !== undefined ? { retryAfter: out.retryAfter } : {}) },
          }),
        );
      }
      html(
        res,
        200,
        renderAnswer({ lang, country, answer: out.answer, token: signer.sign(out.answer, now()), shareDays }),
      );
    } catch (error) {
      failed(req, res, error);
    }
  });

  /** The answer an answer page's form carries, or null after answering with a page that says it is too old. */
  const answerOf = async (req: Request, res: Response) => {
    const form = await readPageForm(req, res);
    const fields = form.isOk() ? form.value.fields : {};
    const lang = langOf(req, fields["lang"]);
    const country = countryOf(req, fields["country"]);
    const answer = signer.verify(fields["r"], now());
    if (answer === null) {
      html(
        res,
        400,
        renderHome({ lang, country }).replace(
          "<h1>",
          `<p class="error-box" role="alert">${STRINGS[lang].answerExpired}</p><h1>`,
        ),
      );
      return null;
    }
    return { answer, lang, country, token: fields["r"] as string };
  };

  router.post(PAGE_PATHS.view, async (req, res) => {
    try {
      const got = await answerOf(req, res);
      if (got) html(res, 200, renderAnswer({ ...got, shareDays }));
    } catch (error) {
      failed(req, res, error);
    }
  });

  router.post(PAGE_PATHS.report, async (req, res) => {
    try {
      const got = await answerOf(req, res);
      if (!got) return;
      const s = STRINGS[got.lang];
      const allowed = await access.report(client(req), now());
      if (!allowed.allowed) return html(res, 429, renderAnswer({ ...got, shareDays, error: refused(res, allowed) }));
      const p = await deps.principal();
      let counted = false;
      let most = 0;
      for (const item of got.answer.reportable) {
        const out = await deps.engine.report(p, {
          kind: item.kind,
          value: item.value,
          category: categoryOf(item.kind, got.answer.channel),
        });
        if (out.isErr()) continue;
        counted ||= out.value.value.counted;
        most = Math.max(most, out.value.value.community_reports);
      }
      html(res, 200, renderAnswer({ ...got, shareDays, notice: counted ? s.reported(most) : s.reportedAlready }));
    } catch (error) {
      failed(req, res, error);
    }
  });

  router.post(PAGE_PATHS.feedback, async (req, res) => {
    try {
      const got = await answerOf(req, res);
      if (!got) return;
      const allowed = await access.report(client(req), now());
      if (!allowed.allowed) return html(res, 429, renderAnswer({ ...got, shareDays, error: refused(res, allowed) }));
      const at = now();
      const entry = {
        channel: got.answer.channel,
        verdict: got.answer.verdict,
        scam_type: got.answer.scam_type,
        day: at.toISOString().slice(0, 10),
      };
      const count = await tally.record(entry, at);
      deps.logger.log("info", "page feedback: not a scam", { ...entry, count_today: count });
      html(res, 200, renderAnswer({ ...got, shareDays, notice: STRINGS[got.lang].notScamThanks }));
    } catch (error) {
      failed(req, res, error);
    }
  });

  router.post(PAGE_PATHS.share, async (req, res) => {
    try {
      const got = await answerOf(req, res);
      if (!got) return;
      const allowed = await access.share(client(req), now());
      if (!allowed.allowed) return html(res, 429, renderAnswer({ ...got, shareDays, error: refused(res, allowed) }));
      const { id, expiresAt } = await shares.create(got.answer, now());
      html(
        res,
        200,
        renderAnswer({ ...got, shareDays, share: { url: `${base}${PAGE_PATHS.shared}${id}`, expiresAt } }),
      );
    } catch (error) {
      failed(req, res, error);
    }
  });

  router.get(`${PAGE_PATHS.shared}:id`, async (req, res) => {
    try {
      const lang = langOf(req, req.query["lang"]);
      const country = countryOf(req, req.query["country"]);
      const id = String(req.params["id"] ?? "");
      const found = await shares.get(id, now());
      if (found === null) return html(res, 404, renderSharedMissing(lang));
      html(
        res,
        200,
        renderAnswer({ lang, country, answer: found.answer, shared: { id, expiresAt: found.expiresAt }, shareDays }),
      );
    } catch (error) {
      failed(req, res, error);
    }
  });

  return router;
}

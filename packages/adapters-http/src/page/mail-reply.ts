// The reply a forwarder gets by mail, in the checker page's words: the verdict, the reasons, what was checked and
// what could not be, and the next steps for their country, as plain text. The mail face calls it through the
// composition root, so the words and the next-steps data stay in one place.
import { toPageAnswer, verdictState } from "./answer.js";
import { confidenceWord, negotiateLang, STRINGS, type Lang } from "./i18n.js";
import { findingLabel, sourceName, sourceReason } from "./labels.js";
import type { Country } from "./next-steps-data.js";
import { nextSteps, type LocalStep } from "./next-steps.js";

export interface MailReplyInput {
  /** The email channel's result about the forwarded original, or null when nothing could be analysed. */
  readonly result: object | null;
  /** The forwarder's subject line. */
  readonly subject: string;
  /** The forwarder's Content-Language or Accept-Language. */
  readonly language: string | null;
  readonly forwarder: string;
}

export interface MailReplyOptions {
  /** The page's address, offered for the next check. */
  readonly baseUrl: string;
  readonly defaultCountry?: Country;
}

const TLD_COUNTRY: Readonly<Record<string, Country>> = { uk: "GB", es: "ES", ca: "CA", au: "AU", us: "US" };

const WORDS: Readonly<
  Record<Lang, { couldNot: string; notFound: string; checkAnother: string; ownOnly: string; subject: string }>
> = {
  en: {
    couldNot: "We could not check what you forwarded",
    notFound:
      "We found no message in your mail. Forward the suspicious mail as an attachment, or inline with its whole text, and we will check it.",
    checkAnother: "Check a text, a link, a number or a screenshot",
    ownOnly: "We checked the message you forwarded. We keep neither it nor your mail.",
    subject: "your forwarded mail",
  },
  es: {
    couldNot: "No pudimos comprobar lo que reenviaste",
    notFound:
      "No encontramos ningún mensaje en tu correo. Reenvía el correo sospechoso como adjunto, o con todo su texto, y lo comprobaremos.",
    checkAnother: "Comprueba un SMS, un enlace, un número o una captura",
    ownOnly: "Comprobamos el mensaje que reenviaste. No guardamos ni ese mensaje ni tu correo.",
    subject: "tu correo reenviado",
  },
};

function list(items: readonly string[]): string {
  return items.map((i) => `- ${i}`).join("\n");
}

function steps(items: readonly LocalStep[]): string {
  return list(items.map((s) => (s.href ? `${s.text} ${s.href}` : s.text)));
}

export function composeMailReply(input: MailReplyInput, options: MailReplyOptions): { subject: string; text: string } {
  const lang = negotiateLang(undefined, input.language ?? undefined);
  const s = STRINGS[lang];
  const w = WORDS[lang];
  const tld = /\.([a-z]{2})$/i.exec(input.forwarder)?.[1]?.toLowerCase() ?? "";
  const country = TLD_COUNTRY[tld] ?? options.defaultCountry ?? "US";
  const original = input.subject.replace(/^(?:(?:re|fwd?|fw|rv|reenv)\s*:\s*)+/i, "").trim() || w.subject;
  const page = `${options.baseUrl.replace(/\/+$/, "")}/${lang === "en" ? "" : `?lang=${lang}`}`;
  if (input.result === null) {
    return {
      subject: `scamverify: ${w.couldNot} — ${original}`,
      text: `${w.couldNot}.\n\n${w.notFound}\n\n${w.checkAnother}: ${page}\n`,
    };
  }
  const a = toPageAnswer("email", "eml", input.result, null);
  const state = verdictState(a);
  const label = (f: { id: string; label: string }): string => findingLabel(f.id, f.label, lang).text;
  const reasons = a.factors.filter((f) => f.points > 0 && f.id !== "limited_evidence").map(label);
  const favour = a.factors.filter((f) => f.points < 0).map(label);
  const next = nextSteps(state, a.scam_type, country, lang);
  const checked = a.sources.filter((x) => x.status === "ok").flatMap((x) => sourceName(x.name, lang) ?? []);
  const unchecked = a.sources
    .filter((x) => x.status !== "ok")
    .flatMap((x) => {
      const name = sourceName(x.name, lang);
      const reason = sourceReason(x.reason, lang);
      return name === null ? [] : [reason ? `${name} — ${reason.text}` : name];
    });
  const parts = [
    `${s.verdictTitle[state].toUpperCase()}: ${s.verdictSummary[state]}`,
    s.riskLine(a.risk_score, s.confidence[confidenceWord(a.confidence)]),
    `${s.whyTitle}:\n${reasons.length > 0 ? list(reasons) : s.noReasons}`,
    ...(favour.length > 0 ? [`${s.inFavour}:\n${list(favour)}`] : []),
    `${s.beforeTitle}:\n${steps(next.before)}`,
    ...(next.after.length > 0 ? [`${s.afterTitle}:\n${steps(next.after)}`] : []),
    ...(next.report.length > 0 ? [`${s.reportTitle(next.country.name[lang])}:\n${steps(next.report)}`] : []),
    ...(next.report.length > 0 && a.reportable.length > 0
      ? [`${s.evidenceTitle}:\n${list(a.reportable.map((r) => r.value))}`]
      : []),
    `${s.checkedTitle}:\n${list(checked)}`,
    `${s.notCheckedTitle}:\n${unchecked.length > 0 ? list(unchecked) : s.nothingUnchecked}`,
    `${w.ownOnly}\n${w.checkAnother}: ${page}`,
  ];
  return { subject: `scamverify: ${s.verdictTitle[state]} — ${original}`, text: `${parts.join("\n\n")}\n` };
}

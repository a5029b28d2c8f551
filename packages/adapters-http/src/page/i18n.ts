// The page's languages: English and Spanish, chosen from Accept-Language unless the person picked one (a `lang`
// query or form field). Every string the page shows is here once per language; the country for next steps comes
// from the same header's region (en-GB, es-ES) unless chosen.
import type { Verdict } from "@scamverify/core";

export const LANGS = ["en", "es"] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

interface Tag {
  readonly lang: string;
  readonly region: string | null;
  readonly q: number;
}

function parseAcceptLanguage(header: string | undefined): Tag[] {
  if (!header) return [];
  const tags: Tag[] = [];
  for (const part of header.split(",").slice(0, 20)) {
    const [range = "", ...params] = part.trim().split(";");
    const m = /^([a-z]{2,3})(?:-([a-z]{2}|\d{3}))?/i.exec(range.trim());
    if (!m) continue;
    let q = 1;
    for (const p of params) {
      const qm = /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p);
      if (qm) q = Number(qm[1]);
    }
    if (q > 0) tags.push({ lang: (m[1] as string).toLowerCase(), region: m[2]?.toUpperCase() ?? null, q });
  }
  return tags.sort((a, b) => b.q - a.q);
}

/** The language to answer in: the one chosen, else the first of ours the browser prefers, else English. */
export function negotiateLang(chosen: unknown, acceptLanguage: string | undefined): Lang {
  if (isLang(chosen)) return chosen;
  for (const t of parseAcceptLanguage(acceptLanguage)) if (isLang(t.lang)) return t.lang;
  return "en";
}

/** The region of the browser's most preferred language tag that has one (en-GB -> GB), else null. */
export function regionOf(acceptLanguage: string | undefined): string | null {
  for (const t of parseAcceptLanguage(acceptLanguage)) if (t.region !== null) return t.region;
  return null;
}

export type VerdictState = Verdict | "unsure";

interface Strings {
  readonly langName: string;
  readonly title: string;
  readonly tagline: string;
  readonly skip: string;
  readonly contentLabel: string;
  readonly contentHint: string;
  readonly fileLabel: string;
  readonly fileHint: string;
  readonly moreOptions: string;
  readonly senderLabel: string;
  readonly senderHint: string;
  readonly kindLabel: string;
  readonly kinds: Readonly<Record<"auto" | "sms" | "email_text" | "url" | "phone" | "address", string>>;
  readonly countryLabel: string;
  readonly submit: string;
  readonly checking: string;
  readonly privacy: string;
  readonly howTitle: string;
  readonly howItems: readonly string[];
  readonly footerApi: string;
  readonly languageSwitch: string;
  readonly checkAnother: string;
  readonly readAs: string;
  readonly readAsKinds: Readonly<Record<string, string>>;
  readonly verdictTitle: Readonly<Record<VerdictState, string>>;
  readonly verdictSummary: Readonly<Record<VerdictState, string>>;
  readonly riskLine: (score: number, confidence: string) => string;
  readonly confidence: Readonly<Record<"high" | "moderate" | "low", string>>;
  readonly whyTitle: string;
  readonly noReasons: string;
  readonly inFavour: string;
  readonly detailTitle: string;
  readonly stepsTitle: string;
  readonly beforeTitle: string;
  readonly afterTitle: string;
  readonly reportTitle: (country: string) => string;
  readonly evidenceTitle: string;
  readonly evidenceHint: string;
  readonly stepSources: string;
  readonly countrySwitch: string;
  readonly show: string;
  readonly checkedTitle: string;
  readonly notCheckedTitle: string;
  readonly nothingUnchecked: string;
  readonly helpTitle: string;
  readonly reportButton: string;
  readonly reportHint: string;
  readonly reportNothing: string;
  readonly notScamButton: string;
  readonly notScamHint: string;
  readonly shareTitle: string;
  readonly shareButton: string;
  readonly shareHint: (days: number) => string;
  readonly shareLinkLabel: string;
  readonly copy: string;
  readonly copied: string;
  readonly shareExpires: (date: string) => string;
  readonly sharedBanner: (date: string) => string;
  readonly sharedMissingTitle: string;
  readonly sharedMissing: string;
  readonly reported: (n: number) => string;
  readonly reportedAlready: string;
  readonly notScamThanks: string;
  readonly answerExpired: string;
  readonly errorTitle: string;
  readonly errors: Readonly<Record<PageErrorKind, string>>;
  readonly retryIn: (seconds: number) => string;
  readonly offPage: string;
}

export type PageErrorKind =
  | "empty"
  | "invalid"
  | "too_large"
  | "unsupported"
  | "rate_limited"
  | "budget"
  | "busy"
  | "unavailable"
  | "internal"
  | "phone_country";

export const STRINGS: Readonly<Record<Lang, Strings>> = {
  en: {
    langName: "English",
    title: "Is this a scam?",
    tagline:
      "Paste a message, link, phone number or email, or add a screenshot, a photo of a letter, a PDF or a QR code. You get a verdict, the reasons, and what to do next.",
    skip: "Skip to content",
    contentLabel: "What did you receive?",
    contentHint: "Paste a text message, a link, a phone number, an email address or a whole email.",
    fileLabel: "Or add a file",
    fileHint: "A screenshot, a photo of a letter, a PDF, a QR code image or a saved email (.eml), up to 10 MB.",
    moreOptions: "More options",
    senderLabel: "Who sent it (optional)",
    senderHint: "The number or email address it came from.",
    kindLabel: "What is it?",
    kinds: {
      auto: "Work it out for me",
      sms: "A text or chat message",
      email_text: "An email",
      url: "A link",
      phone: "A phone number",
      address: "An email address",
    },
    countryLabel: "Your country (for where to report)",
    submit: "Check it",
    checking: "Checking…",
    privacy:
      "We do not keep or log what you send: it is checked and forgotten, and only if you ask for a share link do we keep the result (never your message) for a few days.",
    howTitle: "How it works",
    howItems: [
      "We look for the tricks scams use: pressure, threats, requests for money or codes, and links or numbers that do not belong to the organisation the message claims to be.",
      "Every link and phone number inside is checked too.",
      "You see what we checked, what we could not check, and what to do next where you live.",
    ],
    footerApi: "For developers: the scamverify API",
    languageSwitch: "Language",
    checkAnother: "Check something else",
    readAs: "We read it as",
    readAsKinds: {
      url: "a link",
      phone: "a phone number",
      address: "an email address",
      eml: "an email, with its headers",
      email_text: "the text of an email",
      sms: "a text or chat message",
      screenshot: "a screenshot of a message (read by OCR)",
      document: "a document or letter",
      qr: "a QR code",
      email_file: "an email file",
    },
    verdictTitle: {
      scam: "Scam",
      high_risk: "Likely a scam",
      medium_risk: "Suspicious",
      low_risk: "No strong warning signs",
      safe: "Looks safe",
      unsure: "Not sure",
    },
    verdictSummary: {
      scam: "This is almost certainly a scam. Do not reply, click, call or pay.",
      high_risk: "This shows strong signs of a scam. Do not reply, click, call or pay.",
      medium_risk: "This shows some warning signs. Check it through an official channel before you do anything.",
      low_risk: "We found little against it, but that does not prove it is safe.",
      safe: "It checks out: what we found points to the real sender.",
      unsure:
        "We could not find enough to judge it either way. Treat it with care and check it through an official channel.",
    },
    riskLine: (score, confidence) => `Risk ${score} out of 100, ${confidence}.`,
    confidence: { high: "high confidence", moderate: "moderate confidence", low: "low confidence" },
    whyTitle: "Why",
    noReasons: "We found no warning signs.",
    inFavour: "In its favour",
    detailTitle: "In detail",
    stepsTitle: "What to do now",
    beforeTitle: "Before you reply, click or pay",
    afterTitle: "If you already did",
    reportTitle: (country) => `Report it (${country})`,
    evidenceTitle: "Evidence to give them",
    evidenceHint: "Keep the message and the sender's number or address until you have reported it. We found:",
    stepSources: "Sources",
    countrySwitch: "Show steps for",
    show: "Show",
    checkedTitle: "What we checked",
    notCheckedTitle: "What we could not check",
    nothingUnchecked: "Everything we would check was checked.",
    helpTitle: "Help others",
    reportButton: "Report this scam",
    reportHint: "Adds the links and numbers we found to the community reports other people's checks see.",
    reportNothing: "There is no link or number in it to report.",
    notScamButton: "This is not a scam",
    notScamHint: "Tell us we got it wrong. We count it, without your message.",
    shareTitle: "Send this result to someone",
    shareButton: "Create a share link",
    shareHint: (days) => `The link shows this result, never your message, and stops working after ${days} days.`,
    shareLinkLabel: "Share link",
    copy: "Copy link",
    copied: "Link copied.",
    shareExpires: (date) => `This link works until ${date}.`,
    sharedBanner: (date) =>
      `Someone shared this result with you. It does not show their message. The link works until ${date}.`,
    sharedMissingTitle: "This link has expired",
    sharedMissing: "Shared results are kept for a few days only. Ask for a new link, or check the message yourself.",
    reported: (n) =>
      `Thank you: reported. ${n === 1 ? "1 report now counts" : `${n} reports now count`} against what we found.`,
    reportedAlready: "Thank you: it was already reported today from this page.",
    notScamThanks: "Thank you: we counted your feedback.",
    answerExpired: "This answer is too old to act on. Check the message again.",
    errorTitle: "We could not check that",
    errors: {
      empty: "Paste something into the box, or add a file.",
      invalid: "We could not read that.",
      too_large: "That is too large: files up to 10 MB and pictures up to 40 megapixels.",
      unsupported:
        "That kind of file is not supported: use a screenshot or photo (JPEG, PNG, WebP, HEIC, GIF), a PDF or a saved email (.eml).",
      rate_limited: "Too many checks from your connection.",
      budget: "You have reached today's number of checks from your connection. Try again tomorrow.",
      busy: "The checker is busy.",
      unavailable: "The checker is not available right now.",
      internal: "Something went wrong on our side.",
      phone_country: "Only phone numbers of the United States, Canada and the Caribbean (+1) can be checked.",
    },
    retryIn: (s) => `Try again in ${s} seconds.`,
    offPage: "The checker page is turned off on this server.",
  },
  es: {
    langName: "Español",
    title: "¿Es una estafa?",
    tagline:
      "Pega un mensaje, un enlace, un número de teléfono o un correo, o añade una captura de pantalla, la foto de una carta, un PDF o un código QR. Recibirás un veredicto, los motivos y qué hacer ahora.",
    skip: "Saltar al contenido",
    contentLabel: "¿Qué recibiste?",
    contentHint:
      "Pega un mensaje de texto, un enlace, un número de teléfono, una dirección de correo o un correo entero.",
    fileLabel: "O añade un archivo",
    fileHint:
      "Una captura de pantalla, la foto de una carta, un PDF, la imagen de un código QR o un correo guardado (.eml), de hasta 10 MB.",
    moreOptions: "Más opciones",
    senderLabel: "Quién lo envió (opcional)",
    senderHint: "El número o la dirección de correo de la que llegó.",
    kindLabel: "¿Qué es?",
    kinds: {
      auto: "Averígualo tú",
      sms: "Un mensaje de texto o de chat",
      email_text: "Un correo electrónico",
      url: "Un enlace",
      phone: "Un número de teléfono",
      address: "Una dirección de correo",
    },
    countryLabel: "Tu país (para saber dónde denunciar)",
    submit: "Comprobar",
    checking: "Comprobando…",
    privacy:
      "No guardamos ni registramos lo que envías: se comprueba y se olvida, y solo si pides un enlace para compartir guardamos el resultado (nunca tu mensaje) unos días.",
    howTitle: "Cómo funciona",
    howItems: [
      "Buscamos los trucos de las estafas: prisas, amenazas, peticiones de dinero o de códigos, y enlaces o números que no son de la organización que dice enviar el mensaje.",
      "También comprobamos cada enlace y cada número de teléfono que contiene.",
      "Verás qué comprobamos, qué no pudimos comprobar y qué hacer ahora donde vives.",
    ],
    footerApi: "Para desarrolladores: la API de scamverify",
    languageSwitch: "Idioma",
    checkAnother: "Comprobar otra cosa",
    readAs: "Lo leímos como",
    readAsKinds: {
      url: "un enlace",
      phone: "un número de teléfono",
      address: "una dirección de correo",
      eml: "un correo, con sus cabeceras",
      email_text: "el texto de un correo",
      sms: "un mensaje de texto o de chat",
      screenshot: "una captura de un mensaje (leída con OCR)",
      document: "un documento o una carta",
      qr: "un código QR",
      email_file: "un archivo de correo",
    },
    verdictTitle: {
      scam: "Estafa",
      high_risk: "Probable estafa",
      medium_risk: "Sospechoso",
      low_risk: "Sin señales graves",
      safe: "Parece seguro",
      unsure: "No estamos seguros",
    },
    verdictSummary: {
      scam: "Es casi seguro una estafa. No respondas, no hagas clic, no llames y no pagues.",
      high_risk: "Tiene señales claras de estafa. No respondas, no hagas clic, no llames y no pagues.",
      medium_risk: "Tiene algunas señales de alerta. Compruébalo por un canal oficial antes de hacer nada.",
      low_risk: "Encontramos poco en su contra, pero eso no demuestra que sea seguro.",
      safe: "Todo cuadra: lo que encontramos apunta al remitente real.",
      unsure:
        "No encontramos lo suficiente para juzgarlo en un sentido u otro. Trátalo con cuidado y compruébalo por un canal oficial.",
    },
    riskLine: (score, confidence) => `Riesgo ${score} sobre 100, ${confidence}.`,
    confidence: { high: "confianza alta", moderate: "confianza moderada", low: "confianza baja" },
    whyTitle: "Por qué",
    noReasons: "No encontramos señales de alerta.",
    inFavour: "A su favor",
    detailTitle: "En detalle",
    stepsTitle: "Qué hacer ahora",
    beforeTitle: "Antes de responder, hacer clic o pagar",
    afterTitle: "Si ya lo hiciste",
    reportTitle: (country) => `Denúncialo (${country})`,
    evidenceTitle: "Pruebas que aportar",
    evidenceHint:
      "Guarda el mensaje y el número o la dirección del remitente hasta que lo hayas denunciado. Encontramos:",
    stepSources: "Fuentes",
    countrySwitch: "Ver los pasos para",
    show: "Ver",
    checkedTitle: "Qué comprobamos",
    notCheckedTitle: "Qué no pudimos comprobar",
    nothingUnchecked: "Comprobamos todo lo que solemos comprobar.",
    helpTitle: "Ayuda a otras personas",
    reportButton: "Denunciar esta estafa",
    reportHint:
      "Añade los enlaces y números que encontramos a las denuncias de la comunidad que ven las comprobaciones de otras personas.",
    reportNothing: "No contiene ningún enlace ni número que denunciar.",
    notScamButton: "No es una estafa",
    notScamHint: "Dinos que nos equivocamos. Lo contamos, sin tu mensaje.",
    shareTitle: "Envía este resultado a alguien",
    shareButton: "Crear un enlace para compartir",
    shareHint: (days) => `El enlace muestra este resultado, nunca tu mensaje, y deja de funcionar a los ${days} días.`,
    shareLinkLabel: "Enlace para compartir",
    copy: "Copiar el enlace",
    copied: "Enlace copiado.",
    shareExpires: (date) => `Este enlace funciona hasta el ${date}.`,
    sharedBanner: (date) =>
      `Alguien compartió este resultado contigo. No muestra su mensaje. El enlace funciona hasta el ${date}.`,
    sharedMissingTitle: "Este enlace ha caducado",
    sharedMissing:
      "Los resultados compartidos se guardan solo unos días. Pide un enlace nuevo o comprueba el mensaje tú mismo.",
    reported: (n) =>
      `Gracias: denunciado. ${n === 1 ? "Ya cuenta 1 denuncia" : `Ya cuentan ${n} denuncias`} contra lo que encontramos.`,
    reportedAlready: "Gracias: ya se había denunciado hoy desde esta página.",
    notScamThanks: "Gracias: hemos contado tu opinión.",
    answerExpired: "Esta respuesta es demasiado antigua. Vuelve a comprobar el mensaje.",
    errorTitle: "No pudimos comprobarlo",
    errors: {
      empty: "Pega algo en el cuadro o añade un archivo.",
      invalid: "No pudimos leerlo.",
      too_large: "Es demasiado grande: archivos de hasta 10 MB e imágenes de hasta 40 megapíxeles.",
      unsupported:
        "Ese tipo de archivo no se admite: usa una captura o una foto (JPEG, PNG, WebP, HEIC, GIF), un PDF o un correo guardado (.eml).",
      rate_limited: "Demasiadas comprobaciones desde tu conexión.",
      budget: "Has llegado al número de comprobaciones de hoy desde tu conexión. Vuelve a intentarlo mañana.",
      busy: "El comprobador está ocupado.",
      unavailable: "El comprobador no está disponible ahora.",
      internal: "Algo falló por nuestra parte.",
      phone_country: "Solo se pueden comprobar números de Estados Unidos, Canadá y el Caribe (+1).",
    },
    retryIn: (s) => `Vuelve a intentarlo dentro de ${s} segundos.`,
    offPage: "La página del comprobador está desactivada en este servidor.",
  },
};

/** Words for a confidence value. */
export function confidenceWord(confidence: number): "high" | "moderate" | "low" {
  return confidence >= 0.75 ? "high" : confidence >= 0.5 ? "moderate" : "low";
}

/** A date as a person reads it in that language, in UTC (the page never knows the reader's zone). */
export function formatDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

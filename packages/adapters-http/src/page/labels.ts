// Words for people about the engine's findings and sources, in the page's languages. Finding labels come from the
// engine in English; the Spanish page shows its own sentence for the findings listed here, with the words, link or
// number the English label quoted, and the English label (marked as English) for any other finding.
import type { Lang } from "./i18n.js";

/** Spanish sentences of message findings, by rule id; the evidence the English label quotes is appended. */
const ES_FINDINGS: Readonly<Record<string, string>> = {
  urgency: "Te presiona para que actúes ya",
  threat: "Amenaza con una sanción: suspensión, recargos o un corte",
  legal_threat: "Amenaza con acciones legales, una detención o la policía",
  gift_card: "Pide el pago con tarjetas regalo",
  gift_card_payment: "Pide los códigos de tarjetas regalo, o pagar con ellas una deuda o una tasa",
  crypto_payment: "Pide el pago en criptomonedas",
  wire_transfer: "Pide una transferencia",
  p2p_payment: "Pide el pago por Zelle, Venmo, Cash App u otra aplicación",
  code_request: "Te pide que pases un código de verificación",
  password_request: "Pide una contraseña o tus datos de acceso",
  personal_info_request: "Pide datos personales, de tarjeta o del banco",
  verify_action: "Te pide verificar o actualizar una cuenta o una dirección",
  fee_payment: "Pide una pequeña tasa para liberar algo",
  deposit_to_unlock: "Pide un depósito, un impuesto o una tasa antes de poder retirar o desbloquear dinero",
  pay_demand: "Te pide que pagues",
  call_request: "Te pide que llames o escribas a un número",
  link_action: "Te pide entrar, verificar o reclamar algo a través de un enlace",
  money_request: "Te pide que envíes o prestes dinero",
  secrecy: "Te pide que lo mantengas en secreto",
  prize: "Dice que ganaste un premio o una recompensa",
  refund: "Promete un reembolso o dinero que se te debe",
  overpayment: "Dice que te pagaron de más y que debes devolver la diferencia",
  job_offer: "Ofrece un trabajo que no solicitaste",
  high_pay: "Promete mucho dinero por poco trabajo",
  task_scam: "Paga por tareas en línea (me gusta, valoraciones, pedidos)",
  loan_offer: "Ofrece un préstamo o un crédito aprobado de antemano, sea cual sea tu historial",
  investment: "Promete beneficios de inversión o de trading",
  return_promise:
    "Promete rendimientos garantizados o imposibles (un porcentaje al día o a la semana, dinero duplicado)",
  platform_move: "Pide pasar la conversación a WhatsApp o Telegram",
  reply_reopen: "Te pide responder para que un enlace bloqueado se pueda abrir",
  new_number: "Dice que es el número nuevo de alguien",
  family_address: "Se dirige a ti como madre, padre, abuela o abuelo",
  family_trouble: "Describe a un familiar en apuros que necesita ayuda",
  wrong_number: "Empieza como un mensaje enviado al número equivocado",
  befriend: "Intenta entablar amistad, como haría un desconocido",
  romance: "Palabras cariñosas de alguien que puede ser un desconocido",
  toll: "Dice que debes peajes",
  parcel: "Describe un problema con una entrega o un reenvío",
  account_alert: "Avisa de movimientos en una cuenta o una tarjeta",
  account_locked: "Dice que tu cuenta o tu tarjeta está bloqueada, suspendida o restringida",
  account_problem: "Dice que algo va mal con una cuenta, una contraseña, un buzón o un medio de pago",
  government: "Habla en nombre de una administración pública",
  tech_support: "Avisa de un virus, un pirateo o un problema técnico",
  charge_notice: "Informa de un cargo, un pedido o una renovación",
  call_to_dispute: "Te pide llamar a un número para cancelar o reclamar un cargo",
  callback_promise:
    "Dice que un agente te llamará: la preparación de una llamada en la que piden códigos o transferencias",
  bank_details_change: "Dice que han cambiado los datos de pago o del banco",
  code_given: "Te da un código de un solo uso",
  share_warning: "Te advierte que no compartas el código",
  opt_out: "Ofrece la baja habitual (responde STOP)",
  reply_yes_no: "Pide una respuesta SÍ o NO",
  own_app: "Te remite a la aplicación, la web, la tienda o el mostrador del propio remitente",
  safety_recall: "Anuncia una llamada a revisión de un producto o un vehículo",
  free_remedy: "Ofrece una reparación, una sustitución o un reembolso sin coste",
  surcharge: "Informa de un recargo por pagar con tarjeta, no de una tasa para liberar nada",
  scam_script: "Cuenta una historia, mete prisa y pide dinero o datos: el patrón de los SMS fraudulentos",
  story_and_request: "Cuenta una historia y te pide que actúes",
  links_check_out: "Todos sus enlaces y números resultan seguros",
  limited_evidence: "Nada lo avala todavía: se sabe demasiado poco para llamarlo seguro",
  prompt_injection: "Contiene texto dirigido a un modelo de IA para que lo declare seguro",
};

const VERDICT_ES: Readonly<Record<string, string>> = {
  safe: "seguro",
  "low risk": "de riesgo bajo",
  "medium risk": "de riesgo medio",
  "high risk": "de riesgo alto",
  scam: "una estafa",
};

/**
 * Rewrites of findings whose English label carries names and values in the middle of the sentence, tried on the
 * label alone (a link's finding is quoted inside a message's, and is translated there too).
 */
const ES_PATTERNS: readonly { from: RegExp; to: (m: RegExpExecArray) => string }[] = [
  {
    from: /^Claims to be (.+?); the link goes to (.+?), which is not a domain of (.+)$/,
    to: (m) => `Dice ser ${m[1]}; el enlace lleva a ${m[2]}, que no es un dominio de ${m[3]}`,
  },
  {
    from: /^Claims to be (.+?); the number (.+?) is not (?:a|one of) .*$/,
    to: (m) => `Dice ser ${m[1]}; el número ${m[2]} no es uno de los suyos`,
  },
  {
    from: /^Every link and number in it belongs to (.+)$/,
    to: (m) => `Todos sus enlaces y números pertenecen a ${m[1]}`,
  },
  {
    from: /^The (link|number) (\S+(?: \S+)?) reads as (safe|low risk|medium risk|high risk|scam) \((\d+)\)(?:: (.*))?$/,
    to: (m) =>
      `${m[1] === "link" ? "El enlace" : "El número"} ${m[2]} resulta ${VERDICT_ES[m[3] as string] ?? m[3]} (${m[4]})${m[5] ? `: ${inner(m[5])}` : ""}`,
  },
  { from: /^Sender domain: (.+)$/, to: (m) => `Dominio del remitente: ${inner(m[1] as string)}` },
  { from: /^"(.+)" is a lookalike of (.+)'s domain name$/, to: (m) => `"${m[1]}" imita el dominio de ${m[2]}` },
  {
    from: /^"(.+)" is a misspelling of (.+)'s domain name$/,
    to: (m) => `"${m[1]}" es una falta de ortografía del dominio de ${m[2]}`,
  },
  {
    from: /^"(.+)" combines (.+)'s name with other words on a domain .+ does not own$/,
    to: (m) => `"${m[1]}" combina el nombre de ${m[2]} con otras palabras en un dominio que no es suyo`,
  },
  {
    from: /^"(.+)" is (.+)'s name under a domain ending .+ does not use$/,
    to: (m) => `"${m[1]}" es el nombre de ${m[2]} con una terminación de dominio que no usa`,
  },
  {
    from: /^"(.+)" is (.+)'s domain name split with hyphens$/,
    to: (m) => `"${m[1]}" es el dominio de ${m[2]} partido con guiones`,
  },
  {
    from: /^(.+)'s name appears in the subdomain "(.+)" of an unrelated domain$/,
    to: (m) => `El nombre de ${m[1]} aparece en el subdominio "${m[2]}" de un dominio ajeno`,
  },
  {
    from: /^(.+)'s name appears in the path \("(.+)"\) of an unrelated domain$/,
    to: (m) => `El nombre de ${m[1]} aparece en la ruta ("${m[2]}") de un dominio ajeno`,
  },
  { from: /^(\S+) is an official domain of (.+)$/, to: (m) => `${m[1]} es un dominio oficial de ${m[2]}` },
  { from: /^(\S+) is a widely used, established site$/, to: (m) => `${m[1]} es una web conocida y consolidada` },
  {
    from: /^The "\.(\S+)" domain ending is heavily used for scams$/,
    to: (m) => `La terminación ".${m[1]}" se usa mucho en estafas`,
  },
  {
    from: /^(.+) is a link shortener that hides the real destination$/,
    to: (m) => `${m[1]} es un acortador de enlaces que oculta el destino real`,
  },
  {
    from: /^The link points at a bare IP address instead of a domain name$/,
    to: () => "El enlace apunta a una dirección IP en lugar de a un dominio",
  },
  {
    from: /^Hosted on (.+), where anyone can publish a site in minutes$/,
    to: (m) => `Alojado en ${m[1]}, donde cualquiera puede publicar una web en minutos`,
  },
  {
    from: /^(\d{3}) is a toll-free code: anyone in the U\.S\. can rent it, and callback scams use it$/,
    to: (m) =>
      `${m[1]} es un prefijo gratuito: cualquiera puede alquilarlo en EE. UU. y lo usan las estafas de devolución de llamada`,
  },
  {
    from: /^Replies go to (\S+), another domain than the sender's$/,
    to: (m) => `Las respuestas van a ${m[1]}, un dominio distinto del remitente`,
  },
  {
    from: /^The sender calls itself "(.+)" but (\S+) is not a domain of (.+)$/,
    to: (m) => `El remitente se llama "${m[1]}", pero ${m[2]} no es un dominio de ${m[3]}`,
  },
];

/** A finding's text in Spanish by its shape alone, or the text as it is. */
function inner(text: string): string {
  for (const p of ES_PATTERNS) {
    const m = p.from.exec(text);
    if (m) return p.to(m);
  }
  return text;
}

/** The Spanish sentence of a finding, or null when the page has none (the English label is shown instead). */
export function spanishLabel(id: string, label: string): string | null {
  const base = ES_FINDINGS[id];
  if (base !== undefined) {
    // The evidence the English label quotes at its end: ("late fee"), or a longer parenthesis with quotes.
    const quoted = /\s(\((?:"[^"]*"|'[^']*'|[^()]*"[^()]*)\))$/.exec(label);
    return quoted ? `${base} ${quoted[1]}` : base;
  }
  const es = inner(label);
  return es === label ? null : es;
}

/** A finding's label in the page's language, with the language it is actually in (for `lang` attributes). */
export function findingLabel(id: string, label: string, lang: Lang): { text: string; lang: Lang } {
  if (lang === "en") return { text: label, lang: "en" };
  const es = spanishLabel(id, label);
  return es === null ? { text: label, lang: "en" } : { text: es, lang: "es" };
}

const SOURCES: Readonly<Record<string, { en: string; es: string }>> = {
  message_content: {
    en: "The wording: pressure, threats, requests for money, codes or details",
    es: "La redacción: prisas, amenazas, peticiones de dinero, códigos o datos",
  },
  claimed_issuer: {
    en: "Who it claims to be, against that organisation's official websites and numbers",
    es: "Quién dice ser, frente a las webs y números oficiales de esa organización",
  },
  sub_lookups: { en: "Every link and phone number inside", es: "Cada enlace y número de teléfono que contiene" },
  prompt_injection: {
    en: "Text meant to fool an AI checker",
    es: "Texto pensado para engañar a un comprobador con IA",
  },
  brand_impersonation: { en: "Look-alike names of well-known brands", es: "Nombres que imitan marcas conocidas" },
  url_heuristics: {
    en: "The shape of the link: risky endings, hidden addresses, shorteners",
    es: "La forma del enlace: terminaciones de riesgo, direcciones ocultas, acortadores",
  },
  url_redirect: { en: "Where the link redirects", es: "Adónde redirige el enlace" },
  network: {
    en: "The website itself: its age, its certificate and its redirects",
    es: "La propia web: su antigüedad, su certificado y sus redirecciones",
  },
  phishing_feeds: { en: "Lists of known phishing sites", es: "Listas de webs de phishing conocidas" },
  vendor1: { en: "Google Web Risk", es: "Google Web Risk" },
  vendor2: { en: "URLhaus list of malware sites", es: "Lista de webs con malware de URLhaus" },
  vendor2_api: { en: "URLhaus list of malware sites", es: "Lista de webs con malware de URLhaus" },
  vendor3: { en: "ThreatFox list of malicious sites", es: "Lista de webs maliciosas de ThreatFox" },
  vendor3_api: { en: "ThreatFox list of malicious sites", es: "Lista de webs maliciosas de ThreatFox" },
  vendor4: { en: "IPQualityScore reputation", es: "Reputación de IPQualityScore" },
  community_reports: { en: "Reports from other people", es: "Denuncias de otras personas" },
  number_analysis: {
    en: "The number itself: its area code and kind of line",
    es: "El propio número: su prefijo y su tipo de línea",
  },
  complaint_registry: {
    en: "Complaints to the FTC and FCC about the number",
    es: "Quejas ante la FTC y la FCC sobre el número",
  },
  carrier_intelligence: { en: "The number's phone company", es: "La compañía telefónica del número" },
  phone_reputation: { en: "Phone number reputation", es: "Reputación del número de teléfono" },
  email_request: { en: "What the email asks you to do", es: "Lo que el correo te pide hacer" },
  email_authentication: {
    en: "Whether the sender's domain really sent it (SPF, DKIM, DMARC)",
    es: "Si el dominio del remitente lo envió de verdad (SPF, DKIM, DMARC)",
  },
  email_headers: {
    en: "The sender's address and the mail's route",
    es: "La dirección del remitente y el recorrido del correo",
  },
  email_attachments: { en: "Attachments, by their contents", es: "Los adjuntos, por su contenido" },
  email_links: { en: "Links whose text shows another address", es: "Enlaces cuyo texto muestra otra dirección" },
  email_qr_codes: {
    en: "QR codes in the email's pictures and PDFs",
    es: "Códigos QR en las imágenes y los PDF del correo",
  },
  email_files: { en: "The text of attached PDFs", es: "El texto de los PDF adjuntos" },
  document_rules: {
    en: "What the document demands: payments, callback numbers, fees",
    es: "Lo que exige el documento: pagos, números a los que llamar, tasas",
  },
  document_text: { en: "The document's text", es: "El texto del documento" },
  unread_pages: { en: "Every page of the document", es: "Todas las páginas del documento" },
  unread_text: { en: "All of the document's text", es: "Todo el texto del documento" },
  qr_payload: { en: "What the QR code holds", es: "Lo que contiene el código QR" },
  qr_link: { en: "The QR code's link", es: "El enlace del código QR" },
  qr_number: { en: "The QR code's number", es: "El número del código QR" },
  ai: { en: "An AI model's review", es: "La revisión de un modelo de IA" },
  ai_explainer: { en: "An AI model's explanation", es: "La explicación de un modelo de IA" },
  sender: { en: "The sender's number or address", es: "El número o la dirección del remitente" },
};

const REASONS_ES: Readonly<Record<string, string>> = {
  "feed not synced": "la lista aún no se ha descargado",
  "not configured": "no está configurado en este servidor",
  "no links or numbers": "no contiene enlaces ni números",
  "no attachments": "no tiene adjuntos",
  "no HTML links": "no tiene enlaces HTML",
  "no headers": "no tiene cabeceras",
  "authentication could not be checked": "no se pudo comprobar la autenticación",
  "no answer": "no respondió",
  "circuit open after repeated failures": "falló varias veces seguidas",
  "not attempted": "no se intentó",
  time_budget: "se acabó el tiempo",
};

/** A source's name for people; null for internal ones never shown (scoring, test mode). */
export function sourceName(name: string, lang: Lang): string | null {
  if (name === "scoring" || name === "test_mode") return null;
  return SOURCES[name]?.[lang] ?? name.replace(/_/g, " ");
}

/** Why a source could not be checked, in the page's language when known. */
export function sourceReason(reason: string | undefined, lang: Lang): { text: string; lang: Lang } | null {
  if (reason === undefined || reason === "") return null;
  if (lang === "es") {
    const es = REASONS_ES[reason];
    return es === undefined ? { text: reason, lang: "en" } : { text: es, lang: "es" };
  }
  return { text: reason.replace(/_/g, " "), lang: "en" };
}

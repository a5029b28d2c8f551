// What a person should do next, by kind of scam and by country: the maintained data behind the answer's "What to do
// now". Each country's reporting places come with the official page that names them (`sources`); a country is added
// only with such a page. Steps are short, in English and Spanish; a step may carry one link.
//
// Checked against the sources below in 2026. To add a country: its reporting places for scam texts, emails and
// losses, each from an official page, and the same fields as the others.

export interface Step {
  readonly en: string;
  readonly es: string;
  readonly href?: string;
}

export interface Source {
  readonly title: string;
  readonly href: string;
}

export interface CountrySteps {
  readonly name: { readonly en: string; readonly es: string };
  /** Where to report the message itself (texts, emails, calls). */
  readonly report: readonly Step[];
  /** Where to turn after losing money or details. */
  readonly ifYouDid: readonly Step[];
  readonly sources: readonly Source[];
}

/** The kinds of scam the steps are written for; the engine's scam types map onto them (see next-steps.ts). */
export const SCAM_GROUPS = [
  "bank",
  "toll",
  "parcel",
  "government",
  "family",
  "job",
  "romance",
  "investment",
  "tech_support",
  "prize",
  "account",
  "other",
] as const;
export type ScamGroup = (typeof SCAM_GROUPS)[number];

export interface GroupSteps {
  readonly before: readonly Step[];
  readonly after: readonly Step[];
}

/** Steps for every kind of scam, shown after the kind's own. */
export const GENERAL_STEPS: GroupSteps = {
  before: [
    {
      en: "Do not reply, click the link, call the number or pay. Scams rush you on purpose: take your time.",
      es: "No respondas, no abras el enlace, no llames al número y no pagues. Las estafas meten prisa a propósito: tómate tu tiempo.",
    },
    {
      en: "Contact the organisation yourself, through its official app or website typed by hand, or the number on your card, bill or statement — never through the message.",
      es: "Contacta tú con la organización, por su aplicación oficial o su web escrita a mano, o por el número de tu tarjeta, factura o extracto; nunca a través del mensaje.",
    },
  ],
  after: [
    {
      en: "If you paid or gave card or bank details: call your bank or card issuer now, on the number on your card, and ask them to stop or reverse the payment.",
      es: "Si pagaste o diste datos de tu tarjeta o tu banco: llama ya a tu banco o emisor de la tarjeta, al número de la tarjeta, y pide que detengan o reviertan el pago.",
    },
    {
      en: "If you entered a password: change it now, and anywhere you use the same one, and turn on two-step verification.",
      es: "Si escribiste una contraseña: cámbiala ya, también donde uses la misma, y activa la verificación en dos pasos.",
    },
    {
      en: "If you paid with a gift card, a transfer app or crypto: contact the company you paid through at once and say it was a scam. Keep receipts and card numbers.",
      es: "Si pagaste con una tarjeta regalo, una aplicación de transferencias o criptomonedas: contacta enseguida con la empresa que usaste y di que fue una estafa. Guarda los recibos y los números de las tarjetas.",
    },
    {
      en: "Watch out for a second scam: people who offer to get your money back for a fee are scammers too.",
      es: "Cuidado con una segunda estafa: quien ofrece recuperar tu dinero a cambio de una comisión también es un estafador.",
    },
  ],
};

export const GROUP_STEPS: Readonly<Record<ScamGroup, GroupSteps>> = {
  bank: {
    before: [
      {
        en: "Banks never ask for your password, PIN or a one-time code, and never ask you to move money to a 'safe account'.",
        es: "Los bancos nunca piden tu contraseña, tu PIN ni un código de un solo uso, ni que muevas dinero a una 'cuenta segura'.",
      },
    ],
    after: [
      {
        en: "If you shared a code or let someone into your account, call your bank on the number on your card and have the card blocked.",
        es: "Si compartiste un código o dejaste entrar a alguien en tu cuenta, llama a tu banco al número de la tarjeta y bloquéala.",
      },
    ],
  },
  toll: {
    before: [
      {
        en: "Toll agencies do not text links to pay unpaid tolls. Look up your account on the agency's own website or app, typed by hand.",
        es: "Las empresas de peajes no envían enlaces por SMS para pagar peajes pendientes. Consulta tu cuenta en su web o aplicación, escrita a mano.",
      },
    ],
    after: [
      {
        en: "If you paid on the linked site, call your card issuer: the site took your card details, not a toll.",
        es: "Si pagaste en la web del enlace, llama al emisor de tu tarjeta: esa web se quedó con los datos de tu tarjeta, no cobró un peaje.",
      },
    ],
  },
  parcel: {
    before: [
      {
        en: "Track parcels only on the carrier's or shop's own site, with the tracking number from your order. Carriers do not ask for a fee by text to redeliver.",
        es: "Sigue los paquetes solo en la web de la empresa de transporte o de la tienda, con el número de seguimiento de tu pedido. No piden tasas por SMS para volver a entregar.",
      },
    ],
    after: [
      {
        en: "If you paid a 'redelivery fee', call your card issuer: the card details are what the site wanted.",
        es: "Si pagaste una 'tasa de reenvío', llama al emisor de tu tarjeta: lo que quería esa web eran los datos de la tarjeta.",
      },
    ],
  },
  government: {
    before: [
      {
        en: "Government agencies do not demand payment by gift card, crypto or wire transfer, and do not threaten arrest by text, email or phone.",
        es: "Las administraciones no exigen pagos con tarjetas regalo, criptomonedas ni transferencias, ni amenazan con detenerte por SMS, correo o teléfono.",
      },
    ],
    after: [
      {
        en: "If you gave an ID or tax number, contact the agency through its official website and watch your accounts and credit.",
        es: "Si diste un número de identidad o fiscal, contacta con la administración por su web oficial y vigila tus cuentas y tu crédito.",
      },
    ],
  },
  family: {
    before: [
      {
        en: "Call your relative on the number you already have, or ask a question only they could answer. A 'new number' asking for money is the usual trick.",
        es: "Llama a tu familiar al número que ya tienes, o hazle una pregunta que solo él o ella sabría responder. Un 'número nuevo' que pide dinero es el truco habitual.",
      },
    ],
    after: [
      {
        en: "If you sent money, tell your bank at once: a transfer stopped within hours can sometimes be recovered.",
        es: "Si enviaste dinero, avisa enseguida a tu banco: una transferencia detenida en pocas horas a veces se recupera.",
      },
    ],
  },
  job: {
    before: [
      {
        en: "Real employers do not pay you to like videos or rate products, and never ask you to pay or deposit money to earn.",
        es: "Las empresas de verdad no pagan por dar 'me gusta' ni por valorar productos, y nunca te piden pagar o depositar dinero para ganar.",
      },
    ],
    after: [
      {
        en: "Stop paying 'to unlock' your earnings: the money will not come back by paying more.",
        es: "Deja de pagar 'para desbloquear' tus ganancias: el dinero no vuelve pagando más.",
      },
    ],
  },
  romance: {
    before: [
      {
        en: "Never send money, gift cards or crypto to someone you have not met in person, whatever the story.",
        es: "No envíes nunca dinero, tarjetas regalo ni criptomonedas a alguien a quien no conoces en persona, cuente lo que cuente.",
      },
    ],
    after: [
      {
        en: "Stop contact and talk to someone you trust. Report the profile to the app or site where you met.",
        es: "Corta el contacto y habla con alguien de confianza. Denuncia el perfil en la aplicación o web donde os conocisteis.",
      },
    ],
  },
  investment: {
    before: [
      {
        en: "Guaranteed or very high returns are the mark of investment fraud. Check the firm with your country's financial regulator before paying anything.",
        es: "Las ganancias garantizadas o muy altas son la marca del fraude de inversión. Consulta la empresa en el supervisor financiero de tu país antes de pagar nada.",
      },
    ],
    after: [
      {
        en: "Do not pay 'taxes' or 'fees' to withdraw: that is how these scams take more.",
        es: "No pagues 'impuestos' ni 'comisiones' para retirar: así es como estas estafas se llevan más.",
      },
    ],
  },
  tech_support: {
    before: [
      {
        en: "Do not call numbers from pop-ups or messages about viruses, and never let a caller into your computer or phone.",
        es: "No llames a números de ventanas emergentes o mensajes sobre virus, y nunca dejes que quien te llama entre en tu ordenador o tu móvil.",
      },
    ],
    after: [
      {
        en: "If you let someone in remotely: disconnect from the internet, uninstall the program they had you install, run a security scan and change your passwords from another device.",
        es: "Si dejaste entrar a alguien a distancia: desconéctate de internet, desinstala el programa que te hizo instalar, pasa un antivirus y cambia tus contraseñas desde otro dispositivo.",
      },
    ],
  },
  prize: {
    before: [
      {
        en: "You cannot win a draw you never entered, and real prizes never ask for a fee, tax or your card details first.",
        es: "No puedes ganar un sorteo en el que no participaste, y los premios de verdad nunca piden antes una tasa, un impuesto ni los datos de tu tarjeta.",
      },
    ],
    after: [
      {
        en: "If you paid a fee, call your card issuer or bank and ask to reverse it.",
        es: "Si pagaste una tasa, llama al emisor de tu tarjeta o a tu banco y pide que la devuelvan.",
      },
    ],
  },
  account: {
    before: [
      {
        en: "Sign in only through the app or the address you always use, never through a link in a message about your account.",
        es: "Entra solo por la aplicación o la dirección que usas siempre, nunca por un enlace de un mensaje sobre tu cuenta.",
      },
    ],
    after: [
      {
        en: "If you signed in through the link, change that password now and check the account's recent activity and recovery settings.",
        es: "Si entraste por el enlace, cambia ya esa contraseña y revisa la actividad reciente y las opciones de recuperación de la cuenta.",
      },
    ],
  },
  other: { before: [], after: [] },
};

export const COUNTRIES = ["US", "GB", "CA", "AU", "ES", "OTHER"] as const;
export type Country = (typeof COUNTRIES)[number];

export const COUNTRY_STEPS: Readonly<Record<Country, CountrySteps>> = {
  US: {
    name: { en: "United States", es: "Estados Unidos" },
    report: [
      {
        en: "Forward a scam text to 7726 (SPAM), free, so your carrier can block it.",
        es: "Reenvía el SMS fraudulento al 7726 (SPAM), gratis, para que tu operador lo bloquee.",
        href: "https://consumer.ftc.gov/articles/how-recognize-and-report-spam-text-messages",
      },
      {
        en: "Report it to the FTC at ReportFraud.ftc.gov.",
        es: "Denúncialo ante la FTC en ReportFraud.ftc.gov (también en español).",
        href: "https://reportfraud.ftc.gov/",
      },
      {
        en: "Forward a phishing email to reportphishing@apwg.org.",
        es: "Reenvía el correo de phishing a reportphishing@apwg.org.",
        href: "https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams",
      },
    ],
    ifYouDid: [
      {
        en: "Lost money online? File a complaint with the FBI's Internet Crime Complaint Center at ic3.gov.",
        es: "¿Perdiste dinero por internet? Presenta una denuncia en el Centro de Denuncias de Delitos por Internet del FBI, ic3.gov.",
        href: "https://www.ic3.gov/",
      },
      {
        en: "Gave your Social Security number or ID? Get a recovery plan at IdentityTheft.gov.",
        es: "¿Diste tu número de Seguro Social o tu identificación? Consigue un plan de recuperación en IdentityTheft.gov (también en español).",
        href: "https://www.identitytheft.gov/",
      },
      {
        en: "What to do for each way you paid: the FTC's guide 'What To Do if You Were Scammed'.",
        es: "Qué hacer según cómo pagaste: la guía de la FTC 'Qué hacer si le estafaron'.",
        href: "https://consumer.ftc.gov/articles/what-do-if-you-were-scammed",
      },
    ],
    sources: [
      {
        title: "FTC: How To Recognize and Report Spam Text Messages",
        href: "https://consumer.ftc.gov/articles/how-recognize-and-report-spam-text-messages",
      },
      {
        title: "FTC: How To Recognize and Avoid Phishing Scams",
        href: "https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams",
      },
      {
        title: "FTC: What To Do if You Were Scammed",
        href: "https://consumer.ftc.gov/articles/what-do-if-you-were-scammed",
      },
      { title: "FBI Internet Crime Complaint Center", href: "https://www.ic3.gov/" },
    ],
  },
  GB: {
    name: { en: "United Kingdom", es: "Reino Unido" },
    report: [
      {
        en: "Forward a scam text to 7726, free, so your provider can block the sender.",
        es: "Reenvía el SMS fraudulento al 7726, gratis, para que tu operador bloquee al remitente.",
        href: "https://www.ncsc.gov.uk/collection/phishing-scams/report-scam-text",
      },
      {
        en: "Forward a scam email to report@phishing.gov.uk (the NCSC's Suspicious Email Reporting Service).",
        es: "Reenvía el correo fraudulento a report@phishing.gov.uk (el servicio del NCSC para correos sospechosos).",
        href: "https://www.ncsc.gov.uk/collection/phishing-scams/report-scam-email",
      },
      {
        en: "Not sure a call or message is really from your bank? Call 159 to reach your bank safely.",
        es: "¿No sabes si una llamada o un mensaje es de verdad de tu banco? Llama al 159 para hablar con tu banco de forma segura.",
        href: "https://www.reportfraud.police.uk/how-to-report-suspicious-activity/",
      },
    ],
    ifYouDid: [
      {
        en: "Lost money or were hacked? Report it to Report Fraud (England, Wales and Northern Ireland) or to Police Scotland on 101.",
        es: "¿Perdiste dinero o te piratearon la cuenta? Denúncialo en Report Fraud (Inglaterra, Gales e Irlanda del Norte) o a Police Scotland en el 101.",
        href: "https://www.reportfraud.police.uk/",
      },
    ],
    sources: [
      { title: "NCSC: Report a scam text", href: "https://www.ncsc.gov.uk/collection/phishing-scams/report-scam-text" },
      {
        title: "NCSC: Report a scam email",
        href: "https://www.ncsc.gov.uk/collection/phishing-scams/report-scam-email",
      },
      {
        title: "Report Fraud: How to report suspicious activity",
        href: "https://www.reportfraud.police.uk/how-to-report-suspicious-activity/",
      },
    ],
  },
  CA: {
    name: { en: "Canada", es: "Canadá" },
    report: [
      {
        en: "Forward a scam text to 7726 (SPAM) so your carrier can block it.",
        es: "Reenvía el SMS fraudulento al 7726 (SPAM) para que tu operador lo bloquee.",
        href: "https://www.standagainstscams.ca/report",
      },
      {
        en: "Report it to the Canadian Anti-Fraud Centre online or at 1-888-495-8501.",
        es: "Denúncialo ante el Centro Antifraude de Canadá en línea o en el 1-888-495-8501.",
        href: "https://antifraudcentre-centreantifraude.ca/report-signalez-eng.htm",
      },
    ],
    ifYouDid: [
      {
        en: "Lost money or personal information? Report it to your local police and ask for a file number, then to the Canadian Anti-Fraud Centre.",
        es: "¿Perdiste dinero o datos personales? Denúncialo a tu policía local y pide un número de expediente; después, al Centro Antifraude de Canadá.",
        href: "https://antifraudcentre-centreantifraude.ca/report-signalez-eng.htm",
      },
    ],
    sources: [
      {
        title: "Canadian Anti-Fraud Centre: Report fraud",
        href: "https://antifraudcentre-centreantifraude.ca/report-signalez-eng.htm",
      },
      {
        title: "Government of Canada, Office of Consumer Affairs: Fraud",
        href: "https://ic.gc.ca/eic/site/oca-bc.nsf/eng/h_ca02228.html",
      },
      {
        title: "Stand Against Scams (Canadian Bankers Association and partners): Report",
        href: "https://www.standagainstscams.ca/report",
      },
    ],
  },
  AU: {
    name: { en: "Australia", es: "Australia" },
    report: [
      {
        en: "Report the scam to Scamwatch, the National Anti-Scam Centre.",
        es: "Denuncia la estafa en Scamwatch, el Centro Nacional contra las Estafas.",
        href: "https://www.scamwatch.gov.au/report-a-scam",
      },
    ],
    ifYouDid: [
      {
        en: "Lost money? Tell your bank at once, then report it through ReportCyber.",
        es: "¿Perdiste dinero? Avisa enseguida a tu banco y denúncialo en ReportCyber.",
        href: "https://www.cyber.gov.au/report-and-recover/recover-from/scams",
      },
      {
        en: "Gave personal details? IDCARE helps you make a plan, free: 1800 595 160.",
        es: "¿Diste datos personales? IDCARE te ayuda a hacer un plan, gratis: 1800 595 160.",
        href: "https://www.scamwatch.gov.au/stay-protected/what-to-do-if-youve-been-scammed",
      },
    ],
    sources: [
      {
        title: "Scamwatch: What to do if you've been scammed",
        href: "https://www.scamwatch.gov.au/stay-protected/what-to-do-if-youve-been-scammed",
      },
      {
        title: "Australian Signals Directorate: Recover from scams",
        href: "https://www.cyber.gov.au/report-and-recover/recover-from/scams",
      },
    ],
  },
  ES: {
    name: { en: "Spain", es: "España" },
    report: [
      {
        en: "Call 017, INCIBE's free and confidential cybersecurity helpline (also on WhatsApp at 900 116 117), to ask about or report a fraud.",
        es: "Llama al 017, la línea gratuita y confidencial de ayuda en ciberseguridad de INCIBE (también por WhatsApp en el 900 116 117), para consultar o notificar un fraude.",
        href: "https://www.incibe.es/linea-de-ayuda-en-ciberseguridad",
      },
    ],
    ifYouDid: [
      {
        en: "Lost money? Tell your bank at once and file a report with the Policía Nacional or the Guardia Civil.",
        es: "¿Perdiste dinero? Avisa enseguida a tu banco y presenta una denuncia ante la Policía Nacional o la Guardia Civil.",
        href: "https://www.incibe.es/linea-de-ayuda-en-ciberseguridad/faq",
      },
    ],
    sources: [
      {
        title: "INCIBE: Tu Ayuda en Ciberseguridad (017)",
        href: "https://www.incibe.es/linea-de-ayuda-en-ciberseguridad",
      },
      { title: "INCIBE: FAQ of the helpline", href: "https://www.incibe.es/en/linea-de-ayuda-en-ciberseguridad/faq" },
    ],
  },
  OTHER: {
    name: { en: "Another country", es: "Otro país" },
    report: [
      {
        en: "Report cross-border fraud at econsumer.gov, run by consumer protection agencies of many countries.",
        es: "Denuncia el fraude internacional en econsumer.gov, de las agencias de protección al consumidor de muchos países.",
        href: "https://www.econsumer.gov/",
      },
    ],
    ifYouDid: [
      {
        en: "Lost money? Tell your bank at once and report it to your local police.",
        es: "¿Perdiste dinero? Avisa enseguida a tu banco y denúncialo a tu policía local.",
      },
    ],
    sources: [
      {
        title: "econsumer.gov (International Consumer Protection and Enforcement Network)",
        href: "https://www.econsumer.gov/",
      },
    ],
  },
};

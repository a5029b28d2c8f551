// German phrases of the message cues (Germany, Austria, Switzerland). Written with their umlauts and read with or
// without them ("Gebühr", "Gebuehr", "Gebuhr": see cue-spelling.ts); "<url>", "<phone>" and "<email>" stand for
// extracted links, numbers and addresses. The stories are the ones German texts tell: a parcel held for a fee (DHL,
// Hermes, DPD, Deutsche Post), "Ihr Konto wurde gesperrt" and the pushTAN or card "update", a refund from the
// Finanzamt or the Krankenkasse, a fine or an unpaid toll, "Hallo Mama, das ist meine neue Nummer", a Kleinanzeigen
// buyer who "has paid" through a link, paid tasks and side jobs. German builds words by compounding
// ("Bestätigungscode", "Zustellgebühr"), so the words a cue turns on are read at the end of a compound too.

import type { CueTable } from "./cue-table.js";
import { spelledTable } from "./cue-spelling.js";

/** The rest of a word after its stem ("bestätigen", "überwiesen"). */
const W = "[a-zäöüß]*";
/** The first part of a compound, if any ("Bestätigungs-", "Sicherheits"). */
const C = "[a-zäöüß-]*";
const DATE = "\\d{1,2}\\.\\d{1,2}\\.(?:\\d{2,4})?";
/** A TAN, plain or by its procedure's name ("pushTAN", "mTAN"). */
const TAN = "(?:push|s-push|mobile|sms|photo|chip|m|i)?-?tan";
/** The codes of a sign-in or a payment, plain or compounded ("Bestätigungscode", "SMS-Code"). */
const CODE = `(?:(?:bestätigungs|sicherheits|verifizierungs|zugangs|login|anmelde|sms|einmal|freigabe|aktivierungs|whatsapp|prüf)?-?codes?|${TAN}|pin|passwort|kennwort)`;
/** The reader addressed, formally or not. */
const YOU = "(?:sie|du|dich|ihnen|dir)";
/** A bank's way of approving payments ("pushTAN-Verfahren", "Sicherheitsverfahren"). */
const PROCEDURE =
  "(?:pushtan|push-tan|s-pushtan|phototan|photo-tan|chiptan|chip-tan|tan|sicherheits|legitimations|freigabe)-?verfahren";
/** Who warnings warn about ("Betrüger können ...", "gefälschte SMS fordern ..."). */
const SCAMMERS = `(?:betrüger|kriminelle|täter|${C}betrug|${C}betrugsmaschen?|phishing${C}|gefälschte (?:sms|nachrichten|e-mails|mails|anrufe|webseiten|seiten)|falsche (?:mitarbeiter|polizisten|bankmitarbeiter))`;
/** What a code is for when it is quoted or redeemed rather than entered at a sign-in. */
const REFERENCE = "(?:gutschein|rabatt|aktions|sendungs|tracking|buchungs|kunden|bestell|abhol|paket|auftrags)";

export const CUES_DE: CueTable = spelledTable({
  language: "de",
  markers: [
    "der",
    "die",
    "das",
    "und",
    "ist",
    "sie",
    "ihr",
    "ihre",
    "ihren",
    "ihrem",
    "nicht",
    "mit",
    "bitte",
    "auf",
    "eine",
    "ein",
    "einen",
    "den",
    "dem",
    "zu",
    "wir",
    "sind",
    "wurde",
    "werden",
    "wird",
    "fur",
    "von",
    "ich",
    "du",
    "dein",
    "deine",
    "bei",
    "noch",
    "haben",
    "zum",
    "zur",
  ],
  negations: [
    "nicht",
    "nie",
    "niemals",
    "kein",
    "keine",
    "keinen",
    "keinem",
    "keiner",
    "niemand",
    "niemandem",
    "niemanden",
    "weder",
  ],
  denials: [
    "(?:werden|wird) (?:keine|nicht) (?:erhoben|berechnet|fällig|verlangt)",
    "(?:wird|werden|wurde|wurden) (?:erlassen|storniert|aufgehoben)",
  ],
  absent: ["ohne", "keine", "keinen", "kein"],
  deniedBefore: ["(?:wir )?(?:berechnen|erheben|verlangen) (?:ihnen |dir )?(?:keine|keinen|nicht)"],
  noAsks: [
    "(?:sie müssen|du musst) nichts (?:tun|zahlen|bezahlen|unternehmen)",
    "(?:keine|kein) (?:zahlung|handlung|aktion|ma[ßs]nahme) (?:ist )?(?:erforderlich|nötig|notwendig)",
    "(?:es ist )?nichts (?:zu (?:zahlen|tun|bezahlen)|weiter zu tun)",
    "(?:um (?:keine|sich von)|zum abmelden|abmelden|stop an|stopp an)",
  ],
  warnings: [
    // "Wir werden Sie niemals ... fragen", "Ihre Bank wird Sie nie auffordern", "die Sparkasse fragt niemals nach".
    `(?:werden|wird|würden|würde)(?: ${YOU})? (?:niemals|nie|keinesfalls|zu keinem zeitpunkt|grundsätzlich nicht)`,
    `(?:fragen|fragt|fordern|fordert|bitten|bittet|kontaktieren|kontaktiert|rufen|ruft|verlangen|verlangt|schreiben|schreibt|senden|sendet|versenden|versendet)(?: ${YOU}| wir| ihre bank| uns)? (?:niemals|nie|keinesfalls|zu keinem zeitpunkt|grundsätzlich nicht)`,
    "(?:kein|keine|niemals ein|niemals eine) (?:mitarbeiter|mitarbeiterin|bankmitarbeiter|bank|behörde|berater|beraterin|paketdienst|zusteller|seriöses unternehmen)(?: [a-z]+){0,4} (?:wird|würde|fragt|fordert|verlangt)",
    "(?:vorsicht|achtung) (?:vor|bei)",
    "(?:seien sie|sei|bleiben sie) (?:vorsichtig|wachsam|misstrauisch)",
    `${SCAMMERS}(?: [a-z]+){0,3} (?:können|versuchen|fordern|fragen|geben sich|wollen|nutzen|verlangen|bitten)`,
  ],
  prohibitions: [
    // German puts the "not" after what is not to be done ("geben Sie diesen Code niemals weiter"): the prohibition is
    // read from its verb on.
    "(?:geben|gib|teilen|teile|nennen|nenne|leiten|leite|senden|sende|schicken|schick|zahlen|zahle|bezahlen|überweisen|überweise|klicken|klicke|antworten|antworte|verraten|verrate|tippen|rufen|rufe)(?: sie| du)?(?: [a-z0-9-]+){0,4} (?:niemals|nie|nicht|keinesfalls|niemandem|an niemanden|an dritte)",
    "(?:nicht|niemals|nie|keinesfalls)(?: [a-z0-9-]+){0,3} (?:weitergeben|weiterleiten|teilen|mitteilen|preisgeben|nennen|verraten|zahlen|bezahlen|überweisen|klicken|antworten|eingeben)",
  ],
  turns: ["aber", "jedoch", "sondern", "allerdings", "bitte", "deshalb", "daher"],
  deadlines: [
    "heute(?: noch)?",
    "heute abend",
    "morgen (?:früh|um \\d)",
    "(?:innerhalb (?:von |der nächsten )?|binnen )(?:\\d+ ?(?:stunden|std|h|minuten|min)|(?:[1-9]|1[0-4]) ?tage?n?)",
    `bis (?:zum |spätestens )?(?:${DATE}|morgen|heute|mitternacht|\\d{1,2}(?::\\d{2})? uhr)`,
    "spätestens",
    `(?:frist|fällig)(?: am| bis|:)? (?:${DATE}|heute|morgen)`,
  ],
  cues: {
    urgency: [
      "dringend",
      "sofort (?:bezahlen|zahlen|handeln|bestätigen|anrufen|reagieren|aktualisieren|überweisen)",
      "(?:bitte|handeln sie|reagieren sie|zahlen sie|melden sie sich) sofort",
      "sofortige (?:zahlung|sperrung|ma[ßs]nahmen|bearbeitung|kündigung)",
      "umgehend",
      "unverzüglich",
      "schnellstmöglich",
      "so schnell wie möglich",
      "(?:letzte|letzter|letztes) (?:mahnung|warnung|erinnerung|chance|möglichkeit|frist|aufforderung)",
      "(?:innerhalb (?:von |der nächsten )?|binnen )\\d+ ?(?:stunden|std|h|minuten|min)",
      "handeln sie (?:jetzt|sofort)",
    ],
    threat: [
      `(?:wird|werden|kann|könnte) (?:ihr |ihre |dein |deine )?(?:[a-z-]+ )?(?:gesperrt|gekündigt|deaktiviert|eingeschränkt|gelöscht|abgeschaltet|blockiert|eingezogen)(?: werden)?`,
      `${C}mahngebühr(?:en)?`,
      "säumniszuschläge?",
      "(?:zusätzliche|weitere) (?:kosten|gebühren)",
      "vertragsstrafe",
      "inkasso" + W,
      "(?:um|zur) (?:vermeidung|zu vermeiden)(?: [a-z]+){0,3} (?:sperrung|kündigung|mahngebühren|gebühren|kosten|inkasso|strafe|ma[ßs]nahmen)",
      "(?:sperrung|kündigung|deaktivierung|einschränkung) (?:ihres|deines|des) (?:kontos|zugangs|vertrags|anschlusses|accounts|online-bankings)",
      "(?:kontosperrung|kartensperrung|zugangssperre)",
    ],
    legal_threat: [
      "(?:rechtliche|gerichtliche|juristische) (?:schritte|ma[ßs]nahmen|konsequenzen)",
      "strafanzeige",
      "anzeige (?:gegen sie|erstattet)",
      "polizei",
      "staatsanwaltschaft",
      "haftbefehl",
      "gerichtlich[a-z]*|amtsgericht|vor gericht|gerichtsverfahren|gerichtstermin",
      "pfändung",
      "gerichtsvollzieher",
      "verhaftung|festnahme",
    ],
    gift_card: [
      // A gift card is named as the way to pay; Paysafecard, a prepaid voucher, is named alone.
      "paysafecard",
      `(?:zahl${W}|bezahl${W}|kauf${W}|besorg${W}|schick${W}|send${W}|begleich${W})[^.!?]{0,40}(?:google[- ]play|itunes|apple|amazon|steam)(?:-| )?(?:karten?|gutschein${W}|guthaben)`,
      "(?:gutschein|geschenkkarten?)[^.!?]{0,40}(?:codes?|nummern?|foto|rückseite)",
    ],
    crypto_payment: [
      `(?:zahl${W}|sende${W}|schick${W}|überweis${W}|einzahl${W})[^.!?]{0,40}(?:bitcoin|btc|usdt|krypto${W}|crypto${W})`,
      "(?:bitcoin|krypto)-?(?:automat|wallet|geldautomat)",
    ],
    wire_transfer: [
      "(?:auslands|eil|blitz)überweisung",
      "per überweisung (?:an|auf)",
      "western union",
      "moneygram",
      "(?:überweisen sie|überweise) (?:den betrag|das geld|[\\d,.]+ ?(?:€|euro))",
    ],
    code_request: [
      `(?:schick|schicke|schicken|sende|senden|gib|geben|nenn|nenne|nennen|leite|leiten|teil|teile|teilen|sag|sage|sagen|les|lies)(?: sie| du)? (?:mir|uns)(?: bitte| mal| kurz| schnell)?(?:[^.!?]{0,30} )?${CODE}`,
      `${CODE}[^.!?]{0,40}(?:an mich|mir|uns) (?:schicken|senden|weiterleiten|geben|sagen|nennen|zurückschicken)`,
      `(?:kannst du|könnten sie|können sie|könntest du) (?:mir|uns)(?:[^.!?]{0,30} )?${CODE}`,
      `(?:aus versehen|versehentlich)(?:[^.!?]{0,40} )?${CODE}`,
      `${CODE}[^.!?]{0,40}(?:aus versehen|versehentlich)`,
    ],
    password_request: [
      `(?:geben sie|gib|nennen sie|nenne|bestätigen sie|bestätige|senden sie|sende|schicken sie|teilen sie)(?: ${W}){0,2} (?:uns |mir )?(?:ihr |ihre |dein |deine )?(?:passwort|kennwort|zugangsdaten|anmeldedaten|online-banking-daten|pin|tan)(?: ein| an| mit| uns| mir)`,
    ],
    personal_info_request: [
      `(?:bestätig${W}|verifizier${W}|aktualisier${W}|hinterleg${W}|ergänz${W}|überprüf${W}|geben sie|gib)[^.!?]{0,30}(?:bankdaten|bankverbindung|kreditkartendaten|kartendaten|kartennummer|iban|personalien|geburtsdatum|persönlichen daten|zahlungsdaten|zahlungsinformationen|steuer-?id|versichertennummer)`,
    ],
    verify_action: [
      `(?:bestätig${W}|verifizier${W}|aktualisier${W}|validier${W}|entsperr${W}|reaktivier${W}|freischalt${W}|überprüf${W}|legitimier${W})[^.!?]{0,20}(?:ihr |ihre |ihren |dein |deine |deinen )(?:${C}konto|identität|daten|angaben|karte|adresse|zahlung|profil|zugang|account|${PROCEDURE}|app)`,
      `(?:ihr |ihre |dein |deine )(?:${C}konto|identität|daten|karte|adresse|zugang|${PROCEDURE})[^.!?]{0,25}(?:bestätigen|verifizieren|aktualisieren|entsperren|freischalten|legitimieren)`,
      `(?:melden sie sich|einloggen|anmelden)[^.!?]{0,25}<url>`,
    ],
    fee_payment: [
      `(?:zustell|versand|liefer|zoll|bearbeitungs|lager|nachsende|porto|neuzustellungs|freigabe|aktivierungs)(?:ungs)?-?gebühr(?:en)?`,
      "(?:kleine|geringe) gebühr",
      "(?:zoll|einfuhr)(?:gebühren|abgaben|kosten)",
    ],
    deposit_to_unlock: [
      `(?:einzahl${W}|aufladen|zahl${W}|überweis${W})[^.!?]{0,40}(?:um (?:[a-z]+ )?(?:freizuschalten|auszahlen|zu entsperren|abzuheben|freizugeben)|freischaltung|auszahlung)`,
      "(?:konto|guthaben) aufladen",
      "negativer kontostand",
    ],
    call_request: [`(?:rufen sie|ruf|kontaktieren sie|melden sie sich|wählen sie)[^.!?<]{0,40}<phone>`],
    link_action: [
      `(?:klicken|klick|tippen|tipp|bestätig${W}|verifizier${W}|aktualisier${W}|entsperr${W}|reaktivier${W}|freischalt${W}|aktivier${W}|validier${W}|begleich${W}|bezahl${W}|zahlen sie|einlös${W}|fordern sie|anfordern|beantrag${W}|vereinbar${W}|überprüf${W}|legitimier${W}|melden sie sich an|einloggen)[^.!?<]{0,40}<url>`,
      // The marketplace buyer who "has paid" (Kleinanzeigen, Vinted): the money waits behind a link.
      `(?:zahlung|geld|betrag|zahlungseingang)[^.!?<]{0,30}(?:erhalten|empfangen|bestätigen|annehmen|freigeben)[^.!?<]{0,30}<url>`,
    ],
    pay_demand: [
      "(?:bezahlen|begleichen|zahlen|überweisen) sie (?:jetzt|sofort|umgehend|heute|den|die|das|ihre|ihren|bitte|bis|innerhalb|\\d|<url>)",
      "(?:offene|ausstehende|fällige|unbezahlte) (?:zahlung|rechnung|forderung|betrag|gebühr|summe|gebühren|beträge|mautgebühr)",
      "zahlung (?:ausstehend|erforderlich|fällig|offen)",
      `zahlungsaufforderung`,
    ],
    money_request: [
      "(?:kannst du|könntest du|können sie|könnten sie) (?:mir|uns) (?:[a-z]+ ){0,2}(?:geld |[\\d,.]+ ?(?:€|euro) )?(?:leihen|überweisen|auslegen|vorstrecken)",
      "(?:kannst du|könntest du|können sie|könnten sie) (?:mir|uns) (?:[a-z]+ ){0,2}(?:geld|[\\d,.]+ ?(?:€|euro)) (?:schicken|senden|geben)",
      "(?:ich brauche|brauche) (?:dringend )?(?:geld|[\\d,.]+ ?(?:€|euro)|deine hilfe bei einer zahlung)",
      "(?:überweis|leih) mir",
      "(?:ich zahle|zahle) (?:es |dir |ihnen )?(?:morgen|später|bald|gleich) zurück",
    ],
    secrecy: ["(?:sag|erzähl) (?:es )?(?:niemandem|keinem|papa nichts|mama nichts)", "unter uns", "bleibt unter uns"],
    prize: [
      "(?:sie haben|du hast) (?:gewonnen|[a-z0-9 ]{0,20} gewonnen)",
      "gewinner(?:in)?",
      "herzlichen glückwunsch",
      "gewinnspiel",
      "verlosung",
      "lotterie",
      "(?:fordern|holen|sichern) sie (?:sich )?(?:ihren|ihr|ihre) (?:preis|gewinn|geschenk|prämie|belohnung)",
      "(?:punkte|prämie|bonus)[^.!?]{0,20}(?:verfallen|laufen ab)",
    ],
    refund: [
      `${C}rückerstattung`,
      `${C}erstattung`,
      "(?:sie haben|du hast) anspruch auf",
      "rückzahlung (?:von|in höhe)",
      "(?:zu viel|doppelt) (?:gezahlt|bezahlt|abgebucht)",
      "(?:um|damit sie) (?:ihr|das|den|die) (?:geld|zahlung|betrag|auszahlung) (?:zu erhalten|zu empfangen|erhalten)",
    ],
    overpayment: [
      "(?:zu viel|doppelt) (?:überwiesen|gesendet|geschickt)",
      "(?:differenz|den rest) zurück(?:überweisen|zahlen|schicken)",
      `(?:versehentlich|aus versehen|fälschlicherweise) (?:[a-z]+ )?(?:überwiesen|gesendet|geschickt|gezahlt)`,
    ],
    job_offer: [
      "(?:jobangebot|stellenangebot|nebenjob|minijob|heimarbeit)",
      "(?:wir stellen ein|wir suchen (?:mitarbeiter|verstärkung))",
      "(?:arbeit|job|tätigkeit) (?:von zu hause|im homeoffice|in teilzeit|online|flexibel)",
      "(?:personalvermittl|recruit)" + W,
      "(?:ihr|dein) (?:lebenslauf|profil) (?:wurde|hat) (?:ausgewählt|empfohlen|uns überzeugt)",
    ],
    high_pay: [
      `(?:verdien${W}|gehalt|lohn|einkommen|vergütung) (?:von )?(?:bis zu )?[^.!?]{0,15}\\d{2,5} ?(?:€|euro|eur) (?:pro|am|/|die|im) ?(?:tag|woche|stunde)`,
      "\\d{2,5} ?(?:€|euro|eur) (?:pro|am|/) ?(?:tag|stunde)",
      "(?:nur|lediglich) \\d+(?:-\\d+)? (?:minuten|stunden?) (?:am|pro) tag",
    ],
    loan_offer: [
      "(?:kredit|darlehen) (?:ohne schufa|garantiert|sofort|vorab genehmigt)",
      "(?:sofortkredit|schufafrei" + W + "|kredit ohne schufa)",
    ],
    task_scam: [
      "(?:einfache|leichte|tägliche) (?:aufgaben|tätigkeiten)",
      "(?:produkte|apps|hotels|videos|restaurants) (?:bewerten|liken|testen)",
      "(?:bewertungen|likes) (?:schreiben|abgeben|vergeben)",
      "(?:provisionen?|kommissionen?) (?:pro|täglich|von \\d|bis)",
    ],
    investment: [
      "(?:investment|trading|krypto)-?(?:plattform|gruppe)",
      "(?:geldanlage|investition)(?:en)?",
      "passives einkommen",
      "(?:aktien|trading|krypto|investment)-?(?:gruppe|club|kanal)",
      "(?:assistent|assistentin) (?:von|des) (?:professor|analyst|mentor|berater)" + W,
    ],
    return_promise: [
      "(?:gewinne|renditen?|erträge) (?:garantiert|täglich|wöchentlich|monatlich)",
      "garantierte (?:gewinne|rendite|erträge)",
      "\\d+ ?% (?:pro tag|pro woche|pro monat|am tag|rendite|gewinn)",
      "(?:verdoppeln|verdreifachen) sie ihr (?:geld|kapital)",
      "ohne risiko|risikofrei",
    ],
    platform_move: [
      "(?:per|über|auf|bei) (?:whatsapp|telegram|signal)",
      "(?:mein|meine|unser) (?:whatsapp|telegram)",
      "(?:hast du|haben sie) (?:whatsapp|telegram)",
    ],
    reply_reopen: [
      'antworten sie (?:mit )?(?:"?ja"?|"?j"?|"?1"?)[^.!?]{0,60}(?:link|aktivieren|öffnen)',
      "(?:kopieren sie|kopiere) den link in (?:ihren|deinen) browser",
    ],
    new_number: [
      "(?:das ist|dies ist|hier ist) (?:meine )?neue (?:nummer|handynummer)",
      "(?:meine )?(?:neue|andere) (?:nummer|handynummer)",
      "(?:mein )?(?:handy|telefon|smartphone) (?:ist )?(?:kaputt|defekt|ins wasser gefallen|gestohlen|verloren|runtergefallen)",
      "(?:speicher|speichere|speichern sie) (?:diese|meine) (?:neue )?nummer",
      "alte nummer (?:kannst du|können sie) (?:löschen|vergessen)",
    ],
    family_address: [
      "(?:hallo|hi|hey|huhu|moin|servus|grü[ßs] gott)[,! ]+(?:mama|papa|mami|papi|mutti|vati|oma|opa|mum)",
      "^(?:mama|papa|mami|papi|oma|opa)[,!]? (?:ich bin'?s|ich bin es|hier ist)",
      "ich bin'?s,? (?:dein|deine) (?:sohn|tochter|enkel|enkelin|kind)",
    ],
    family_trouble: [
      "(?:ich bin|wir sind) (?:in schwierigkeiten|im krankenhaus|verhaftet|festgenommen|in einer notlage)",
      "(?:ich hatte|wir hatten) (?:einen unfall|ein problem)",
      "ich brauche dringend (?:deine |ihre )?hilfe",
      "(?:kannst du|könntest du) mir (?:einen gefallen tun|schnell helfen|kurz helfen)",
      "(?:eine|zwei) rechnung(?:en)? (?:bezahlen|überweisen)",
    ],
    wrong_number: [
      "^(?:hallo|hi|guten tag)?[,! ]*(?:sind sie|bist du|spreche ich mit) (?:herr|frau) [a-z]+ ?\\?",
      "ist (?:das|dies) die nummer von",
      "(?:sorry|entschuldigung|verzeihung),? (?:falsche nummer|ich habe mich (?:in der nummer )?vertan|falsch verbunden)",
      "falsche nummer",
      "(?:kennen wir uns|kenne ich sie|kenne ich dich)",
      "(?:ich habe|hab) (?:ihre|deine) nummer (?:von|aus)",
    ],
    befriend: [
      "(?:freut mich|schön),? (?:sie|dich) kennenzulernen",
      "(?:können|könnten) wir (?:freunde sein|uns kennenlernen)",
      "woher (?:kommst du|kommen sie)",
      "(?:das ist|es war) schicksal",
      "(?:erinnerst du dich|erinnern sie sich) an mich",
    ],
    romance: [
      "(?:mein|meine) (?:schatz|liebling|liebster|liebste|schätzchen|herz)",
      "(?:soldat|friedensmission|ölplattform|un-mission)",
      "(?:ich habe mich in dich verliebt|ich liebe dich|verliebt in dich)",
      "seelenverwandt" + W,
      "ich vermisse dich",
    ],
    toll: [
      `(?:offene|ausstehende|unbezahlte|nicht bezahlte) ${C}maut${C}`,
      `${C}maut(?:gebühr|gebühren|forderung|nachzahlung|rechnung|prällung)`,
      "toll collect|asfinag|(?:autobahn|digitale|e-)-?vignette",
    ],
    parcel: [
      `(?:paket|sendung|lieferung|bestellung|zustellung|päckchen)[^.!?]{0,40}(?:konnte nicht|kann nicht|wurde nicht|nicht zugestellt|zurückgehalten|angehalten|in warteschleife|wartet auf (?:zahlung|zustellung|bestätigung)|zurück an den absender|zurückgesendet|ausgesetzt|gestoppt)`,
      "(?:konnte|konnten|kann) (?:leider )?nicht zugestellt werden",
      "(?:unvollständige|falsche|ungültige|fehlerhafte) (?:adresse|anschrift|lieferadresse)",
      `(?:zustell|versand|liefer|zoll|neuzustellungs|lager)-?gebühr(?:en)?`,
      "(?:neue|erneute) zustellung",
      `(?:zustellung|lieferung) (?:neu )?(?:planen|vereinbaren|terminieren)`,
      `(?:aktualisier${W}|bestätig${W}|korrigier${W}) (?:sie )?(?:ihre |deine |die )(?:adresse|anschrift|lieferadresse)`,
    ],
    account_alert: [
      "(?:ungewöhnliche|verdächtige|unbefugte|ungewöhnlicher|verdächtiger|unbefugter) (?:aktivität|aktivitäten|anmeldung|zugriff|transaktion|zahlung|anmeldeversuch)",
      "(?:betrugs|sicherheits)(?:warnung|alarm|hinweis)",
      "neues gerät",
      "jemand (?:hat versucht|versucht) (?:sich )?(?:auf ihr|auf dein|in ihr|in dein|ihr|dein)",
    ],
    account_locked: [
      `(?:${C}konto|karte|zugang|account|online-banking|${PROCEDURE}|${TAN}|kundenkonto)[^.!?]{0,30}(?:wurde|wurden|ist|sind|wird|werden) (?:vorübergehend |dauerhaft |aus sicherheitsgründen )?(?:gesperrt|eingeschränkt|deaktiviert|blockiert|eingefroren|suspendiert|limitiert)`,
      "(?:wir haben|mussten wir) (?:ihr|ihre|dein|deine|den|die) (?:[a-z]+ )?(?:konto|karte|zugang|account) (?:vorübergehend )?(?:gesperrt|eingeschränkt|deaktiviert|sperren|einschränken)",
      `(?:kontosperrung|kartensperrung|zugangssperre|${C}konto (?:ist )?gesperrt)`,
    ],
    account_problem: [
      `(?:zahlungsmethode|zahlungsmittel|kreditkarte|hinterlegte karte|zahlungsinformationen)[^.!?]{0,20}(?:abgelehnt|abgelaufen|ungültig|fehlgeschlagen)`,
      `(?:postfach|speicher|mailbox|icloud)[^.!?]{0,20}(?:ist )?(?:voll|überfüllt)`,
      "(?:passwort|kennwort) (?:läuft ab|ist abgelaufen|wird ablaufen)",
      `(?:${PROCEDURE}|${TAN}|sicherheitsupdate|sicherheitsverfahren|gesundheitskarte|versichertenkarte|girocard|sparkassen-card|karte)[^.!?]{0,40}(?:läuft ab|abgelaufen|aktualisier${W}|erneuer${W}|umstellung|ungültig|verliert ihre gültigkeit)`,
      "(?:wegen|aufgrund) (?:einer |von )?(?:ausstehenden|offenen|unbezahlten|fehlgeschlagenen) (?:zahlung|zahlungen|rechnung|rechnungen)",
      "(?:zahlungsrückstände?n?|nichtzahlung)",
      "(?:rechnung|zahlung|lastschrift) (?:ist )?(?:unbezahlt|offen|überfällig|fehlgeschlagen|zurückgebucht|nicht eingegangen)",
    ],
    government: [
      "finanzamt",
      "bundeszentralamt für steuern|bzst",
      "elster",
      "krankenkasse",
      "aok|barmer|techniker krankenkasse",
      "bundespolizei",
      "zoll(?:amt|behörde)",
      "bu[ßs]geld(?:bescheid|stelle)?",
      "strafzettel",
      "verwarngeld",
      "führerschein",
      "(?:agentur|bundesagentur) für arbeit|jobcenter",
      "rundfunkbeitrag|beitragsservice",
      "steuer-?id|steueridentifikationsnummer",
    ],
    tech_support: [
      "virus|viren",
      "schadsoftware|malware|trojaner",
      "gehackt",
      "(?:gerät|computer|handy|pc|smartphone)[^.!?]{0,20}infiziert",
      "(?:technischer support|technischen support|microsoft-support|kundendienst von microsoft)",
      "fernzugriff|fernwartung",
      "anydesk|teamviewer",
    ],
    charge_notice: [
      "(?:wurde|wird|werden) (?:ihnen |ihrem konto )?(?:belastet|abgebucht|in rechnung gestellt)",
      "(?:abonnement|abo|bestellung|kauf|zahlung|verlängerung) (?:von [\\d,.]+ ?(?:€|eur) )?(?:wurde )?(?:verlängert|bestätigt|ausgeführt|abgeschlossen)",
      "automatische verlängerung",
      "abbuchung",
      "lastschrift",
    ],
    call_to_dispute: [
      `(?:wenn (?:sie|du) (?:das|dies|diese zahlung|diese transaktion) nicht (?:waren|warst|veranlasst|autorisiert)[^.!?]{0,50}|(?:um|zum) (?:die |diese |den )?(?:zahlung|abbuchung|transaktion|abo|abonnement|bestellung) (?:zu )?(?:stornieren|widerrufen|abzubrechen|kündigen)[^.!?]{0,30})(?:rufen sie|ruf|kontaktieren sie|wählen sie)[^.!?<]{0,50}<phone>`,
    ],
    callback_promise: [
      `(?:mitarbeiter|berater|sicherheitsabteilung|betrugsabteilung|kollege)[^.!?]{0,20}(?:wird|werden) (?:sie|dich) (?:[a-z]+ )?(?:anrufen|kontaktieren|zurückrufen)`,
    ],
    bank_details_change: [
      "(?:unsere|meine) (?:bankverbindung|bankdaten|iban|kontoverbindung) (?:hat sich|haben sich|wurde) (?:geändert|aktualisiert)",
      "neue (?:bankverbindung|iban|kontoverbindung|bankdaten)",
      "(?:geänderte|aktualisierte) (?:bankverbindung|kontoverbindung|bankdaten)",
    ],
    code_given: [
      `(?:ihr |dein )?${CODE}(?: für [a-z0-9]+(?: [a-z0-9]+)?)?(?: lautet| ist|:)? ?[:#]? ?\\d{4,8}`,
      `\\d{4,8} ist (?:ihr|dein) ${CODE}`,
    ],
    reference_code: [`${REFERENCE}(?:code|nummer|nr\\.?)(?:(?: lautet| ist|:)? ?[:#]? ?[a-z0-9-]{3,14})?`],
    share_warning: [
      `(?:geben sie|gib|teilen sie|teile|nennen sie)(?: [a-z0-9-]+){0,3} (?:niemals|nie|nicht|niemandem|an niemanden)`,
      "(?:niemals|nicht|nie) (?:weitergeben|weiterleiten|teilen|preisgeben)",
      "(?:werden|wird) (?:sie |dich )?(?:niemals|nie) (?:nach|anrufen|auffordern)",
    ],
    opt_out: ["(?:stop|stopp) an <phone>", "(?:stop|stopp) an \\d{4,6}"],
    own_app: [
      "(?:in|mit|über) (?:ihrer|deiner|unserer|der) (?:app|banking-app|[a-z]+-app)",
      "in (?:ihrer|der) filiale",
      "(?:im|in ihrem) (?:online-banking|kundenkonto|postfach)",
    ],
    free_remedy: ["(?:reparatur|austausch|ersatz) (?:ist |wird )?kostenlos", "kostenlos", "ohne kosten"],
  },
});

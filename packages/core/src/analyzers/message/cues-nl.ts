// Dutch phrases of the message cues (the Netherlands and Flanders). Written with their accents ("financiën",
// "geïnformeerd") and read with or without them (see cue-spelling.ts); "<url>", "<phone>" and "<email>" stand for
// extracted links, numbers and addresses. The stories are the ones Dutch texts tell: a parcel held for import or
// delivery costs (PostNL, DHL, bpost), "uw betaalpas verloopt" and the card replaced through a link, an account in
// the "quarantaine zone" or blocked until the device is confirmed, an unpaid debt with the bailiff's attachment
// (Belastingdienst, CJIB, FOD Financiën), a refund through DigiD, "Hoi mam, dit is mijn nieuwe nummer" and the
// payment asked of a parent, a Tikkie to pay. Dutch compounds words ("betaalpas", "verificatiecode"), so the words a
// cue turns on are read at the end of a compound too.

import type { CueTable } from "./cue-table.js";
import { spelledTable } from "./cue-spelling.js";

/** The first part of a compound, if any ("bank-", "verificatie", "Rabo "). */
const C = "[a-zëï-]*";
const DATE = "\\d{1,2}[-/]\\d{1,2}(?:[-/]\\d{2,4})?";
/** The reader addressed, formally or not. */
const YOUR = "(?:uw|je|jouw)";
/** The codes of a sign-in or a payment, plain or compounded ("verificatiecode", "sms-code"). */
const CODE = `(?:${C}codes?|pincode|tan|inloggegevens|wachtwoord)`;
/** A card of a bank, plain or compounded ("betaalpas", "wereldpas", "bankkaart"). */
const CARD = `(?:${C}pas|${C}kaart|digipas|pasje)`;
/** Who warnings warn about ("oplichters proberen ...", "valse sms'jes vragen ..."). */
const SCAMMERS =
  "(?:oplichters?|fraudeurs?|criminelen|phishing|(?:nep|valse|frauduleuze|verdachte) (?:berichten|sms'jes|sms|e-mails|mails|websites|telefoontjes))";

export const CUES_NL: CueTable = spelledTable({
  language: "nl",
  markers: [
    "uw",
    "het",
    "een",
    "niet",
    "wij",
    "heeft",
    "hebt",
    "bent",
    "deze",
    "naar",
    "jouw",
    "wordt",
    "onze",
    "kunt",
    "hebben",
    "zijn",
    "mijn",
    "nog",
    "ons",
    "voor",
    "dat",
    "met",
    "ik",
    "je",
    // Words Spanish, Portuguese or French share: counted for all, so the distinctive ones decide.
    "de",
    "en",
  ],
  negations: ["niet", "nooit", "geen", "niemand", "nimmer"],
  denials: [
    "(?:wordt|worden|zal|zullen) (?:u |je )?niet (?:in rekening gebracht|gerekend|toegepast|opgelegd)",
    "(?:wordt|worden) (?:kwijtgescholden|geannuleerd|ingetrokken)",
  ],
  absent: ["geen", "zonder"],
  deniedBefore: ["(?:wij|we) (?:rekenen|brengen|berekenen) (?:u |je )?geen"],
  noAsks: [
    "(?:u|je) hoeft (?:niets|niks|niet)(?: te doen| te betalen)?",
    "geen (?:actie|betaling) (?:nodig|vereist)",
    "(?:afmelden|uitschrijven)(?: via| sms| stuur)?",
  ],
  warnings: [
    // "Wij vragen u nooit", "de bank belt nooit", "wij zullen nooit om uw pincode vragen".
    "(?:vragen|vraagt|bellen|belt|sturen|stuurt|zullen|zal|mailen|mailt|sms'en) (?:u |je |jou |ons )?(?:nooit|nimmer)",
    "(?:let op|pas op|wees alert|wees voorzichtig)(?: voor| met| op)? (?:nep|valse|phishing|oplichters|oplichting|fraudeurs|fraude|criminelen)",
    `${SCAMMERS}(?: [a-z']+){0,3} (?:proberen|kunnen|doen zich voor|vragen|sturen|gebruiken|misbruiken)`,
  ],
  prohibitions: [
    `(?:deel|geef|stuur|verstuur|vertel|noem|typ|betaal|klik)(?: (?:uw|je|jouw|deze|die|de|het|dit|hier|op))?(?: ${CODE}| gegevens| link| links| geld)? (?:nooit|niet|met niemand|aan niemand)`,
    `(?:nooit|niet) (?:uw |je |jouw |de |deze )?(?:${CODE}|gegevens) (?:delen|doorgeven|geven|sturen|afgeven)`,
  ],
  turns: ["maar", "echter", "toch", "alstublieft", "graag"],
  deadlines: [
    "vandaag nog",
    "(?:binnen|uiterlijk binnen) \\d+ ?(?:uur|dagen|minuten)",
    `(?:uiterlijk|voor) (?:${DATE}|vandaag|morgen|middernacht)`,
    "verloopt over \\d+ dagen",
  ],
  cues: {
    urgency: [
      "per direct",
      "met spoed",
      "zo (?:snel|spoedig) mogelijk",
      "onmiddellijk",
      "dringend",
      "z\\.s\\.m\\.?",
      "laatste (?:kans|herinnering|waarschuwing|aanmaning|mogelijkheid)",
    ],
    threat: [
      "(?:voorkom|om te voorkomen|ter voorkoming van)(?: [a-z]+){0,4} (?:blokkade|blokkering|afsluiting|opschorting|inbeslagname|beslag|beslaglegging|extra kosten|incassokosten|deactivering|beperking)",
      "(?:wordt|worden|zal worden|zullen worden|word) (?:tijdelijk |permanent |definitief )?(?:geblokkeerd|opgeschort|afgesloten|gedeactiveerd|stopgezet|beperkt)",
      "(?:extra|aanvullende|verhoogde) (?:kosten|incassokosten|boete)",
    ],
    legal_threat: [
      "(?:gerechts)?deurwaarder",
      "(?:conservatoir )?beslag(?:legging)?",
      "inbeslagname",
      "beslagprocedure",
      "politie",
      "rechtbank",
      "dagvaarding",
    ],
    gift_card: [`(?:betaal|koop|stuur)[^.!?]{0,40}(?:cadeaukaart|cadeaubon|giftcard|google play|itunes|steam)${C}`],
    crypto_payment: [`(?:betaal|stuur|maak|stort)[^.!?]{0,40}(?:bitcoin|btc|usdt|crypto${C})`],
    wire_transfer: [
      "(?:maak|schrijf) (?:[^.!?]{0,25} )?over (?:naar|op)",
      "(?:overmaken|overschrijven) (?:naar|op) (?:deze|dit|het volgende|onderstaand) (?:rekening|rekeningnummer|iban)",
    ],
    code_request: [
      `(?:stuur|geef|zend|deel|stuur me|geef me)(?: mij| me)?(?:[^.!?]{0,30} )?${CODE} (?:door|aan mij|naar mij|naar me|terug)`,
      `(?:per ongeluk|verkeerd)(?: een)? ${CODE}[^.!?]{0,30}(?:gestuurd|verstuurd)`,
    ],
    password_request: [
      "(?:geef|stuur|vul|voer|bevestig|deel)[^.!?]{0,25}(?:wachtwoord|inloggegevens|pincode|pin-code) (?:in|door|op)",
    ],
    personal_info_request: [
      `(?:bevestig|controleer|vul|voer|geef|stuur|update|actualiseer)[^.!?]{0,30}(?:bsn|burgerservicenummer|geboortedatum|iban|rekeningnummer|kaartnummer|persoonsgegevens|bankgegevens|betaalgegevens)`,
    ],
    verify_action: [
      `(?:verifieer|verifiëren|bevestig|bevestigen|controleer|controleren|activeer|activeren|vernieuw|vernieuwen|herstel|herstellen|valideer|valideren|identificeer|identificeren|actualiseer|bijwerken|deblokkeer|deblokkeren|verleng|verlengen)[^.!?]{0,15}${YOUR} (?:account|rekening|bankrekening|gegevens|identiteit|apparaat|toestel|${CARD}|adres|registratie)`,
      `${YOUR} (?:account|rekening|apparaat|toestel|identiteit|gegevens|registratie)(?: [a-z]+){0,3} (?:opnieuw )?(?:te )?(?:verifiëren|bevestigen|controleren|activeren|identificeren|valideren)`,
      "(?:opnieuw|zich opnieuw|u opnieuw) (?:te )?(?:verifiëren|identificeren|registreren|activeren)",
      "verifieer (?:jezelf|uzelf|nu|dan|deze activiteit)",
    ],
    fee_payment: [
      `(?:invoer|verzend|douane|inklarings|bezorg|invoerrechten|verwerkings|opslag|inklaring)(?:kosten|rechten|heffing)`,
      "(?:klein|kleine|gering) bedrag",
    ],
    call_request: [`(?:bel|bellen|neem contact op)[^.!?<]{0,40}<phone>`],
    link_action: [
      // "Klik" alone before a link is also Indonesian: read with what it clicks.
      `(?:klik (?:hier|op (?:de|deze|onderstaande) link|deze link|op de knop)|tik (?:hier|op)|ga naar|volg de stappen|verifieer|bevestig|betaal|voldoe|activeer|vernieuw|controleer|inloggen|vraag[^.!?<]{0,40}aan|vervang|herstel|registreer|deblokkeer|verleng|blokkade voorkomen)[^.!?<]{0,40}<url>`,
    ],
    pay_demand: [
      "openstaande? (?:schuld|factuur|vordering|betaling|bedrag|rekening|nota)",
      "(?:achterstand|achterstandsbedrag|betalingsachterstand)",
      "(?:onvoldane?|onbetaalde?) (?:factuur|rekening|nota|schuld)",
      "niet voldaan",
      "betaal (?:binnen|voor|uiterlijk) ",
      "(?:betaal|voldoe)(?: het| de| uw| je)?(?: bedrag| factuur| schuld| rekening)? (?:nu|vandaag|direct|meteen|onmiddellijk|via)",
    ],
    money_request: [
      "(?:kun|kan|kunt|zou)(?: je| jij| u)(?: mij| me)? (?:even |misschien |snel )?(?:iets |een rekening |deze rekening |het |dit )?(?:voor (?:me|mij) )?(?:betalen|overmaken|voorschieten|lenen)",
      "(?:ik )?(?:betaal|geef) (?:het |je |jou |het je |het jou )?(?:morgen|later|snel|vanavond|straks) (?:terug)",
      "tikkie[^.!?<]{0,40}<url>",
    ],
    secrecy: ["(?:vertel|zeg) het (?:aan )?niemand", "(?:tussen|onder) ons (?:blijven|houden)"],
    prize: [
      "(?:u|je|jij) (?:heeft|hebt|bent) (?:gewonnen|geselecteerd|uitgekozen|getrokken)",
      "(?:prijs|hoofdprijs|prijzen) (?:gewonnen|winnen|ophalen|claimen)",
      "loterij",
    ],
    refund: [
      "(?:teruggave|terugbetaling|restitutie)",
      "(?:u|je) (?:heeft|hebt) (?:nog )?recht op",
      "(?:belasting|toeslag|zorgtoeslag|ziektekosten)[a-z]* (?:terug|teruggave)",
    ],
    job_offer: [
      "(?:vacature|baan|bijbaan|werk) (?:vanuit huis|thuis|online|bijverdienen)",
      "thuiswerk",
      "bijverdienen",
    ],
    high_pay: [
      "\\d{2,5} ?(?:€|euro) (?:per|p/?) ?(?:dag|uur|week)",
      "(?:verdien|verdienen)[^.!?]{0,20}\\d{2,5} ?(?:€|euro)",
    ],
    investment: ["investering(?:en)?", "beleggen", "belegging(?:en)?"],
    return_promise: ["(?:rendement|winst) (?:gegarandeerd|per dag|per week)", "gegarandeerd (?:rendement|winst)"],
    platform_move: ["(?:op|naar) (?:mijn |ons )?(?:whatsapp|telegram)", "(?:mijn|ons) (?:whatsapp|telegram)"],
    new_number: [
      "(?:dit is )?(?:mijn )?(?:nieuwe nummer|nieuw nummer)",
      "(?:mijn )?(?:telefoon|mobiel|gsm) is (?:kapot|gevallen|gestolen|stuk|in het water gevallen)",
      "(?:sla|bewaar) (?:dit|mijn|deze) (?:nieuwe )?nummer",
      "(?:ander|nieuw) (?:nummer|telefoonnummer)",
    ],
    family_address: ["(?:hoi|hey|hallo|hoii|hee|hai) (?:mam|pap|mama|papa|moeder|vader|mams|paps)"],
    family_trouble: [
      "(?:ik )?kan (?:nog )?niet (?:inloggen|bij mijn bank|bij mijn rekening|betalen|internetbankieren)",
      "(?:ik )?zit (?:in de problemen|vast|in de knoei)",
    ],
    toll: ["tolheffing", "tolweg", "parkeerboete", "verkeersboete"],
    parcel: [
      `(?:pakket|zending|bestelling|pakketje)[^.!?]{0,40}(?:kon niet (?:worden )?bezorgd|niet bezorgd|niet worden geleverd|vastgehouden|tegengehouden|in de wacht|wacht op|in afwachting|sorteercentrum|douane|ligt klaar|retour)`,
      "(?:we|wij) hebben geprobeerd (?:uw|je) (?:pakket|zending|bestelling)",
      "(?:bezorging|levering|aflevering) (?:mislukt|niet gelukt|kon niet)",
      "(?:onvolledig|onjuist|ongeldig) (?:adres|huisnummer)",
    ],
    account_alert: [
      `verdachte (?:inlogpoging(?:en)?|activiteit(?:en)?|transactie(?:s)?|betaling(?:en)?|login)`,
      "(?:onbekend|onbekende|nieuw|nieuwe) (?:apparaat|locatie|toestel)",
      "vanuit het buitenland",
      "(?:ongebruikelijke|ongewone|vreemde|rare|mislukte) (?:inlogpoging(?:en)?|activiteit(?:en)?|locatie|login)",
      "(?:herkent|herken) (?:u|je) (?:dit|deze)(?: [a-z]+)? niet",
    ],
    account_locked: [
      `(?:rekening|account|bankrekening|${CARD}|toegang|internetbankieren|mijn ing|app)[^.!?]{0,30}(?:is |wordt |word |werd |zal worden )?(?:tijdelijk |voorlopig )?(?:geblokkeerd|opgeschort|beperkt|gedeactiveerd|afgesloten|onderbroken|bevroren)`,
      "quarantaine ?zone",
      "(?:in beperking|op non[ -]?actief|op no actief|op inactief) (?:gesteld|gezet)",
      `(?:wij|we) hebben (?:uw|je) (?:rekening|account|${CARD}) (?:tijdelijk )?(?:geblokkeerd|opgeschort|beperkt|in de quarantaine ?zone)`,
    ],
    account_problem: [
      `${CARD}[^.!?]{0,30}(?:verloopt|vervalt|verlopen|verouderd|vervallen|geskimmed|dient vervangen|vervangen te worden)`,
      `(?:identificatiecode|certificaat|certificaten|${C}registratie|identificatie|${C}app)[^.!?]{0,30}(?:verloopt|vervalt|verlopen|vervallen|niet meer geldig)`,
      "(?:uw|je) (?:gegevens|contactgegevens) (?:zijn )?(?:niet )?(?:meer )?(?:actueel|verouderd|onvolledig)",
    ],
    government: ["belastingdienst", "cjib", "digid", "fod financiën", "rdw", "overheid", "toeslagen"],
    charge_notice: [
      "(?:wordt|word|zal worden) (?:€ ?[\\d,.]+ |[\\d,.]+ ?(?:€|euro) )?(?:van (?:uw|je) rekening )?afgeschreven",
      "(?:eerste |nieuwe )?incasso(?:opdracht)?",
    ],
    call_to_dispute: [
      "(?:klopt dit niet|herkent u dit niet|niet herkend|niet door u)[^.!?<]{0,50}(?:bel|neem contact op)[^.!?<]{0,40}<phone>",
    ],
    bank_details_change: ["(?:nieuwe|nieuw) (?:rekeningnummer|iban|bankrekening)"],
    code_given: [
      `${CODE}(?: voor [a-z0-9-]+(?: [a-z0-9-]+)?)?(?: is|:)? ?[:#]? ?\\d{4,8}`,
      `\\d{4,8} is (?:uw|je|de) ${CODE}`,
    ],
    share_warning: [
      `(?:deel|geef)(?: (?:deze|de|uw|je|dit|die))?(?: ${CODE})? (?:nooit|niet|met niemand|aan niemand)`,
      "(?:nooit|niet) (?:delen|doorgeven)",
    ],
    opt_out: ["stuur stop", "afmelden"],
    premium_billing: [
      "(?:kosten|kost) (?:zijn |is |bedragen )?(?:€ ?[\\d,.]+|[\\d,.]+ ?(?:€|euro)) per (?:week|sms|bericht|dag)",
    ],
    own_app: ["(?:in|via) (?:de|uw|je) (?:app|bankieren-app|bank-app)", "(?:op|in) (?:het )?(?:bankkantoor|filiaal)"],
  },
});

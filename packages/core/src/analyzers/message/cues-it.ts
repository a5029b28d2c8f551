// Italian phrases of the message cues. Written with their accents and read with or without them ("è", "e'", "e":
// see cue-spelling.ts); "<url>", "<phone>" and "<email>" stand for extracted links, numbers and addresses. The stories
// are the ones Italian texts tell: a parcel held in storage for a fee (Poste Italiane, BRT, GLS, SDA), a suspended
// account or card and the "aggiorna i tuoi dati" link, a refund from the Agenzia delle Entrate or INPS, fines and
// tolls, "Ciao mamma, questo è il mio nuovo numero", paid tasks and jobs.

import type { CueTable } from "./cue-table.js";
import { spelledTable } from "./cue-spelling.js";

/** The rest of a word after its stem ("verificato", "aggiornerà"). */
const W = "[a-zàèìòù]*";
const DATE = "\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?";
const CODE = "(?:codice|codici|pin|otp)";
const YOUR =
  "(?:tuo|tua|tuoi|tue|suo|sua|suoi|sue|il tuo|la tua|i tuoi|le tue|il suo|la sua|i suoi|le sue|vostro|vostra)";
/** Who warnings warn about ("i truffatori possono chiedere ...", "messaggi falsi"). */
const SCAMMERS =
  "(?:truffatori|truffatore|truffe?|frodi|frode|malintenzionati|criminali|(?:messaggi|sms|e-mail|email|chiamate|telefonate) (?:falsi|false|fraudolent[ie]|sospett[ie]))";
/** What a code is for when it is quoted or redeemed rather than entered at a sign-in. */
const REFERENCE =
  "(?:promo|promozionale|sconto|di sconto|di tracciamento|tracciamento|di spedizione|spedizione|di prenotazione|prenotazione|cliente|ordine|dell'ordine|coupon|buono|regalo|pratica|di ritiro|ritiro)";

export const CUES_IT: CueTable = spelledTable({
  language: "it",
  markers: [
    "il",
    "di",
    "che",
    "per",
    "sono",
    "della",
    "del",
    "tuo",
    "tua",
    "suo",
    "gli",
    "non",
    "questo",
    "hai",
    "alla",
    "al",
    "nel",
    "nella",
    "delle",
    "dei",
    "ci",
    "abbiamo",
    "sul",
    "ciao",
    "stato",
    "stata",
    "mio",
    "mia",
    "dal",
    "alle",
    "da",
    // Words Spanish or French share: counted for both, so the distinctive ones decide.
    "le",
    "su",
    "la",
    "con",
    "una",
    "un",
  ],
  negations: ["non", "mai", "nessuno", "nessuna", "n[ée]"],
  denials: [
    "non (?:sar[àa]|saranno|verr[àa]|verranno) (?:addebitat[oaie]|applicat[oaie]|richiest[oaie])",
    "(?:sar[àa]|saranno|[èe] stat[oa]|sono stat[ie]) (?:annullat[oaie]|cancellat[oaie]|condonat[oaie])",
  ],
  absent: ["senza", "nessun", "nessuna", "nessuno"],
  deniedBefore: ["non (?:ti |le |vi )?(?:addebiteremo|addebiter[àa]|applicheremo|applicher[àa])"],
  noAsks: [
    "(?:nessun|nessuna) (?:pagamento|azione|intervento) (?:[èe] )?(?:richiest[oa]|necessari[oa])",
    "non (?:devi|deve|[èe] necessario) (?:pagare|fare nulla|fare niente)",
    "(?:per (?:non ricevere pi[ùu]|disiscriverti|cancellarti)|rispondi stop|invia stop)",
  ],
  warnings: [
    // "Non ti chiederemo mai", "la banca non chiede mai", "non ti contatteremo mai per".
    "non (?:ti |le |vi |la )?(?:chiederemo|chiederà|chiede|chiedono|chiediamo|richiederemo|richiede|richiedono|contatteremo|contatta|contattano|invieremo|invia|inviano|telefoneremo|telefona) (?:mai|in nessun caso)",
    "(?:nessun|nessuna) (?:operatore|operatrice|dipendente|impiegato|consulente|banca|ente|azienda)(?: [a-z]+){0,4} (?:ti |le |vi )?(?:chieder[àa]|chiede|contatter[àa]|contatta|telefoner[àa])",
    "(?:attenzione a|diffida(?:te)? d[ai]|fai attenzione a|fate attenzione a|presta attenzione a|state attenti a|stai attento a)",
    `${SCAMMERS}(?: [a-z]+){0,3} (?:possono|potrebbero|cercano|tentano|chiedono|si fingono|fingono)`,
  ],
  prohibitions: [
    "(?:non|mai) (?:lo |la |li |le |ne )?(?:condividere|condividerlo|condividerla|comunicare|comunicarlo|comunicarla|dare|darlo|fornire|fornirlo|rivelare|rivelarlo|divulgare|inviare|inviarlo|pagare|cliccare|rispondere|chiamare|effettuare|fare bonifici|inserire|consegnare|dire|dirlo)",
  ],
  turns: ["ma", "per[òo]", "tuttavia", "invece", "per favore", "quindi", "ora"],
  deadlines: [
    "oggi(?: stesso)?",
    "stasera",
    "domani",
    "entro (?:le prossime )?(?:\\d+ ?(?:ore|h|minuti)|(?:[1-9]|1[0-4]) ?giorni)",
    `entro (?:il |le )?(?:${DATE}|\\d{1,2} [a-z]+|mezzanotte|\\d{1,2}[:.]\\d{2}|oggi|domani)`,
    "al pi[ùu] tardi",
    `(?:scadenza|scade)(?: il|:)? (?:${DATE}|oggi|domani)`,
  ],
  cues: {
    urgency: [
      "urgente(?:mente)?",
      "immediatamente",
      "(?:paga|pagare|chiama|clicca|agisci|verifica|aggiorna|rispondi|procedi) subito",
      "al pi[ùu] presto",
      "il prima possibile",
      "(?:ultimo|ultima) (?:avviso|avvertimento|sollecito|possibilit[àa]|occasione|tentativo)",
      "entro (?:le prossime )?\\d+ ?(?:ore|h|minuti)",
      "non (?:aspettare|perdere tempo)",
    ],
    threat: [
      "(?:sar[àa]|saranno|verr[àa]|verranno|potrebbe essere|pu[òo] essere) (?:sospes[oaie]|bloccat[oaie]|chius[oaie]|disattivat[oaie]|cancellat[oaie]|revocat[oaie]|limitat[oaie]|eliminat[oaie])",
      "(?:sanzion[ei]|more|interessi di mora|penal[ei]) (?:aggiuntiv[ei]|per ritardo)",
      "per evitare (?:il |la |lo |i |le |gli |un |una |ulteriori )?(?:blocco|sospensione|sanzioni|sanzione|penali|more|chiusura|disattivazione|interessi|aggravi)",
      "(?:sospensione|blocco|chiusura|disattivazione) (?:del|della|dei|delle) (?:tuo |tua |suo |sua )?(?:conto|carta|account|servizio|utenza|linea)",
      "recupero credit[oi]",
    ],
    legal_threat: [
      "(?:azion[ei]|procediment[oi]|provvediment[oi]) (?:legal[ei]|giudiziari[oe]?|penal[ei])",
      "denuncia (?:penale|nei tuoi confronti|a tuo carico|alle autorit[àa])",
      "polizia",
      "carabinieri",
      "guardia di finanza",
      "tribunale",
      "pignoramento",
      "mandato di arresto",
    ],
    gift_card: [
      `(?:pag${W}|acquist${W}|compr${W}|invi${W}|ricaric${W})[^.!?]{0,40}(?:carte? regalo|buoni regalo|gift ?card|carte? (?:google play|itunes|steam|amazon)|paysafecard)`,
      "(?:carte? regalo|gift ?card)[^.!?]{0,40}(?:codic[ei]|foto|retro)",
    ],
    crypto_payment: [
      `(?:pag${W}|invi${W}|trasferi${W}|version${W}|deposit${W})[^.!?]{0,40}(?:bitcoin|btc|usdt|cripto${W})`,
    ],
    wire_transfer: [
      "bonifico urgente",
      "western union",
      "moneygram",
      "(?:fai|fare|effettua|effettuare|esegui) (?:un |il )?bonifico",
      "(?:fai|fare|effettua|effettuare|fammi) (?:una )?ricarica (?:postepay|paypal|sulla (?:mia |tua )?postepay)",
    ],
    code_request: [
      `(?:mandami|inviami|girami|dimmi|passami|dammi|mandaci|inviaci|comunicaci|leggimi|reinviami)(?:[^.!?]{0,30} )?${CODE}`,
      `(?:mi|ci) (?:puoi|potresti|pu[òo]|potrebbe) (?:mandare|inviare|girare|dire|passare|dare|comunicare|leggere)(?:[^.!?]{0,30} )?${CODE}`,
      `${CODE} (?:che )?(?:ti [èe] arrivato|ti ho mandato|ti ho inviato)`,
      `(?:mandato|inviato) per (?:errore|sbaglio)(?:[^.!?]{0,30} )?${CODE}`,
    ],
    password_request: [
      `(?:invi${W}|comunic${W}|conferm${W}|inserisc${W}|fornisc${W}|dimmi|mandami)[^.!?]{0,25}(?:password|credenziali|dati di accesso|codice segreto|codice dispositivo)`,
    ],
    personal_info_request: [
      `(?:conferm${W}|verific${W}|aggiorn${W}|fornisc${W}|inserisc${W}|invi${W}|complet${W})[^.!?]{0,30}(?:codice fiscale|data di nascita|dati (?:personali|bancari|della carta|di pagamento)|numero (?:della|di) carta|iban|informazioni (?:personali|bancarie))`,
    ],
    verify_action: [
      `(?:verific${W}|conferm${W}|aggiorn${W}|convalid${W}|sblocc${W}|riattiv${W}|regolarizz${W})[^.!?]{0,15}(?:${YOUR}|i|la|il) (?:conto|account|identit[àa]|dati|informazioni|carta|indirizzo|pagamento|profilo|posizione)`,
      "(?:accedi|effettua l'accesso)[^.!?]{0,25}<url>",
    ],
    fee_payment: [
      "(?:spese|costi|tassa|tariffa|commissione|contributo) (?:di |per (?:la |le )?)?(?:spedizione|sdoganamento|dogana|doganal[ei]|consegna|riconsegna|giacenza|svincolo|elaborazione|gestione|attivazione|sblocco)",
      "(?:piccolo|piccola|modesto) (?:costo|contributo|pagamento|importo)",
      "(?:dazi|diritti) doganali",
    ],
    deposit_to_unlock: [
      `(?:deposit${W}|ricaric${W}|pag${W}|versa${W})[^.!?]{0,40}per (?:sbloccare|attivare|prelevare|ritirare|ricevere|svincolare)`,
      "saldo negativo",
    ],
    call_request: [`(?:chiama|chiamare|chiami|contatta|contattaci|contattare|telefona)[^.!?<]{0,40}<phone>`],
    link_action: [
      // "verific" begins English "verification": written as the Italian verb only.
      `(?:clicca|cliccare|premi|tocca|verific(?:a|are|hi)[ :]|conferm${W}|aggiorn${W}|sblocc${W}|riattiv${W}|convalid${W}|regolarizz${W}|riscatt${W}|riprogramm${W}|paga ora|accedi|saldare|salda)[^.!?<]{0,40}<url>`,
      // The marketplace buyer who "has paid" (Subito, Vinted): the money waits behind a link.
      "(?:ricevere|incassare|ritirare) (?:il |i |tuo |tuoi |il tuo )?(?:pagamento|denaro|soldi|fondi)[^.!?<]{0,40}<url>",
    ],
    pay_demand: [
      "(?:paga|pagare|pagate|saldare|salda|regolarizza|effettua il pagamento|procedi al pagamento) (?:ora|subito|oggi|online|qui|entro|il|la|le|i|l'importo|\\d|<url>)",
      "(?:pagamento|importo|fattura|bolletta|saldo) (?:in sospeso|insolut[oa]|scadut[oa]|non pagat[oa]|da saldare|arretrat[oa])",
    ],
    money_request: [
      "(?:mi|ci) (?:puoi|potresti|pu[òo]|potrebbe) (?:prestare|fare un bonifico|bonificare|anticipare)",
      "(?:mi|ci) (?:puoi|potresti|pu[òo]|potrebbe) (?:mandare|inviare|pagare) (?:dei soldi|i soldi|soldi|\\d)",
      "ho bisogno (?:di soldi|di \\d|che mi (?:mandi|presti|fai un bonifico|paghi))",
      "(?:prestami|mandami (?:dei |i )?soldi|fammi un bonifico)",
      "(?:te li|te lo) (?:restituisco|ridò|rendo) (?:domani|dopo|presto)",
    ],
    secrecy: ["non (?:dirlo|dire niente|dire nulla) a (?:nessuno|pap[àa]|mamma)", "(?:rimanga|resti) tra noi"],
    prize: [
      "(?:hai|ha) (?:vinto|(?:stato|stata) (?:selezionat[oa]|estratt[oa]|scelt[oa]))",
      "vincitore|vincitrice",
      "congratulazioni",
      "complimenti,? hai",
      "estrazione|concorso a premi|lotteria",
      "(?:riscatta|ritira|richiedi) (?:il tuo|il|un) (?:premio|regalo|buono|omaggio)",
      "(?:i tuoi )?punti (?:stanno per scadere|scadranno|in scadenza)",
    ],
    refund: [
      "rimborso",
      "(?:hai|ha) diritto a",
      "(?:sei|[èe]) idone[oa]",
      "(?:somma|importo|credito) (?:a tuo favore|da riscuotere|in attesa di (?:accredito|rimborso))",
      "per ricevere (?:il |i |tuo |il tuo )?(?:pagamento|denaro|soldi|rimborso|accredito)",
    ],
    overpayment: [
      "(?:pagato|inviato|versato|bonificato|fatto un bonifico)[^.!?]{0,30}(?:per errore|per sbaglio|in pi[ùu]|due volte)",
      "(?:restituisci|restituiscimi|rimanda|rimandami) (?:la differenza|i soldi|l'importo)",
    ],
    job_offer: [
      "(?:offerta|opportunit[àa]|proposta) di (?:lavoro|impiego)",
      "(?:stiamo assumendo|cerchiamo personale|selezioniamo personale)",
      "(?:lavoro|impiego) (?:da casa|online|part[- ]time|flessibile|in smart working|da remoto)",
      "(?:reclut" + W + "|selezionator" + W + "|risorse umane)",
      "(?:il tuo|tuo) (?:curriculum|cv|profilo) (?:[èe] stato|risulta) (?:selezionato|idoneo|raccomandato)",
    ],
    high_pay: [
      `(?:guadagn${W}|stipendio|compenso|retribuzione) (?:di )?(?:fino a )?[^.!?]{0,15}\\d{2,5} ?(?:€|euro|eur) (?:al|a|per|/) ?(?:giorno|settimana|ora)`,
      "\\d{2,5} ?(?:€|euro|eur) (?:al|/) ?(?:giorno|ora)",
      "(?:solo|soltanto) \\d+(?:-\\d+)? (?:minuti|ore) al giorno",
    ],
    loan_offer: ["(?:prestito|finanziamento) (?:pre-?approvato|approvato|garantito|immediato|senza garanzie)"],
    task_scam: [
      "(?:compiti|attivit[àa]|mansioni) (?:semplici|facili|online|giornalier[ei])",
      "(?:mettere|metti) (?:like|mi piace)",
      "(?:valutare|recensire) (?:prodotti|app|hotel|video)",
      "commission[ei] (?:giornalier[ae]|per (?:ogni )?(?:compito|ordine)|del \\d|di \\d)",
    ],
    investment: [
      "piattaforma di (?:investimento|trading|cripto" + W + ")",
      "investiment[oi]",
      "rendita passiva|reddito passivo",
      "(?:gruppo|club|canale) di (?:investimento|trading|azioni|cripto" + W + ")",
    ],
    return_promise: [
      "(?:guadagni|rendimenti|profitti|ritorni) (?:garantiti|giornalieri|settimanali|mensili)",
      "\\d+ ?% (?:al giorno|a settimana|al mese|di rendimento|di profitto)",
      "(?:raddoppia|triplica) (?:i tuoi|il tuo) (?:soldi|capitale|denaro)",
      "senza rischi?",
    ],
    platform_move: [
      "(?:su|tramite|sul mio|sul nostro) (?:whatsapp|telegram)",
      "(?:il mio|il nostro) (?:whatsapp|telegram)",
    ],
    new_number: [
      "(?:questo [èe]|[èe]) il mio (?:nuovo numero|numero nuovo)",
      "(?:mio )?(?:nuovo|altro) numero",
      "(?:ho cambiato|cambiato) numero",
      "(?:mi si [èe] rotto|ho rotto|ho perso|mi hanno rubato) (?:il )?(?:telefono|cellulare)",
      "(?:salva|memorizza|segna) (?:questo|il mio) (?:nuovo )?numero",
    ],
    family_address: [
      "(?:ciao|ehi|buongiorno|salve)[,! ]+(?:mamma|mammi|pap[àa]|babbo|nonna|nonno|ma'|pa')",
      "^(?:mamma|pap[àa]|nonna|nonno)[,!]? sono io",
      "sono (?:io,? )?(?:tuo|tua) (?:figlio|figlia|nipote)",
    ],
    family_trouble: [
      "(?:sono|siamo) (?:nei guai|in ospedale|in difficolt[àa]|stat[oi] arrestat[oi])",
      "(?:ho avuto|abbiamo avuto) un (?:incidente|problema)",
      "ho bisogno (?:urgente(?:mente)? )?(?:del tuo aiuto|di un favore|di aiuto)",
      "(?:devo|dovrei) pagare (?:una|due|delle) (?:bollett[ae]|fattur[ae]) (?:urgente|urgenti|oggi)",
    ],
    wrong_number: [
      "(?:scusa|scusi|mi scusi),? (?:numero sbagliato|ho sbagliato (?:numero|persona))",
      "numero sbagliato",
      "(?:ci conosciamo)",
    ],
    befriend: ["piacere di conoscerti", "(?:possiamo|potremmo) (?:essere amici|conoscerci)", "di dove sei"],
    romance: [
      "(?:amore mio|tesoro mio|mia cara|mio caro)",
      "(?:soldato|missione di pace|piattaforma petrolifera)",
      "(?:ti amo|mi sono innamorat[oa])",
      "anima gemella",
    ],
    toll: [
      "pedaggi?o? (?:non pagat[oi]|insolut[oi]|in sospeso|da pagare|arretrat[oi])",
      "(?:mancato pagamento|mancati pagamenti) (?:del |dei )?pedaggi?o?",
    ],
    parcel: [
      "(?:pacco|spedizione|consegna|ordine|plico|collo)[^.!?]{0,40}(?:in giacenza|trattenut[oa]|in sospeso|bloccat[oa]|non (?:[èe] stat[oa] )?consegnat[oa]|non (?:[èe] )?(?:stato )?possibile consegnar\\w*|restituit[oa] al mittente|in attesa di (?:pagamento|conferma|svincolo))",
      "non (?:[èe] stato|siamo riusciti|[èe]) (?:possibile )?(?:a )?consegnare",
      "indirizzo (?:incompleto|errato|non valido|non corretto)",
      "(?:spese|costi|tassa|tariffa) (?:di |per )?(?:spedizione|riconsegna|sdoganamento|giacenza|svincolo|dogana)",
      `(?:riprogramm${W}|aggiorn${W}|conferm${W}) (?:la |il tuo |il |l')(?:consegna|indirizzo)`,
    ],
    account_alert: [
      "attivit[àa] (?:insolita|sospetta|anomala|non autorizzata)",
      "(?:accesso|transazione|operazione|pagamento|addebito) (?:insolit[oa]|sospett[oa]|anomal[oa]|non autorizzat[oa]|non riconosciut[oa])",
      "avviso di sicurezza|allerta (?:frode|sicurezza)",
      "nuovo dispositivo",
    ],
    account_locked: [
      "(?:conto|carta|account|accesso|profilo|utenza|bancoposta|postepay)[^.!?]{0,30}(?:[èe] stat[oa]|[èe]|sar[àa]|risulta|verr[àa]) (?:temporaneamente |momentaneamente |definitivamente )?(?:sospes[oa]|bloccat[oa]|limitat[oa]|disattivat[oa]|congelat[oa]|revocat[oa])",
      "(?:abbiamo) (?:sospeso|bloccato|limitato|disattivato) (?:temporaneamente )?(?:il tuo |la tua |il suo |la sua |il |la )?(?:conto|carta|account|accesso|utenza)",
    ],
    account_problem: [
      "(?:metodo di pagamento|carta registrata|dati di fatturazione)[^.!?]{0,15}(?:[èe] stat[oa] )?(?:rifiutat[oa]|scadut[oa]|non valid[oa])",
      "(?:casella (?:di posta|email)|spazio di archiviazione|icloud)[^.!?]{0,15}(?:[èe] )?(?:pien[oa]|esaurit[oa])",
      "password (?:scade|scadr[àa]|[èe] scaduta)",
      "(?:dati|documenti|carta|sim) (?:scadut[ie]|non aggiornat[ie]|da aggiornare)",
      "(?:per|a causa di un) mancato pagamento",
    ],
    government: [
      "agenzia delle entrate",
      "inps",
      "guardia di finanza",
      "ministero (?:dell'interno|delle finanze|della salute)",
      "(?:multa|contravvenzione|verbale) (?:stradale|di circolazione|da pagare|non pagat[ao])",
      "patente di guida",
      "tessera sanitaria",
      "cartella esattoriale|agenzia (?:delle )?entrate(?:-| )riscossione",
    ],
    tech_support: [
      "virus",
      "malware",
      "(?:account|telefono|cellulare|dispositivo|computer|conto)[^.!?]{0,20}(?:hackerat|infett|compromess)[oa]",
      "supporto tecnico|assistenza tecnica",
      "accesso remoto",
      "anydesk|teamviewer",
    ],
    charge_notice: [
      "(?:abbonamento|ordine|acquisto|pagamento|rinnovo) (?:di [\\d,.]+ ?(?:€|eur) )?(?:[èe] stato )?(?:rinnovat[oa]|confermat[oa]|effettuat[oa]|elaborat[oa])",
      "rinnovo automatico",
      "(?:[èe] stat[oa]|sono stat[ie]) addebitat[oaie]",
    ],
    call_to_dispute: [
      "(?:se non (?:sei stato tu|riconosci|hai autorizzato|hai effettuato)[^.!?]{0,50}|per (?:annullare|bloccare|contestare) (?:l'operazione|il pagamento|la transazione|l'addebito|il bonifico)[^.!?]{0,30})(?:chiama|chiami|contatta|contattaci|telefona)[^.!?<]{0,50}<phone>",
    ],
    callback_promise: [
      "(?:operatore|consulente|ufficio (?:antifrode|sicurezza)|reparto (?:antifrode|sicurezza))[^.!?]{0,20}(?:ti |la )?(?:contatter[àa]|chiamer[àa]|richiamer[àa])",
    ],
    bank_details_change: [
      "(?:le nostre|le mie|nostre|mie) coordinate bancarie (?:sono cambiate|sono state aggiornate)",
      "(?:nuovo|nuove) (?:iban|coordinate bancarie|conto corrente)",
    ],
    code_given: [
      `(?:il )?(?:tuo |suo )?${CODE}(?: di (?:verifica|sicurezza|accesso|conferma|autorizzazione|attivazione))?(?: (?:per|di) [a-z0-9]+(?: [a-z0-9]+)?)?(?: [èe]|:)? ?[:#]? ?\\d{4,8}`,
      `\\d{4,8} [èe] il (?:tuo|suo) ${CODE}`,
    ],
    reference_code: [`(?:codic[ei]|numer[oi]|n[°.]) ${REFERENCE}(?:(?: [èe]|:)? ?[:#]? ?[a-z0-9-]{3,14})?`],
    share_warning: [
      "non (?:lo |la )?(?:condividere|comunicare|rivelare|fornire|dare)",
      "non (?:condividerlo|comunicarlo|rivelarlo|fornirlo|darlo)",
      "(?:non ti chiederemo|non ti chiederà|non chiede) mai",
    ],
    opt_out: ["(?:rispondi|invia) stop"],
    own_app: [
      "(?:nella|nell'|sulla|dalla|tramite la|tramite l') ?(?:app|applicazione|area riservata|home banking)(?: [a-z0-9]+)?",
      "in filiale",
    ],
    free_remedy: ["(?:riparazione|sostituzione) (?:[èe] |sar[àa] )?gratuit[ao]", "senza costi", "gratis|gratuitamente"],
  },
});

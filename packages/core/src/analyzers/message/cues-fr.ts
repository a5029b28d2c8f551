// French phrases of the message cues (France, Belgium, Switzerland, Quebec). Written with their accents and read
// with or without them (see cue-spelling.ts); "<url>", "<phone>" and "<email>" stand for extracted links, numbers
// and addresses. The stories are the ones French texts tell: a parcel held for a fee (La Poste, Colissimo,
// Chronopost, Mondial Relay), a blocked bank account or card, a refund from the tax office or Ameli, a fine (ANTAI,
// Crit'Air, an unpaid toll), training credit (CPF) about to expire, "Coucou maman, c'est mon nouveau numéro", a buyer
// on Vinted or Leboncoin who "has paid" through a link, paid tasks and jobs.

import type { CueTable } from "./cue-table.js";
import { spelledTable } from "./cue-spelling.js";

/** The rest of a word after its stem, accented letters included ("réglé", "expédiés"). */
const W = "[a-zàâçèêëîïôûùœ]*";
const DATE = "\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?";
const CODE = "(?:code|codes|mot de passe temporaire|otp|pin)";
/** Who warnings warn about ("les escrocs peuvent vous demander ...", "des faux conseillers"). */
const SCAMMERS =
  "(?:escrocs?|fraudeurs?|arnaqueurs?|escroqueries?|arnaques?|fraudes?|(?:messages?|sms|courriels?|mails?|appels?) (?:frauduleux|malveillants)|faux (?:conseillers?|messages?|sms|mails?|courriels?|sites?|agents?))";
/** What a code is for when it is quoted or redeemed rather than entered at a sign-in. */
const REFERENCE =
  "(?:promo|promotionnel|de r[ée]duction|r[ée]duction|de suivi|suivi|de r[ée]servation|r[ée]servation|client|de parrainage|parrainage|cadeau|de retrait|retrait|colis|commande|dossier|postal)";

export const CUES_FR: CueTable = spelledTable({
  language: "fr",
  markers: [
    "vous",
    "votre",
    "vos",
    "les",
    "des",
    "du",
    "est",
    "et",
    "pour",
    "une",
    "sur",
    "pas",
    "nous",
    "dans",
    "avec",
    "aux",
    "ce",
    "cette",
    "le",
    "je",
    "ne",
    "mon",
    "ton",
    "c'est",
    "par",
    "ici",
    "sont",
    // Words Spanish shares: counted for both, so the distinctive ones decide.
    "de",
    "la",
    "en",
    "que",
    "un",
  ],
  negations: ["ne", "n'[a-z]+", "jamais", "aucun", "aucune", "ni"],
  denials: [
    "ne (?:sera|seront|pourra|pourront) (?:pas |plus |jamais )?(?:factur[ée]s?|appliqu[ée]s?|exig[ée]s?|r[ée]clam[ée]s?|pr[ée]lev[ée]s?)",
    "(?:sera|seront|a [ée]t[ée]|ont [ée]t[ée]) (?:annul[ée]s?|supprim[ée]s?|lev[ée]s?)",
  ],
  absent: ["sans", "aucun", "aucune", "pas de", "sans aucun", "sans aucune"],
  deniedBefore: [
    "(?:ne|n') (?:vous |te )?(?:facturerons|facturera|appliquerons|appliquera|pr[ée]l[èe]verons|pr[ée]l[èe]vera|imposerons|imposera) (?:pas|aucun|aucune|jamais)",
  ],
  noAsks: [
    "(?:aucun|aucune) (?:paiement|action|d[ée]marche|somme|montant) (?:n'est |n'est pas )?(?:requis|requise|n[ée]cessaire|[àa] payer|d[ûu]e?)",
    "(?:vous n'avez|tu n'as) (?:rien [àa] (?:payer|faire)|pas besoin de (?:payer|faire))",
    "(?:il n'y a )?rien [àa] payer",
    "(?:pour (?:ne plus recevoir|vous d[ée]sabonner|vous d[ée]sinscrire|arr[êe]ter)|stop au|stop sms au|envoyez stop)",
  ],
  warnings: [
    // "Nous ne vous demanderons jamais", "votre banque ne vous demande jamais", "La Poste ne vous contactera pas".
    "(?:ne|n') (?:vous |te |jamais )?(?:demanderons|demandera|demandons|demande|demandent|demanderont|sollicitera|solliciterons|sollicite|contacterons|contactera|contacte|appellerons|appellera|appelle|enverrons|enverra|envoie|exigera|exigerons|exige|r[ée]clamera|r[ée]clame)(?: jamais| pas| en aucun cas)",
    "(?:aucun|aucune|jamais un|jamais une) (?:conseiller|conseill[èe]re|agent|employ[ée]|collaborateur|banque|organisme|administration|op[ée]rateur|livreur|service)(?: [a-z]+){0,4} ne (?:vous |te )?(?:demandera|demande|contactera|appellera|r[ée]clamera|exigera)",
    "(?:m[ée]fiez-vous|m[ée]fie-toi|prenez garde|attention aux?|attention [àa]|soyez vigilants?|restez vigilants?|vigilance)",
    `${SCAMMERS}(?: [a-z]+){0,3} (?:peuvent|pourraient|tentent|essaient|demandent|r[ée]clament|se font passer|usurpent|vous demandent)`,
  ],
  prohibitions: [
    "(?:ne|n') (?:le |la |les |l'|lui |leur |jamais |surtout )*(?:communiquez|communique|partagez|partage|donnez|donne|transmettez|transmets|divulguez|divulgue|r[ée]v[ée]lez|payez|paie|r[ée]pondez|r[ée]ponds|cliquez|clique|envoyez|envoie|transf[ée]rez|achetez|ach[èe]te|appelez|appelle|rappelez|saisissez|indiquez|effectuez|acceptez|installez|suivez)",
    "ne (?:jamais|pas) (?:communiquer|partager|donner|transmettre|divulguer|payer|r[ée]pondre|cliquer|envoyer|transf[ée]rer|acheter|appeler|saisir|indiquer|installer)",
  ],
  turns: ["mais", "cependant", "toutefois", "par contre", "en revanche", "merci de", "veuillez", "donc"],
  deadlines: [
    "aujourd'hui",
    "ce soir",
    "demain",
    "(?:sous|dans les|d'ici|dans) (?:\\d+ ?(?:heures|h|minutes|min)|(?:[1-9]|1[0-4]) ?jours)",
    `avant (?:le |la )?(?:${DATE}|\\d{1,2} [a-z]+|minuit|\\d{1,2} ?h(?:\\d{2})?)`,
    "au plus tard",
    `(?:date limite|[ée]ch[ée]ance)(?: le| :|:)? (?:${DATE}|aujourd'hui|demain)`,
  ],
  cues: {
    urgency: [
      "urgent(?:e|es|s)?",
      "urgence",
      "imm[ée]diat(?:e|ement)?",
      "sans d[ée]lai",
      "d[èe]s que possible",
      "au plus vite",
      "(?:dernier|derni[èe]re) (?:avis|avertissement|rappel|relance|chance|d[ée]lai|tentative)",
      "(?:sous|dans les) \\d+ ?(?:heures|h|minutes|min)",
      "ne tardez pas",
      "agissez (?:maintenant|vite|d[èe]s maintenant)",
    ],
    threat: [
      "(?:sera|seront|pourrait [êe]tre|peut [êe]tre|risque d'[êe]tre|va [êe]tre) (?:suspendu|suspendue|suspendus|bloqu[ée]s?|ferm[ée]s?|r[ée]sili[ée]s?|d[ée]sactiv[ée]s?|coup[ée]s?|supprim[ée]s?|major[ée]s?|transmis[e]? (?:au|[àa] un) (?:recouvrement|huissier))",
      "majoration",
      "p[ée]nalit[ée]s?",
      "amende (?:major[ée]e|forfaitaire)",
      "frais (?:de retard|suppl[ée]mentaires|de recouvrement)",
      "pour [ée]viter (?:la |le |les |une |un |toute |tout )?(?:suspension|blocage|majoration|p[ée]nalit[ée]s?|fermeture|coupure|poursuites|frais|r[ée]siliation|suppression)",
      "(?:suspension|blocage|fermeture|coupure|r[ée]siliation) (?:de |du |d')(?:votre |ton )?(?:compte|carte|ligne|service|abonnement|contrat|acc[èe]s)",
      "recouvrement",
      "huissier",
      "(?:vos |tes )?(?:droits|points|cr[ée]dits?|avantages)[^.!?]{0,30}(?:expirent|expireront|vont expirer|seront perdus|seront supprim[ée]s)",
    ],
    legal_threat: [
      "poursuites? (?:judiciaires?|p[ée]nales?)",
      "plainte (?:d[ée]pos[ée]e|contre vous|p[ée]nale)",
      "(?:proc[ée]dure|action) (?:judiciaire|p[ée]nale|juridique)",
      "gendarmerie",
      "police",
      "tribunal",
      "mandat d'arr[êe]t",
      "convocation (?:judiciaire|au tribunal|[àa] la gendarmerie|au commissariat)",
      "saisie (?:sur salaire|de vos biens|sur compte)",
      "procureur",
      "casier judiciaire",
    ],
    gift_card: [
      // A gift card is named as the way to pay; the prepaid coupons (PCS, Transcash, Neosurf) are named alone.
      "(?:pay" +
        W +
        "|achet" +
        W +
        "|envoy" +
        W +
        "|r[ée]gl" +
        W +
        "|recharg" +
        W +
        ")[^.!?]{0,40}(?:cartes? cadeaux?|cartes? (?:google play|itunes|steam|amazon)|coupons? de recharge)",
      "(?:cartes?|coupons?|tickets?|recharges?) (?:pcs|transcash|neosurf|paysafecard)",
      "transcash|neosurf|paysafecard",
    ],
    crypto_payment: [
      "(?:guichet|distributeur) (?:de |[àa] )?(?:bitcoin|crypto" + W + ")",
      "(?:pay" +
        W +
        "|envoy" +
        W +
        "|vers" +
        W +
        "|transf[ée]r" +
        W +
        "|d[ée]pos" +
        W +
        ")[^.!?]{0,40}(?:bitcoin|btc|usdt|crypto" +
        W +
        ")",
      "portefeuille (?:bitcoin|crypto" + W + ")",
    ],
    wire_transfer: [
      "virement urgent",
      "western union",
      "moneygram",
      "(?:faites|effectuez|faire|effectuer|fais) (?:un |le )?virement",
      "(?:nouveau |nouvel )?iban (?:suivant|ci-dessous|ci-joint)",
    ],
    code_request: [
      `(?:envoie|envoyez|renvoie|renvoyez|transf[èe]re|transf[ée]rez|donne|donnez|communique|communiquez|transmets|transmettez|dis|dites|indique|indiquez|partage|partagez|lis|lisez)[- ](?:moi|nous)(?:[^.!?]{0,30} )?${CODE}`,
      `(?:me|m'|nous) (?:envoyer|renvoyer|transf[ée]rer|donner|communiquer|transmettre|dire|indiquer|partager|lire|dicter)(?:[^.!?]{0,30} )?${CODE}`,
      `(?:quel|c'est quoi) (?:est )?(?:le|ton|votre) ${CODE}`,
      `${CODE}[^.!?]{0,30}(?:envoy[ée]|re[çc]u|arriv[ée]) (?:sur ton|sur votre|[àa] ton|[àa] votre) (?:num[ée]ro|t[ée]l[ée]phone|portable)[^.!?]{0,20}par erreur`,
      `(?:envoy[ée]|transmis) (?:par erreur|par m[ée]garde)(?:[^.!?]{0,30} )?${CODE}`,
    ],
    password_request: [
      "(?:envoy" +
        W +
        "|communiqu" +
        W +
        "|confirm" +
        W +
        "|indiqu" +
        W +
        "|saisi" +
        W +
        "|donn" +
        W +
        "|transmet" +
        W +
        "|v[ée]rifi" +
        W +
        ")[^.!?]{0,25}(?:mot de passe|identifiants?|codes? d'acc[èe]s|code secret|code confidentiel|pass s[ée]curit[ée]|certicode|cl[ée] digitale)",
    ],
    personal_info_request: [
      "(?:confirm" +
        W +
        "|v[ée]rifi" +
        W +
        "|mett" +
        W +
        " [àa] jour|actualis" +
        W +
        "|renseign" +
        W +
        "|saisi" +
        W +
        "|indiqu" +
        W +
        "|envoy" +
        W +
        "|compl[ée]t" +
        W +
        ")[^.!?]{0,30}(?:num[ée]ro de (?:s[ée]curit[ée] sociale|carte|s[ée]cu)|date de naissance|coordonn[ée]es bancaires|informations (?:personnelles|bancaires|de paiement)|donn[ée]es (?:personnelles|bancaires)|rib|iban|cryptogramme|carte bancaire|carte vitale)",
    ],
    verify_action: [
      "(?:v[ée]rifi" +
        W +
        "|confirm" +
        W +
        "|mett" +
        W +
        " [àa] jour|actualis" +
        W +
        "|valid" +
        W +
        "|d[ée]bloqu" +
        W +
        "|r[ée]activ" +
        W +
        "|s[ée]curis" +
        W +
        "|r[ée]gularis" +
        W +
        ")[^.!?]{0,15}(?:votre |ton |vos |tes )(?:compte|identit[ée]|informations|donn[ée]es|carte|adresse|paiement|profil|dossier|situation|coordonn[ée]es)",
      "(?:connectez-vous|identifiez-vous|connecte-toi)[^.!?]{0,25}<url>",
    ],
    fee_payment: [
      "frais (?:de |d')(?:livraison|r[ée]exp[ée]dition|r[ée]exp[ée]dier|r[ée]acheminement|port|douane|d[ée]douanement|traitement|dossier|envoi|stockage|garde|mise en (?:instance|livraison)|affranchissement)",
      "(?:petits|faibles|modiques) frais",
      "(?:frais|taxe|droits?) (?:de |d')?(?:douane|douaniers?|d[ée]douanement)",
    ],
    deposit_to_unlock: [
      "(?:d[ée]pos" +
        W +
        "|recharg" +
        W +
        "|pay" +
        W +
        "|vers" +
        W +
        ")[^.!?]{0,40}pour (?:d[ée]bloquer|activer|retirer|lib[ée]rer|recevoir|continuer)",
      "recharg" + W + " (?:votre |ton )?(?:compte|solde)",
      "solde n[ée]gatif",
    ],
    call_request: ["(?:appelez|appelle|rappelez|rappelle|contactez|contacte|composez|joignez)[^.!?<]{0,40}<phone>"],
    link_action: [
      "(?:cliquez|clique|appuyez|connectez-vous|r[ée]clam" +
        W +
        // Written as French verbs only: "verifi", "confirm", "valid" and "activ" begin English words as well.
        "|v[ée]rifi(?:ez|er|e)[ :]" +
        "|confirm(?:ez|er|e)[ :]" +
        "|mett" +
        W +
        " [àa] jour|actualis" +
        W +
        "|d[ée]bloqu" +
        W +
        "|r[ée]activ(?:ez|er)[ :]" +
        "|valid(?:ez|er|e)[ :]" +
        "|r[ée]gl" +
        W +
        "|r[ée]gularis" +
        W +
        "|s[ée]curis" +
        W +
        "|reprogramm" +
        W +
        "|activ(?:ez|er)[ :]" +
        "|encaiss" +
        W +
        ")[^.!?<]{0,40}<url>",
      // The marketplace buyer who "has paid" (Vinted, Leboncoin): the money waits behind a link.
      "(?:recevoir|r[ée]cup[ée]rer|encaisser|confirmer la r[ée]ception (?:de |des |du )?)(?: votre| ton| l'| les| vos| le)? ?(?:argent|paiement|fonds|virement|somme|versement)[^.!?<]{0,40}<url>",
    ],
    pay_demand: [
      "(?:payer|r[ée]gler|acquitter|payez|r[ée]glez|acquittez) (?:maintenant|imm[ée]diatement|en ligne|ici|d[èe]s|avant|sous|votre|vos|le|la|les|la somme|le montant|\\d|<url>)",
      "(?:effectuez|effectuer|proc[ée]dez au|proc[ée]der au) (?:le |un |votre )?(?:paiement|r[èe]glement|versement)",
      "(?:paiement|r[èe]glement|montant|solde|facture) (?:en attente|requis|exig[ée]|impay[ée]e?|en souffrance|[àa] r[ée]gler|restant d[ûu])",
      "(?:facture|somme|montant) impay[ée]e?",
    ],
    money_request: [
      "(?:tu peux|peux-tu|pourrais-tu|tu pourrais|vous pouvez|pouvez-vous|pourriez-vous) (?:me |m')(?:pr[êe]ter|faire un virement|avancer|virer|d[ée]panner)",
      "(?:tu peux|peux-tu|pourrais-tu|tu pourrais|vous pouvez|pouvez-vous|pourriez-vous) (?:me |m')(?:envoyer|payer) (?:de l'argent|des sous|\\d)",
      "(?:j'ai besoin|il me faut) (?:d'argent|de \\d+|que tu me (?:pr[êe]tes|envoies|fasses un virement|vires|payes))",
      "(?:envoie-moi|pr[êe]te-moi|vire-moi|avance-moi)",
      "(?:je te|je vous) (?:rembourse|rendrai|rends)",
    ],
    secrecy: [
      "(?:ne le dis|n'en parle|ne dis rien) (?:[àa] personne|[àa] papa|[àa] maman)",
      "(?:garde|gardez) (?:[çc]a|cela) (?:pour (?:toi|vous)|secret)",
      "entre nous",
    ],
    prize: [
      "(?:vous avez|tu as) (?:gagn[ée]|[ée]t[ée] (?:s[ée]lectionn[ée]e?|tir[ée]e? au sort|choisie?))",
      "gagnant(?:e|s)?",
      "f[ée]licitations",
      "tirage au sort",
      "loterie",
      "(?:r[ée]clam" + W + "|r[ée]cup[ée]r" + W + ") (?:votre |ton )(?:prix|gain|lot|cadeau|r[ée]compense)",
      "(?:vos |tes )?points (?:fid[ée]lit[ée] )?(?:expirent|vont expirer|arrivent [àa] expiration)",
    ],
    refund: [
      "remboursement",
      "(?:vous avez|tu as) droit [àa]",
      "(?:vous [êe]tes|tu es) [ée]ligible",
      "trop-per[çc]u",
      "(?:nous vous|on vous) (?:devons|doit)",
      "(?:somme|montant) (?:en attente de versement|[àa] r[ée]cup[ée]rer|vous revenant)",
      "(?:pour|afin de) (?:recevoir|r[ée]cup[ée]rer|encaisser) (?:votre |ton |l'|les |vos |le )?(?:argent|paiement|fonds|virement|somme|gains?)",
    ],
    overpayment: [
      "(?:pay[ée]|vers[ée]|envoy[ée]|vir[ée]) (?:trop|en trop|deux fois)",
      "(?:rembourser|renvoyer|rendre) la diff[ée]rence",
      "(?:envoy[ée]|vir[ée]|transf[ée]r[ée]|fait un virement)[^.!?]{0,30}par erreur",
    ],
    job_offer: [
      "(?:offre|opportunit[ée]|proposition) d'emploi",
      "(?:nous recrutons|on recrute|recrutement en cours)",
      "(?:travail|emploi|job) (?:[àa] domicile|en ligne|[àa] temps partiel|flexible|depuis chez vous|de chez vous|[àa] distance)",
      "recruteur|recruteuse",
      "(?:votre |ton )(?:cv|profil) (?:a [ée]t[ée]|est) (?:retenu|s[ée]lectionn[ée]|recommand[ée])",
    ],
    high_pay: [
      "(?:gagn" +
        W +
        "|salaire|r[ée]mun[ée]ration|revenus?) (?:de )?(?:jusqu'[àa] )?[^.!?]{0,15}\\d{2,5} ?(?:€|euros?|eur) (?:par|/) ?(?:jour|semaine|heure)",
      "\\d{2,5} ?(?:€|euros?|eur) (?:par|/) ?(?:jour|heure)",
      "(?:seulement|juste) \\d+(?:-\\d+)? (?:minutes|heures?) par jour",
    ],
    loan_offer: [
      "(?:pr[êe]t|cr[ée]dit) (?:pr[ée]-?approuv[ée]|approuv[ée]|garanti|imm[ée]diat|sans justificatif)",
      "(?:pr[êe]t|cr[ée]dit) entre particuliers",
    ],
    task_scam: [
      "t[âa]ches? (?:simples|faciles|en ligne|quotidiennes)",
      "(?:liker|aimer|noter|[ée]valuer|commenter) (?:des |les )?(?:vid[ée]os|produits|applications|h[ôo]tels|restaurants|publications)",
      "(?:recevez|gagnez|touchez|obtenez) (?:des |une |vos )?commissions?",
      "commissions? (?:journali[èe]res|quotidiennes|par t[âa]che|de \\d)",
    ],
    investment: [
      "plateforme (?:d'investissement|de trading|crypto" + W + ")",
      "investissements?",
      "revenus passifs",
      "(?:groupe|club|canal) (?:d'investissement|de trading|crypto" + W + "|boursier)",
      "(?:assistant|assistante) (?:du|de) (?:professeur|analyste|conseiller|mentor)",
      "(?:trader|investisseur) (?:professionnel|expert|crypto)",
    ],
    return_promise: [
      "(?:gains?|rendements?|profits?|b[ée]n[ée]fices?) (?:garantis?|quotidiens?|hebdomadaires?|mensuels?|assur[ée]s)",
      "\\d+ ?% (?:par jour|par semaine|par mois|de rendement|de b[ée]n[ée]fice)",
      "(?:doublez|triplez|doubler|tripler) (?:votre |ton )?(?:argent|capital|mise|investissement)",
      "sans (?:aucun )?risque",
    ],
    platform_move: [
      "(?:sur|par) (?:whatsapp|telegram|signal)",
      "(?:mon|notre) (?:whatsapp|telegram)",
      "(?:as-tu|avez-vous|tu as|vous avez) (?:whatsapp|telegram)",
      "(?:whatsapp|telegram) ?:? (?:<phone>|@)",
    ],
    reply_reopen: [
      "r[ée]pond" + W + ' (?:par )?(?:"?oui"?|"?o"?|"?1"?)[^.!?]{0,60}(?:lien|activer|ouvrir|r[ée]ouvrir)',
      "(?:copi" + W + ") (?:le |ce )?lien dans (?:votre |ton )?navigateur",
    ],
    new_number: [
      "(?:c'est|voici) (?:mon )?(?:nouveau num[ée]ro|num[ée]ro provisoire)",
      "(?:mon )?(?:nouveau|autre) num[ée]ro",
      "(?:j'ai|je viens de) (?:chang[ée] de num[ée]ro|perdu mon (?:t[ée]l[ée]phone|portable)|cass[ée] mon (?:t[ée]l[ée]phone|portable))",
      "(?:mon|le) (?:t[ée]l[ée]phone|portable) (?:est )?(?:cass[ée]|tomb[ée]|en panne|vol[ée])",
      "(?:enregistre|enregistrez|garde|sauvegarde) (?:ce|mon) (?:nouveau )?num[ée]ro",
    ],
    family_address: [
      "(?:coucou|salut|bonjour|allo|all[ôo])[,! ]+(?:maman|papa|mamie|papi|m[ée]m[ée]|p[ée]p[ée]|p'pa|m'man)",
      "^(?:maman|papa|mamie|papi)[,!]? c'est (?:moi|ton|ta)",
      "c'est (?:moi,? )?(?:ton|ta) (?:fils|fille|petit-fils|petite-fille|enfant)",
    ],
    family_trouble: [
      "(?:je suis|on est) (?:dans la gal[èe]re|en gal[èe]re|bloqu[ée]e? (?:[àa]|en)|[àa] l'h[ôo]pital|en garde [àa] vue)",
      "(?:j'ai|on a) eu un (?:accident|probl[èe]me|souci)",
      "(?:j'ai|jai) (?:besoin|un service) (?:de ton aide|d'aide|d'un service|urgent)",
      "(?:peux-tu|tu peux|pourrais-tu) me rendre (?:un )?service",
      "(?:facture|paiement|loyer) (?:urgent|[àa] r[ée]gler aujourd'hui)",
    ],
    wrong_number: [
      "^(?:bonjour|salut|coucou)?[,! ]*(?:c'est bien|vous [êe]tes bien|tu es bien) (?:monsieur |madame )?[a-z]+ ?\\?",
      "(?:d[ée]sol[ée]e?|pardon|excusez-moi),? (?:mauvais num[ée]ro|je me suis tromp[ée]e? de (?:num[ée]ro|personne))",
      "(?:mauvais num[ée]ro|erreur de num[ée]ro)",
      "(?:on se conna[îi]t|nous nous connaissons)",
      "(?:j'ai eu|on m'a donn[ée]|on m'a pass[ée]) (?:votre|ton) num[ée]ro",
    ],
    befriend: [
      "(?:ravie?|enchant[ée]e?) de (?:faire (?:ta|votre) connaissance|te conna[îi]tre|vous conna[îi]tre)",
      "(?:on peut|on pourrait|pouvons-nous) (?:[êe]tre amis|devenir amis|faire connaissance)",
      "(?:tu viens|vous venez) d'o[ùu]",
      "(?:c'est|c'[ée]tait) le destin",
      "(?:tu te souviens|vous vous souvenez) de moi",
    ],
    romance: [
      "(?:mon|ma) (?:ch[ée]ri|ch[ée]rie|amour|c[œo]ur|b[ée]b[ée])",
      "(?:soldat|militaire|d[ée]ploy[ée]|mission de paix|plateforme p[ée]troli[èe]re)",
      "(?:je suis tomb[ée]e? amoureu(?:x|se)|je t'aime)",
      "[âa]me s[œo]ur",
      "tu me manques",
    ],
    toll: [
      "p[ée]ages? (?:impay[ée]s?|en attente|non r[ée]gl[ée]s?|[àa] r[ée]gler)",
      "(?:passage|trajet)s? (?:impay[ée]s?|non r[ée]gl[ée]s?|en attente de paiement)",
      "flux libre|ulys|p[ée]age sans barri[èe]re",
      "(?:vignette )?crit'air",
    ],
    parcel: [
      "(?:colis|envoi|livraison|commande|exp[ée]dition)[^.!?]{0,40}(?:en attente (?:de |d')(?:paiement|confirmation|validation|r[èe]glement|livraison|un paiement)|bloqu[ée]e?|retenue?|suspendue?|en instance|n'a pas pu [êe]tre (?:livr[ée]e?|distribu[ée]e?|d[ée]pos[ée]e?)|non livr[ée]e?|retourn[ée]e?|renvoy[ée]e? [àa] l'exp[ée]diteur|en cours de retour)",
      "(?:n'a|n'ont) pas pu [êe]tre (?:livr|distribu|remis|d[ée]pos)" + W,
      "adresse (?:incompl[èe]te|incorrecte|invalide|erron[ée]e|non valide)",
      "(?:frais|taxe|co[ûu]t|paiement) (?:de |d')(?:r[ée]exp[ée]dition|r[ée]acheminement|livraison|douane|d[ée]douanement|stockage|affranchissement)",
      "(?:reprogramm" + W + "|replanifi" + W + ") (?:la |votre |une )?(?:nouvelle )?livraison",
      "(?:mett" + W + " [àa] jour|confirm" + W + "|corrig" + W + ") (?:votre |ton |l')adresse",
      "(?:nouvelle|deuxi[èe]me) (?:tentative de )?(?:livraison|pr[ée]sentation)",
    ],
    account_alert: [
      "activit[ée] (?:inhabituelle|suspecte|anormale|frauduleuse)",
      "(?:connexion|acc[èe]s|transaction|op[ée]ration|paiement|virement) (?:inhabituel(?:le)?|suspect(?:e)?|non autoris[ée]e?|frauduleu(?:x|se))",
      "alerte (?:de )?(?:fraude|s[ée]curit[ée])",
      "nouvel appareil",
      "(?:si (?:vous n'[êe]tes|tu n'es) pas [àa] l'origine)",
      "quelqu'un (?:a tent[ée]|essaie|tente) (?:d'acc[ée]der|de se connecter|d'utiliser)",
    ],
    account_locked: [
      "(?:compte|carte|acc[èe]s|espace client|ligne|abonnement|carte vitale|dossier)[^.!?]{0,30}(?:a [ée]t[ée]|est|sera|va [êe]tre|ont [ée]t[ée]|sont|seront) (?:temporairement |d[ée]finitivement )?(?:bloqu[ée]e?s?|suspendue?s?|restreinte?s?|d[ée]sactiv[ée]e?s?|gel[ée]e?s?|limit[ée]e?s?|ferm[ée]e?s?|verrouill[ée]e?s?)",
      "(?:nous avons|on a) (?:d[ûu] )?(?:bloquer|bloqu[ée]|suspendre|suspendu|restreint|restreindre|d[ée]sactiv[ée]|d[ée]sactiver|limit[ée]|limiter) (?:temporairement )?(?:votre |ton |vos |l')(?:compte|carte|acc[èe]s|espace)",
    ],
    account_problem: [
      "(?:moyen de paiement|carte (?:enregistr[ée]e|bancaire)|informations de facturation)[^.!?]{0,20}(?:a [ée]t[ée] |est )?(?:refus[ée]e?|expir[ée]e?|invalide|rejet[ée]e?)",
      "(?:bo[îi]te (?:mail|aux lettres|de r[ée]ception)|stockage|icloud)[^.!?]{0,20}(?:est )?(?:pleine?|satur[ée]e?)",
      "mot de passe (?:expire|va expirer|a expir[ée])",
      "(?:carte vitale|cpf|compte formation)[^.!?]{0,40}(?:expire|expir[ée]e?|va expirer|arrive [àa] expiration|renouvel" +
        W +
        "|mise [àa] jour)",
      "(?:(?:vos |tes )?droits (?:cpf|formation))",
      "(?:faute de|suite [àa] un d[ée]faut de|pour d[ée]faut de) paiement",
      "(?:facture|abonnement|paiement) (?:impay[ée]e?|en retard|rejet[ée]|[ée]chou[ée])",
    ],
    government: [
      "impots\\.gouv|imp[ôo]ts",
      "dgfip",
      "finances publiques",
      "ameli|assurance maladie|cpam",
      "antai",
      "france travail|p[ôo]le emploi",
      "avis de contravention",
      "contraventions? (?:impay[ée]e?s?|non r[ée]gl[ée]e?s?|major[ée]e?s?)",
      "amende",
      "minist[èe]re (?:de l'int[ée]rieur|des finances|de la justice)",
      "(?:avis de )?(?:remboursement|d[ée]gr[èe]vement) (?:d'imp[ôo]ts?|fiscal)",
      "permis de conduire",
      "mon compte formation",
      "urssaf",
      "gendarmerie",
    ],
    tech_support: [
      "virus",
      "logiciel malveillant|malware",
      "(?:compte|t[ée]l[ée]phone|ordinateur|appareil|portable|mobile)[^.!?]{0,20}(?:pirat|infect)[ée]e?s?",
      "support technique|assistance technique",
      "(?:acc[èe]s|contr[ôo]le) [àa] distance",
      "anydesk|teamviewer",
    ],
    charge_notice: [
      "(?:vous avez [ée]t[ée]|vous serez) (?:d[ée]bit[ée]e?|pr[ée]lev[ée]e?|factur[ée]e?)",
      "(?:abonnement|commande|achat|paiement|renouvellement) (?:de [\\d,.]+ ?(?:€|eur) )?(?:a [ée]t[ée] |est )?(?:renouvel[ée]|confirm[ée]e?|valid[ée]e?|effectu[ée]e?|trait[ée]e?)",
      "renouvellement automatique",
      "pr[ée]l[èe]vement",
    ],
    call_to_dispute: [
      "(?:si (?:vous n'[êe]tes|tu n'es) pas [àa] l'origine[^.!?]{0,50}|si ce n'est pas (?:vous|toi),? |pour (?:annuler|contester|bloquer|signaler|rembourser) (?:ce|cette|le|la|l'|votre|ton)(?: [a-z]+)? (?:paiement|op[ée]ration|transaction|pr[ée]l[èe]vement|achat|commande|abonnement|virement|d[ée]bit|carte)[^.!?]{0,30})(?:appelez|rappelez|contactez|composez|appelle|contacte)[^.!?<]{0,50}<phone>",
    ],
    callback_promise: [
      "(?:conseiller|agent|service (?:fraude|s[ée]curit[ée])|[ée]quipe (?:fraude|s[ée]curit[ée]))[^.!?]{0,20}(?:vous |te )(?:appellera|contactera|rappellera|va (?:vous |te )?(?:appeler|contacter|rappeler))",
    ],
    bank_details_change: [
      "(?:nos|mes|les) (?:coordonn[ée]es bancaires|informations bancaires|rib|iban) (?:ont |a )?(?:chang[ée]|[ée]t[ée] (?:modifi[ée]e?s?|mis[e]?s? [àa] jour))",
      "(?:nouveau|nouvel|nouvelles?) (?:rib|iban|coordonn[ée]es bancaires|compte bancaire)",
      "(?:chang[ée]|chang[ée] de) (?:banque|compte bancaire)",
    ],
    code_given: [
      `(?:votre |ton )?${CODE}(?: de (?:v[ée]rification|s[ée]curit[ée]|confirmation|connexion|validation|activation|acc[èe]s))?(?: (?:pour|de) [a-z0-9]+(?: [a-z0-9]+)?)?(?: est|:)? ?[:#]? ?\\d{4,8}`,
      `\\d{4,8} est (?:votre|ton) ${CODE}`,
    ],
    reference_code: [`(?:codes?|num[ée]ros?|n°|#) ${REFERENCE}(?:(?: est|:)? ?[:#]? ?[a-z0-9-]{3,14})?`],
    share_warning: [
      "ne (?:le |la |les )?(?:communiquez|partagez|transmettez|divulguez|donnez)",
      "ne (?:le |la |les )?(?:communique|partage|transmets|donne) (?:jamais|pas|[àa] personne)",
      "(?:ne vous|ne te) (?:demandera|demanderons|demande) jamais",
      "(?:si vous n'[êe]tes|si tu n'es) pas [àa] l'origine de (?:cette|la) demande",
    ],
    opt_out: ["stop (?:au|sms au) <phone>", "stop (?:au )?\\d{5}", "(?:envoyez|r[ée]pondez) stop"],
    own_app: [
      "(?:dans|sur|depuis|via|ouvrez) (?:votre |ton |notre |l')(?:application|appli|app|espace client)(?: (?:mobile|[a-z0-9]+))?",
      "en agence",
      "aupr[èe]s de (?:votre|ton) conseiller",
    ],
    free_remedy: ["(?:r[ée]paration|remplacement|intervention) (?:est |sera )?gratuite?", "sans frais", "gratuitement"],
  },
});

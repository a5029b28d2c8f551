import { describe, expect, it } from "vitest";
import { expectFires, expectNoScamCues, languageOf, ruleIds, type CueCase } from "./cue-languages.js";

const SCAMS: readonly CueCase[] = [
  {
    rule: "parcel",
    fires: [
      "Colissimo : votre colis n'a pas pu être livré, adresse incomplète. Confirmez votre adresse : https://suivi-colis.example",
      "La Poste : votre colis est en attente de paiement des frais de douane.",
      "Votre livraison a ete suspendue. Reprogrammez la livraison sur https://relivraison.example",
    ],
  },
  {
    rule: "fee_payment",
    fires: [
      "Des frais de réexpédition de 1,99 € sont à régler pour recevoir votre colis.",
      "Votre envoi est retenu : frais de dedouanement de 2,99 EUR.",
    ],
  },
  {
    rule: "account_locked",
    fires: [
      "Votre compte a été temporairement suspendu suite à une activité inhabituelle.",
      "Nous avons bloqué votre carte par mesure de sécurité.",
      "Votre espace client est restreint jusqu'à la vérification de vos informations.",
    ],
  },
  {
    rule: "account_alert",
    fires: ["Alerte sécurité : connexion inhabituelle détectée sur votre compte."],
  },
  {
    rule: "verify_action",
    fires: [
      "Veuillez vérifier votre identité pour éviter la suspension.",
      "Mettez à jour vos coordonnées dès maintenant.",
    ],
  },
  {
    rule: "personal_info_request",
    fires: ["Merci de confirmer vos coordonnées bancaires pour recevoir le versement."],
  },
  {
    rule: "password_request",
    fires: ["Un conseiller va vérifier votre pass sécurité, indiquez-lui votre code secret."],
  },
  {
    rule: "link_action",
    fires: [
      "Cliquez ici pour réactiver votre accès : https://reactivation.example",
      "J'ai effectué le paiement sur Vinted. Pour recevoir votre argent, cliquez : https://vinted-paiement.example",
    ],
  },
  {
    rule: "refund",
    fires: [
      "impots.gouv : vous avez droit à un remboursement de 364,00 €.",
      "Afin de récupérer votre argent, confirmez la vente.",
    ],
  },
  {
    rule: "government",
    fires: ["Assurance Maladie : votre dossier est incomplet.", "ANTAI : avis de contravention n°4521."],
  },
  {
    rule: "toll",
    fires: ["Péage impayé : votre passage en flux libre n'a pas été réglé.", "Votre vignette Crit'Air a expiré."],
  },
  {
    rule: "threat",
    fires: [
      "Sans régularisation, votre dossier sera transmis au recouvrement.",
      "Vos droits CPF vont expirer le 30/06.",
      "Réglez sous 48h pour éviter une majoration.",
    ],
  },
  {
    rule: "legal_threat",
    fires: [
      "Faute de paiement, des poursuites judiciaires seront engagées.",
      "Un huissier se présentera, plainte déposée.",
    ],
  },
  { rule: "urgency", fires: ["URGENT : dernier avis avant fermeture.", "Agissez maintenant, votre dossier expire."] },
  {
    rule: "prize",
    fires: ["Félicitations ! Vous avez gagné un iPhone 15.", "Vous avez été tiré au sort pour notre jeu."],
  },
  {
    rule: "code_request",
    fires: [
      "Salut, je t'ai envoyé un code par erreur, tu peux me le renvoyer ? Envoie-moi le code s'il te plaît.",
      "Pouvez-vous me communiquer le code reçu par SMS ?",
    ],
  },
  {
    rule: "new_number",
    fires: ["Coucou maman, c'est mon nouveau numéro.", "J'ai cassé mon téléphone, enregistre ce numéro."],
  },
  { rule: "family_address", fires: ["Coucou maman, c'est moi.", "Salut papa, tu vas bien ?"] },
  {
    rule: "family_trouble",
    fires: ["J'ai besoin de ton aide, je suis dans la galère.", "Peux-tu me rendre un service ? On a eu un accident."],
  },
  {
    rule: "money_request",
    fires: ["Tu peux me faire un virement de 950 € ? Je te rembourse demain.", "Pourrais-tu me prêter 300 euros ?"],
  },
  {
    rule: "gift_card",
    fires: ["Payez en coupons PCS ou Transcash.", "Achetez deux cartes cadeaux Google Play de 100 €."],
  },
  { rule: "wire_transfer", fires: ["Effectuez un virement vers le nouvel IBAN suivant."] },
  { rule: "job_offer", fires: ["Nous recrutons : travail à domicile, horaires libres."] },
  { rule: "high_pay", fires: ["Gagnez jusqu'à 300 € par jour depuis votre téléphone."] },
  { rule: "task_scam", fires: ["Des tâches simples : liker des vidéos et recevez vos commissions."] },
  { rule: "platform_move", fires: ["Écrivez-moi sur WhatsApp pour plus de détails."] },
  { rule: "bank_details_change", fires: ["Nos coordonnées bancaires ont changé, merci d'utiliser le nouveau RIB."] },
];

const LEGITIMATE = [
  "Votre code de vérification est : 482913. Ne le communiquez à personne.",
  "Code 731204 pour valider votre paiement. Votre banque ne vous demandera jamais ce code.",
  "Chronopost : votre colis sera livré demain entre 9h et 13h.",
  "Votre colis est disponible dans votre point relais jusqu'au 12/06. Présentez une pièce d'identité.",
  "Paiement de 45,00 EUR par carte chez CARREFOUR le 03/06. Solde disponible : 1 234,56 EUR.",
  "Rappel : rendez-vous chez le Dr Martin demain à 10h30. Pour annuler, rendez-vous sur votre espace patient.",
  "Nous ne vous demanderons jamais vos codes, mots de passe ou coordonnées bancaires par SMS ou par téléphone.",
  "Attention aux faux conseillers : ne communiquez jamais vos codes et ne faites jamais de virement à la demande d'un inconnu.",
  "Votre facture de mai est disponible dans votre espace client. Montant : 29,99 €, prélevé le 10/06.",
];

describe("French cues", () => {
  it("reads the French scam stories, pressure and asks", () => {
    expectFires(SCAMS);
  });

  it("reads codes, deliveries, bank alerts, reminders and warnings as no scam", () => {
    expectNoScamCues(LEGITIMATE);
    expect(ruleIds(LEGITIMATE[0] ?? "")).toContain("code_delivery");
  });

  it("reads a prohibition or a warning as what not to do", () => {
    expect(ruleIds("Ne communiquez jamais ce code, même à un conseiller.")).not.toContain("code_request");
    expect(ruleIds("Votre banque ne vous demandera jamais d'effectuer un virement.")).not.toContain("wire_transfer");
    // A condition is no warning: "si vous ne payez pas" still threatens.
    expect(ruleIds("Si vous ne payez pas avant le 15/06, des frais de retard seront appliqués.")).toContain("threat");
  });

  it("reads the phrases with or without their accents", () => {
    expect(ruleIds("Votre colis n'a pas pu etre livre. Frais de reexpedition : 1,99 EUR.")).toEqual(
      expect.arrayContaining(["parcel", "fee_payment"]),
    );
  });

  it("takes a cancellation line of an appointment for no dispute of a charge", () => {
    expect(ruleIds("Pour annuler votre rendez-vous, appelez le 01 45 67 89 10.")).not.toContain("call_to_dispute");
    expect(ruleIds("Pour annuler ce paiement, appelez le 01 45 67 89 10.")).toContain("call_to_dispute");
  });

  it("reports the language as French", () => {
    expect(languageOf("Votre colis est en attente de paiement des frais de douane. Reglez-les ici.")).toBe("fr");
    expect(languageOf("Paiement de 45,00 EUR par carte chez CARREFOUR le 03/06.")).toBe("fr");
  });
});

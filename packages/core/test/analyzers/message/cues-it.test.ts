import { describe, expect, it } from "vitest";
import { expectFires, expectNoScamCues, languageOf, ruleIds, type CueCase } from "./cue-languages.js";

const SCAMS: readonly CueCase[] = [
  {
    rule: "parcel",
    fires: [
      "Poste Italiane: il tuo pacco è in giacenza.",
      "Non è stato possibile consegnare il pacco, indirizzo incompleto.",
    ],
  },
  { rule: "fee_payment", fires: ["Paga le spese di spedizione di 1,99€.", "Sono dovuti dazi doganali di 2,99 EUR."] },
  {
    rule: "account_locked",
    fires: ["Il tuo conto è stato sospeso.", "Abbiamo bloccato temporaneamente la tua carta."],
  },
  { rule: "account_alert", fires: ["Abbiamo rilevato un accesso anomalo sul tuo account."] },
  {
    rule: "verify_action",
    // What is asked through the link is read as itself, not as a bare link action.
    fires: [
      "Verifica i tuoi dati per evitare il blocco.",
      "Clicca qui per sbloccare il conto: https://sblocco.example",
    ],
  },
  { rule: "personal_info_request", fires: ["Conferma i tuoi dati bancari per ricevere il rimborso."] },
  { rule: "password_request", fires: ["Comunica al nostro operatore la password e il codice dispositivo."] },
  { rule: "link_action", fires: ["Clicca qui per ritirare il pacco: https://pacco.example"] },
  { rule: "refund", fires: ["Hai diritto a un rimborso di 320,00€."] },
  {
    rule: "government",
    fires: ["Agenzia delle Entrate: comunicazione importante.", "INPS: la tua pratica è in sospeso."],
  },
  { rule: "toll", fires: ["Pedaggio non pagato sulla tratta A1."] },
  { rule: "threat", fires: ["Il servizio verrà disattivato.", "Regolarizza entro oggi per evitare sanzioni."] },
  { rule: "legal_threat", fires: ["Avvieremo azioni legali nei tuoi confronti.", "Procederemo con il pignoramento."] },
  { rule: "urgency", fires: ["Urgente: ultimo avviso.", "Rispondi immediatamente."] },
  { rule: "prize", fires: ["Congratulazioni! Hai vinto un buono Amazon."] },
  {
    rule: "code_request",
    fires: [
      "Ciao, ti ho mandato un codice per sbaglio, mandami il codice che ti è arrivato.",
      "Mi puoi girare il codice?",
    ],
  },
  {
    rule: "new_number",
    fires: ["Ciao mamma, questo è il mio nuovo numero.", "Mi si è rotto il telefono, salva questo numero."],
  },
  { rule: "family_address", fires: ["Ciao mamma, come stai?", "Ciao papà, sono io."] },
  { rule: "family_trouble", fires: ["Devo pagare una bolletta urgente."] },
  { rule: "money_request", fires: ["Mi puoi fare un bonifico? Te li restituisco domani."] },
  {
    rule: "wire_transfer",
    fires: ["Fammi una ricarica Postepay di 200 euro.", "Effettua un bonifico sul conto indicato."],
  },
  { rule: "gift_card", fires: ["Acquista due carte regalo Google Play e inviaci i codici."] },
  { rule: "job_offer", fires: ["Lavoro da casa con orari flessibili."] },
  { rule: "high_pay", fires: ["Guadagna 200 € al giorno."] },
  { rule: "task_scam", fires: ["Compiti semplici: mettere like ai video."] },
  { rule: "platform_move", fires: ["Scrivimi su WhatsApp."] },
];

const LEGITIMATE = [
  "Il tuo codice di verifica è 482913. Non condividerlo con nessuno.",
  "Il tuo pacco sarà consegnato oggi tra le 10 e le 14.",
  "Pagamento di 45,00 EUR con carta presso ESSELUNGA il 03/06.",
  "Promemoria: appuntamento dal Dr. Rossi domani alle 10:30.",
  "Non ti chiederemo mai password, codici o dati della carta via SMS.",
  "Mi puoi mandare la foto di ieri?",
];

describe("Italian cues", () => {
  it("reads the Italian scam stories, pressure and asks", () => {
    expectFires(SCAMS);
  });

  it("reads codes, deliveries, bank alerts, reminders and warnings as no scam", () => {
    expectNoScamCues(LEGITIMATE);
    expect(ruleIds(LEGITIMATE[0] ?? "")).toContain("code_delivery");
  });

  it("reads a prohibition or a warning as what not to do", () => {
    expect(ruleIds("Non condividere mai il codice, nemmeno con un operatore.")).not.toContain("code_request");
    expect(ruleIds("La banca non ti chiederà mai di fare un bonifico.")).not.toContain("wire_transfer");
  });

  it("reports the language as Italian", () => {
    expect(languageOf("Il tuo pacco sarà consegnato oggi tra le 10 e le 14.")).toBe("it");
    expect(languageOf("Lavoro da casa: compiti semplici, guadagna 200 € al giorno.")).toBe("it");
  });
});

import { describe, expect, it } from "vitest";
import { spelled } from "../../../src/analyzers/message/cue-spelling.js";
import { expectFires, expectNoScamCues, languageOf, ruleIds, type CueCase } from "./cue-languages.js";

const SCAMS: readonly CueCase[] = [
  {
    rule: "parcel",
    fires: [
      "DHL: Ihr Paket konnte nicht zugestellt werden.",
      "Ihre Sendung wartet auf Zahlung der Zollgebühren.",
      "Unvollständige Adresse: bitte aktualisieren Sie Ihre Lieferadresse.",
    ],
  },
  {
    rule: "fee_payment",
    fires: ["Bitte begleichen Sie die Zustellgebühr von 1,99 €.", "Es fallen Zollgebühren von 2,99 EUR an."],
  },
  {
    rule: "account_locked",
    fires: [
      "Ihr Konto wurde vorübergehend gesperrt.",
      "Ihr Online-Banking ist aus Sicherheitsgründen eingeschränkt.",
      "Wir haben Ihre Karte vorübergehend gesperrt.",
    ],
  },
  { rule: "account_alert", fires: ["Wir haben eine verdächtige Anmeldung auf Ihrem Konto festgestellt."] },
  {
    rule: "account_problem",
    fires: ["Ihr pushTAN-Verfahren läuft ab.", "Ihre Gesundheitskarte verliert ihre Gültigkeit."],
  },
  {
    rule: "verify_action",
    fires: [
      "Bitte bestätigen Sie Ihre Identität.",
      "Aktualisieren Sie Ihre Daten, um den Zugang zu behalten.",
      // What is asked through the link is read as itself, not as a bare link action.
      "Klicken Sie hier, um Ihr Konto zu entsperren: https://entsperren.example",
    ],
  },
  { rule: "personal_info_request", fires: ["Bitte bestätigen Sie Ihre Bankdaten für die Erstattung."] },
  { rule: "password_request", fires: ["Geben Sie uns Ihre Zugangsdaten an, damit wir Ihr Konto prüfen."] },
  {
    rule: "link_action",
    fires: [
      "Ich habe über Kleinanzeigen bezahlt. Zahlung erhalten und bestätigen: https://kleinanzeigen-zahlung.example",
    ],
  },
  {
    rule: "refund",
    fires: [
      "Sie haben Anspruch auf eine Steuerrückerstattung von 287,40 €.",
      "Um Ihr Geld zu erhalten, bestätigen Sie den Verkauf.",
    ],
  },
  { rule: "government", fires: ["Finanzamt: Ihre Steuererklärung wurde geprüft.", "Bußgeldstelle: offener Vorgang."] },
  { rule: "toll", fires: ["Offene Mautgebühr für Ihre Fahrt am 02.06.", "Ihre Mautgebühren sind noch nicht bezahlt."] },
  {
    rule: "threat",
    fires: [
      "Andernfalls wird Ihr Zugang gesperrt.",
      "Es fallen Mahngebühren an.",
      "Bei Nichtzahlung übergeben wir die Forderung an ein Inkassounternehmen.",
    ],
  },
  {
    rule: "legal_threat",
    fires: ["Wir werden rechtliche Schritte einleiten.", "Es wurde Strafanzeige gegen Sie erstattet."],
  },
  { rule: "urgency", fires: ["Dringend: letzte Mahnung.", "Bitte reagieren Sie umgehend."] },
  {
    rule: "prize",
    fires: ["Herzlichen Glückwunsch! Sie haben ein iPhone gewonnen.", "Sie sind Gewinner unseres Gewinnspiels."],
  },
  {
    rule: "code_request",
    fires: [
      "Hey, ich habe dir aus Versehen einen Code geschickt, kannst du mir den Code bitte schicken?",
      "Schick mir bitte kurz den Bestätigungscode, den du per SMS bekommen hast.",
    ],
  },
  {
    rule: "new_number",
    fires: ["Hallo Mama, das ist meine neue Nummer.", "Mein Handy ist kaputt, speicher diese Nummer."],
  },
  { rule: "family_address", fires: ["Hallo Mama, wie geht's?", "Hi Papa, ich bin's."] },
  {
    rule: "family_trouble",
    fires: ["Ich muss dringend eine Rechnung bezahlen.", "Ich brauche dringend deine Hilfe."],
  },
  {
    rule: "money_request",
    fires: ["Kannst du mir heute noch 1.450 € überweisen?", "Kannst du mir Geld leihen? Ich zahle es morgen zurück."],
  },
  {
    rule: "gift_card",
    fires: ["Zahlen Sie mit Paysafecard.", "Kaufen Sie zwei Google-Play-Karten zu je 100 Euro."],
  },
  { rule: "wire_transfer", fires: ["Überweisen Sie den Betrag per Eilüberweisung."] },
  { rule: "job_offer", fires: ["Nebenjob im Homeoffice, flexible Zeiten."] },
  { rule: "high_pay", fires: ["Verdienen Sie bis zu 250 € pro Tag."] },
  { rule: "task_scam", fires: ["Einfache Aufgaben: Produkte bewerten und Provision pro Auftrag erhalten."] },
  { rule: "platform_move", fires: ["Melden Sie sich per WhatsApp bei mir."] },
  { rule: "bank_details_change", fires: ["Bitte beachten Sie unsere neue Bankverbindung."] },
];

const LEGITIMATE = [
  "Ihr Bestätigungscode lautet 482913. Geben Sie diesen Code niemals weiter.",
  "Ihr Sicherheitscode: 731204. Teilen Sie ihn mit niemandem. Wir werden Sie niemals nach diesem Code fragen.",
  "DHL: Ihr Paket wird heute zwischen 10 und 14 Uhr zugestellt. Sendungsnummer 00340434161234567890.",
  "Ihr Paket liegt ab morgen früh zur Abholung in der Packstation 123 bereit.",
  "Umsatz: -45,00 EUR mit Karte bei REWE am 03.06. Kontostand: 1.234,56 EUR.",
  "Erinnerung: Ihr Termin bei Dr. Müller ist morgen um 10:30 Uhr.",
  "Wir werden Sie niemals per SMS nach Ihrer PIN, TAN oder Ihren Zugangsdaten fragen.",
  "Vorsicht vor Betrügern: Geben Sie Ihre Zugangsdaten niemals an Dritte weiter und überweisen Sie kein Geld an Unbekannte.",
  "Guten Morgen, kannst du mir sagen, was er getan hat? Ab sofort gibt es die neue Karte im Laden.",
  "Kannst du mir das Foto von gestern schicken?",
];

describe("German cues", () => {
  it("reads the German scam stories, pressure and asks", () => {
    expectFires(SCAMS);
  });

  it("reads codes, deliveries, bank alerts, reminders and warnings as no scam", () => {
    expectNoScamCues(LEGITIMATE);
    expect(ruleIds(LEGITIMATE[0] ?? "")).toContain("code_delivery");
  });

  it("reads a prohibition whose 'not' comes after its object as what not to do", () => {
    expect(ruleIds("Teilen Sie Ihr Passwort niemals mit anderen.")).not.toContain("password_request");
    expect(ruleIds("Die Sparkasse fragt Sie niemals nach Ihrer PIN oder Ihren Bankdaten.")).not.toContain(
      "personal_info_request",
    );
  });

  it("reads umlauts written out, dropped or kept", () => {
    for (const fee of ["Zustellgebühr", "Zustellgebuehr", "Zustellgebuhr"]) {
      expect(ruleIds(`Bitte zahlen Sie die ${fee}.`)).toContain("fee_payment");
    }
    expect(new RegExp(`^${spelled("bestätigen")}$`).test("bestaetigen")).toBe(true);
    expect(new RegExp(`^${spelled("reçu")}$`).test("recu")).toBe(true);
    expect(new RegExp(`^${spelled("straße")}$`).test("strasse")).toBe(true);
  });

  it("reports the language as German", () => {
    expect(languageOf("Ihr Paket konnte nicht zugestellt werden.")).toBe("de");
  });
});

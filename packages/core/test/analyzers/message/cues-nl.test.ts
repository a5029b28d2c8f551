import { describe, expect, it } from "vitest";
import { expectFires, expectNoScamCues, languageOf, ruleIds, type CueCase } from "./cue-languages.js";

const SCAMS: readonly CueCase[] = [
  {
    rule: "account_problem",
    fires: ["Rabobank: uw betaalpas is verouderd en verloopt over 2 dagen.", "Uw bankieren app verloopt op 30/06."],
  },
  {
    rule: "account_locked",
    fires: [
      "Wij hebben uw rekening in de quarantaine zone geplaatst.",
      "Uw rekening is tijdelijk geblokkeerd wegens verdachte activiteit.",
    ],
  },
  { rule: "account_alert", fires: ["Er zijn verdachte inlogpogingen op uw account vanuit het buitenland."] },
  {
    rule: "verify_action",
    fires: ["Bevestig uw apparaat voor 12-05.", "U dient uw account opnieuw te verifiëren."],
  },
  { rule: "threat", fires: ["Voorkom blokkade van uw rekening.", "Anders volgen extra incassokosten."] },
  {
    rule: "link_action",
    fires: [
      "Vraag nu gratis de nieuwe betaalpas aan via https://pas-vervangen.example",
      "Klik hier: https://x.example",
    ],
  },
  {
    rule: "pay_demand",
    fires: ["Uw openstaande schuld van EUR 412,00 is na meerdere herinneringen niet voldaan.", "Betaal nu via iDEAL."],
  },
  { rule: "legal_threat", fires: ["De gerechtsdeurwaarder gaat over tot conservatoir beslag."] },
  { rule: "government", fires: ["Belastingdienst: u ontvangt nog een teruggave.", "CJIB: openstaande vordering."] },
  { rule: "refund", fires: ["U heeft recht op een teruggave van uw zorgtoeslag."] },
  {
    rule: "parcel",
    fires: [
      "PostNL: uw pakket wordt vastgehouden in ons sorteercentrum.",
      "We hebben geprobeerd uw pakket te bezorgen.",
    ],
  },
  { rule: "fee_payment", fires: ["Voldoe de invoerkosten van 1,99 euro."] },
  { rule: "new_number", fires: ["Hoi mam, dit is mijn nieuwe nummer.", "Mijn telefoon is kapot gevallen."] },
  { rule: "family_address", fires: ["Hoi mam, alles goed?", "Hallo pap, ik ben het."] },
  {
    rule: "money_request",
    fires: [
      "Kun je dit even voor me betalen? Ik betaal het morgen terug.",
      "Betaal dit tikkie: https://tikkie.example",
    ],
  },
  { rule: "wire_transfer", fires: ["Maak € 59,79 over naar NL13 INGB 0001 2345 67."] },
  { rule: "code_request", fires: ["Ik heb per ongeluk een code naar jou gestuurd, stuur de code even door."] },
];

const LEGITIMATE = [
  "Uw verificatiecode is 482913. Deel deze code nooit met iemand.",
  "Je inlogcode is 731204. Geef deze code niet door. Wij vragen nooit om uw code.",
  "Uw pakket is bezorgd bij de buren op nummer 12.",
  "Herinnering: uw afspraak bij de tandarts is morgen om 10:00.",
  "Wij vragen u nooit om uw pincode of om geld over te maken naar een andere rekening.",
  "Hoi, zullen we morgen samen lunchen?",
];

describe("Dutch cues", () => {
  it("reads the Dutch and Flemish scam stories, pressure and asks", () => {
    expectFires(SCAMS);
  });

  it("reads codes, deliveries, reminders and warnings as no scam", () => {
    expectNoScamCues(LEGITIMATE);
    expect(ruleIds(LEGITIMATE[0] ?? "")).toContain("code_delivery");
  });

  it("reads a prohibition or a warning as what not to do", () => {
    expect(ruleIds("Deel uw code nooit, ook niet met de bank.")).not.toContain("code_request");
    expect(ruleIds("Wij vragen nooit om geld over te maken naar een andere rekening.")).not.toContain("wire_transfer");
  });

  it("reports the language as Dutch", () => {
    expect(languageOf("Uw verificatiecode is 482913. Deel deze code nooit met iemand.")).toBe("nl");
    expect(languageOf("Uw betaalpas is verouderd en verloopt over 2 dagen.")).toBe("nl");
  });
});

// The French, German, Portuguese, Italian and Dutch tables are written with their accents ("reçu", "bestätigen",
// "não", "financiën"), but the text they read keeps only some of them: the cue text folds the English and Spanish
// accents (á é í ó ú ü ñ) and leaves the others (à è ê ë ç ã õ ä ö ß ...) as they are, so that no word of a language
// without a table turns into a cue word by losing its marks. Texts themselves are written both ways ("reçu" and
// "recu", "Gebühr" and "Gebuehr"), so each accented letter of a phrase is read with or without its accent, and the
// German umlauts and sharp s also as their two-letter spellings (ä as ae, ö as oe, ü as ue, ß as ss).

import type { CueTable } from "./cue-table.js";

/** The letters the cue text folds (see prepareForCues), as it folds them. */
const FOLDED: Readonly<Record<string, string>> = { á: "a", é: "e", í: "i", ó: "o", ú: "u", ñ: "n" };
/** Accented letters the cue text keeps, and the plain letter texts write for them. */
const KEPT: Readonly<Record<string, string>> = {
  à: "a",
  â: "a",
  ã: "a",
  è: "e",
  ê: "e",
  ë: "e",
  ì: "i",
  î: "i",
  ï: "i",
  ò: "o",
  ô: "o",
  õ: "o",
  ù: "u",
  û: "u",
  ç: "c",
};
/** The German letters written with two letters where the keyboard has none. */
const TWO_LETTER: Readonly<Record<string, string>> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/** A phrase's source read with or without its accents: "reçu" as re[cç]u, "gebühr" as geb(?:u|ue)hr. */
export function spelled(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === "\\") {
      out += c + source.charAt(i + 1);
      i++;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    const folded = FOLDED[c];
    const plain = KEPT[c];
    const two = TWO_LETTER[c];
    if (folded !== undefined) out += folded;
    else if (plain !== undefined) out += inClass ? `${plain}${c}` : `[${plain}${c}]`;
    else if (c === "ü") out += inClass ? "u" : "(?:u|ue)";
    else if (two !== undefined) {
      // ä and ö stay in the cue text; ß too. A plain vowel is also how many texts write them.
      const bare = c === "ß" ? "" : (two[0] ?? "");
      out += inClass ? `${c}${bare}` : `(?:${c}|${two}${bare === "" ? "" : `|${bare}`})`;
    } else out += c;
  }
  return out;
}

const all = (sources: readonly string[]): string[] => sources.map(spelled);

/** A table written with its accents, as the cue matcher reads it (see spelled). Its marker words stay as written. */
export function spelledTable(table: CueTable): CueTable {
  return {
    ...table,
    cues: Object.fromEntries(Object.entries(table.cues).map(([id, sources]) => [id, all(sources)])),
    deadlines: all(table.deadlines),
    negations: all(table.negations),
    denials: all(table.denials),
    absent: all(table.absent),
    deniedBefore: all(table.deniedBefore),
    noAsks: all(table.noAsks),
    warnings: all(table.warnings),
    prohibitions: all(table.prohibitions),
    turns: all(table.turns),
  };
}

// Organisations a message names without speaking for them: a payment network named as a way to pay ("by Zelle",
// "Visa and Mastercard accepted", "Google Pay accepted") and an insurer, regulator or partner named as a mark
// ("Member FDIC", "Equal Housing Lender", "insured by the NCUA", "In cooperation with the U.S. Consumer Product Safety
// Commission"). A claim is the sender naming itself: "from Visa", "Visa Security Team", a signature, a letterhead.

import { ORGANISATIONS } from "./organisation-data.js";

/** Card networks listed among the banks (they issue cards too), named as means all the same. */
const CARD_NETWORK_IDS = new Set(["american-express", "discover"]);

const escape = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/ /g, "\\s+");

/** Every name of a payment network or card network, longest first, as a regular-expression alternation. */
const MEANS_NAMES = [
  ...new Set(
    ORGANISATIONS.filter((o) => o.category === "payment" || CARD_NETWORK_IDS.has(o.id)).flatMap((o) => [
      ...o.aliases,
      ...(o.cuedAliases ?? []),
    ]),
  ),
]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join("|");

const NAME = `(?:${MEANS_NAMES})(?:\\s+(?:cards?|payments?))?`;
/** Names in a row: "Visa, Mastercard, Discover and American Express". */
const LIST = `${NAME}(?:\\s*(?:,|/|&|\\band\\b|\\bor\\b)\\s*(?:and\\s+|or\\s+)?${NAME})*`;
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";

/** Networks offered as ways to pay: "we accept Visa and Mastercard", "Apple Pay and Google Pay accepted". */
const ACCEPTED = new RegExp(
  `${B}(?:(?:we|now)\\s+(?:now\\s+|also\\s+|gladly\\s+)?accept(?:ing)?|accepting|(?:payments?|cards?)\\s+accepted:?)\\s+${LIST}${E}|${B}${LIST}(?:\\s+(?:are|is))?\\s+(?:(?:gladly|also|now)\\s+)?(?:accepted|welcome)${E}`,
  "giu",
);

/** A network named as the way to pay: "by Zelle", "via Venmo or Cash App", "pay with Apple Pay", "Zelle me". */
const INSTRUMENT = new RegExp(
  `${B}(?:(?:by|via|on|through|thru|with|using|over|in|por|con|en|a\\s+trav[eé]s\\s+de)\\s+(?:the\\s+|my\\s+|your\\s+|mi\\s+|tu\\s+|su\\s+)?${LIST}|(?:${MEANS_NAMES})\\s+(?:me|us|you|him|her|them|it))${E}`,
  "giu",
);

/**
 * An organisation named as the sender's insurer, regulator or partner: the phrase and the capitalised name after it
 * ("Member FDIC", "Insured by the NCUA", "In cooperation with the U.S. Consumer Product Safety Commission"), a name
 * written as insuring ("FDIC-insured", "NCUA insured") and the fair-lending mark ("Equal Housing Lender").
 */
const AFFILIATION =
  /\b((?:[Ff]ederally )?(?:[Mm]ember|[Ii]nsured by|[Rr]egulated by|[Ll]icensed by|[Ii]n cooperation with|[Ii]n partnership with|[Aa]pproved by))\b((?:[ \t\n]+(?:of|the|U\.S\.|[A-Z][\w&'-]*(?:\.[\w&'-]+)*))+)|\b[A-Z]{2,6}(?=[- ]insured\b)|\bEqual Housing (?:Lender|Opportunity)\b/g;

/** A mention taken out: one space, so the words around it stay apart. */
const blank = (): string => " ";

/**
 * The text without the organisations it names only as a means or a mark, each mention replaced by a space (a phrase
 * before a mark, "Member", stays). `instruments`: a network after "by", "via", "with" counts as a way to pay too; a text message with a link
 * in it keeps such a mention as a claim ("your payment via Zelle is on hold: <link>").
 */
export function withoutMeansAndMarks(text: string, options: { readonly instruments: boolean }): string {
  let out = text
    .replace(AFFILIATION, (_: string, phrase: string | undefined, names: string | undefined) =>
      phrase !== undefined && names !== undefined ? `${phrase} ` : blank(),
    )
    .replace(ACCEPTED, blank);
  if (options.instruments) out = out.replace(INSTRUMENT, blank);
  return out;
}

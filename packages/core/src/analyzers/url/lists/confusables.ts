// Lower-case lookalikes of ASCII letters and digits, chosen by hand from the Unicode confusables data
// (UTS #39, confusables.txt: the "MA" prototype mappings whose target is a single ASCII character),
// limited to characters that IDNA allows in host names and that registries sell in practice:
// Cyrillic, Greek, Armenian and Latin-extended. Accented Latin letters are handled separately by
// canonical decomposition (é -> e), so they are not listed.

export const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  "\u0430": "a", // а
  "\u0431": "6", // б
  "\u0432": "b", // в (small-caps B shape)
  "\u0435": "e", // е
  "\u0451": "e", // ё
  "\u0454": "e", // є
  "\u043e": "o", // о
  "\u0440": "p", // р
  "\u0441": "c", // с
  "\u0443": "y", // у
  "\u0445": "x", // х
  "\u0456": "i", // і
  "\u0457": "i", // ї
  "\u0458": "j", // ј
  "\u0455": "s", // ѕ
  "\u04bb": "h", // һ
  "\u0501": "d", // ԁ
  "\u051b": "q", // ԛ
  "\u051d": "w", // ԝ
  "\u04cf": "l", // ӏ
  "\u0433": "r", // г
  "\u043a": "k", // к
  "\u043c": "m", // м
  "\u043d": "h", // н
  "\u043f": "n", // п
  "\u0442": "t", // т
  "\u0438": "u", // и
  "\u044c": "b", // ь
  "\u0491": "r", // ґ
  "\u04e9": "o", // ө
  "\u0461": "w", // ѡ
  "\u0475": "v", // ѵ
  "\u04af": "y", // ү
  "\u0509": "n", // ԉ
  // Greek
  "\u03b1": "a", // α
  "\u03b2": "b", // β
  "\u03b5": "e", // ε
  "\u03b9": "i", // ι
  "\u03ba": "k", // κ
  "\u03bd": "v", // ν
  "\u03bf": "o", // ο
  "\u03c1": "p", // ρ
  "\u03c4": "t", // τ
  "\u03c5": "u", // υ
  "\u03c7": "x", // χ
  "\u03b3": "y", // γ
  "\u03b7": "n", // η
  "\u03c9": "w", // ω
  "\u03f2": "c", // ϲ
  "\u03f3": "j", // ϳ
  "\u03ac": "a", // ά
  "\u03ad": "e", // έ
  "\u03cc": "o", // ό
  "\u03af": "i", // ί
  // Armenian
  "\u0585": "o", // օ
  "\u0578": "n", // ո
  "\u057d": "u", // ս
  "\u0570": "h", // հ
  "\u0561": "w", // ա
  "\u0563": "q", // գ
  "\u0566": "q", // զ
  "\u0581": "g", // ց
  "\u0584": "p", // ք
  "\u0575": "j", // յ
  // Latin extended and IPA
  "\u0131": "i", // ı dotless i
  "\u0237": "j", // ȷ dotless j
  "\u0251": "a", // ɑ
  "\u0261": "g", // ɡ
  "\u0269": "i", // ɩ
  "\u026a": "i", // ɪ
  "\u0274": "n", // ɴ
  "\u0280": "r", // ʀ
  "\u028f": "y", // ʏ
  "\u0299": "b", // ʙ
  "\u029c": "h", // ʜ
  "\u1d00": "a", // ᴀ
  "\u1d04": "c", // ᴄ
  "\u1d05": "d", // ᴅ
  "\u1d07": "e", // ᴇ
  "\u1d0a": "j", // ᴊ
  "\u1d0b": "k", // ᴋ
  "\u1d0d": "m", // ᴍ
  "\u1d0f": "o", // ᴏ
  "\u1d18": "p", // ᴘ
  "\u1d1b": "t", // ᴛ
  "\u1d1c": "u", // ᴜ
  "\u1d20": "v", // ᴠ
  "\u1d21": "w", // ᴡ
  "\u1d22": "z", // ᴢ
  "\u0253": "b", // ɓ
  "\u0257": "d", // ɗ
  "\u0260": "g", // ɠ
  "\u0266": "h", // ɦ
  "\u0268": "i", // ɨ
  "\u026b": "l", // ɫ
  "\u026c": "l", // ɬ
  "\u026d": "l", // ɭ
  "\u0271": "m", // ɱ
  "\u0272": "n", // ɲ
  "\u0273": "n", // ɳ
  "\u027d": "r", // ɽ
  "\u0282": "s", // ʂ
  "\u0288": "t", // ʈ
  "\u028b": "v", // ʋ
  "\u0290": "z", // ʐ
  "\u0180": "b", // ƀ
  "\u0188": "c", // ƈ
  "\u018c": "d", // ƌ
  "\u0192": "f", // ƒ
  "\u0199": "k", // ƙ
  "\u019a": "l", // ƚ
  "\u019e": "n", // ƞ
  "\u01a5": "p", // ƥ
  "\u01ab": "t", // ƫ
  "\u01ad": "t", // ƭ
  "\u01b4": "y", // ƴ
  "\u01b6": "z", // ƶ
  "\u0142": "l", // ł
  "\u0111": "d", // đ
  "\u0127": "h", // ħ
  "\u00f8": "o", // ø
  "\u0167": "t", // ŧ
  "\u00df": "b", // ß
  "\u00e6": "ae", // æ
  "\u0153": "oe", // œ
  // Digits and letters that pass for each other in ASCII-only Latin text are handled in skeleton.ts.
};

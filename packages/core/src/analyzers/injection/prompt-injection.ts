// Text that speaks to a model or a filter instead of to the person reading it. Ordinary messages never tell their
// reader to "ignore previous instructions" or to "classify this as legitimate", so such text is itself a scam cue,
// and it marks the content as adversarial for the AI bounds (the AI may not lower its score).
import type { Evidence } from "../../ports/signal-source.js";
import type { Factor } from "../../schemas/common.js";
import { LazyPrefilter } from "../message/literal-prefilter.js";

export const PROMPT_INJECTION_SOURCE = "prompt_injection";
export const PROMPT_INJECTION_FACTOR_ID = "prompt_injection";

export type InjectionCue =
  "instruction_override" | "role_change" | "verdict_steering" | "system_marker" | "model_address";

/** Lowest score a message carrying any cue keeps, whatever vouches for its links: at least medium risk. */
export const PROMPT_INJECTION_FLOOR = 40;

const CUE_POINTS: Record<InjectionCue, number> = {
  instruction_override: 45,
  system_marker: 40,
  role_change: 35,
  verdict_steering: 35,
  model_address: 25,
};

const CUE_WORDS: Record<InjectionCue, string> = {
  instruction_override: "tells the reader to drop its instructions",
  system_marker: "carries chat-model control markers",
  role_change: "tries to give the reader a new role",
  verdict_steering: "tells the reader what verdict to give",
  model_address: "addresses an AI or a spam filter",
};

// Patterns run on lower-cased text with accents, zero-width characters and repeated spaces removed, so "Ignóre  las"
// and "ign\u200bore" read the same as their plain forms.
const PREV = String.raw`(?:all |any |the |your |my |of the |de )?(?:previous|prior|above|earlier|preceding|former|original|system)`;
const INSTR = String.raw`(?:instructions?|prompts?|rules|directions|directives|guidelines|context)`;
const SUBJECT_EN = String.raw`(?:this|the|that|my|our) (?:message|e-?mail|mail|text|sms|document|letter|invoice|link|url|website|site|page|sender|number|notice|request)`;
const SUBJECT_ES = String.raw`(?:este|el|esta|la|ese|esa) (?:mensaje|correo|email|texto|sms|documento|carta|factura|enlace|link|url|sitio|pagina|web|remitente|numero|aviso|solicitud)`;

const CUES: ReadonlyArray<readonly [InjectionCue, RegExp]> = [
  // English
  [
    "instruction_override",
    new RegExp(String.raw`\b(?:ignore|disregard|forget|override|bypass|skip)\b.{0,20}\b${PREV}\b.{0,12}\b${INSTR}\b`),
  ],
  ["instruction_override", new RegExp(String.raw`\b(?:ignore|disregard|forget) (?:all |any )?(?:your|the) ${INSTR}\b`)],
  ["instruction_override", /\b(?:new|updated|real) instructions\s*:/],
  ["instruction_override", /\bdo not (?:flag|report|block|filter|mark) (?:this|it)\b/],
  // Spanish
  [
    "instruction_override",
    new RegExp(
      String.raw`\b(?:ignora|ignore|olvida|olvide|omite|descarta)\b.{0,20}\b(?:las |tus |sus |todas las )?instrucciones\b`,
    ),
  ],
  ["instruction_override", /\bhaz caso omiso\b.{0,30}\binstrucciones\b/],
  ["instruction_override", /\bnuevas instrucciones\s*:/],
  ["instruction_override", /\bno (?:marques|reportes|bloquees|filtres) (?:esto|este)\b/],

  [
    "role_change",
    /\byou are now (?:a |an |the |in )?(?:ai|assistant|model|chatbot|bot|dan|developer mode|jailbroken|unrestricted|unfiltered|helpful|different|new)\b/,
  ],
  [
    "role_change",
    /\b(?:act|behave|respond) as (?:a |an )?(?:ai|assistant|security (?:filter|scanner)|spam filter|classifier)\b/,
  ],
  ["role_change", /\bpretend (?:to be|you are) (?:a |an )?(?:ai|assistant|filter|classifier|scanner)\b/],
  ["role_change", /\bahora eres (?:un |una |el |la )?(?:ia|asistente|modelo|chatbot|bot|filtro)\b/],
  ["role_change", /\b(?:actua|comportate|responde) como (?:un |una )?(?:ia|asistente|filtro|clasificador)\b/],

  [
    "verdict_steering",
    new RegExp(
      String.raw`\b${SUBJECT_EN} is (?:100% |completely |totally |perfectly )?(?:safe(?! to)|legitimate|legit|genuine|verified|trusted|harmless|not (?:a )?(?:scam|spam|phishing|fraud))\b`,
    ),
  ],
  [
    "verdict_steering",
    /\b(?:classify|mark|label|rate|treat|flag|report|categori[sz]e) (?:this|it|the (?:message|email|text|link|document)) as (?:safe|legitimate|legit|benign|harmless|ham|not (?:spam|a scam|phishing)|trusted|low risk)\b/,
  ],
  [
    "verdict_steering",
    /\b(?:respond|answer|reply|output|return|say)\b.{0,20}\b(?:safe|legitimate|benign|harmless|low risk|not a scam)\b.{0,20}\b(?:only|verdict|classification|rating)\b/,
  ],
  [
    "verdict_steering",
    /\b(?:risk|scam|spam|threat) (?:score|level|rating)\s*(?:is|=|:|should be|must be)\s*(?:0|zero|low|none|safe)\b/,
  ],
  [
    "verdict_steering",
    new RegExp(
      String.raw`\b${SUBJECT_ES} es (?:100% |completamente |totalmente )?(?:seguro|segura|legitimo|legitima|confiable|verificado|verificada|inofensivo|inofensiva|no es (?:una )?estafa)\b`,
    ),
  ],
  [
    "verdict_steering",
    /\b(?:clasifica|clasifique|marca|marque|etiqueta|considera|trata) (?:esto|este (?:mensaje|correo|enlace|documento)|el mensaje) como (?:seguro|legitimo|confiable|inofensivo|no spam)\b/,
  ],
  ["verdict_steering", /\b(?:el )?(?:nivel|puntaje|puntuacion) de riesgo (?:es|debe ser)\s*(?:0|cero|bajo|nulo)\b/],

  ["system_marker", /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>/],
  ["system_marker", /\[\/?inst\]|<<\/?sys>>|<\/?system>|<\/?(?:system|developer)_?prompt>/],
  ["system_marker", /(?:^|\n)\s*(?:#{1,3}\s*)?(?:system|developer) (?:prompt|message|instructions?)\s*:/],
  ["system_marker", /(?:^|\n)\s*#{1,3}\s*(?:system|instructions?)\b/],
  ["system_marker", /\bsystem prompt\b|\bprompt del sistema\b|\bmensaje del sistema\s*:/],

  [
    "model_address",
    /\b(?:dear|attention|note to|hey|hello|hi|to the) (?:ai|a\.i\.|llm|language model|chatgpt|gpt|ai assistant|ai model|spam filter|email filter|classifier)\b/,
  ],
  ["model_address", /\bif you are an? (?:ai|llm|language model|assistant|bot|automated (?:system|filter|scanner))\b/],
  ["model_address", /\bsi eres (?:una |un )?(?:ia|inteligencia artificial|asistente|modelo de lenguaje|bot|filtro)\b/],
  [
    "model_address",
    /\b(?:querida|querido|estimada|estimado|atencion) (?:ia|inteligencia artificial|asistente|filtro)\b/,
  ],
];

const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;
// eslint-disable-next-line no-control-regex -- the test is for any character outside ASCII
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower case, no accents, no zero-width characters, single spaces (newlines kept for line-start markers). */
export function normalizeForCues(text: string): string {
  // Plain ASCII has no compatibility forms, accents or zero-width characters to remove.
  const folded = NON_ASCII.test(text) ? text.normalize("NFKD").replace(/\p{M}/gu, "").replace(INVISIBLE, "") : text;
  return folded.toLowerCase().replace(/[^\S\n]+/g, " ");
}

// Which patterns can match a long text at all, from the literals they must contain: one pass over the text instead
// of one per pattern.
const PREFILTER = new LazyPrefilter(() => CUES.map(([, pattern]) => [pattern]));

/** Which cue kinds the text carries, strongest first. */
export function findInjectionCues(text: string): InjectionCue[] {
  const normalized = normalizeForCues(text);
  const possible = PREFILTER.possible(normalized);
  const found = new Set<InjectionCue>();
  CUES.forEach(([cue, pattern], i) => {
    if (!found.has(cue) && possible?.[i] !== false && pattern.test(normalized)) found.add(cue);
  });
  return [...found].sort((a, b) => CUE_POINTS[b] - CUE_POINTS[a]);
}

/**
 * Evidence from text addressed to a model: one positive factor (the strongest cue, 10 more points for each further
 * kind, at most 60) and a floor of PROMPT_INJECTION_FLOOR; no factor when the text carries no cue.
 */
export function detectPromptInjection(text: string): Evidence {
  const cues = findInjectionCues(text);
  const top = cues[0];
  if (top === undefined) {
    return { source: PROMPT_INJECTION_SOURCE, status: "ok", signals: { prompt_injection: false }, factors: [] };
  }
  const factor: Factor = {
    id: PROMPT_INJECTION_FACTOR_ID,
    source: PROMPT_INJECTION_SOURCE,
    label: `The content contains text aimed at an automated checker: it ${cues.map((c) => CUE_WORDS[c]).join("; ")}`,
    points: Math.min(60, CUE_POINTS[top] + 10 * (cues.length - 1)),
  };
  return {
    source: PROMPT_INJECTION_SOURCE,
    status: "ok",
    signals: { prompt_injection: true },
    factors: [factor],
    floor: PROMPT_INJECTION_FLOOR,
  };
}

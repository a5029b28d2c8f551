export {
  PROMPT_INJECTION_FACTOR_ID,
  PROMPT_INJECTION_FLOOR,
  PROMPT_INJECTION_SOURCE,
  detectPromptInjection,
  findInjectionCues,
} from "./prompt-injection.js";
export type { InjectionCue } from "./prompt-injection.js";
export { REDACTION_PLACEHOLDERS, redactForModel } from "./redact-for-model.js";
export type { Recipient, RedactedText } from "./redact-for-model.js";

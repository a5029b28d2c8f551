// The labelled messages of the text evaluation and their fixed split: a message belongs to the held-out half when
// the FNV-1a hash of its text is even, so the split never depends on file order.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SCAM_TYPES, type ScamType } from "../../packages/core/src/analyzers/message/index.js";
import { fnv1a } from "../fnv1a.js";

const SETS = join(dirname(fileURLToPath(import.meta.url)), "sets");
const FILES = ["scam-en.txt", "scam-es.txt", "legit-en.txt", "legit-es.txt"];

export interface LabelledMessage {
  readonly text: string;
  readonly language: string;
  readonly senderNumber: string | null;
  /** The scam story, or null for a legitimate message. */
  readonly scamType: ScamType | null;
  /** For legitimate messages: what kind (2fa, bank_alert, carrier ...); "plain" ones are the easy ones. */
  readonly legitKind: string | null;
  readonly heldOut: boolean;
}

const TYPES = new Set<string>(SCAM_TYPES);

function parseLine(line: string, where: string): LabelledMessage {
  const parts = line.split(" | ");
  if (parts.length < 4) throw new Error(`${where}: expected "label | language | sender | message"`);
  const [label = "", language = "", sender = "-"] = parts;
  const text = parts.slice(3).join(" | ").replace(/\\n/g, "\n");
  const legit = label.startsWith("legit:");
  if (!legit && !TYPES.has(label)) throw new Error(`${where}: unknown label ${label}`);
  return {
    text,
    language,
    senderNumber: sender === "-" ? null : sender,
    scamType: legit ? null : (label as ScamType),
    legitKind: legit ? label.slice("legit:".length) : null,
    heldOut: fnv1a(text) % 2 === 0,
  };
}

export function loadMessages(): LabelledMessage[] {
  const out: LabelledMessage[] = [];
  for (const file of FILES) {
    readFileSync(join(SETS, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        const t = line.trim();
        if (t === "" || t.startsWith("#")) return;
        out.push(parseLine(t, `${file}:${i + 1}`));
      });
  }
  return out;
}

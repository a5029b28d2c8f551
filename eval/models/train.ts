// Trains the statistical models that ship in the core package and writes them as generated modules, with a golden
// file the core's tests check them against. Reads only eval/corpora (through the corpus loader): sources whose
// manifest does not mark non-commercial ("commercial": true, or null for public research data with no stated
// licence; never false), minus what eval/corpora/heldout.json holds out.
// Run: pnpm train:models            (all models)
//      pnpm train:models sms url    (only those)

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { featuresOf, trainLinear, floatLogit, type FeatureKind, type TrainOptions } from "./trainer.js";
import { loadChannelItems, type ModelItem } from "./model-items.js";
import {
  decodeModel,
  encodeModel,
  readModel,
  type QuantizeOptions,
} from "../../packages/core/src/models/linear-model.js";
import type { CorpusChannel } from "../corpora/load.js";
import { encodeVocabulary, vocabularyWords, VOCABULARY_MIN_TEXTS } from "../../packages/core/src/models/vocabulary.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const GENERATED = join(ROOT, "packages/core/src/models/generated");
const GOLDEN = join(ROOT, "packages/core/test/models/fixtures/golden-models.json");

export interface ModelSpec {
  /** The module's name: generated/<name>-model.ts. */
  readonly name: string;
  /** The corpora it is trained on. */
  readonly channels: readonly CorpusChannel[];
  /** The corpora whose items it reads in the engine (each corpus is read by exactly one model). */
  readonly reads: readonly CorpusChannel[];
  readonly features: FeatureKind;
  /** Training sources of its corpora it does not train on. */
  readonly skipSources?: readonly string[];
  readonly train: Partial<TrainOptions>;
  readonly quantize: QuantizeOptions;
  /** Inputs whose features and logit the golden file pins. */
  readonly golden: readonly string[];
  /** Whether the words it read ship beside it (generated/<name>-vocabulary.ts; models/vocabulary.ts). */
  readonly vocabulary?: boolean;
}

/** The shipped models; their settings are the ones eval/models/README.md measured. */
export const MODEL_SPECS: readonly ModelSpec[] = [
  {
    name: "url",
    channels: ["url"],
    reads: ["url"],
    features: "url",
    train: { hashBits: 20 },
    quantize: { width: 1 },
    golden: [
      "http://www.paypal.com.secure-login.xyz:8080/webscr/login.php?cmd=_login&id=123",
      "https://en.wikipedia.org/wiki/Phishing",
      "https://drive-docs.sharepoint-files.top/download/invoice.zip",
    ],
  },
  {
    // Text messages and letters: trained on texts and mail. Left one source out, the mail helps texts (AUC
    // 0.821 -> 0.830) against a model trained on texts alone.
    name: "message",
    // Not the real letters (eval/corpora/document): sixteen, all genuine, the only real letters measured; a model
    // trained on them read them at 0 (and SpamHunter's scams in source 44.7% -> 41.8% at medium risk).
    channels: ["sms", "email"],
    reads: ["sms", "document"],
    features: "text",
    // Mail of this decade added for the email model: the texts' model keeps the mail it was measured with. One inbox's
    // political newsletters it does read: texts left one source out read 34.1% / 30.4% with 3.9% false positives with
    // them, 33.8% / 30.0% with 4.2% without.
    skipSources: ["industrypack-devel-list-2019-2026"],
    train: { hashBits: 20, gramWeight: 0.1 },
    quantize: { width: 1 },
    vocabulary: true,
    golden: [
      "WINNER!! You have won a £1,000 prize. Call 09061701461 now to claim, code ABC123.",
      "Hey, are we still on for dinner at 7? I'll bring the wine.",
      "您的包裹已到达，请点击链接 https://x.cn/a 确认地址。",
      "URGENT BUSINESS PROPOSAL\n\nDear friend, I am a bank manager and I need your assistance to transfer " +
        "$15,500,000 to your account. Reply with your phone number.",
      "Re: meeting notes\n\nHi all, attached are the notes from Tuesday. Let me know if I missed anything.",
    ],
  },
  {
    // Email: trained on mail alone. Left one source out, the texts cost mail a little (AUC 0.971 -> 0.966) in a
    // shared model.
    name: "email",
    channels: ["email"],
    reads: ["email"],
    features: "text",
    train: { hashBits: 20, gramWeight: 0.1 },
    quantize: { width: 1 },
    golden: [
      "URGENT BUSINESS PROPOSAL\n\nDear friend, I am a bank manager and I need your assistance to transfer " +
        "$15,500,000 to your account. Reply with your phone number.",
      "Re: meeting notes\n\nHi all, attached are the notes from Tuesday. Let me know if I missed anything.",
      "Your mailbox is full. Verify your account within 24 hours at [link] or it will be suspended.",
    ],
  },
];

/**
 * The items a shipped model is trained on: no source marked non-commercial, nothing held out, none of the sources the
 * model's spec skips.
 */
export function shippedTrainingItems(items: readonly ModelItem[], spec?: Pick<ModelSpec, "skipSources">): ModelItem[] {
  const skip = new Set(spec?.skipSources ?? []);
  return items.filter((it) => it.commercial !== false && !it.heldOut && !skip.has(it.source));
}

/** The words of each item, as the vocabulary counts them. */
export function itemWords(items: readonly ModelItem[]): string[][] {
  const features = featuresOf("text");
  return items.map((it) => vocabularyWords(features(it.text)));
}

function vocabularyModuleText(spec: ModelSpec, bytes: Uint8Array, summary: string): string {
  return [
    `// Generated by \`pnpm train:models\` (eval/models/train.ts): do not edit. ${summary}`,
    `/** The words the ${spec.name} model read in ${VOCABULARY_MIN_TEXTS} or more training texts (vocabulary.ts), base64. */`,
    `export const ${spec.name.toUpperCase()}_VOCABULARY_BASE64 =`,
    `  "${Buffer.from(bytes).toString("base64")}";`,
    "",
  ].join("\n");
}

function moduleText(spec: ModelSpec, bytes: Uint8Array, summary: string): string {
  const b64 = Buffer.from(bytes).toString("base64");
  return [
    `// Generated by \`pnpm train:models\` (eval/models/train.ts): do not edit. ${summary}`,
    `/** The ${spec.name} model (linear-model.ts format), base64. */`,
    `export const ${spec.name.toUpperCase()}_MODEL_BASE64 =`,
    `  "${b64}";`,
    "",
  ].join("\n");
}

async function main(only: readonly string[]): Promise<void> {
  const golden = (existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, "utf8")) : {}) as Record<string, unknown>;
  mkdirSync(GENERATED, { recursive: true });
  mkdirSync(dirname(GOLDEN), { recursive: true });
  const cache = new Map<CorpusChannel, readonly ModelItem[]>();
  for (const spec of MODEL_SPECS) {
    if (only.length > 0 && !only.includes(spec.name)) continue;
    const all: ModelItem[] = [];
    for (const channel of spec.channels) {
      if (!cache.has(channel)) cache.set(channel, (await loadChannelItems(channel)).items);
      for (const it of cache.get(channel)!) all.push(it);
    }
    const items = shippedTrainingItems(all, spec);
    const sources = [...new Set(items.map((it) => it.source))].sort();
    if (items.length === 0) {
      console.log(`${spec.name}: no commercial training items; skipped`);
      continue;
    }
    const start = performance.now();
    const model = trainLinear(items, { ...spec.train, features: spec.features });
    const seconds = (performance.now() - start) / 1000;
    const bytes = encodeModel(model, spec.quantize);
    const decoded = decodeModel(bytes);
    const scam = items.filter((it) => it.label === "scam").length;
    const summary =
      `${items.length} items (${scam} scam, ${items.length - scam} legitimate) from ${sources.join(", ")}; ` +
      `2^${model.hashBits} slots, int${spec.quantize.width * 8}, ${bytes.length} bytes.`;
    writeFileSync(join(GENERATED, `${spec.name}-model.ts`), moduleText(spec, bytes, summary));
    if (spec.vocabulary === true) {
      const words = encodeVocabulary(itemWords(items));
      let set = 0;
      for (const b of words) for (let k = 0; k < 8; k++) set += (b >> k) & 1;
      const said = `Words of ${items.length} items; ${set} of ${words.length * 8} bits set.`;
      writeFileSync(join(GENERATED, `${spec.name}-vocabulary.ts`), vocabularyModuleText(spec, words, said));
    }
    golden[spec.name] = spec.golden.map((input) => {
      const features = featuresOf(spec.features)(input);
      const reading = readModel(decoded, features);
      return {
        input,
        features,
        logit: reading.logit,
        floatLogit: floatLogit(model, spec.features, input),
        top: reading.top,
      };
    });
    console.log(`${spec.name}: ${summary} Trained in ${seconds.toFixed(1)} s.`);
  }
  writeFileSync(GOLDEN, `${JSON.stringify(golden, null, 1)}\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.slice(2));
}

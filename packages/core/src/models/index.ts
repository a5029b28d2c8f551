// The statistical models shipped with the core: hashed n-gram logistic regressions trained by `pnpm train:models`
// (eval/models) on public corpora whose licences allow commercial use. Each is decoded once, on first use.
export { murmur3, murmur3Bytes } from "./murmur3.js";
export {
  MAX_TEXT_CHARS,
  MAX_URL_CHARS,
  TEXT_FEATURE_SET,
  URL_FEATURE_SET,
  describeFeature,
  isCharGram,
  textFeatures,
  urlFeatures,
} from "./features.js";
export type { FeatureSetId } from "./features.js";
export {
  MODEL_FORMAT_VERSION,
  ModelFormatError,
  base64Bytes,
  decodeModel,
  encodeModel,
  featureSlot,
  readModel,
  sigmoid,
} from "./linear-model.js";
export type { FloatModel, LinearModel, ModelReading, QuantizeOptions } from "./linear-model.js";
import {
  base64Bytes,
  decodeModel,
  ModelReader,
  readModel,
  type LinearModel,
  type ModelReading,
} from "./linear-model.js";
import { textFeatures, visitAuthorityFeatures, visitUrlFeatures, type UrlFeatureSink } from "./features.js";
import {
  entryCount,
  featureAt,
  keepEntries,
  resetSeen,
  takeFeature,
  takeGrams,
  type KeptFeatures,
  type NewFeatures,
} from "./seen-features.js";
import { BoundedMap } from "../policies/bounded-map.js";
import { EMAIL_MODEL_BASE64 } from "./generated/email-model.js";
import { MESSAGE_MODEL_BASE64 } from "./generated/message-model.js";
import { URL_MODEL_BASE64 } from "./generated/url-model.js";
import { MESSAGE_VOCABULARY_BASE64 } from "./generated/message-vocabulary.js";
import { Vocabulary, vocabularyWords } from "./vocabulary.js";

/** The kinds of message text the message models read. */
export type MessageKind = "sms" | "email" | "document";

function lazy(b64: string): () => LinearModel {
  let model: LinearModel | undefined;
  return () => (model ??= decodeModel(base64Bytes(b64)));
}

const url = lazy(URL_MODEL_BASE64);
const message = lazy(MESSAGE_MODEL_BASE64);
const email = lazy(EMAIL_MODEL_BASE64);

/** The URL model (reads urlFeatures). */
export function urlModel(): LinearModel {
  return url();
}

/**
 * The model for a kind of message text (reads textFeatures): emails (the subject and body text the email channel
 * reads) have a model trained on mail; text messages and letters share one trained on texts, mail and letters
 * (left one source out, mail helps texts and texts cost mail a little).
 */
export function messageModel(kind: MessageKind): LinearModel {
  return kind === "email" ? email() : message();
}

/**
 * What the URL model's readings keep of an authority (a host, with any user info and port): its features, from the
 * second time it is met (null: met once), for the most recent authorities and those not longer than a host name can
 * be. Its features depend on it and the model's seed alone, and a host is read again for every link on it.
 */
const AUTHORITY_MEMO_SIZE = 2_048;
const AUTHORITY_MEMO_MAX_LENGTH = 256;
const authorities = new BoundedMap<string, KeptFeatures | null>(AUTHORITY_MEMO_SIZE);

/**
 * A URL being read: the features it meets for the first time, counted as they come (see readUrl). Its authority's
 * features are counted from the memo when the authority was read before: none of them can be met elsewhere in the
 * URL (features.ts), so counting them in their order gives the same sums and the same top features. A feature is
 * named in the top list by its entry in this reading (0 and up) or, counted from the memo, by -1 - its place there.
 */
class UrlReading implements UrlFeatureSink, NewFeatures {
  readonly reader: ModelReader<number>;
  /** The authority counted from the memo, which names the top features below 0. */
  private counted: KeptFeatures | null = null;

  constructor(
    private readonly model: LinearModel,
    topK: number,
  ) {
    this.reader = new ModelReader<number>(model, topK);
  }

  feature(feature: string): void {
    takeFeature(feature, this.model.seed, this);
  }

  grams(prefix: "h:" | "p:", s: string, min: number, max: number): void {
    takeGrams(prefix, s, min, max, this.model.seed, this);
  }

  take(hash: number, index: number, charGram: boolean): void {
    const w = this.reader.add(hash, charGram);
    if (w > 0) this.reader.enter(index, w);
  }

  authority(raw: string): void {
    const known = raw.length > AUTHORITY_MEMO_MAX_LENGTH ? undefined : authorities.get(raw);
    if (known != null && known.seed === this.model.seed) {
      this.counted = known;
      for (let k = 0; k < known.size; k++) {
        const w = this.reader.add(known.hash(k), known.charGram(k));
        if (w > 0) this.reader.enter(-1 - k, w);
      }
      return;
    }
    // Its features are the entries this reading makes while it visits them: it meets none of them before.
    const from = entryCount();
    visitAuthorityFeatures(raw, this);
    if (known === null) {
      const kept = keepEntries(from, entryCount(), this.model.seed);
      if (kept !== null) authorities.set(raw, kept);
    } else if (known === undefined && raw.length <= AUTHORITY_MEMO_MAX_LENGTH) authorities.set(raw, null);
  }

  nameOf(name: number): string {
    return name >= 0 ? featureAt(name) : this.counted!.name(-1 - name);
  }
}

/**
 * The URL model's reading of a URL: readModel(urlModel(), urlFeatures(input)), read as the features come, so the
 * character n-grams (most of a URL's features) are hashed without being built as strings or kept.
 */
export function readUrl(input: string, topK = 5): ModelReading {
  const reading = new UrlReading(urlModel(), topK);
  resetSeen();
  visitUrlFeatures(input, reading, (raw) => reading.authority(raw));
  return reading.reader.finish((name) => reading.nameOf(name));
}

/** The message model's reading of a text of the given kind. */
export function readMessage(kind: MessageKind, text: string, topK = 5): ModelReading {
  return readModel(messageModel(kind), textFeatures(text), topK);
}

let vocabulary: Vocabulary | undefined;
/** The words the texts' and letters' model read in enough of its training texts (vocabulary.ts). */
export function messageVocabulary(): Vocabulary {
  return (vocabulary ??= new Vocabulary(base64Bytes(MESSAGE_VOCABULARY_BASE64)));
}

/** A reading of a text, and the share of its words the model knows (null: not counted, or no word to count). */
export interface MessageReading {
  readonly reading: ModelReading;
  readonly known: number | null;
}

/**
 * readMessage, with the share of the text's words its model read in training: counted for texts and letters, whose
 * model is read in many languages; mail has a model of its own, trained on mail alone, and is not counted.
 */
export function readMessageKnown(kind: MessageKind, text: string, topK = 5): MessageReading {
  const features = textFeatures(text);
  const reading = readModel(messageModel(kind), features, topK);
  return { reading, known: kind === "email" ? null : messageVocabulary().share(vocabularyWords(features)) };
}

// Honest model readings for the rescore. The rescore fits how much a statistical model weighs beside the rules, so
// its reading of a training item must come from a model that never saw that item: for every item the shipped model
// trains on, the reading is out of fold (5 folds by a hash of the text; each fold read by a model trained on the
// other four, with the shipped model's settings, corpora and item filter). Held-out items keep the shipped model's
// own reading, as clients get it.

import { emailModelText, loadChannelItems, type ModelItem } from "../models/model-items.js";
import { MODEL_SPECS, shippedTrainingItems } from "../models/train.js";
import { outOfFoldLogits } from "../models/trainer.js";
import { loadSources, type CorpusChannel, type CorpusItem } from "../corpora/load.js";

const FOLDS = 5;

/**
 * Out-of-fold logits of the model that reads `channel`, by index into `items`, for the items that model trains on;
 * the others are absent.
 */
export async function outOfFoldReadings(
  channel: CorpusChannel,
  items: readonly CorpusItem[],
  heldOut: readonly boolean[],
): Promise<Map<number, number>> {
  const spec = MODEL_SPECS.find((s) => s.channels.includes(channel));
  if (spec === undefined) return new Map();
  const licence = new Map(loadSources(channel).map((s) => [s.id, s.commercial]));
  const own: { index: number; item: ModelItem }[] = [];
  for (const [index, item] of items.entries()) {
    const candidate: ModelItem = {
      channel,
      source: item.source,
      label: item.label,
      text: item.text,
      heldOut: heldOut[index] as boolean,
      commercial: licence.get(item.source) ?? null,
    };
    // Which items the shipped model trains on is decided before any mail is read.
    if (shippedTrainingItems([candidate]).length === 0) continue;
    const text = channel === "email" ? await emailModelText(item.text) : item.text;
    if (text !== null) own.push({ index, item: { ...candidate, text } });
  }
  // The model's other corpora train every fold too.
  const others: ModelItem[] = [];
  for (const c of spec.channels) {
    if (c !== channel) others.push(...shippedTrainingItems((await loadChannelItems(c)).items));
  }
  const logits = outOfFoldLogits([...own.map((o) => o.item), ...others], FOLDS, {
    ...spec.train,
    features: spec.features,
  });
  return new Map(own.map((o, i) => [o.index, logits[i] as number]));
}

// The corpora as the models read them. A URL, a text message or a letter is read as it is; an email is read by the
// email channel's own reader and reduced to what the channel's message analyzer reads (emailBodyText: the subject and
// the opening of the body, links written as where they go), so training and the engine see the same text.

import { emailBodyText } from "../../packages/core/src/channels/email/email-channel.js";
import { createPostalMimeReader } from "../../packages/providers/src/email/index.js";
import {
  isHeldOut,
  loadCorpus,
  loadHeldOut,
  loadSources,
  type CorpusChannel,
  type CorpusItem,
  type CorpusSource,
} from "../corpora/load.js";
import type { TrainItem } from "./trainer.js";

export interface ModelItem extends TrainItem {
  readonly channel: CorpusChannel;
  readonly heldOut: boolean;
  /** The source's manifest: true when its licence allows commercial use, false when not, null when unknown. */
  readonly commercial: boolean | null;
  readonly date?: string;
  readonly lang?: string;
  readonly kind?: string;
}

export interface ChannelItems {
  readonly channel: CorpusChannel;
  readonly sources: readonly CorpusSource[];
  readonly items: readonly ModelItem[];
  /** Emails the reader refused (too large, malformed). */
  readonly unread: number;
}

/** What the email channel's message analyzer reads of a raw message; null when the reader refuses it. */
export async function emailModelText(raw: string, reader = createPostalMimeReader()): Promise<string | null> {
  const read = await reader.read(raw);
  if (read.isErr()) return null;
  return emailBodyText(read.value).text;
}

/** Every item of a channel's corpora, read as its model reads it, marked held out or not and commercial or not. */
export async function loadChannelItems(channel: CorpusChannel): Promise<ChannelItems> {
  const sources = loadSources(channel);
  const commercial = new Map(sources.map((s) => [s.id, s.commercial]));
  const heldOut = loadHeldOut(channel);
  const reader = createPostalMimeReader();
  const items: ModelItem[] = [];
  let unread = 0;
  for (const item of loadCorpus(channel)) {
    const text = channel === "email" ? await emailModelText(item.text, reader) : item.text;
    if (text === null) {
      unread++;
      continue;
    }
    items.push(toModelItem(channel, item, text, isHeldOut(item, heldOut), commercial.get(item.source) ?? null));
  }
  return { channel, sources, items, unread };
}

function toModelItem(
  channel: CorpusChannel,
  item: CorpusItem,
  text: string,
  heldOut: boolean,
  commercial: boolean | null,
): ModelItem {
  return {
    channel,
    source: item.source,
    label: item.label,
    text,
    heldOut,
    commercial,
    ...(item.date !== undefined ? { date: item.date } : {}),
    ...(item.lang !== undefined ? { lang: item.lang } : {}),
    ...(item.kind !== undefined ? { kind: item.kind } : {}),
  };
}

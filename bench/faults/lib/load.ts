// Steady lookups for the outage scripts: workers send single lookups of the four JSON channels and QR images, each
// with an input never sent before (so none is served from the cache: a lookup answered 200 costs exactly one unit of
// its channel, and a QR image, whose text holds two links, two url units), and tally what the client saw.
import QRCode from "qrcode";
import { DEFAULT_REGISTRY, type AnyChannel } from "../../../packages/core/src/index.js";
import { json, send } from "./client.js";

/** The JSON channels that can make a body never sent before (their definitions' samples.fresh). */
const FRESH = DEFAULT_REGISTRY.channels.filter((c) => c.samples.fresh !== undefined);
/** The image upload the load sends: the QR channel, whose links are charged to another channel's quota. */
const QR = DEFAULT_REGISTRY.get("qr") as AnyChannel;
export const CHANNELS: readonly string[] = [...FRESH.map((c) => c.id), QR.id];
export type LoadChannel = string;

const BOUNDARY = "loadboundary";

async function qrUpload(n: number, run: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(
    `Pay your toll at https://toll-${run}-${n}.example.com/pay or https://backup-${run}-${n}.example.net/`,
    { margin: 2, scale: 3 },
  );
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="qr.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function request(channel: LoadChannel, n: number, run: string): { path: string; body: unknown } {
  const def = DEFAULT_REGISTRY.get(channel);
  const body = def?.samples.fresh?.(n, run);
  if (def === undefined || body === undefined) throw new Error(`the load cannot make a fresh ${channel} request`);
  return { path: def.http.path, body };
}

/** The quota a channel's lookups are counted against: its own, or the one it is charged to. */
function quotaOf(def: AnyChannel | undefined): string {
  const q = def?.quota;
  if (q === undefined || q === null) return def?.id ?? "?";
  return "id" in q ? q.id : q.chargedBy;
}

export interface Tally {
  requests: number;
  /** Units of lookups the client saw answered 200 with cached: false, by quota channel. */
  answeredUnits: Record<string, number>;
  /** 200 answers marked cached (none expected: every input is new). */
  cachedAnswers: number;
  statuses: Record<string, number>;
  codes: Record<string, number>;
  hangs: number;
  socketErrors: Record<string, number>;
  /** Time of each answer, its status and channel (for the timeline around an outage). */
  timeline: { at: number; status: number; channel: LoadChannel }[];
}

export function newTally(): Tally {
  return {
    requests: 0,
    answeredUnits: {},
    cachedAnswers: 0,
    statuses: {},
    codes: {},
    hangs: 0,
    socketErrors: {},
    timeline: [],
  };
}

/** Runs `workers` loops until `stop()` resolves true; each loop sends one lookup at a time. */
export async function runLoad(options: {
  base: string;
  key: string;
  workers: number;
  run: string;
  tally: Tally;
  until: () => boolean;
  channels?: readonly LoadChannel[];
  /** A pause between one worker's requests (ms, default 0). */
  pauseMs?: number;
  timeoutMs?: number;
}): Promise<void> {
  const channels = options.channels ?? CHANNELS;
  let n = 0;
  const t = options.tally;
  const worker = async (): Promise<void> => {
    while (!options.until()) {
      const i = n++;
      const channel = channels[i % channels.length]!;
      const auth = { authorization: `Bearer ${options.key}` };
      const ask =
        channel === QR.id
          ? {
              path: QR.http.path,
              headers: { ...auth, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
              body: await qrUpload(i, options.run),
            }
          : (() => {
              const { path, body } = request(channel, i, options.run);
              return { path, headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) };
            })();
      const a = await send(options.base, { method: "POST", ...ask, timeoutMs: options.timeoutMs ?? 10_000 });
      t.requests++;
      if (a.failure === "timeout") t.hangs++;
      else if (a.status === 0) t.socketErrors[a.failure ?? "?"] = (t.socketErrors[a.failure ?? "?"] ?? 0) + 1;
      else {
        t.statuses[a.status] = (t.statuses[a.status] ?? 0) + 1;
        t.timeline.push({ at: Date.now(), status: a.status, channel });
        const v = json<{ cached?: boolean; error?: { code?: string }; signals?: { urls_analyzed?: number } }>(a);
        if (a.status === 200) {
          // A QR image's links are charged to the quota its definition names (url), one unit each.
          const [quota, units] =
            channel === QR.id
              ? [quotaOf(QR), v?.signals?.urls_analyzed ?? 0]
              : [quotaOf(DEFAULT_REGISTRY.get(channel)), 1];
          if (v?.cached === false) t.answeredUnits[quota] = (t.answeredUnits[quota] ?? 0) + units;
          else t.cachedAnswers++;
        } else if (v?.error?.code) t.codes[v.error.code] = (t.codes[v.error.code] ?? 0) + 1;
      }
      if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
}

// Steady lookups for the outage scripts: workers send single lookups of the four JSON channels and QR images, each
// with an input never sent before (so none is served from the cache: a lookup answered 200 costs exactly one unit of
// its channel, and a QR image, whose text holds two links, two url units), and tally what the client saw.
import QRCode from "qrcode";
import { json, send } from "./client.js";

export const CHANNELS = ["url", "phone", "text", "email", "qr"] as const;
export type LoadChannel = (typeof CHANNELS)[number];

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

function request(channel: Exclude<LoadChannel, "qr">, n: number, run: string): { path: string; body: unknown } {
  switch (channel) {
    case "url":
      return { path: "/api/v1/url/lookup", body: { url: `https://fault-${run}-${n}.example.com/login?n=${n}` } };
    case "phone":
      // +1 202 555 0100-0199 and the like: distinct numbers of valid NANP form.
      return {
        path: "/api/v1/phone/lookup",
        body: { phone_number: `+1 (312) ${200 + (n % 800)}-${String(n % 10_000).padStart(4, "0")}` },
      };
    case "text":
      return { path: "/api/v1/text/analyze", body: { text: `Your parcel ${run}-${n} is held. Pay the fee today.` } };
    case "email":
      return {
        path: "/api/v1/email/analyze",
        body: {
          email_body: `Dear customer, invoice ${run}-${n} is overdue. Reply today.`,
          raw_headers: "From: billing@example.com\r\nSubject: Invoice",
        },
      };
  }
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
        channel === "qr"
          ? {
              path: "/api/v1/qr/analyze",
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
          // A QR image's links are charged to the url quota, one unit each.
          const [quota, units] = channel === "qr" ? ["url", v?.signals?.urls_analyzed ?? 0] : [channel, 1];
          if (v?.cached === false) t.answeredUnits[quota] = (t.answeredUnits[quota] ?? 0) + units;
          else t.cachedAnswers++;
        } else if (v?.error?.code) t.codes[v.error.code] = (t.codes[v.error.code] ?? 0) + 1;
      }
      if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
}

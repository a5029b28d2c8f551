// The inbound mail face: an SMTP listener (smtp-server) that takes a suspicious mail forwarded to it, as an
// attachment or inline, has the engine's email channel analyse the original, and answers the forwarder alone through
// the outbound relay, with the verdict in X-Scamverify-Verdict. It never answers a bounce (null sender) or an
// automatic reply, refuses a mail over its size during the SMTP session, limits how much one sender may send, and
// can post a JSON copy of each verdict to a webhook (a company's "report phishing" mailbox). Mail content is never
// logged.
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { Engine, Principal, RateLimiter } from "@scamverify/core";
import { isAutomatic, readForwardedMail, type ForwardedMail } from "./forwarded-mail.js";
import { defaultReply, type ReplyComposer } from "./reply.js";

/** What sends the replies: nodemailer's transport, or anything with the same sendMail. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers: Record<string, string>;
    inReplyTo?: string;
    references?: string;
    envelope: { from: string; to: string };
  }): Promise<unknown>;
}

export type MailLog = (level: "info" | "warn" | "error", message: string, fields: Record<string, unknown>) => void;

export interface InboundMailOptions {
  readonly engine: Pick<Engine, "analyzeEmail">;
  /** Whose quota and limits the analyses count against (an account of the mail face's own). */
  readonly principal: () => Promise<Principal>;
  readonly transport: MailTransport;
  /** The From of replies, e.g. "scamverify <check@example.com>". */
  readonly replyFrom: string;
  /** Largest mail taken, in bytes (default 4 MiB): announced in EHLO (SIZE) and refused with 552 past it. */
  readonly maxBytes?: number;
  /** Counts mails per sender; the listener refuses more than `perHour` from one sender with a 450. */
  readonly limiter: RateLimiter;
  readonly perHour?: number;
  /** Writes the reply (default: a plain summary; the server wires the page's words and next steps). */
  readonly compose?: ReplyComposer;
  /** Where a JSON copy of each verdict is posted. */
  readonly webhookUrl?: string;
  readonly fetch?: typeof globalThis.fetch;
  readonly log?: MailLog;
  /** The name in the greeting. */
  readonly hostname?: string;
  readonly now?: () => Date;
}

export interface RunningMailServer {
  readonly port: number;
  /** Resolves when every mail received so far has been answered (or dropped). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_MAIL_BYTES = 4 * 1024 * 1024;
const HOUR = 3_600_000;
const WEBHOOK_TIMEOUT_MS = 5_000;

function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The address alone of a From value ("Name <a@b>" -> a@b). */
function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/** Starts the listener on `port` (0: any free port) of `host`. */
export async function startInboundMailServer(
  options: InboundMailOptions,
  port: number,
  host?: string,
): Promise<RunningMailServer> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_MAIL_BYTES;
  const perHour = options.perHour ?? 20;
  const log: MailLog = options.log ?? (() => undefined);
  const now = options.now ?? (() => new Date());
  const compose = options.compose ?? defaultReply;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const ownAddress = bareAddress(options.replyFrom).toLowerCase();
  const pending = new Set<Promise<void>>();

  const handle = async (raw: Buffer, forwarder: string): Promise<void> => {
    let mail: ForwardedMail;
    try {
      mail = await readForwardedMail(raw);
    } catch {
      log("warn", "mail unreadable", { bytes: raw.length });
      return;
    }
    if (isAutomatic(mail.headers)) {
      log("info", "mail not answered: automatic", {});
      return;
    }
    const p = await options.principal();
    const original = mail.original;
    const analysed =
      original.kind === "none"
        ? null
        : await options.engine.analyzeEmail(
            p,
            original.kind === "attachment" ? { email_body: original.raw } : { email_body: original.text },
          );
    const result = analysed !== null && analysed.isOk() ? analysed.value.value : null;
    const reply = compose({
      result,
      forwardedAs: original.kind,
      subject: mail.headers.subject,
      language: mail.headers.language,
      forwarder,
    });
    const verdict = result === null ? "unknown" : result.verdict;
    await options.transport.sendMail({
      from: options.replyFrom,
      to: forwarder,
      subject: reply.subject,
      text: reply.text,
      ...(reply.html !== undefined ? { html: reply.html } : {}),
      headers: { "X-Scamverify-Verdict": verdict, "Auto-Submitted": "auto-replied" },
      ...(mail.headers.messageId ? { inReplyTo: mail.headers.messageId, references: mail.headers.messageId } : {}),
      envelope: { from: ownAddress, to: forwarder },
    });
    log("info", "mail answered", { verdict, forwarded_as: original.kind });
    if (options.webhookUrl !== undefined && result !== null) {
      const body = JSON.stringify({
        received_at: now().toISOString(),
        forwarded_by: forwarder,
        forwarded_as: original.kind,
        verdict: result.verdict,
        result,
      });
      await fetchFn(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      })
        .then((res) => {
          if (!res.ok) log("warn", "verdict webhook refused", { status: res.status });
        })
        .catch((e: unknown) => log("warn", "verdict webhook failed", { error: e instanceof Error ? e.name : "error" }));
    }
  };

  const server = new SMTPServer({
    name: options.hostname ?? "scamverify",
    banner: "scamverify: forward a suspicious mail here",
    size: maxBytes,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onMailFrom(address, _session, callback) {
      const sender = address.address.trim().toLowerCase();
      // A bounce (null sender) is taken and dropped: refusing it would only make the remote server retry.
      if (sender === "") return callback();
      if (sender === ownAddress) return callback(smtpError(550, "5.7.1 Mail from this address is not taken"));
      options.limiter
        .hit(`mail:from:${sender}`, perHour, HOUR, now())
        .then((d) =>
          d.allowed
            ? callback()
            : callback(smtpError(450, "4.7.1 Too many messages from this sender; try again later")),
        )
        .catch(() => callback());
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (stream.sizeExceeded || size > maxBytes) {
          return callback(smtpError(552, `5.3.4 Message too big: at most ${maxBytes} bytes`));
        }
        // The envelope is reset once the mail is accepted: read the forwarder first.
        const from = session.envelope.mailFrom;
        const forwarder = from === false ? "" : from.address.trim();
        callback();
        if (forwarder === "") {
          log("info", "mail not answered: null sender", {});
          return;
        }
        const job = handle(Buffer.concat(chunks, size), forwarder).catch((e: unknown) =>
          log("error", "mail failed", { error: e instanceof Error ? e.message : String(e) }),
        );
        pending.add(job);
        void job.finally(() => pending.delete(job));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (e: Error) => log("warn", "smtp error", { error: e.message }));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    idle: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

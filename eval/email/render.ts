// Renders a labelled message description into the raw message a mailbox shows under "show original": the receiving
// server's Received and Authentication-Results on top, then the sender's headers, then MIME parts.
import { crc32, deflateSync } from "node:zlib";
import QRCode from "qrcode";
import { fnv1a } from "../fnv1a.js";

export interface AttachmentSpec {
  readonly name: string;
  readonly type: string;
  /** The file's bytes. */
  readonly bytes: Uint8Array;
}

export interface AuthSpec {
  readonly spf: string;
  readonly dkim: string;
  readonly dmarc: string;
  /** The DMARC policy the receiver reports; "none" when absent. */
  readonly p?: string;
  /** Signing domain; the From domain when absent. */
  readonly dkimDomain?: string;
  readonly arc?: string;
}

export interface MessageSpec {
  readonly id: string;
  readonly label: "scam" | "legit";
  /** What the message is, for the report. */
  readonly what: string;
  readonly from: string;
  readonly to?: string;
  readonly replyTo?: string;
  readonly returnPath?: string;
  readonly subject: string;
  /** The receiving server's verdicts; null for a message whose receiver wrote none. */
  readonly auth: AuthSpec | null;
  /** The sending server's IP. */
  readonly ip?: string;
  readonly helo?: string;
  readonly text?: string;
  readonly html?: string;
  readonly attachments?: readonly AttachmentSpec[];
  readonly listId?: string;
  readonly listUnsubscribe?: boolean;
  readonly extraHeaders?: readonly string[];
}

function domainOf(address: string): string {
  const m = /@([^>\s]+)>?\s*$/.exec(address);
  return (m?.[1] ?? "unknown.invalid").toLowerCase();
}

function addressOf(header: string): string {
  return /<([^>]+)>/.exec(header)?.[1] ?? header.trim();
}

function wrap64(b64: string): string {
  return b64.replace(/.{1,76}/g, "$&\r\n").trimEnd();
}

export function renderMessage(spec: MessageSpec): string {
  const h = fnv1a(spec.id);
  const fromDomain = domainOf(spec.from);
  const returnPath = spec.returnPath ?? `bounce@${fromDomain}`;
  const envelopeDomain = domainOf(returnPath);
  const ip = spec.ip ?? `203.0.113.${(h % 200) + 20}`;
  const helo = spec.helo ?? `mail.${envelopeDomain}`;
  const to = spec.to ?? "jordan.lee@gmail.com";
  const minute = String(h % 60).padStart(2, "0");
  const date = `Tue, 5 Nov 2024 14:${minute}:07 +0000`;
  const lines: string[] = [];
  lines.push(`Delivered-To: ${addressOf(to)}`);
  lines.push(
    `Received: by 2002:a05:6a10:${(h % 9000).toString(16)}::1 with SMTP id q${h}; ${date.replace(":07", ":09")}`,
  );
  if (spec.auth !== null) {
    const a = spec.auth;
    const dkimDomain = a.dkimDomain ?? fromDomain;
    const parts = [
      `dkim=${a.dkim} header.i=@${dkimDomain} header.s=s${h % 3} header.b=Qx${(h % 99999).toString(36)}`,
      `spf=${a.spf} (google.com: domain of ${returnPath} designates ${ip} as permitted sender) smtp.mailfrom=${returnPath}`,
      `dmarc=${a.dmarc} (p=${(a.p ?? "none").toUpperCase()} sp=${(a.p ?? "none").toUpperCase()} dis=NONE) header.from=${fromDomain}`,
    ];
    if (a.arc !== undefined) parts.unshift(`arc=${a.arc} (i=1)`);
    lines.push(`Authentication-Results: mx.google.com;\r\n       ${parts.join(";\r\n       ")}`);
  }
  lines.push(
    `Received: from ${helo} (${helo}. [${ip}])\r\n        by mx.google.com with ESMTPS id x${h}si.1; ${date.replace(":07", ":08")}`,
  );
  lines.push(`Return-Path: <${returnPath}>`);
  lines.push(...(spec.extraHeaders ?? []));
  lines.push(`From: ${spec.from}`);
  lines.push(`To: ${to}`);
  if (spec.replyTo !== undefined) lines.push(`Reply-To: ${spec.replyTo}`);
  lines.push(`Subject: ${spec.subject}`);
  lines.push(`Date: ${date}`);
  lines.push(`Message-ID: <${h.toString(36)}.${spec.id}@${fromDomain}>`);
  if (spec.listId !== undefined) lines.push(`List-Id: ${spec.listId}`);
  if (spec.listUnsubscribe === true) {
    lines.push(`List-Unsubscribe: <https://${fromDomain}/unsubscribe?u=${h}>, <mailto:unsub-${h}@${fromDomain}>`);
  }
  lines.push("MIME-Version: 1.0");
  const text = spec.text ?? "";
  const html = spec.html;
  const attachments = spec.attachments ?? [];
  const alt = html === undefined ? null : `alt-${h}`;
  const mixed = attachments.length > 0 ? `mixed-${h}` : null;
  const bodyPart = (): string[] => {
    if (alt === null) return ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", text];
    const out = [`Content-Type: multipart/alternative; boundary="${alt}"`, ""];
    if (text !== "") out.push(`--${alt}`, "Content-Type: text/plain; charset=utf-8", "", text);
    out.push(`--${alt}`, "Content-Type: text/html; charset=utf-8", "", html ?? "", `--${alt}--`);
    return out;
  };
  if (mixed === null) {
    lines.push(...bodyPart());
  } else {
    lines.push(`Content-Type: multipart/mixed; boundary="${mixed}"`, "", `--${mixed}`, ...bodyPart());
    for (const a of attachments) {
      lines.push(
        `--${mixed}`,
        `Content-Type: ${a.type}; name="${a.name}"`,
        `Content-Disposition: attachment; filename="${a.name}"`,
        "Content-Transfer-Encoding: base64",
        "",
        wrap64(Buffer.from(a.bytes).toString("base64")),
      );
    }
    lines.push(`--${mixed}--`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** A minimal ZIP archive of stored entries (local file headers only), optionally flagged as encrypted. */
export function zipOf(entries: ReadonlyArray<readonly [string, string]>, encrypted = false): Uint8Array {
  const chunks: Buffer[] = [];
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(encrypted ? 1 : 0, 6);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    chunks.push(header, nameBytes, data);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export const bytesOf = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "latin1"));

/** The dark modules of a QR code of `text` (medium error correction), row by row. */
function codeModules(text: string): { size: number; dark: (r: number, c: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (r, c) => Boolean(modules.get(r, c)) };
}

/** A QR code of `text` as an 8-bit greyscale PNG, 4 pixels a module, with a 4-module quiet zone. Synchronous. */
export function qrPng(text: string): Uint8Array {
  const { size, dark } = codeModules(text);
  const scale = 4;
  const side = (size + 8) * scale;
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(side + 1, 255);
    row[0] = 0; // filter: none
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / scale) - 4;
      const c = Math.floor(x / scale) - 4;
      if (r >= 0 && c >= 0 && r < size && c < size && dark(r, c)) row[x + 1] = 0;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.concat(rows))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** A one-page Letter PDF: the lines of text from the top and, when given, a QR code of `code` drawn as squares. */
export function letterPdf(lines: readonly string[], code?: string): Uint8Array {
  const ops = ["BT /F1 11 Tf 72 730 Td 15 TL"];
  for (const line of lines) ops.push(`(${line.replace(/[()\\]/g, "\\$&")}) Tj T*`);
  ops.push("ET");
  if (code !== undefined) {
    const { size, dark } = codeModules(code);
    const unit = 4;
    ops.push("0 g");
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) if (dark(r, c)) ops.push(`${400 + c * unit} ${300 - r * unit} ${unit} ${unit} re`);
    }
    ops.push("f");
  }
  const stream = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) pdf += `${String(at).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return bytesOf(pdf);
}

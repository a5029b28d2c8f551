// The outbound relay for replies, from a URL such as smtp://user:pass@relay.example.com:587 (nodemailer's own URL
// form; smtps:// for TLS from the start).
import nodemailer from "nodemailer";
import type { MailTransport } from "./create-inbound-mail-server.js";

export function createSmtpTransport(url: string): MailTransport & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    sendMail: (message) => transport.sendMail(message),
    close: () => transport.close(),
  };
}

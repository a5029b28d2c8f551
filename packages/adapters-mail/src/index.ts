export { DEFAULT_MAX_MAIL_BYTES, startInboundMailServer } from "./create-inbound-mail-server.js";
export type { InboundMailOptions, MailLog, MailTransport, RunningMailServer } from "./create-inbound-mail-server.js";
export { createSmtpTransport } from "./smtp-transport.js";
export { inlineOriginal, isAutomatic, readForwardedMail } from "./forwarded-mail.js";
export type { ForwardedMail, Original, OuterHeaders } from "./forwarded-mail.js";
export { defaultReply } from "./reply.js";
export type { Reply, ReplyComposer, ReplyInput } from "./reply.js";

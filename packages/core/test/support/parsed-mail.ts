// A parsed mail for analyzer and engine tests: every field empty or absent unless the test sets it.
import type { MailAddress, ParsedMail } from "../../src/ports/mail-reader.js";

export function mailbox(name: string, address: string): MailAddress {
  const at = address.lastIndexOf("@");
  return { name, address, domain: at === -1 ? null : address.slice(at + 1).toLowerCase() };
}

export function parsedMail(over: Partial<ParsedMail> = {}): ParsedMail {
  return {
    kind: "rfc822",
    headers: [],
    from: null,
    fromCount: 1,
    replyTo: [],
    to: [],
    cc: [],
    returnPath: null,
    sender: null,
    subject: "",
    date: null,
    messageId: null,
    listId: null,
    listUnsubscribe: null,
    received: [],
    authenticationResults: [],
    text: "",
    links: [],
    attachments: [],
    raw: "",
    ...over,
  };
}

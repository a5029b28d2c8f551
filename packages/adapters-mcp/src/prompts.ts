// MCP prompts for the common investigations: a host offers them as ready-made requests ("check this number"), each
// telling the model which tool to call and how to report what it finds without inventing reasons.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

interface Investigation {
  readonly name: string;
  readonly title: string;
  readonly argument: string;
  readonly describe: string;
  readonly tool: string;
  readonly ask: (value: string) => string;
}

const REPORT =
  "Report the verdict, the risk score and the main findings from the result, quote its explanation, and say what " +
  "the person should do next (do not click, call back only on a number from the organisation's own website, report " +
  "it). Never call it safe when the result does not.";

export const INVESTIGATIONS: readonly Investigation[] = [
  {
    name: "investigate_phone_number",
    title: "Investigate a phone number",
    argument: "phone_number",
    describe: "The number that called or texted",
    tool: "check_phone",
    ask: (v) => `Someone was contacted from ${v}. Check it with check_phone.`,
  },
  {
    name: "investigate_url",
    title: "Investigate a link",
    argument: "url",
    describe: "The link as received",
    tool: "check_url",
    ask: (v) => `Is this link safe to open: ${v}? Check it with check_url.`,
  },
  {
    name: "investigate_text_message",
    title: "Investigate a text message",
    argument: "text",
    describe: "The message as received",
    tool: "check_text",
    ask: (v) => `Is this text message a scam? Check it with check_text. The message:\n\n${v}`,
  },
  {
    name: "investigate_email",
    title: "Investigate an email",
    argument: "email",
    describe: "The whole email, headers included when possible",
    tool: "check_email",
    ask: (v) =>
      `Is this email phishing? Check it with check_email (the whole message as email_body). The email:\n\n${v}`,
  },
];

/** Registers the investigations whose tools this server offers. */
export function registerPrompts(server: McpServer, tools: ReadonlySet<string>): void {
  for (const p of INVESTIGATIONS) {
    if (!tools.has(p.tool)) continue;
    server.registerPrompt(
      p.name,
      {
        title: p.title,
        description: `${p.title} with ${p.tool}`,
        argsSchema: { [p.argument]: z.string().describe(p.describe) },
      },
      (args: Record<string, string>) => ({
        messages: [{ role: "user", content: { type: "text", text: `${p.ask(args[p.argument] ?? "")}\n\n${REPORT}` } }],
      }),
    );
  }
}

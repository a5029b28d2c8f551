import { z } from "zod";

/** An account's two lists: allow (caps a verdict) and block (raises it). */
export const LIST_NAMES = ["allow", "block"] as const;
export const ListNameSchema = z.enum(LIST_NAMES).meta({ id: "ListName" });
export type ListName = z.infer<typeof ListNameSchema>;

/** What an entry names: a host and its subdomains, one URL, one phone number, or one sender address. */
export const LIST_ENTRY_KINDS = ["domain", "url", "phone", "sender"] as const;
export const ListEntryKindSchema = z.enum(LIST_ENTRY_KINDS).meta({
  id: "ListEntryKind",
  description:
    "domain: a host and every subdomain of it (example.com covers www.example.com, never badexample.com; a bare public suffix such as co.uk is refused); url: one URL, compared in its normalized form; phone: one number, compared in E.164; sender: one email address (the domain compared without case)",
});
export type ListEntryKind = z.infer<typeof ListEntryKindSchema>;

/** Most entries an account keeps over both lists (expired entries count until removed). */
export const MAX_LIST_ENTRIES = 10_000;
export const MAX_LIST_PAGE = 500;
export const DEFAULT_LIST_PAGE = 100;

const noNul = (s: string): boolean => !s.includes("\u0000");

export const ListEntryRequestSchema = z
  .object({
    kind: ListEntryKindSchema,
    value: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .refine(noNul, { message: "must not contain the NUL character" })
      .describe("The domain, URL, phone number or email address; stored in its normalized form"),
    note: z
      .string()
      .max(500)
      .refine(noNul, { message: "must not contain the NUL character" })
      .optional()
      .describe("Why the entry is there, for people"),
    expires_at: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("When the entry stops applying (ISO 8601); absent: never"),
  })
  .strict()
  .meta({ id: "ListEntryRequest" });
export type ListEntryRequest = z.infer<typeof ListEntryRequestSchema>;

export const ListEntrySchema = z
  .object({
    id: z.string(),
    list: ListNameSchema,
    kind: ListEntryKindSchema,
    value: z.string().describe("The normalized value lookups are compared with"),
    note: z.string().nullable(),
    expires_at: z.iso.datetime().nullable(),
    expired: z.boolean().describe("true once expires_at has passed: the entry no longer applies"),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "ListEntry", description: "One entry of an account's allow or block list" });
export type ListEntry = z.infer<typeof ListEntrySchema>;

export const ListEntryWriteSchema = ListEntrySchema.extend({
  created: z.boolean().describe("false when the entry existed already (same list, kind and value): it was updated"),
}).meta({ id: "ListEntryWrite" });
export type ListEntryWrite = z.infer<typeof ListEntryWriteSchema>;

export const ListQuerySchema = z
  .object({
    kind: ListEntryKindSchema.optional().describe("Only entries of this kind"),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_LIST_PAGE)
      .optional()
      .describe(`Entries per page, 1 to ${MAX_LIST_PAGE} (default ${DEFAULT_LIST_PAGE})`),
    cursor: z.string().max(200).optional().describe("next_cursor of the previous page"),
  })
  .strict()
  .meta({ id: "ListQuery" });
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const ListPageSchema = z
  .object({
    list: ListNameSchema,
    entries: z.array(ListEntrySchema).describe("Newest first"),
    next_cursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last"),
  })
  .meta({ id: "ListPage" });
export type ListPage = z.infer<typeof ListPageSchema>;

/** The factor ids a list entry adds to a result. */
export const ALLOWLIST_FACTOR = "account_allowlist";
export const BLOCKLIST_FACTOR = "account_blocklist";

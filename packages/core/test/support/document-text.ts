import type { DocumentText } from "../../src/index.js";

/** What a document reader gives for a one-page PDF whose text layer is `text`. */
export function onePageText(text: string): DocumentText {
  return {
    pages: [{ number: 1, text, method: "pdf_text" }],
    page_count: 1,
    pages_read: 1,
    truncated: false,
    images: [],
    links: [],
  };
}

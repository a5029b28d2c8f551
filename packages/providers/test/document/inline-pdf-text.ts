// The PDF text layer read with unpdf on the calling thread, the way the document reader read it before PDF.js had
// a thread of its own: the baseline of the document benchmark. unpdf is a dependency of providers only; bench/
// reaches it here.
import { getDocumentProxy } from "unpdf";
import { joinTextItems } from "../../src/document/pdf-text.js";

/** The text of the first `maxPages` pages, each streamed up to `maxPageChars` characters. */
export async function inlinePdfText(bytes: Uint8Array, maxPages = 10, maxPageChars = 20_000): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0 });
  try {
    const texts: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, maxPages); n++) {
      const page = await pdf.getPage(n);
      const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{
        items: { str?: string; hasEOL?: boolean }[];
      }>;
      let text = "";
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += joinTextItems(chunk.value.items);
        if (text.length > maxPageChars) break;
      }
      await reader.cancel().catch(() => undefined);
      await page.getAnnotations();
      page.cleanup();
      texts.push(text.slice(0, maxPageChars));
    }
    return texts;
  } finally {
    // As the reader did: the document is destroyed while the caller goes on.
    void pdf.destroy().catch(() => undefined);
  }
}

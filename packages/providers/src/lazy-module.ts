// Third-party readers and clients (sharp, zxing-wasm, tesseract.js, postal-mime, mailauth, undici, the OpenAI SDK)
// are loaded when first used, not when this package is imported: a command that reads no image, PDF or mail and
// makes no outbound call never pays for loading them.

/** Runs `load` on the first call and keeps its promise; a load that failed is tried again on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}

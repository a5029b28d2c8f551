// A job whose items are uploaded files (the document and QR channels): each file is one item, checked at submission
// exactly as the channel's single endpoint checks its `file` (size, magic bytes, image dimensions), and a refusal
// names the file by its position among the files (file[<index>], the index its answer will carry) and its name.
import { issueAt, appError, validationError, type AppError, type ValidationIssue } from "../errors.js";
import type { Upload } from "../channels/define-channel.js";

/** What an upload job carries: its files in order, and the job's other fields (form fields over HTTP). */
export interface JobFiles {
  readonly channel?: string;
  readonly webhook_url?: string;
  /** Bypass the cache for every file (each then costs its unit). */
  readonly force_refresh?: boolean;
  readonly files: readonly Upload[];
}

/** The body an upload item is stored with: everything but its bytes, which the store keeps beside it. */
export interface StoredFileItem {
  readonly file: { readonly filename?: string; readonly declaredType?: string; readonly size: number };
  readonly force_refresh?: boolean;
}

/** The field that names the file at `index` of a job. */
export function filePart(index: number): string {
  return `file[${index}]`;
}

/** A refusal of the file at `index`, with its code kept (413, 415 or 400) and the file named. */
export function fileRefusal(error: AppError, index: number, upload: Upload): AppError {
  const part = filePart(index);
  if (error.code === "validation_error") {
    const issues = (error.details?.["issues"] as ValidationIssue[] | undefined) ?? [];
    const named = issues.map((i) => issueAt({ ...i, field: "" }, part));
    return validationError(named.length > 0 ? named : [{ field: part, message: error.message }]);
  }
  const name = upload.filename === undefined ? "" : ` (${upload.filename.slice(0, 100)})`;
  return appError(error.code, `${part}${name}: ${error.message}`, {
    details: {
      ...error.details,
      part,
      ...(upload.filename !== undefined ? { filename: upload.filename.slice(0, 255) } : {}),
    },
  });
}

/** The stored body of an upload item. */
export function storedFileItem(upload: Upload, forceRefresh: boolean): StoredFileItem {
  return {
    file: {
      ...(upload.filename !== undefined ? { filename: upload.filename } : {}),
      ...(upload.declaredType !== undefined ? { declaredType: upload.declaredType } : {}),
      size: upload.bytes.byteLength,
    },
    ...(forceRefresh ? { force_refresh: true } : {}),
  };
}

/** The channel's request body again: the stored body with the stored bytes. */
export function fileRequestBody(stored: unknown, bytes: Uint8Array): Record<string, unknown> {
  const body = (stored ?? {}) as Partial<StoredFileItem>;
  const { filename, declaredType } = body.file ?? {};
  return {
    file: {
      bytes,
      ...(filename !== undefined ? { filename } : {}),
      ...(declaredType !== undefined ? { declaredType } : {}),
    },
    ...(body.force_refresh === true ? { force_refresh: true } : {}),
  };
}

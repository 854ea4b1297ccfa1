/**
 * Sends one file to an upload route (`/uploads/media`) as the request body, with progress
 * and a way to stop it. XMLHttpRequest, not fetch: only it reports upload progress in
 * every browser (a streaming fetch body needs HTTP/2 and is Chromium-only).
 */
export type UploadAnswer<T> = { ok: true; value: T } | { ok: false; message: string; fields?: Record<string, string> };

export type UploadOptions = {
  url: string;
  method?: "POST" | "PUT";
  file: File;
  csrfToken: string;
  /** Called as bytes leave: sent so far, and the whole size. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting it stops the upload; the promise then answers "cancelled". */
  signal?: AbortSignal;
};

type ErrorBody = { error?: { message?: unknown; fields?: unknown } };

function isFieldMessages(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && Object.values(value).every((item) => typeof item === "string");
}

/** The sentence for a refusal: the field's own message first (it says what is wrong with the file). */
export function refusalOf(status: number, body: unknown): { message: string; fields?: Record<string, string> } {
  const error = (body as ErrorBody | null)?.error;
  const fields = isFieldMessages(error?.fields) ? error.fields : undefined;
  const first = fields ? Object.values(fields)[0] : undefined;
  if (first) return { message: first, fields };
  if (typeof error?.message === "string") return { message: error.message };
  if (status === 413) return { message: "That file is too large for the portal." };
  if (status === 401) return { message: "Your session has ended. Sign in again, then upload the file again." };
  return { message: "The upload failed: the server did not take the file. Try again in a moment." };
}

export function uploadFile<T>(options: UploadOptions): Promise<UploadAnswer<T> | "cancelled"> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? "POST", options.url);
    request.responseType = "json";
    request.setRequestHeader("X-CSRF-Token", options.csrfToken);
    request.setRequestHeader("X-File-Name", encodeURIComponent(options.file.name));
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300) resolve({ ok: true, value: body as T });
      else resolve({ ok: false, ...refusalOf(request.status, body) });
    };
    request.onerror = () =>
      resolve({ ok: false, message: "The connection broke off before the file was sent. Try again." });
    request.onabort = () => resolve("cancelled");
    if (options.signal?.aborted) {
      resolve("cancelled");
      return;
    }
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(options.file);
  });
}

import { Hono, type Context } from "hono";
import type { Database } from "../db/client.ts";
import { DomainError, errorCodeOf, httpStatusOf, ValidationError } from "../domain/core/errors.ts";
import { getMedia, mediaUrl, openMediaFile, replaceMediaFile, uploadMedia, type Media } from "../domain/media/index.ts";
import { kindOfType, uploadKinds } from "../domain/uploads/kinds.ts";
import { nameForType } from "../domain/uploads/names.ts";
import { requestDomain, type GraphQLDeps } from "../graphql/context.ts";
import { answerStoredFile } from "./byte-ranges.ts";
import { callerOf } from "./caller.ts";
import { contentDisposition, fileErrorResponse } from "./file-answer.ts";
import type { AppEnv } from "./env.ts";
import { requestInfo } from "./request-info.ts";
import { requestBody, type DownloadBrokenOff, type RequestBody } from "./transfers.ts";

/** The largest upload of any kind (an archive): a declared length past it is refused before a byte is read. */
const largestUpload = Math.max(...Object.values(uploadKinds).map((kind) => kind.maxBytes));

type Deps = {
  deps: GraphQLDeps & { db: Database };
  proxyHops: number;
  /** A download broken off (the metrics); uploads are counted where every request is (`countAnswers`). */
  downloadBrokenOff?: DownloadBrokenOff | undefined;
};

/** An error as the upload routes answer it: JSON, with the code and field messages the API uses. */
function errorJson(c: Context, error: unknown): Response {
  if (!(error instanceof DomainError)) throw error;
  const code = errorCodeOf(error);
  return c.json(
    {
      error: {
        code,
        message: error.message,
        ...(error instanceof ValidationError ? { fields: error.fields } : {}),
      },
    },
    httpStatusOf(code) as 400 | 401 | 403 | 404 | 409 | 429 | 503,
    { "Cache-Control": "no-store" },
  );
}

function refusal(c: Context, status: 400 | 401 | 403 | 413, code: string, message: string, headers = {}): Response {
  return c.json({ error: { code, message } }, status, { "Cache-Control": "no-store", ...headers });
}

/**
 * An upload that failed, answered. The client gone mid-way is no fault: the store has
 * closed and removed what it wrote, and the answer reaches no one. A refusal sent before
 * the whole upload was read closes the connection after it, the rest unread.
 */
function uploadFailed(c: Context, error: unknown, body: RequestBody): Response {
  body.release();
  if (body.brokenOff()) {
    return refusal(c, 400, "BAD_REQUEST", "The upload broke off before the whole file arrived: nothing was kept.");
  }
  const response = errorJson(c, error);
  if (body.unread()) response.headers.set("Connection", "close");
  return response;
}

/** What an upload answers: the file as the API shows it (its addresses included). */
function mediaJson(file: Media) {
  return {
    id: file.id,
    kind: file.kind,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    width: file.width,
    height: file.height,
    version: file.version,
    url: mediaUrl(file, "original"),
    thumbnailUrl: file.kind === "image" ? mediaUrl(file, "thumb") : null,
  };
}

/** `X-File-Name`, percent-encoded (encodeURIComponent) so any name fits in a header. */
function fileNameOf(c: Context): string | null {
  const header = c.req.header("x-file-name");
  if (!header) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

/**
 * Uploads to the media library, streamed straight from the request into the file store
 * (ADR 021, 022): `POST /uploads/media` adds a file, `PUT /uploads/media/:id?version=N`
 * replaces one. The body is the file's bytes, whatever its Content-Type says;
 * `X-File-Name` carries its name. A session needs `X-CSRF-Token`; a personal access
 * token (Authorization) works too. Mounted after the session middleware.
 */
export function mediaUploadRoutes(options: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use(async (c, next) => {
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    if (declared > largestUpload) {
      return refusal(c, 413, "BAD_REQUEST", "That file is larger than 2 GB, the largest upload the portal takes.");
    }
    return next();
  });

  async function context(c: Context<AppEnv>) {
    const caller = await callerOf(c, options.deps.db, ["POST", "PUT"]);
    if (!caller.ok) return refusal(c, caller.status, caller.code, caller.message, caller.headers);
    const name = fileNameOf(c);
    if (name === null) {
      return refusal(c, 400, "VALIDATION_FAILED", "Send the file's name in X-File-Name (percent-encoded).");
    }
    return {
      domain: requestDomain(options.deps, { actor: caller.actor, info: requestInfo(c, options.proxyHops) }),
      name,
    };
  }

  routes.post("/", async (c) => {
    const ready = await context(c);
    if (ready instanceof Response) return ready;
    const body = requestBody(c);
    try {
      const file = await uploadMedia(ready.domain, { file: body.stream, name: ready.name });
      return c.json({ media: mediaJson(file) }, 201, { "Cache-Control": "no-store" });
    } catch (error) {
      return uploadFailed(c, error, body);
    }
  });

  routes.put("/:id", async (c) => {
    const ready = await context(c);
    if (ready instanceof Response) return ready;
    const version = Number(c.req.query("version"));
    const body = requestBody(c);
    try {
      const file = await replaceMediaFile(ready.domain, {
        id: c.req.param("id"),
        version,
        file: body.stream,
        name: ready.name,
      });
      return c.json({ media: mediaJson(file) }, 200, { "Cache-Control": "no-store" });
    } catch (error) {
      return uploadFailed(c, error, body);
    }
  });
  return routes;
}

/**
 * `/media/:id/:folder/:variant`: a file of the library, for whoever may read it. The
 * address names the file's folder, which a replacement changes, so it is cached for good
 * (privately: files are never public). Images show inline; anything else downloads.
 * Byte ranges are answered, so a large archive's download can resume. `/media/:id` sends
 * people on to the current file (what markdown links to).
 */
export function mediaFileRoutes(options: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/:id", async (c) => {
    const caller = await callerOf(c, options.deps.db, []);
    if (!caller.ok) return c.text(caller.message, caller.status, { ...caller.headers, "Cache-Control": "no-store" });
    try {
      const domain = requestDomain(options.deps, { actor: caller.actor, info: requestInfo(c, options.proxyHops) });
      const file = await getMedia(domain, { id: c.req.param("id") });
      return c.redirect(mediaUrl(file, "original"), 302);
    } catch (error) {
      return fileErrorResponse(c, error);
    }
  });
  routes.get("/:id/:folder/:variant", async (c) => {
    const caller = await callerOf(c, options.deps.db, []);
    if (!caller.ok) return c.text(caller.message, caller.status, { ...caller.headers, "Cache-Control": "no-store" });
    try {
      const domain = requestDomain(options.deps, { actor: caller.actor, info: requestInfo(c, options.proxyHops) });
      const variant = c.req.param("variant");
      const opened = await openMediaFile(domain, { id: c.req.param("id"), folder: c.req.param("folder"), variant });
      const { file } = opened;
      const image = opened.contentType.startsWith("image/");
      // A file is never a page: nothing in it runs, whatever a browser thinks it is.
      c.set("contentSecurityPolicy", "default-src 'none'; sandbox");
      return await answerStoredFile(c, {
        brokenOff: options.downloadBrokenOff,
        files: options.deps.ports.files,
        key: opened.key,
        size: opened.size,
        // The original's bytes are its SHA-256; the other sizes were made with it, when it was uploaded.
        validators: {
          etag: variant === "original" ? `"${file.sha256}"` : undefined,
          lastModified: file.fileUploadedAt,
        },
        headers: {
          "Content-Type": opened.contentType,
          // Saved under a name that ends as the bytes are (a thumbnail is WebP), whatever name was stored.
          "Content-Disposition": contentDisposition(
            image ? "inline" : "attachment",
            nameForType(file.name, kindOfType(opened.contentType)?.extension ?? file.extension, file.extension),
          ),
          "Cache-Control": "private, max-age=31536000, immutable",
          "X-Content-Type-Options": "nosniff",
        },
      });
    } catch (error) {
      return fileErrorResponse(c, error);
    }
  });
  return routes;
}

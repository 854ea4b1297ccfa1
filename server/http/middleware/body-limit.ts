import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";

/** What an upload may weigh on the wire: a 5 MB picture and the form around it. */
export const uploadBodyLimit = 6 * 1024 * 1024;

export function isMultipart(c: Context): boolean {
  return /^multipart\/form-data/i.test(c.req.header("content-type") ?? "");
}

/**
 * A body limit chosen per request, enforced while the body streams in (a declared
 * Content-Length over it is refused before anything is read): multipart requests that
 * `allowsUpload` lets carry files get the upload limit, everything else the small one.
 */
export function requestBodyLimit(options: {
  maxSize: number;
  allowsUpload: (c: Context<AppEnv>) => boolean;
  refuse: (c: Context, upload: boolean) => Response;
}): MiddlewareHandler<AppEnv> {
  const small = bodyLimit({ maxSize: options.maxSize, onError: (c) => options.refuse(c, false) });
  const large = bodyLimit({ maxSize: uploadBodyLimit, onError: (c) => options.refuse(c, true) });
  return (c, next) => (isMultipart(c) && options.allowsUpload(c) ? large(c, next) : small(c, next));
}

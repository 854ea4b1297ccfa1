import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";

/** What an upload may weigh on the wire: a 5 MB picture and the form around it. */
const uploadBodyLimit = 6 * 1024 * 1024;

/**
 * What the longest text the product takes may weigh on the wire: a doc of 200,000
 * characters in any script, form-encoded (up to 9 bytes a character: "%E8%AA%9E"), with
 * its title and settings.
 */
const longTextBodyLimit = 2 * 1024 * 1024;

function isMultipart(c: Context): boolean {
  return /^multipart\/form-data/i.test(c.req.header("content-type") ?? "");
}

/**
 * A body limit chosen per request, enforced while the body streams in (a declared
 * Content-Length over it is refused before anything is read): multipart requests that
 * `allowsUpload` lets carry files get the upload limit, the paths that take long text
 * (`takesLongText`) the long-text limit, everything else the small one.
 */
export function requestBodyLimit(options: {
  maxSize: number;
  allowsUpload: (c: Context<AppEnv>) => boolean;
  takesLongText?: (c: Context<AppEnv>) => boolean;
  refuse: (c: Context, upload: boolean) => Response;
}): MiddlewareHandler<AppEnv> {
  const small = bodyLimit({ maxSize: options.maxSize, onError: (c) => options.refuse(c, false) });
  const text = bodyLimit({ maxSize: longTextBodyLimit, onError: (c) => options.refuse(c, false) });
  const large = bodyLimit({ maxSize: uploadBodyLimit, onError: (c) => options.refuse(c, true) });
  return (c, next) => {
    if (isMultipart(c) && options.allowsUpload(c)) return large(c, next);
    return options.takesLongText?.(c) ? text(c, next) : small(c, next);
  };
}

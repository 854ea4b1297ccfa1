import { Hono } from "hono";
import { getUserPicture } from "../domain/users/index.ts";
import { requestDomain, type GraphQLDeps } from "../graphql/context.ts";
import type { AppEnv } from "./env.ts";
import { domainErrorResponse } from "./errors.ts";
import { requestInfo } from "./request-info.ts";
import { fileBody, type DownloadBrokenOff } from "./transfers.ts";

/**
 * /dashboard/pictures/:userId: a person's uploaded picture, for whoever may see that
 * person (the domain decides; someone out of reach reads as no one). Each upload has its
 * own address (`?v=`), so a browser keeps it for good; it is private, so no shared cache
 * does. Mounted after the session middleware.
 */
export function pictureRoutes(options: {
  deps: GraphQLDeps;
  proxyHops: number;
  downloadBrokenOff?: DownloadBrokenOff | undefined;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/:userId", async (c) => {
    try {
      const image = await getUserPicture(
        requestDomain(options.deps, { actor: c.get("actor"), info: requestInfo(c, options.proxyHops) }),
        { userId: c.req.param("userId") },
      );
      return c.body(fileBody(c, image.body, options.downloadBrokenOff), 200, {
        "Content-Type": "image/webp",
        "Content-Length": String(image.size),
        "Cache-Control": c.req.query("v") ? "private, max-age=31536000, immutable" : "private, no-cache",
      });
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
  return routes;
}

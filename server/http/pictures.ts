import { Hono } from "hono";
import { ForbiddenError, NotFoundError, ValidationError } from "../domain/errors.ts";
import { getUserPicture } from "../domain/pictures.ts";
import { requestDomain, type GraphQLDeps } from "../graphql/context.ts";
import type { AppEnv } from "./env.ts";
import { requestInfo } from "./request-info.ts";

/**
 * /dashboard/pictures/:userId: a person's uploaded picture, for whoever may see that
 * person (the domain decides). Each upload has its own address (`?v=`), so a browser
 * keeps it for good; it is private, so no shared cache does. Mounted after the session
 * middleware.
 */
export function pictureRoutes(options: { deps: GraphQLDeps; proxyHops: number }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/:userId", async (c) => {
    const refuse = (status: 401 | 403 | 404, message: string) =>
      c.text(message, status, { "Cache-Control": "no-store" });
    const actor = c.get("actor");
    if (!actor) return refuse(401, "Sign in to see this picture.");
    try {
      const image = await getUserPicture(
        requestDomain(options.deps, { actor, info: requestInfo(c, options.proxyHops) }),
        { userId: c.req.param("userId") },
      );
      return c.body(new Uint8Array(image), 200, {
        "Content-Type": "image/webp",
        "Content-Length": String(image.byteLength),
        "Cache-Control": c.req.query("v") ? "private, max-age=31536000, immutable" : "private, no-cache",
      });
    } catch (error) {
      if (error instanceof ForbiddenError) return refuse(403, error.message);
      // A malformed id names no one, as an unknown one does.
      if (error instanceof NotFoundError || error instanceof ValidationError)
        return refuse(404, "There is no such picture.");
      throw error;
    }
  });
  return routes;
}

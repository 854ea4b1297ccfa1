import type { Hono } from "hono";
import type { SessionStore } from "../domain/users/session-store.ts";
import type { GraphQLDeps } from "../graphql/context.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./env.ts";
import { mediaFileRoutes, mediaUploadRoutes } from "./media.ts";
import { sessionReader } from "./middleware/session.ts";
import { pictureRoutes } from "./pictures.ts";
import { releaseDownloadRoutes, releaseFeedRoutes } from "./releases.ts";
import type { DownloadBrokenOff } from "./transfers.ts";

/** The routes that take uploads and answer with files, as their patterns: their broken-off transfers are counted from zero. */
export const transferRoutes = {
  upload: ["/uploads/media", "/uploads/media/:id", "/graphql"],
  download: ["/media/:id/:folder/:variant", "/downloads/releases/:releaseId/:mediaId", "/dashboard/pictures/:userId"],
} as const;

/**
 * The routes that move files, outside React Router: profile pictures, the media library's
 * uploads and files, and releases' feeds and recorded downloads. Each reads the session
 * first, but the feeds: they are the same for everyone.
 */
export function fileRoutes(
  app: Hono<AppEnv>,
  options: {
    sessions: SessionStore;
    log: Logger;
    deps: GraphQLDeps;
    proxyHops: number;
    publicUrl: URL;
    siteName: string;
    /** A download that ended before its file was all sent (the metrics). */
    downloadBrokenOff?: DownloadBrokenOff | undefined;
  },
): void {
  const { sessions, log, deps, proxyHops, downloadBrokenOff } = options;
  app.use("/dashboard/pictures/*", sessionReader(sessions, log));
  app.route("/dashboard/pictures", pictureRoutes({ deps, proxyHops, downloadBrokenOff }));

  // The media library's files: uploads stream from the request into the store, and back out.
  // "/uploads/media/*" matches "/uploads/media" itself too.
  app.use("/uploads/media/*", sessionReader(sessions, log));
  app.route("/uploads/media", mediaUploadRoutes({ deps, proxyHops }));
  app.use("/media/*", sessionReader(sessions, log));
  app.route("/media", mediaFileRoutes({ deps, proxyHops, downloadBrokenOff }));

  const releaseDeps = { deps, proxyHops, publicUrl: options.publicUrl, siteName: options.siteName, downloadBrokenOff };
  app.route("/releases", releaseFeedRoutes(releaseDeps));
  app.use("/downloads/releases/*", sessionReader(sessions, log));
  app.route("/downloads/releases", releaseDownloadRoutes(releaseDeps));
}

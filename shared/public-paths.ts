/** Every public page of the site (spec §2), in the order the sitemap lists them. */
export const publicPaths = [
  "/",
  "/about",
  "/about/contact",
  "/about/faq",
  "/about/get-certified",
  "/business",
  "/consumer",
  "/health-conditions",
  "/health-conditions/bone-health",
  "/health-conditions/type-2-diabetes",
  "/locations",
  "/products",
  "/products/v4",
  "/products/v5",
  "/research",
  "/testimonials",
] as const;

export type PublicPath = (typeof publicPaths)[number];

export function isPublicPath(path: string): path is PublicPath {
  return (publicPaths as readonly string[]).includes(path);
}

/**
 * Public pages that show the database: the server renders them at start and again when
 * what they show changes (server/http/live-pages.ts), not the build.
 */
export const livePaths: readonly PublicPath[] = ["/locations"];

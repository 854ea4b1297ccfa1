/**
 * Speculation rules: prerender the public page a visitor is about to open (hover or
 * pointer-down), never the signed-in areas or sign-in endpoints.
 */
export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: ["/auth/*", "/idp/*", "/dashboard", "/dashboard/*", "/docs", "/docs/*", "/api/*"] } },
          { not: { selector_matches: "[rel~=nofollow], [target=_blank]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

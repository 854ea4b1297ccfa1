import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The route table, written out to mirror spec §2. Every marketing page is the same
 * content-driven module, told apart by its route id; its words live in content/pages.
 */
const page = "routes/site/content-page.tsx";

export default [
  layout("layouts/default.tsx", [
    index(page, { id: "site/home" }),
    route("about", page, { id: "site/about" }),
    route("about/contact", "routes/site/contact.tsx", { id: "site/about-contact" }),
    route("about/contact/sent", "routes/site/contact-sent.tsx"),
    route("about/faq", page, { id: "site/about-faq" }),
    route("about/get-certified", "routes/site/get-certified.tsx", { id: "site/about-get-certified" }),
    route("about/get-certified/sent", "routes/site/application-sent.tsx"),
    route("about/:product", "routes/site/about-product.tsx"),
    route("business", page, { id: "site/business" }),
    route("consumer", page, { id: "site/consumer" }),
    route("health-conditions", page, { id: "site/health-conditions" }),
    route("health-conditions/bone-health", page, { id: "site/health-bone-health" }),
    route("health-conditions/type-2-diabetes", page, { id: "site/health-type-2-diabetes" }),
    route("locations", "routes/site/locations.tsx", { id: "site/locations" }),
    route("products", page, { id: "site/products" }),
    route("products/v4", page, { id: "site/products-v4" }),
    route("products/v5", page, { id: "site/products-v5" }),
    route("research", page, { id: "site/research" }),
    route("testimonials", page, { id: "site/testimonials" }),
    route("v5", "routes/site/v5.ts"),
    // A published stable release's public page, beside its product's feeds (/releases/v5.atom).
    route("releases/:product/:versionNumber", "routes/site/release.tsx", { id: "site/release" }),
    // Spec §2: the docs area needs a signed-in user. Reading is in the default layout.
    route("docs", "routes/docs/index.tsx", { id: "docs/index" }),
    route("docs/search", "routes/docs/search.tsx", { id: "docs/search" }),
    route("docs/*", "routes/docs/page.tsx", { id: "docs/page" }),
    route("*", "routes/site/not-found.tsx"),
  ]),
  // The portal (spec §2): login required, hydrated, in the dashboard layout.
  layout("layouts/dashboard.tsx", [
    route("dashboard", "routes/dashboard/home.tsx"),
    route("dashboard/admin/users", "routes/dashboard/users/route.tsx"),
    route("dashboard/admin/organizations", "routes/dashboard/organizations/route.tsx"),
    route("dashboard/admin/inquiries", "routes/dashboard/inquiries/route.tsx"),
    route("dashboard/admin/inquiries/applications", "routes/dashboard/inquiries/applications/route.tsx"),
    route("dashboard/admin/activity", "routes/dashboard/activity/route.tsx"),
    route("dashboard/admin/config", "routes/dashboard/config/route.tsx"),
    route("dashboard/admin/media", "routes/dashboard/media/route.tsx"),
    route("dashboard/releases", "routes/dashboard/releases/route.tsx"),
    route("dashboard/admin/docs", "routes/dashboard/docs/route.tsx"),
    route("dashboard/admin/docs/:id/history", "routes/dashboard/docs/history.tsx"),
    // Spec §2: settings has a default child at the same path.
    route("dashboard/settings", "routes/dashboard/settings/layout.tsx", [
      index("routes/dashboard/settings/profile.tsx"),
    ]),
    route("dashboard/*", "routes/dashboard/not-found.tsx", { id: "dashboard/not-found" }),
  ]),
  // Writing docs (spec §2): the docs layout, built for writing; hydrated.
  layout("layouts/docs.tsx", [
    route("docs/add", "routes/docs/editor.tsx", { id: "docs/add" }),
    route("docs/edit", "routes/docs/editor.tsx", { id: "docs/edit" }),
  ]),
  // The activity log as a CSV file (a download, outside the layout).
  route("dashboard/admin/activity/export", "routes/dashboard/activity/export.ts"),
  route("dashboard/admin/inquiries/export", "routes/dashboard/inquiries/export.ts"),
  // The embedded identity provider's hosted pages (the provider itself is mounted at /idp by the server).
  layout("layouts/auth.tsx", [
    route("idp/interaction/:uid", "routes/auth/sign-in.tsx"),
    route("idp/interaction/:uid/signup", "routes/auth/sign-up.tsx"),
    route("idp/password/forgot", "routes/auth/forgot-password.tsx"),
    route("idp/password/reset/:token", "routes/auth/reset-password.tsx"),
  ]),
  route("api/search.json", "routes/resources/search-index.ts"),
  route("api/docs/search.json", "routes/resources/docs-search.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
] satisfies RouteConfig;

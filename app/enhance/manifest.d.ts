declare module "virtual:enhance-manifest" {
  /** Enhancement entry name to its hashed URL, e.g. { site: "/assets/enhance-site-3f2a.js" }. */
  const manifest: Record<"site" | "docs" | "forms" | "locations", string> | null;
  export default manifest;
}

// Content files are turned into validated JSON modules by scripts/vite/content.ts.
declare module "*/content/site.yaml" {
  // An ambient module cannot hold an import statement; the inline type import is the way.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const site: import("./schema.ts").SiteConfig;
  export default site;
}

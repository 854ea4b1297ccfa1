import { Breadcrumbs } from "../site/breadcrumbs.tsx";

/** Docs › each section above the page; the page itself is the heading below. */
export function DocBreadcrumbs({ crumbs }: { crumbs: readonly { title: string; path: string }[] }) {
  return (
    <Breadcrumbs
      trail={[
        { title: "Docs", href: "/docs" },
        ...crumbs.map((crumb) => ({ title: crumb.title, href: `/docs/${crumb.path}` })),
      ]}
    />
  );
}

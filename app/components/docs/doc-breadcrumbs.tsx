import { ChevronRight } from "lucide-react";

/** Docs › each section above the page; the page itself is the heading below. */
export function DocBreadcrumbs({ crumbs }: { crumbs: readonly { title: string; path: string }[] }) {
  const trail = [
    { title: "Docs", href: "/docs" },
    ...crumbs.map((crumb) => ({ title: crumb.title, href: `/docs/${crumb.path}` })),
  ];
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-700 dark:text-gray-300">
        {trail.map((crumb, index) => (
          <li key={crumb.href} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight aria-hidden="true" className="size-4 text-gray-500" /> : null}
            <a
              href={crumb.href}
              className="underline-offset-2 hover:text-gray-950 hover:underline dark:hover:text-white"
            >
              {crumb.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

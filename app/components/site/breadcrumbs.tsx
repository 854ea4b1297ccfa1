import { ChevronRight } from "lucide-react";

export type Crumb = { title: string; href: string };

/**
 * Where a public page sits: each page above it as a link, in order, then the page itself
 * when `current` names it (marked `aria-current="page"`). Plain links, so it works on the
 * pages that are not hydrated. Without `current` the trail ends at the page above, for a
 * page whose heading follows at once (a doc).
 */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current?: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-base text-gray-700 dark:text-gray-300">
        {trail.map((crumb, index) => (
          <li key={crumb.href} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight aria-hidden="true" className="size-4 text-gray-500" /> : null}
            <a href={crumb.href} className="underline underline-offset-2 hover:text-gray-950 dark:hover:text-white">
              {crumb.title}
            </a>
          </li>
        ))}
        {current ? (
          <li className="flex items-center gap-1">
            {trail.length > 0 ? <ChevronRight aria-hidden="true" className="size-4 text-gray-500" /> : null}
            <span aria-current="page">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

import type { ReactNode } from "react";
import { cn } from "../../ui/cn.ts";
import { GridItem, PageGrid, type GridWidth } from "../../ui/page-grid.tsx";

/** A page section: an anchor for search results, a heading and an optional lead. */
export function SectionFrame({
  id,
  title,
  lead,
  tone = "plain",
  width = "base",
  children,
}: {
  id: string;
  title: string;
  lead?: string | undefined;
  tone?: "plain" | "muted";
  width?: GridWidth;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("py-16 sm:py-20", tone === "muted" && "bg-gray-50 dark:bg-gray-900/60")}
    >
      <PageGrid>
        <GridItem width={width}>
          <div className="max-w-3xl">
            <h2
              id={headingId}
              className="text-2xl font-bold tracking-tight text-balance text-gray-950 sm:text-3xl dark:text-white"
            >
              {title}
            </h2>
            {lead ? (
              <p className="mt-4 text-lg leading-8 text-pretty text-gray-600 dark:text-gray-300">{lead}</p>
            ) : null}
          </div>
          <div className="mt-10">{children}</div>
        </GridItem>
      </PageGrid>
    </section>
  );
}

export function Markdown({ html, className }: { html: { __html: string }; className?: string }) {
  return <div className={cn("prose-content", className)} dangerouslySetInnerHTML={html} />;
}

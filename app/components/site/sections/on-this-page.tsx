import type { RenderedSection } from "../../../../content/render.ts";
import { PageGrid } from "../../ui/page-grid.tsx";

/** Long pages open with jump links to their sections, so nobody has to scroll through them to find one. */
export function OnThisPage({ sections }: { sections: RenderedSection[] }) {
  return (
    <nav
      aria-labelledby="on-this-page"
      className="border-b border-gray-200 bg-white py-6 dark:border-gray-800 dark:bg-gray-950"
    >
      <PageGrid>
        <div className="col-span-10">
          <h2 id="on-this-page" className="text-base font-semibold text-gray-700 dark:text-gray-300">
            On this page
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-gray-200 px-4 text-base font-medium text-gray-800 hover:border-bdblue-300 hover:bg-bdblue-50 hover:text-bdblue-800 dark:border-gray-700 dark:text-gray-200 dark:hover:border-bdblue-700 dark:hover:bg-bdblue-950 dark:hover:text-bdblue-100"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </PageGrid>
    </nav>
  );
}

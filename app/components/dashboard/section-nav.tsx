/**
 * The sections of a long settings page, as links to each (`#id`): a plain list of
 * anchors, so it works before the page's script has loaded and takes focus where it leads.
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly (readonly [string, string])[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2 text-base">
      {sections.map(([id, title]) => (
        <a
          key={id}
          href={`#${id}`}
          className="rounded-lg px-3 py-2 font-semibold text-bdblue-700 underline-offset-2 ring-1 ring-gray-200 hover:underline dark:text-bdblue-300 dark:ring-gray-800"
        >
          {title}
        </a>
      ))}
    </nav>
  );
}

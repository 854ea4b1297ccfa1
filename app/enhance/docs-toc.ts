/**
 * Scroll-spy for the docs' table of contents: the section being read is marked
 * (`aria-current="true"`) in every table of contents on the page. Without JavaScript the
 * table is plain links; this only adds the mark.
 */
export function initDocsToc(root: ParentNode = document) {
  const links = [...root.querySelectorAll<HTMLAnchorElement>("a[data-toc]")];
  if (links.length === 0 || !("IntersectionObserver" in window)) return;
  const ids = [...new Set(links.map((link) => link.dataset.toc ?? ""))].filter(Boolean);
  const headings = ids
    .map((id) => document.getElementById(id))
    .filter((heading): heading is HTMLElement => heading !== null);
  const visible = new Set<string>();
  let current = "";

  const mark = (id: string) => {
    if (id === current) return;
    current = id;
    for (const link of links) {
      if (link.dataset.toc === id) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
  };

  // The current section is the first heading on screen, or else the last one scrolled past.
  const update = () => {
    const first = headings.find((heading) => visible.has(heading.id));
    if (first) return mark(first.id);
    const above = headings.filter((heading) => heading.getBoundingClientRect().top < 0).at(-1);
    mark(above?.id ?? headings[0]?.id ?? "");
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target.id);
        else visible.delete(entry.target.id);
      }
      update();
    },
    { rootMargin: "0px 0px -55% 0px" },
  );
  for (const heading of headings) observer.observe(heading);
}

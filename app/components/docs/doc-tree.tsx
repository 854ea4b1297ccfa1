import { ChevronRight } from "lucide-react";
import { cn } from "../ui/cn.ts";

export type TreeEntry = {
  id: string;
  parentId: string | null;
  path: string;
  title: string;
  description?: string;
  status: string;
};

type Branch = TreeEntry & { pages: Branch[] };

/** The flat reading order (parents before their pages) as nested branches. */
export function branchesOf(entries: readonly TreeEntry[]): Branch[] {
  const byId = new Map<string, Branch>(entries.map((entry) => [entry.id, { ...entry, pages: [] }]));
  const roots: Branch[] = [];
  for (const entry of entries) {
    const branch = byId.get(entry.id);
    if (!branch) continue;
    const parent = entry.parentId ? byId.get(entry.parentId) : undefined;
    (parent ? parent.pages : roots).push(branch);
  }
  return roots;
}

/** Whether `path` is this page or one under it. */
function holds(branchPath: string, path: string): boolean {
  return path === branchPath || path.startsWith(`${branchPath}/`);
}

function Entry({ branch, current, level }: { branch: Branch; current: string; level: number }) {
  const here = branch.path === current;
  const link = (
    <a
      href={`/docs/${branch.path}`}
      aria-current={here ? "page" : undefined}
      className={cn(
        "flex min-h-9 items-center gap-2 rounded-md py-1.5 text-[0.9375rem] leading-snug",
        level === 0 ? "pl-2.5 font-medium" : "pl-3",
        branch.pages.length > 0 ? "pr-10" : "pr-2.5",
        here
          ? "bg-bdblue-50 font-semibold text-bdblue-800 dark:bg-bdblue-950 dark:text-bdblue-200"
          : "text-gray-700 hover:bg-gray-100 hover:text-gray-950 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white",
      )}
    >
      <span className="min-w-0">{branch.title}</span>
      {branch.status === "draft" ? (
        <span className="shrink-0 rounded border border-amber-300 px-1 text-xs font-medium text-amber-900 dark:border-amber-700 dark:text-amber-200">
          Draft
        </span>
      ) : null}
    </a>
  );
  if (branch.pages.length === 0) return <li>{link}</li>;
  return (
    <li className="relative">
      {link}
      <details open={holds(branch.path, current) || undefined}>
        <summary>
          <ChevronRight aria-hidden="true" className="size-4" />
          <span className="sr-only">Pages in {branch.title}</span>
        </summary>
        <ul className="mt-0.5 ml-3 space-y-0.5 border-l border-gray-200 pl-2 dark:border-gray-800">
          {branch.pages.map((page) => (
            <Entry key={page.id} branch={page} current={current} level={level + 1} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/**
 * The docs navigation: every page in reading order, each section's pages folded under it
 * in a plain `<details>` (open on the way to the current page), so it works without
 * JavaScript. Drafts appear only in preview mode, marked.
 */
export function DocTree({ entries, current }: { entries: readonly TreeEntry[]; current: string }) {
  return (
    <ul className="docs-tree space-y-0.5">
      <li>
        <a
          href="/docs"
          aria-current={current === "" ? "page" : undefined}
          className={cn(
            "flex min-h-9 items-center rounded-md px-2.5 py-1.5 text-[0.9375rem] font-medium",
            current === ""
              ? "bg-bdblue-50 font-semibold text-bdblue-800 dark:bg-bdblue-950 dark:text-bdblue-200"
              : "text-gray-700 hover:bg-gray-100 hover:text-gray-950 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white",
          )}
        >
          Overview
        </a>
      </li>
      {branchesOf(entries).map((branch) => (
        <Entry key={branch.id} branch={branch} current={current} level={0} />
      ))}
    </ul>
  );
}

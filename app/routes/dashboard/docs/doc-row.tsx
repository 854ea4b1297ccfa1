import { History, Pencil, Trash2, TriangleAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import type { Column } from "../../../components/dashboard/data-table.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { StatusPill, type PillTone } from "../../../components/ui/status-pill.tsx";
import { formatCount } from "../../../lib/format.ts";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import type { AdminDocsQuery } from "./queries.ts";
import { statusLabels } from "./words.ts";

export type DocRow = ResultOf<typeof AdminDocsQuery>["docs"]["nodes"][number];

const statusTones: Record<ApiEnum<"DocStatus">, PillTone> = {
  draft: "gray",
  published: "green",
  changed: "amber",
};

export function DocStatusBadge({ status }: { status: ApiEnum<"DocStatus"> }) {
  return <StatusPill tone={statusTones[status]}>{statusLabels[status]}</StatusPill>;
}

/** Where the reader shows a doc: a draft only in preview mode (editors and admins), so its link turns that on. */
export function readerPath(doc: { path: string; status: ApiEnum<"DocStatus"> }): string {
  return `/docs/${doc.path}${doc.status === "draft" ? "?preview=true" : ""}`;
}

const historyPath = (id: string) => `/dashboard/admin/docs/${id}/history`;
export const editorPath = (id: string) => `/docs/edit?id=${encodeURIComponent(id)}`;

export const linkClasses =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800";

/** The doc's title, which opens it in the reader; its address; and its broken links, if any. */
function TitleCell({ doc }: { doc: DocRow }) {
  return (
    <div className="grid gap-0.5">
      <a
        href={readerPath(doc)}
        className="font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
      >
        {doc.title}
      </a>
      <span className="font-mono text-xs text-gray-700 dark:text-gray-300">/docs/{doc.path}</span>
      {doc.brokenLinks.length > 0 ? (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-200">
          <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {formatCount(doc.brokenLinks.length, "broken link", "broken links")}
        </span>
      ) : null}
    </div>
  );
}

/** Which revision readers see, and the latest one, under the status. */
function StatusCell({ doc }: { doc: DocRow }) {
  return (
    <span className="inline-grid justify-items-start gap-0.5 stacked:justify-items-end">
      <DocStatusBadge status={doc.status} />
      <span className="text-xs whitespace-nowrap text-gray-700 dark:text-gray-300">
        {doc.status === "changed" && doc.publishedRevision !== null
          ? `Rev. ${doc.publishedRevision} live · ${doc.headRevision} latest`
          : `Rev. ${doc.headRevision}`}
      </span>
    </span>
  );
}

/** What may be done to the doc (only what its `can` allows): edit, its history, publish or unpublish, the trash. */
function DocActions({ doc, align }: { doc: DocRow; align: "start" | "end" }) {
  const named = `“${doc.title}”`;
  return (
    <div
      className={cn(
        "flex items-center gap-1 whitespace-nowrap [overflow-wrap:normal]",
        // In their column they stay on one line; under the title they wrap only between actions.
        align === "start" ? "-ml-2.5 flex-wrap" : "justify-end",
      )}
    >
      {doc.can.save ? (
        <a href={editorPath(doc.id)} className={linkClasses} aria-label={`Edit ${named}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </a>
      ) : null}
      <Link to={historyPath(doc.id)} className={linkClasses} aria-label={`History of ${named}`}>
        <History aria-hidden="true" className="size-4" /> History
      </Link>
      {(["publish", "unpublish"] as const).map((intent) =>
        doc.can[intent] ? (
          <Form key={intent} method="post" preventScrollReset>
            <CsrfField />
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={doc.id} />
            <input type="hidden" name="version" value={doc.version} />
            <SubmitButton
              intent={intent}
              id={doc.id}
              variant={intent === "publish" ? "secondary" : "ghost"}
              pendingLabel={intent === "publish" ? "Publishing…" : "Unpublishing…"}
              label={`${intent === "publish" ? "Publish" : "Unpublish"} ${named}`}
            >
              {intent === "publish" ? "Publish" : "Unpublish"}
            </SubmitButton>
          </Form>
        ) : null,
      )}
      {doc.can.delete ? (
        <ConfirmForm
          fields={{ intent: "delete", id: doc.id, version: doc.version }}
          label={<Trash2 aria-hidden="true" className="size-4" />}
          accessibleLabel={`Delete ${named}`}
          pendingLabel="Deleting…"
          title={`Move ${named} to the trash?`}
          description="Readers lose it at once and it leaves the docs navigation. Its history is kept, and an admin can restore it from the trash."
          confirmLabel="Move to the trash"
          cancelLabel="Keep it"
        />
      ) : null}
    </div>
  );
}

/** When a doc was last edited, and by whom when their account is still there. */
export function lastEditColumn(now: string): Column<DocRow> {
  return {
    id: "edited",
    header: "Last edit",
    phone: "fact",
    className: "whitespace-nowrap",
    cell: (doc) => (
      <>
        <RelativeTime iso={doc.updatedAt} now={now} />
        {doc.updatedBy ? <span className="block text-gray-700 dark:text-gray-300">by {doc.updatedBy.name}</span> : null}
      </>
    ),
    fact: (doc) => (
      <>
        <RelativeTime iso={doc.updatedAt} now={now} prefix="edited" />
        {doc.updatedBy ? ` by ${doc.updatedBy.name}` : null}
      </>
    ),
  };
}

/** The docs list's columns: on a phone, the title and status, then when it was edited and by whom, then its actions. */
export function docColumns(now: string): Column<DocRow>[] {
  return [
    { id: "title", header: "Doc", phone: "primary", cell: (doc) => <TitleCell doc={doc} /> },
    { id: "status", header: "Status", phone: "aside", cell: (doc) => <StatusCell doc={doc} /> },
    lastEditColumn(now),
    {
      id: "actions",
      header: "Actions",
      phone: "below",
      // Four actions need a wide table; under 60rem they go under the title.
      wide: true,
      className: "text-right",
      cell: (doc) => <DocActions doc={doc} align="end" />,
      below: (doc) => <DocActions doc={doc} align="start" />,
    },
  ];
}

import { Form } from "react-router";
import { ConfirmForm } from "../../../components/dashboard/confirm-form.tsx";
import { DataTable, type Column } from "../../../components/dashboard/data-table.tsx";
import { EmptyState } from "../../../components/dashboard/list.tsx";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { lastEditColumn, type DocRow } from "./doc-row.tsx";
import { docCount } from "./words.ts";

/**
 * The trash (admins): the docs deleted, most recent first, each with Restore; and
 * "Empty the trash", which deletes them all for good once confirmed.
 */
export function TrashTable({
  rows,
  now,
  total,
  loading,
}: {
  rows: readonly DocRow[];
  now: string;
  total: { count: number; more: boolean };
  loading: boolean;
}) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm font-semibold text-gray-900 dark:text-gray-100">
          {total.count === 0 ? "The trash is empty" : `${docCount(total)} in the trash`}
        </p>
        {total.count > 0 ? (
          <ConfirmForm
            fields={{ intent: "emptyTrash" }}
            label="Empty the trash"
            pendingLabel="Emptying…"
            title="Empty the trash?"
            description={`The ${docCount(total)} in the trash, and every revision of them, will be deleted for good. This cannot be undone.`}
            confirmLabel="Delete them for good"
            cancelLabel="Keep them"
          />
        ) : null}
      </div>
      <DataTable
        caption="Docs in the trash"
        rows={rows}
        rowKey={(doc) => doc.id}
        columns={trashColumns(now)}
        loading={loading}
        empty={
          <EmptyState title="Nothing in the trash">
            <p>A doc deleted from the list waits here until an admin restores it or empties the trash.</p>
          </EmptyState>
        }
      />
    </div>
  );
}

function RestoreButton({ doc }: { doc: DocRow }) {
  if (!doc.can.trash) return null;
  return (
    <Form method="post" preventScrollReset>
      <CsrfField />
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={doc.id} />
      <input type="hidden" name="version" value={doc.version} />
      <SubmitButton
        intent="restore"
        id={doc.id}
        variant="secondary"
        pendingLabel="Restoring…"
        label={`Restore “${doc.title}”`}
      >
        Restore
      </SubmitButton>
    </Form>
  );
}

/** On a phone: the title and when it was deleted, then its last edit, then Restore. */
function trashColumns(now: string): Column<DocRow>[] {
  return [
    {
      id: "title",
      header: "Doc",
      phone: "primary",
      cell: (doc) => (
        <span className="grid gap-0.5">
          <span className="font-semibold text-gray-950 dark:text-white">{doc.title}</span>
          <span className="font-mono text-xs text-gray-700 dark:text-gray-300">/docs/{doc.path}</span>
        </span>
      ),
    },
    {
      id: "deleted",
      header: "Deleted",
      phone: "aside",
      className: "whitespace-nowrap",
      cell: (doc) => (doc.deletedAt ? <RelativeTime iso={doc.deletedAt} now={now} /> : "—"),
    },
    lastEditColumn(now),
    {
      id: "actions",
      header: "Actions",
      phone: "below",
      cell: (doc) => <RestoreButton doc={doc} />,
    },
  ];
}

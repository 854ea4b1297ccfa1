import { Form } from "react-router";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { DiffView } from "../../../components/docs/diff-view.tsx";
import { SelectInput } from "../../../components/ui/field.tsx";
import { formatDate } from "../../../lib/format.ts";
import type { FieldChange, RevisionComparison } from "./comparison.server.ts";
import type { Revision } from "./revision-list.tsx";

/** The two revisions to compare, as a GET form: the choice lives in the address (`from`, `to`). */
export function CompareForm({
  revisions,
  pair,
}: {
  revisions: readonly Revision[];
  pair: { from: number; to: number };
}) {
  const options = revisions.map((revision) => ({
    value: String(revision.number),
    label: `Revision ${revision.number} · ${formatDate(revision.createdAt)}`,
  }));
  return (
    <Form
      method="get"
      preventScrollReset
      className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <SelectInput label="From (before)" name="from" defaultValue={String(pair.from)} options={options} />
      <SelectInput label="To (after)" name="to" defaultValue={String(pair.to)} options={options} />
      <button type="submit" className={buttonClasses("secondary", "md", "min-h-12")}>
        Compare
      </button>
    </Form>
  );
}

/** What changed from one revision to another: the title, address and description, then the words, line by line. */
export function RevisionDiff({ comparison }: { comparison: RevisionComparison }) {
  const { from, to, body } = comparison;
  const path = comparison.path && {
    before: `/docs/${comparison.path.before}`,
    after: `/docs/${comparison.path.after}`,
  };
  const fields: { label: string; change: FieldChange }[] = [];
  if (comparison.title) fields.push({ label: "Title", change: comparison.title });
  if (path) fields.push({ label: "Address", change: path });
  if (comparison.description) fields.push({ label: "Description", change: comparison.description });
  return (
    <div className="grid gap-4">
      {fields.length > 0 ? (
        <dl className="grid gap-3 rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-800">
          {fields.map(({ label, change }) => (
            <div key={label} className="grid gap-1 sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="font-semibold">{label} changed</dt>
              <dd className="grid gap-1 wrap-anywhere">
                <span>
                  <span className="font-semibold text-red-800 dark:text-red-300">Before: </span>
                  <del className="decoration-red-700 dark:decoration-red-300">{change.before || "(none)"}</del>
                </span>
                <span>
                  <span className="font-semibold text-emerald-800 dark:text-emerald-300">After: </span>
                  <ins className="decoration-emerald-700 dark:decoration-emerald-300">{change.after || "(none)"}</ins>
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <DiffView diff={body} from={`revision ${from}`} to={`revision ${to}`} />
    </div>
  );
}

import { ArrowLeft, BookOpen, Pencil } from "lucide-react";
import { data, Link, useActionData } from "react-router";
import { failureFor, useFailureToast } from "../../../components/dashboard/action-feedback.tsx";
import { DashboardErrorBoundary } from "../../../components/dashboard/error-boundary.tsx";
import { FormAlert } from "../../../components/ui/field.tsx";
import { query, tryQuery } from "../../../lib/api.server.ts";
import { requireReach } from "../../../lib/portal/context.server.ts";
import type { ErrorPayload } from "../../../lib/route-error.ts";
import { privatePageMeta } from "../../../lib/seo.ts";
import type { Route } from "./+types/history";
import { docHistoryActions } from "./actions.server.ts";
import { chooseRevisions, compareRevisions, type RevisionComparison } from "./comparison.server.ts";
import { DocStatusBadge, editorPath, linkClasses, readerPath } from "./doc-row.tsx";
import { DocHistoryQuery, DocRevisionPair } from "./queries.ts";
import { CompareForm, RevisionDiff } from "./revision-diff.tsx";
import { RevisionList } from "./revision-list.tsx";

/** A doc's history, drafts and all, is for editors and admins. */
export const middleware: Route.MiddlewareFunction[] = [
  requireReach("doc", "preview", "Only editors and admins can see the history of docs."),
];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData ? `History of ${loaderData.doc.title}` : "Doc history");

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  if (!uuid.test(params.id)) {
    throw data<ErrorPayload>(
      {
        name: "There is no doc here",
        message: "This address does not name a doc. Open its history from the docs list.",
      },
      { status: 404 },
    );
  }
  const history = await query(context, DocHistoryQuery, { id: params.id });
  const choice = chooseRevisions(
    url.searchParams,
    history.docRevisions.map((revision) => revision.number),
  );
  let comparison: RevisionComparison | null = null;
  let compareError = choice.kind === "invalid" ? choice.message : null;
  if (choice.kind === "pair") {
    const pair = await tryQuery(context, DocRevisionPair, { id: params.id, from: choice.from, to: choice.to });
    if (pair.ok) comparison = compareRevisions(pair.data.from, pair.data.to);
    else compareError = pair.error.message;
  }
  return {
    now: new Date().toISOString(),
    doc: history.doc,
    revisions: history.docRevisions,
    pair: choice.kind === "none" ? null : { from: choice.from, to: choice.to },
    comparison,
    compareError,
  };
}

export async function action(args: Route.ActionArgs) {
  return docHistoryActions.action(args);
}

/** Every revision of a doc, newest first; a readable comparison of any two; and bringing an earlier one back. */
export default function DocHistory({ loaderData }: Route.ComponentProps) {
  const { now, doc, revisions, pair, comparison, compareError } = loaderData;
  const failure = useActionData<typeof action>();
  useFailureToast(failure);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-3">
        <Link
          to="/dashboard/admin/docs"
          className="inline-flex items-center gap-1.5 justify-self-start text-sm font-semibold text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> All docs
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid min-w-0 gap-1">
            <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">
              <span className="sr-only">History of </span>
              {doc.title}
            </h1>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
              <DocStatusBadge status={doc.status} />
              <span className="font-mono text-xs">/docs/{doc.path}</span>
              <span>
                {revisions.length === 1 ? "1 revision" : `${revisions.length} revisions`}
                {doc.publishedRevision ? `, revision ${doc.publishedRevision} published` : ", none published"}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-1">
            <a href={readerPath(doc)} className={linkClasses}>
              <BookOpen aria-hidden="true" className="size-4" /> Open in the reader
            </a>
            {doc.can.save ? (
              <a href={editorPath(doc.id)} className={linkClasses}>
                <Pencil aria-hidden="true" className="size-4" /> Edit
              </a>
            ) : null}
          </div>
        </div>
      </header>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 xl:grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="revisions" className="grid content-start gap-3">
          <h2 id="revisions" className="text-lg font-semibold">
            Revisions
          </h2>
          <FormAlert message={failureFor(failure, "restoreRevision")?.message} />
          <RevisionList doc={doc} revisions={revisions} now={now} pair={pair} />
        </section>

        <section aria-labelledby="compare" className="grid min-w-0 content-start gap-4">
          <h2 id="compare" className="scroll-mt-24 text-lg font-semibold">
            Compare revisions
          </h2>
          {pair ? (
            <>
              <CompareForm key={`${pair.from}-${pair.to}`} revisions={revisions} pair={pair} />
              <FormAlert message={compareError ?? undefined} />
              {comparison ? <RevisionDiff comparison={comparison} /> : null}
            </>
          ) : (
            <p className="text-base text-gray-700 dark:text-gray-300">
              This doc has one revision so far: there is nothing to compare yet.
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

export { DashboardErrorBoundary as ErrorBoundary };

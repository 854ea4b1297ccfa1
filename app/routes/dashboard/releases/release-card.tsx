import { Download, Globe } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { CsrfField } from "../../../components/dashboard/portal-context.tsx";
import { SubmitButton } from "../../../components/dashboard/submit-button.tsx";
import { StatusPill } from "../../../components/ui/status-pill.tsx";
import { formatBytes } from "../../../lib/file-choice.ts";
import { formatDate } from "../../../lib/format.ts";
import type { ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import { releasePagePath } from "../../../../shared/release-pages.ts";
import type { ReleasesQuery } from "./queries.ts";
import { channelLabels } from "./words.ts";

export type ReleaseItem = ResultOf<typeof ReleasesQuery>["releases"]["nodes"][number];

/** A release's downloads, each with its size and the SHA-256 to check it by. */
export function Downloads({ release }: { release: ReleaseItem }) {
  if (release.assets.length === 0) {
    return <p className="text-sm text-gray-700 dark:text-gray-300">No downloads yet.</p>;
  }
  return (
    <ul aria-label={`Downloads of ${release.name}`} className="grid gap-2">
      {release.assets.map((asset) => (
        <li key={asset.mediaId} className="grid gap-1 rounded-lg border border-gray-200 px-3 py-2 dark:border-gray-700">
          <a
            href={asset.downloadUrl}
            download
            className="inline-flex items-center gap-2 font-semibold wrap-anywhere text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300"
          >
            <Download aria-hidden="true" className="size-4 shrink-0" /> {asset.name}
            <span className="font-normal whitespace-nowrap text-gray-700 dark:text-gray-300">
              ({formatBytes(asset.size)})
            </span>
          </a>
          <span className="text-xs text-gray-700 dark:text-gray-300">
            SHA-256 <code className="font-mono break-all">{asset.sha256}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One release in the list: its name, channel and state, date, notes (rendered on the
 * server and sanitized) and downloads; for editors, Edit and Publish.
 */
export function ReleaseCard({ release, headingLevel = 3 }: { release: ReleaseItem; headingLevel?: 2 | 3 }) {
  const { search } = useLocation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      aria-labelledby={`release-${release.id}`}
      className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5 dark:border-gray-700 dark:bg-gray-900"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <Heading id={`release-${release.id}`} className="text-xl font-semibold tracking-tight">
            {release.product} {release.versionNumber}
          </Heading>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
            <StatusPill tone={release.channel === "beta" ? "blue" : "green"}>
              {channelLabels[release.channel]}
            </StatusPill>
            {release.published ? null : <StatusPill tone="amber">Draft</StatusPill>}
            <span>Released {formatDate(release.releasedOn)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {release.published && release.channel === "stable" ? (
            <a
              href={releasePagePath(release.product, release.versionNumber)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-bdblue-700 underline underline-offset-2 hover:bg-gray-100 dark:text-bdblue-300 dark:hover:bg-gray-800"
            >
              <Globe aria-hidden="true" className="size-4" /> Public page
              <span className="sr-only"> of {release.name}</span>
            </a>
          ) : null}
          {release.can.update ? (
            <Link
              to={withParams(search, { edit: release.id })}
              preventScrollReset
              className="inline-flex min-h-11 items-center rounded-lg border border-gray-400 px-4 text-sm font-semibold hover:bg-gray-100 dark:border-gray-500 dark:hover:bg-gray-800"
              aria-label={`Edit ${release.name}`}
            >
              Edit
            </Link>
          ) : null}
          {!release.published && release.can.publish ? (
            <Form method="post" preventScrollReset>
              <CsrfField />
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="id" value={release.id} />
              <input type="hidden" name="version" value={release.version} />
              <SubmitButton
                intent="publish"
                id={release.id}
                pendingLabel="Publishing…"
                label={`Publish ${release.name}`}
              >
                Publish
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </header>
      {release.notesHtml ? (
        <div className="prose-content" dangerouslySetInnerHTML={{ __html: release.notesHtml }} />
      ) : (
        <p className="text-sm text-gray-700 italic dark:text-gray-300">No notes yet.</p>
      )}
      <Downloads release={release} />
    </article>
  );
}

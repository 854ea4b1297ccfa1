import { DataTable, type Column } from "../../../components/dashboard/data-table.tsx";
import { EmptyList } from "../../../components/dashboard/list.tsx";
import { RelativeTime } from "../../../components/dashboard/relative-time.tsx";
import { formatBytes } from "../../../lib/file-choice.ts";
import { FileLink, NeedsAlt, Thumbnail, type MediaItem } from "./media-items.tsx";
import { kindLabels } from "./words.ts";

/**
 * The library as a table (the list view). Its own module, loaded only in that view: the
 * grid, which most people use, does not carry the table's code.
 */
export default function MediaTable({
  files,
  now,
  sort,
  loading,
  filtered,
}: {
  files: MediaItem[];
  now: string;
  sort: { current: string; direction: "asc" | "desc" };
  loading: boolean;
  filtered: boolean;
}) {
  return (
    <DataTable
      caption="Files"
      rows={files}
      rowKey={(file) => file.id}
      columns={mediaColumns(now)}
      sort={sort}
      loading={loading}
      empty={
        <EmptyList filtered={filtered} title={{ filtered: "No file matches these filters", empty: "No files yet" }}>
          Drop the first ones on the upload zone above.
        </EmptyList>
      }
    />
  );
}

/** The library as a table: on a phone, the name and kind, then size and who uploaded it on one line. */
function mediaColumns(now: string): Column<MediaItem>[] {
  return [
    {
      id: "name",
      header: "Name",
      sort: { key: "name" },
      phone: "primary",
      cell: (file) => (
        <span className="flex items-center gap-3">
          <Thumbnail file={file} className="size-12 shrink-0 rounded-md" />
          <span className="grid min-w-0 gap-0.5">
            <FileLink file={file} />
            {file.needsAlt ? (
              <span>
                <NeedsAlt />
              </span>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      id: "kind",
      header: "Kind",
      phone: "aside",
      cell: (file) => kindLabels[file.kind],
    },
    {
      id: "size",
      header: "Size",
      sort: { key: "size" },
      phone: "fact",
      className: "tabular-nums whitespace-nowrap",
      cell: (file) => (
        <>
          {formatBytes(file.size)}
          {file.width && file.height ? (
            <span className="block text-gray-700 dark:text-gray-300">
              {file.width} × {file.height}
            </span>
          ) : null}
        </>
      ),
      fact: (file) => formatBytes(file.size),
    },
    {
      id: "uploader",
      header: "Uploaded by",
      phone: "fact",
      cell: (file) => file.uploadedBy?.name ?? "Someone since removed",
      fact: (file) => `by ${file.uploadedBy?.name ?? "someone since removed"}`,
    },
    {
      id: "created",
      header: "Uploaded",
      sort: { key: "created" },
      phone: "hidden",
      className: "whitespace-nowrap",
      cell: (file) => <RelativeTime iso={file.createdAt} now={now} />,
    },
  ];
}

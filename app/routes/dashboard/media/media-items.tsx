import { Archive, FileText, Image as ImageIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { StatusPill } from "../../../components/ui/status-pill.tsx";
import { formatBytes } from "../../../lib/file-choice.ts";
import type { ApiEnum, ResultOf } from "../../../lib/graphql.ts";
import { withParams } from "../../../lib/list-params.ts";
import type { MediaQuery } from "./queries.ts";
import { kindLabels } from "./words.ts";

export type MediaItem = ResultOf<typeof MediaQuery>["media"]["nodes"][number];

const kindIcons: Record<ApiEnum<"MediaKind">, typeof FileText> = {
  image: ImageIcon,
  document: FileText,
  archive: Archive,
};

/** What a file looks like in small: an image's thumbnail, or the icon of its kind. */
export function Thumbnail({ file, className }: { file: MediaItem; className?: string }) {
  if (file.thumbnailUrl) {
    return (
      <img
        src={file.thumbnailUrl}
        // Named by the link beside it: the picture itself adds nothing to read.
        alt=""
        loading="lazy"
        decoding="async"
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        className={cn("bg-gray-100 object-contain dark:bg-gray-800", className)}
      />
    );
  }
  const Icon = kindIcons[file.kind];
  return (
    <span className={cn("grid place-items-center bg-gray-100 dark:bg-gray-800", className)}>
      <Icon aria-hidden="true" className="size-1/3 max-h-12 max-w-12 text-gray-600 dark:text-gray-300" />
    </span>
  );
}

/** "Needs alt text": an image that may not be used until someone says what it shows. */
export function NeedsAlt() {
  return <StatusPill tone="amber">Needs alt text</StatusPill>;
}

function facts(file: MediaItem): string {
  const dimensions = file.width && file.height ? ` · ${file.width} × ${file.height}` : "";
  return `${kindLabels[file.kind]} · ${formatBytes(file.size)}${dimensions}`;
}

export function FileLink({ file, className }: { file: MediaItem; className?: string }) {
  const { search } = useLocation();
  return (
    <Link
      to={withParams(search, { file: file.id })}
      preventScrollReset
      className={cn(
        "font-semibold wrap-anywhere text-bdblue-700 underline-offset-2 hover:underline dark:text-bdblue-300",
        className,
      )}
    >
      {file.name}
    </Link>
  );
}

/**
 * The library as a grid of cards: thumbnail, name (the link that opens the file's panel),
 * what it is, and whether it needs alt text. The card is one list item; the whole card
 * takes a click, through the link's stretched hit area.
 */
export function MediaGrid({ files }: { files: MediaItem[] }) {
  return (
    <ul
      aria-label="Files"
      className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,11rem),1fr))] gap-4"
      data-media-grid
    >
      {files.map((file) => (
        <li
          key={file.id}
          className="group relative grid content-start overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-bdblue-600 hover:border-gray-400 dark:border-gray-700 dark:bg-gray-900 dark:focus-within:ring-bdblue-300 dark:hover:border-gray-500"
        >
          <Thumbnail file={file} className="aspect-[4/3] w-full" />
          <div className="grid gap-1 p-3 text-sm">
            <FileLink file={file} className="line-clamp-2 after:absolute after:inset-0 focus-visible:outline-none" />
            <span className="text-gray-700 dark:text-gray-300">{facts(file)}</span>
            {file.needsAlt ? (
              <span>
                <NeedsAlt />
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

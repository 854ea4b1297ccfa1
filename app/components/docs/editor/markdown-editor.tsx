import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { toast } from "../../dashboard/toaster.tsx";
import { usePortal } from "../../dashboard/portal-context.tsx";
import type { EditorCommands, TextPlace } from "./codemirror.ts";
import type { DroppedImage } from "./image-drop-dialog.tsx";
import { isImageFile } from "./tools.ts";

export type { EditorCommands };

/** Loaded when the first picture is dropped or pasted, not with the page. */
const ImageDropDialog = lazy(() => import("./image-drop-dialog.tsx"));

let dropCount = 0;

/**
 * The markdown editor's place on the page. CodeMirror (`codemirror.ts`) is imported when
 * this mounts, so the server never loads it and the page's first script is smaller; until
 * it arrives the place is empty, as it was before hydration. The text is the page's state
 * (`onChange`); the editor is made once with `initial`. Pictures dropped on the text or
 * pasted into it each get a dialog for their alt text, in turn; any other file is refused
 * with a sentence, and a file dropped beside the editor does not replace the page.
 */
export function MarkdownEditor({
  initial,
  label,
  describedBy,
  onChange,
  onSave,
  onReady,
}: {
  initial: string;
  label: string;
  describedBy?: string;
  onChange: (text: string) => void;
  onSave: () => void;
  onReady: (commands: EditorCommands) => void;
}) {
  const { csrfToken } = usePortal();
  const parent = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [drops, setDrops] = useState<readonly DroppedImage[]>([]);
  const callbacks = useRef({ onChange, onSave, onReady });
  useEffect(() => {
    callbacks.current = { onChange, onSave, onReady };
  });

  useEffect(() => {
    let destroy: (() => void) | undefined;
    let unmounted = false;
    const onFiles = (files: File[], place: TextPlace) => {
      const pictures = files.filter(isImageFile);
      const others = files.filter((file) => !isImageFile(file));
      if (others.length > 0) {
        toast({
          color: "error",
          title: others.length === 1 ? "That file is not a picture" : "Those files are not pictures",
          description: `${others.map((file) => `“${file.name}”`).join(", ")}: only PNG, JPEG, WebP, GIF or AVIF pictures go into the text, so nothing was added for ${others.length === 1 ? "it" : "them"}. Put other files in the media library and link to them.`,
        });
      }
      if (pictures.length === 0) return place.release();
      setDrops((queue) => [
        ...queue,
        ...pictures.map((file, index) => ({
          id: (dropCount += 1),
          file,
          place,
          how: place.how,
          number: index + 1,
          of: pictures.length,
        })),
      ]);
    };
    import("./codemirror.ts").then(
      ({ createEditor }) => {
        if (unmounted || !parent.current) return;
        const editor = createEditor(parent.current, {
          initial,
          label,
          describedBy,
          onChange: (text) => callbacks.current.onChange(text),
          onSave: () => callbacks.current.onSave(),
          onFiles,
        });
        destroy = editor.destroy;
        callbacks.current.onReady(editor.commands);
      },
      () => setFailed(true),
    );
    return () => {
      unmounted = true;
      destroy?.();
    };
    // The editor is made once; its text is then its own (the page reads it through onChange).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A file dropped beside the editor would open in the tab in place of the page.
  useEffect(() => {
    const keep = (event: DragEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const takesDrops =
        (target && parent.current?.contains(target)) ||
        target?.closest("[data-file-drop]") ||
        (target instanceof HTMLInputElement && target.type === "file");
      if (!event.dataTransfer?.types.includes("Files") || takesDrops) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "none";
    };
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);

  // A batch is done with once its last picture is (they are shown in the order they came).
  const settle = (done: readonly DroppedImage[]) => {
    for (const item of done) if (item.number === item.of) item.place.release();
    setDrops((queue) => queue.filter((item) => !done.includes(item)));
  };

  return (
    <>
      <div ref={parent} className="docs-editor min-h-0 flex-1">
        {failed ? (
          <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-300">
            The editor could not be loaded (the site may have been updated).{" "}
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="font-medium underline focus-visible:outline-2 focus-visible:outline-bdblue-600 dark:focus-visible:outline-bdblue-300"
            >
              Reload the page
            </button>{" "}
            to go on.
          </p>
        ) : null}
      </div>
      {drops.length > 0 ? (
        <Suspense fallback={null}>
          <ImageDropDialog
            queue={drops}
            csrfToken={csrfToken}
            onDone={(item, markdown) => {
              if (markdown) item.place.insert(markdown);
              settle([item]);
            }}
            onCloseAll={() => {
              const [, ...skipped] = drops;
              if (skipped.length > 0) {
                toast({
                  color: "info",
                  title: `${skipped.length} more ${skipped.length === 1 ? "picture was" : "pictures were"} not added`,
                  description: `${skipped.map((item) => `“${item.file.name}”`).join(", ")}: drop or paste ${skipped.length === 1 ? "it" : "them"} again to add ${skipped.length === 1 ? "it" : "them"}.`,
                });
              }
              settle(drops);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

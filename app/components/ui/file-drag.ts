import { useEffect, useRef, useState, type DragEvent } from "react";

/** Whether a drag carries files from outside the page (not text or a link). */
function carriesFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return event.dataTransfer?.types.includes("Files") ?? false;
}

/**
 * A zone that takes files dragged onto it: whether a drag is over it now, and the
 * handlers to put on its element (`data-file-drop` marks it). While it is on the page, a
 * file dropped beside any zone is ignored rather than opened in the tab in place of the
 * page.
 */
export function useFileDrag(onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      // A zone (this one or another, border included) takes its own drops; so does a plain file input.
      const target = event.target instanceof Element ? event.target : null;
      const takesDrops =
        target?.closest("[data-file-drop]") != null || (target instanceof HTMLInputElement && target.type === "file");
      if (carriesFiles(event) && !takesDrops) {
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = "none";
      }
    };
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);

  const zoneProps = {
    onDragEnter(event: DragEvent<HTMLElement>) {
      if (!carriesFiles(event)) return;
      // Entering the input from the border (or back) enters one and leaves the other: count them.
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(event: DragEvent<HTMLElement>) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    },
    onDragLeave(event: DragEvent<HTMLElement>) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
    },
  };
  return { dragging, zoneProps };
}

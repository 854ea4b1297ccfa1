import { lazy, Suspense } from "react";
import type { MediaDialogProps } from "./media-dialog-panel.tsx";

/** The library's list, the upload and the alt text load when the dialog first opens, not with the editor. */
const MediaDialogPanel = lazy(() => import("./media-dialog-panel.tsx"));

/** Insert an image from the media library (see ./media-dialog-panel.tsx). */
export function MediaDialog(props: MediaDialogProps) {
  return (
    <Suspense fallback={null}>
      <MediaDialogPanel {...props} />
    </Suspense>
  );
}

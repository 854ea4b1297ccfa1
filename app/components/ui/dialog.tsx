import { lazy, Suspense } from "react";
import type { DialogProps } from "./dialog-panel.tsx";

export type { DialogProps };

/** Radix's dialog weighs about 13 KB gzip: it loads when a dialog first opens, not with the page. */
const DialogPanel = lazy(() => import("./dialog-panel.tsx"));

/**
 * A modal dialog (see ./dialog-panel.tsx). A page renders it while it is open; Radix
 * renders nothing on the server (its portal needs the document), so nothing is lost
 * while the module loads.
 */
export function Dialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
}

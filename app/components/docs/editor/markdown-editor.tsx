import { useEffect, useRef, useState } from "react";
import type { EditorCommands } from "./codemirror.ts";

export type { EditorCommands };

/**
 * The markdown editor's place on the page. CodeMirror (`codemirror.ts`) is imported when
 * this mounts, so the server never loads it and the page's first script is smaller; until
 * it arrives the place is empty, as it was before hydration. The text is the page's state
 * (`onChange`); the editor is made once with `initial`.
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
  const parent = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const callbacks = useRef({ onChange, onSave, onReady });
  useEffect(() => {
    callbacks.current = { onChange, onSave, onReady };
  });

  useEffect(() => {
    let destroy: (() => void) | undefined;
    let unmounted = false;
    import("./codemirror.ts").then(
      ({ createEditor }) => {
        if (unmounted || !parent.current) return;
        const editor = createEditor(parent.current, {
          initial,
          label,
          describedBy,
          onChange: (text) => callbacks.current.onChange(text),
          onSave: () => callbacks.current.onSave(),
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

  return (
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
  );
}

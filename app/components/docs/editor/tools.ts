/**
 * The editor's formatting tools by name, with no CodeMirror in them: the toolbar, the page
 * and the server build import this, and CodeMirror (with the commands in `format.ts`) loads
 * in the browser only, when the editor mounts (`markdown-editor.tsx`).
 */
export const formatNames = [
  "headingLine",
  "bold",
  "italic",
  "inlineCode",
  "insertLink",
  "bulletList",
  "numberedList",
  "taskList",
  "quote",
  "codeBlock",
  "table",
  "callout",
] as const;

export type FormatName = (typeof formatNames)[number];

/** The formatting shortcuts, in CodeMirror's key notation; the toolbar shows the same ones. */
export const formatShortcuts: readonly { key: string; format: FormatName }[] = [
  { key: "Mod-b", format: "bold" },
  { key: "Mod-i", format: "italic" },
  { key: "Mod-e", format: "inlineCode" },
  { key: "Mod-k", format: "insertLink" },
  { key: "Mod-Alt-2", format: "headingLine" },
  { key: "Mod-Shift-8", format: "bulletList" },
  { key: "Mod-Shift-7", format: "numberedList" },
];

/** Markdown for a library image: the renderer turns `/media/{id}` into a responsive picture. */
export function imageMarkdown(id: string, alt: string): string {
  const safe = alt.replace(/[[\]\\\n]/g, " ").trim();
  return `![${safe}](/media/${id})`;
}

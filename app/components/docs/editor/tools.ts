/**
 * The editor's formatting tools by name, with no CodeMirror in them: the toolbar, the page
 * and the server build import this, and CodeMirror (with the commands in `format.ts`) loads
 * in the browser only, when the editor mounts (`markdown-editor.tsx`).
 */
export type FormatName =
  | "headingLine"
  | "bold"
  | "italic"
  | "inlineCode"
  | "insertLink"
  | "bulletList"
  | "numberedList"
  | "taskList"
  | "quote"
  | "table";

/**
 * The code languages the docs colour, as a fence names them, with the words the menu
 * shows. The server's list is `languages` in server/markdown/highlight.ts (the app cannot
 * import it); tools.test.ts fails when the two differ. "text" is left plain.
 */
export const codeLanguages = [
  { fence: "bash", label: "Bash (shell)" },
  { fence: "powershell", label: "PowerShell" },
  { fence: "json", label: "JSON" },
  { fence: "jsonc", label: "JSON with comments" },
  { fence: "yaml", label: "YAML" },
  { fence: "ini", label: "INI (settings file)" },
  { fence: "toml", label: "TOML" },
  { fence: "xml", label: "XML or HTML" },
  { fence: "csv", label: "CSV" },
  { fence: "sql", label: "SQL" },
  { fence: "python", label: "Python" },
  { fence: "javascript", label: "JavaScript" },
  { fence: "typescript", label: "TypeScript" },
  { fence: "diff", label: "Diff" },
  { fence: "http", label: "HTTP" },
  { fence: "text", label: "Plain text" },
] as const;

/** The callouts a doc may use (server/markdown/callouts.ts; tools.test.ts holds them together), in words. */
export const calloutKinds = [
  { kind: "note", label: "Note" },
  { kind: "tip", label: "Tip" },
  { kind: "important", label: "Important" },
  { kind: "warning", label: "Warning" },
  { kind: "caution", label: "Caution" },
] as const;

export type CalloutKind = (typeof calloutKinds)[number]["kind"];

/** What a toolbar button or shortcut asks of the editor: a plain tool, or a block of a chosen kind. */
export type FormatRequest = FormatName | { block: "code"; language: string } | { block: "callout"; kind: CalloutKind };

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

/** The pictures the library shows, as the file picker and a drop name them. */
export const imageTypes = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"] as const;

/** A file the editor takes as a picture (by its declared type; the server checks its content). */
export function isImageFile(file: File): boolean {
  return (imageTypes as readonly string[]).includes(file.type);
}

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { markdownLanguage } from "@codemirror/lang-markdown";
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { drawSelection, dropCursor, EditorView, keymap, placeholder } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { formatFor, formats, type Format } from "./format.ts";
import { formatShortcuts, type FormatRequest } from "./tools.ts";

/** Markdown's marks in the editor, as classes coloured in app/styles/docs.css (both colour modes). */
const markdownStyle = HighlightStyle.define([
  { tag: tags.heading, class: "cmt-heading" },
  { tag: [tags.strong], class: "cmt-strong" },
  { tag: [tags.emphasis], class: "cmt-emphasis" },
  { tag: [tags.link, tags.url], class: "cmt-link" },
  { tag: [tags.monospace], class: "cmt-code" },
  { tag: [tags.quote], class: "cmt-quote" },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], class: "cmt-mark" },
]);

/** What the page can do to the editor once it is made. */
export type EditorCommands = {
  format: (request: FormatRequest) => void;
  insert: (text: string) => void;
  /** The whole text replaced (undoable, like any edit). */
  replace: (text: string) => void;
  /** The whole text replaced and the undo history started afresh: Undo cannot bring back what came before. */
  reset: (text: string) => void;
  focus: () => void;
};

/**
 * A point in the text where files were dropped or pasted, kept in step as the text around
 * it changes while they upload. Each insert goes after the one before, on a line of its
 * own; `release` ends it.
 */
export type TextPlace = {
  how: "dropped" | "pasted";
  insert: (text: string) => void;
  release: () => void;
};

/**
 * Files dropped on the text, or pasted when the clipboard holds no text (a copied
 * picture): every file is handed over, none is read into the text as CodeMirror would.
 */
function fileHandlers(onFiles: (files: File[], pointer: { x: number; y: number } | null) => void) {
  return EditorView.domEventHandlers({
    drop(event, view) {
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return false;
      event.preventDefault();
      // Focus comes back here when the pictures' dialog closes, with the caret after them.
      view.focus();
      onFiles(files, { x: event.clientX, y: event.clientY });
      return true;
    },
    paste(event) {
      const data = event.clipboardData;
      const files = [...(data?.files ?? [])];
      // Text copied from a word processor comes with a picture of itself: the text is what was meant.
      if (files.length === 0 || data?.getData("text/plain")) return false;
      event.preventDefault();
      onFiles(files, null);
      return true;
    },
  });
}

/**
 * CodeMirror 6 with undo history, GitHub-flavoured markdown marks, line wrapping and the
 * formatting shortcuts, made inside `parent`. Its style elements carry the page's CSP nonce.
 * Tab is left to move focus on (no keyboard trap). Files dropped or pasted go to `onFiles`
 * with their place, and a drop cursor shows where a dragged file will land. The browser
 * loads this module when the editor mounts; the server never does.
 */
export function createEditor(
  parent: HTMLElement,
  options: {
    initial: string;
    label: string;
    describedBy?: string | undefined;
    onChange: (text: string) => void;
    onSave: () => void;
    /** Files dropped on the text or pasted into it, with the place they were put. */
    onFiles: (files: File[], place: TextPlace) => void;
  },
): { commands: EditorCommands; destroy: () => void } {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  const apply = (command: Format) => (target: EditorView) => {
    target.dispatch(target.state.update(command(target.state)));
    return true;
  };
  const places = new Set<{ pos: number }>();
  const placeAt = (pos: number, how: TextPlace["how"]): TextPlace => {
    const place = { pos };
    let first = true;
    places.add(place);
    return {
      how,
      insert: (text) => {
        if (!places.has(place)) return;
        const at = Math.min(place.pos, view.state.doc.length);
        const insert = first ? text : `\n${text}`;
        first = false;
        view.dispatch({ changes: { from: at, insert }, selection: { anchor: at + insert.length } });
      },
      release: () => places.delete(place),
    };
  };
  const extensions = [
    EditorView.cspNonce.of(nonce),
    history(),
    drawSelection(),
    dropCursor(),
    EditorView.lineWrapping,
    // GitHub-flavoured markdown, without lang-markdown's embedded HTML and code languages (about 100 KB).
    new LanguageSupport(markdownLanguage),
    syntaxHighlighting(markdownStyle),
    placeholder("Write the page in markdown…"),
    keymap.of([
      ...formatShortcuts.map((shortcut) => ({
        key: shortcut.key,
        run: apply(formats[shortcut.format]),
        preventDefault: true,
      })),
      {
        key: "Mod-s",
        preventDefault: true,
        run: () => {
          options.onSave();
          return true;
        },
      },
      ...defaultKeymap.filter((binding) => binding.key !== "Tab" && binding.key !== "Shift-Tab"),
      ...historyKeymap,
    ]),
    EditorView.contentAttributes.of({
      "aria-label": options.label,
      "aria-multiline": "true",
      ...(options.describedBy ? { "aria-describedby": options.describedBy } : {}),
      spellcheck: "true",
      // Named focusable for checkers that do not count contenteditable (the scroller around it).
      tabindex: "0",
    }),
    fileHandlers((files, pointer) => {
      const dropped = pointer ? view.posAtCoords(pointer) : null;
      options.onFiles(files, placeAt(dropped ?? view.state.selection.main.head, pointer ? "dropped" : "pasted"));
    }),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      // A place moves with the text; text typed at it goes before what is inserted there.
      for (const place of places) place.pos = update.changes.mapPos(place.pos, 1);
      options.onChange(update.state.doc.toString());
    }),
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc: options.initial, extensions }) });
  return {
    commands: {
      format: (request) => {
        view.dispatch(view.state.update(formatFor(request)(view.state)));
        view.focus();
      },
      insert: (text) => {
        const { from, to } = view.state.selection.main;
        view.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length } });
        view.focus();
      },
      replace: (text) => {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
        view.focus();
      },
      reset: (text) => {
        view.setState(EditorState.create({ doc: text, extensions }));
        options.onChange(text);
        view.focus();
      },
      focus: () => view.focus(),
    },
    destroy: () => view.destroy(),
  };
}

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { markdownLanguage } from "@codemirror/lang-markdown";
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from "@codemirror/language";
import { EditorState, type TransactionSpec } from "@codemirror/state";
import { drawSelection, EditorView, keymap, placeholder } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef } from "react";
import * as format from "./format.ts";

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

export type EditorCommands = {
  run: (command: (state: EditorState) => TransactionSpec) => void;
  insert: (text: string) => void;
  /** The whole text replaced (undoable, like any edit). */
  replace: (text: string) => void;
  focus: () => void;
};

/** The formatting shortcuts; the toolbar shows the same ones. */
export const formatShortcuts = [
  { key: "Mod-b", run: format.bold },
  { key: "Mod-i", run: format.italic },
  { key: "Mod-e", run: format.inlineCode },
  { key: "Mod-k", run: format.insertLink },
  { key: "Mod-Alt-2", run: format.headingLine },
  { key: "Mod-Shift-8", run: format.bulletList },
  { key: "Mod-Shift-7", run: format.numberedList },
] as const;

/**
 * The markdown editor: CodeMirror 6 with undo history, GitHub-flavoured markdown marks,
 * line wrapping and the formatting shortcuts. Its style elements carry the page's CSP
 * nonce. Tab is left to move focus on (no keyboard trap); the text is the page's state.
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
  const callbacks = useRef({ onChange, onSave });
  useEffect(() => {
    callbacks.current = { onChange, onSave };
  });

  useEffect(() => {
    if (!parent.current) return;
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    const apply = (command: (state: EditorState) => TransactionSpec) => (target: EditorView) => {
      target.dispatch(target.state.update(command(target.state)));
      return true;
    };
    const view = new EditorView({
      parent: parent.current,
      state: EditorState.create({
        doc: initial,
        extensions: [
          EditorView.cspNonce.of(nonce),
          history(),
          drawSelection(),
          EditorView.lineWrapping,
          // GitHub-flavoured markdown, without lang-markdown's embedded HTML and code languages (about 100 KB).
          new LanguageSupport(markdownLanguage),
          syntaxHighlighting(markdownStyle),
          placeholder("Write the page in markdown…"),
          keymap.of([
            ...formatShortcuts.map((shortcut) => ({
              key: shortcut.key,
              run: apply(shortcut.run),
              preventDefault: true,
            })),
            {
              key: "Mod-s",
              preventDefault: true,
              run: () => {
                callbacks.current.onSave();
                return true;
              },
            },
            ...defaultKeymap.filter((binding) => binding.key !== "Tab" && binding.key !== "Shift-Tab"),
            ...historyKeymap,
          ]),
          EditorView.contentAttributes.of({
            "aria-label": label,
            "aria-multiline": "true",
            ...(describedBy ? { "aria-describedby": describedBy } : {}),
            spellcheck: "true",
            // Named focusable for checkers that do not count contenteditable (the scroller around it).
            tabindex: "0",
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    onReady({
      run: (command) => {
        view.dispatch(view.state.update(command(view.state)));
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
      focus: () => view.focus(),
    });
    return () => view.destroy();
    // The editor is made once; its text is then its own (the page reads it through onChange).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={parent} className="docs-editor min-h-0 flex-1" />;
}

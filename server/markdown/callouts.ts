import type { Element, ElementContent, Text } from "hast";

/** The callouts a doc may use, in GitHub's alert syntax (`> [!NOTE]`), and their headings. */
export const calloutKinds = {
  note: "Note",
  tip: "Tip",
  warning: "Warning",
  important: "Important",
  caution: "Caution",
};

type CalloutKind = keyof typeof calloutKinds;
const marker = /^\[!(NOTE|TIP|WARNING|IMPORTANT|CAUTION)\][ \t]*(?:\r?\n)?/i;

function isCalloutKind(value: string): value is CalloutKind {
  return Object.hasOwn(calloutKinds, value);
}

function firstParagraph(node: Element): Element | undefined {
  const first = node.children.find(
    (child) => child.type === "element" || (child.type === "text" && child.value.trim()),
  );
  return first?.type === "element" && first.tagName === "p" ? first : undefined;
}

/**
 * Makes a blockquote that starts with `[!NOTE]`, `[!TIP]` or `[!WARNING]` (and GitHub's
 * IMPORTANT and CAUTION) into `<div class="callout callout-note" role="note">` whose
 * first line names its kind ("Warning"), so it is read out as well as seen. (Not `<aside>`:
 * that is a landmark, and a page of callouts would be a page of landmarks.) It runs after sanitizing, on trusted output, so the classes it
 * adds are never ones a writer could set. (remark-github-blockquote-alert does the same
 * before sanitizing, with inline SVG icons the schema would have to let through; the
 * icons here are CSS.)
 */
export function calloutOf(node: Element): void {
  const paragraph = firstParagraph(node);
  const lead = paragraph?.children[0];
  if (!paragraph || lead?.type !== "text") return;
  const match = marker.exec(lead.value);
  const kind = match?.[1]?.toLowerCase() ?? "";
  if (!match || !isCalloutKind(kind)) return;
  const rest: Text = { type: "text", value: lead.value.slice(match[0].length) };
  const remaining: ElementContent[] = [rest, ...paragraph.children.slice(1)].filter(
    (child) => child.type !== "text" || child.value !== "",
  );
  // A line break right after the marker (GitHub's `[!NOTE]` on a line of its own) is dropped.
  while (remaining[0]?.type === "element" && remaining[0].tagName === "br") remaining.shift();
  paragraph.children = remaining;
  const body = node.children.filter((child) => child !== paragraph || remaining.length > 0);
  node.tagName = "div";
  node.properties = { className: ["callout", `callout-${kind}`], role: "note" };
  node.children = [
    {
      type: "element",
      tagName: "p",
      properties: { className: ["callout-title"] },
      children: [{ type: "text", value: calloutKinds[kind] }],
    },
    ...body,
  ];
}

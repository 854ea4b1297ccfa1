import type { Element, ElementContent } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { emptyListItem, type DocProblem } from "./problems.ts";

const isCheckbox = (child: ElementContent): child is Element =>
  child.type === "element" && child.tagName === "input" && child.properties.type === "checkbox";

const words = (node: Element) => toString(node).replace(/\s+/g, " ").trim();

/**
 * A task list's checkboxes (GFM `- [x]`) are disabled marks of done or not: each is named
 * by its item's words, so a screen reader says "checked, Phantom check run" (WCAG 4.1.2).
 */
export function labelTask(item: Element): void {
  const box = checkboxOf(item);
  if (box) box.properties.ariaLabel = words(item).slice(0, 200);
}

/** A task's box: the item's first child, or its paragraph's (in a loose list). */
function checkboxOf(item: Element): Element | undefined {
  const paragraph = item.children.find((child): child is Element => child.type === "element" && child.tagName === "p");
  return item.children.find(isCheckbox) ?? paragraph?.children.find(isCheckbox);
}

function showsAnImage(item: Element): boolean {
  let found = false;
  visit(item, "element", (node: Element) => {
    if (node.tagName !== "img") return undefined;
    found = true;
    return false;
  });
  return found;
}

/**
 * A list item with no words: `-` or `1.` alone, or a task's box with nothing after it
 * (GFM reads `- [ ]` alone as the text "[ ]", not as a task). Run once images are settled,
 * so an image shown as its alt text counts as words.
 */
export function listItemProblem(item: Element): DocProblem | undefined {
  const text = words(item);
  const box = /^\[[ xX]\]$/.test(text);
  if ((text && !box) || showsAnImage(item)) return undefined;
  return emptyListItem(item, box || checkboxOf(item) !== undefined);
}

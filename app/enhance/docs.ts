import { initCodeCopy } from "./code-copy.ts";
import { initDocsAnchors } from "./docs-anchors.ts";
import { initDocsToc } from "./docs-toc.ts";
import "./site.ts";

/** The docs reader: the public pages' enhancements, with scroll-spy, copy buttons and old anchors landed. */
initDocsToc();
initCodeCopy();
initDocsAnchors();

import { initCodeCopy } from "./code-copy.ts";
import { initDocsToc } from "./docs-toc.ts";
import "./site.ts";

/** The docs reader: the public pages' enhancements, with scroll-spy and copy buttons. */
initDocsToc();
initCodeCopy();

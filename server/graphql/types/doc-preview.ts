import type { DocProblem } from "../../markdown/problems.ts";
import { checkDocsPreview, previewDocBody, startDocsPreview, type DocPreview } from "../../domain/docs/index.ts";
import { builder } from "../builder.ts";
import { mutationField, queryField } from "../operations.ts";
import { DocHeadingType } from "./docs.ts";

/** Docs before readers see them: the editor's live preview, and preview links (spec §4). */

const DocProblemKindEnum = builder.enumType("DocProblemKind", {
  values: ["emptyHeading", "emptyListItem", "outsideImage"] as const satisfies readonly DocProblem["kind"][],
  description: "What a writer should fix: a heading or list item with no words, or an image readers do not see.",
});

const DocProblemType = builder.objectRef<DocProblem>("DocProblem").implement({
  description: "Something in a doc's markdown its writer should fix before publishing.",
  fields: (t) => ({
    kind: t.field({ type: DocProblemKindEnum, resolve: (problem) => problem.kind }),
    line: t.exposeInt("line", { nullable: true, description: "The markdown's line, 1 first, when known." }),
    message: t.exposeString("message", { description: "What is wrong and what to do, in a sentence." }),
  }),
});

const DocPreviewType = builder.objectRef<DocPreview>("DocPreview").implement({
  description: "Unsaved markdown rendered as the page will be.",
  fields: (t) => ({
    html: t.exposeString("html"),
    headings: t.field({ type: [DocHeadingType], resolve: (preview) => preview.headings }),
    brokenLinks: t.exposeStringList("brokenLinks", { description: "Links to docs that do not exist." }),
    problems: t.field({
      type: [DocProblemType],
      description: "What the writer should fix, by line: readers would see an empty heading, say.",
      resolve: (preview) => preview.problems,
    }),
  }),
});

const PreviewLinkType = builder
  .objectRef<{ token: string; expiresAt: Date; staging: boolean }>("DocsPreviewLink")
  .implement({
    description: "A link that shows drafts to editors and admins until it expires. The token is shown once.",
    fields: (t) => ({
      token: t.exposeString("token"),
      expiresAt: t.expose("expiresAt", { type: "DateTime" }),
      staging: t.exposeBoolean("staging"),
    }),
  });

const PreviewModeType = builder.objectRef<{ staging: boolean; expiresAt: Date }>("DocsPreviewMode").implement({
  description: "A preview link that is good for this reader.",
  fields: (t) => ({
    staging: t.exposeBoolean("staging"),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

queryField("docsPreviewMode", {
  operation: checkDocsPreview,
  type: PreviewModeType,
  nullable: true,
  description: "Whether a preview token shows drafts to this reader: null for anyone who is not an editor.",
});
queryField("docPreview", {
  operation: previewDocBody,
  type: DocPreviewType,
  description: "The editor's live preview: markdown rendered by the same pipeline as the published page.",
});

mutationField("startDocsPreview", {
  operation: startDocsPreview,
  type: PreviewLinkType,
  description: "A preview link for drafts (8 hours).",
});

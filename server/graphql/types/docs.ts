import { revisionEventEnum } from "../../db/schema/revisions.ts";
import type { DocHeading } from "../../db/schema/docs.ts";
import {
  createDoc,
  deleteDoc,
  docEntity,
  docStatus,
  docTree,
  docsProductOf,
  emptyDocsTrash,
  getDoc,
  getDocRevision,
  listDocRevisions,
  listDocs,
  listDocsTrash,
  publishDoc,
  readDoc,
  readDocMarkdown,
  readDocsHome,
  restoreDoc,
  restoreDocRevision,
  saveDoc,
  searchDocs,
  statusOf,
  unpublishDoc,
  type Doc,
  type DocAnswer,
  type DocCounterpart,
  type DocsHome,
  type DocEditor,
  type DocLink,
  type DocNode,
  type DocReading,
  type DocRevisionData,
  type DocRevisionSummary,
  type DocSearchHit,
} from "../../domain/docs/index.ts";
import type { Revision } from "../../domain/core/revisions.ts";
import { product } from "../../domain/core/product.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { connectionType } from "./pagination.ts";

const DocCan = rowCapabilities<Doc>(docEntity, (doc) => doc.id);
const DocStatusEnum = enumRef(docStatus);

const RevisionEventEnum = builder.enumType("RevisionEvent", {
  values: revisionEventEnum.enumValues,
  description: "How a revision came to be: the first words, a save, or an earlier revision brought back.",
});

const DocEditorType = builder.objectRef<DocEditor>("DocEditor").implement({
  description: "A person who wrote in the docs.",
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

export const DocHeadingType = builder.objectRef<DocHeading>("DocHeading").implement({
  description: "A heading of a doc: the table of contents links to its anchor.",
  fields: (t) => ({
    id: t.exposeString("id", { description: "The anchor: /docs/path#id." }),
    text: t.exposeString("text"),
    depth: t.exposeInt("depth", { description: "2 for a section, 3 for a part of one." }),
  }),
});

const DocLinkType = builder.objectRef<DocLink & { description?: string }>("DocLink").implement({
  description: "A link to a doc: its title as the label, its path as the address (spec §3).",
  fields: (t) => ({
    title: t.exposeString("title"),
    path: t.exposeString("path", { description: "Under /docs: “calibration/phantom”." }),
    description: t.string({ resolve: (link) => link.description ?? "" }),
  }),
});

const ProductEnum = enumRef(product);

const DocNodeType = builder.objectRef<DocNode>("DocNode").implement({
  description: "One entry of the docs navigation, in reading order.",
  fields: (t) => ({
    id: t.exposeID("id"),
    parentId: t.exposeID("parentId", { nullable: true }),
    path: t.exposeString("path"),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    depth: t.exposeInt("depth", { description: "0 at the top." }),
    status: t.expose("status", { type: DocStatusEnum }),
    products: t.field({
      type: [ProductEnum],
      description: "The product generations it is for.",
      resolve: (node) => node.products,
    }),
  }),
});

const DocCounterpartType = builder.objectRef<DocCounterpart>("DocCounterpart").implement({
  description: "The same page for the other product generation.",
  fields: (t) => ({
    title: t.exposeString("title"),
    path: t.exposeString("path"),
    products: t.field({ type: [ProductEnum], resolve: (counterpart) => counterpart.products }),
  }),
});

const DocRef = builder.objectRef<Doc>("Doc").implement({
  description: "A page of the documentation as its editors see it: the latest revision, drafts and all.",
  fields: (t) => ({
    id: t.exposeID("id"),
    parentId: t.exposeID("parentId", { nullable: true }),
    slug: t.exposeString("slug"),
    path: t.exposeString("path", { description: "Where it is read: /docs/{path}." }),
    position: t.exposeInt("position", { description: "Its place among the pages beside it, 0 first." }),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    body: t.exposeString("body", { description: "The latest revision's markdown." }),
    products: t.field({
      type: [ProductEnum],
      description: "The product generations the latest revision is for.",
      resolve: (doc) => doc.products,
    }),
    counterpartId: t.exposeID("counterpartId", {
      nullable: true,
      description: "The page it names as its version for the other product generation.",
    }),
    publishedPath: t.exposeString("publishedPath", {
      nullable: true,
      description: "Where readers find it (its place as published); null while it is a draft.",
    }),
    status: t.field({ type: DocStatusEnum, resolve: (doc) => statusOf(doc) }),
    headRevision: t.exposeInt("headRevision", { description: "The latest revision's number." }),
    publishedRevision: t.exposeInt("publishedRevision", {
      nullable: true,
      description: "The revision readers see (null for a draft).",
    }),
    publishedAt: t.expose("publishedAt", { type: "DateTime", nullable: true }),
    brokenLinks: t.exposeStringList("brokenLinks", {
      description: "Links in the latest revision to docs that do not exist.",
    }),
    updatedBy: t.field({
      type: DocEditorType,
      nullable: true,
      description: "Who edited it last (null once their account is gone).",
      resolve: (doc, _args, context) => context.loaders.docEditor.load(doc.id),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    deletedAt: t.expose("deletedAt", { type: "DateTime", nullable: true, description: "When it went to the trash." }),
    version: t.exposeInt("version", { description: "Name it when you change this doc: a newer one is a conflict." }),
    can: t.field({ type: DocCan, resolve: (doc) => doc }),
  }),
});

const DocReadingType = builder.objectRef<DocReading>("DocReading").implement({
  description: "A doc as a reader sees it: the revision they may see, rendered, and where it sits in the docs.",
  fields: (t) => ({
    id: t.id({ resolve: (reading) => reading.doc.id }),
    path: t.exposeString("path", { description: "Where the reader finds it." }),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    html: t.exposeString("html", { description: "Rendered on the server and sanitized." }),
    headings: t.field({ type: [DocHeadingType], resolve: (reading) => reading.headings }),
    revision: t.exposeInt("revision"),
    draft: t.exposeBoolean("draft", { description: "A revision newer than the published one (preview mode)." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When the revision shown was written." }),
    author: t.exposeString("author", { nullable: true, description: "Who wrote the revision shown." }),
    products: t.field({
      type: [ProductEnum],
      description: "The product generations the page is for.",
      resolve: (reading) => reading.products,
    }),
    product: t.field({
      type: ProductEnum,
      description: "The generation the reader is shown: the navigation and the way on follow it.",
      resolve: (reading) => reading.product,
    }),
    counterpart: t.field({
      type: DocCounterpartType,
      nullable: true,
      description: "The same page for the other product generation, when the reader may see one.",
      resolve: (reading) => reading.counterpart,
    }),
    breadcrumbs: t.field({ type: [DocLinkType], resolve: (reading) => reading.breadcrumbs }),
    previous: t.field({ type: DocLinkType, nullable: true, resolve: (reading) => reading.previous }),
    next: t.field({ type: DocLinkType, nullable: true, resolve: (reading) => reading.next }),
    children: t.field({ type: [DocLinkType], resolve: (reading) => reading.children }),
    can: t.field({ type: DocCan, resolve: (reading) => reading.doc }),
  }),
});

const DocAnswerType = builder.objectRef<DocAnswer>("DocAnswer").implement({
  description: "The doc at a path, or where the doc that lived there moved to.",
  fields: (t) => ({
    reading: t.field({ type: DocReadingType, nullable: true, resolve: (answer) => answer.reading }),
    redirectTo: t.exposeString("redirectTo", { nullable: true, description: "The path it moved to." }),
    product: t.field({
      type: ProductEnum,
      description: "The generation the tree is for.",
      resolve: (answer) => answer.product,
    }),
    tree: t.field({
      type: [DocNodeType],
      description: "The docs the reader may see, in reading order (as docTree gives them), read with the page.",
      resolve: (answer) => answer.tree,
    }),
  }),
});

const DocsHomeType = builder.objectRef<DocsHome>("DocsHome").implement({
  description: "The docs' home for a reader: the generation shown, and its navigation.",
  fields: (t) => ({
    product: t.field({ type: ProductEnum, resolve: (home) => home.product }),
    tree: t.field({ type: [DocNodeType], resolve: (home) => home.tree }),
  }),
});

const DocMarkdownType = builder
  .objectRef<{ title: string; description: string; body: string; revision: number }>("DocMarkdown")
  .implement({
    description: "A doc's markdown as the reader may see it.",
    fields: (t) => ({
      title: t.exposeString("title"),
      description: t.exposeString("description"),
      body: t.exposeString("body"),
      revision: t.exposeInt("revision"),
    }),
  });

const DocSearchHitType = builder.objectRef<DocSearchHit>("DocSearchHit").implement({
  description: "A published doc that matches a search.",
  fields: (t) => ({
    id: t.exposeID("id"),
    path: t.exposeString("path"),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    snippet: t.exposeString("snippet", {
      description: "A passage around the words found; each match is between U+0001 and U+0002.",
    }),
    heading: t.field({ type: DocHeadingType, nullable: true, resolve: (hit) => hit.heading }),
    correction: t.exposeString("correction", {
      nullable: true,
      description:
        "The search as it was run when a word in it looked mistyped (“phantm” ran as “phantom”): a “did you mean”. The same on every hit.",
    }),
  }),
});

const DocRevisionType = builder
  .objectRef<DocRevisionSummary | (Revision<DocRevisionData> & Partial<DocRevisionData>)>("DocRevision")
  .implement({
    description: "One revision of a doc: who wrote it, when, and whether readers were shown it.",
    fields: (t) => ({
      id: t.exposeID("id"),
      number: t.exposeInt("number"),
      event: t.field({ type: RevisionEventEnum, resolve: (revision) => revision.event }),
      restoredFrom: t.exposeInt("restoredFrom", { nullable: true }),
      publishedAt: t.expose("publishedAt", {
        type: "DateTime",
        nullable: true,
        description: "When it was published.",
      }),
      createdAt: t.expose("createdAt", { type: "DateTime" }),
      author: t.field({ type: DocEditorType, nullable: true, resolve: (revision) => revision.author }),
      title: t.string({ resolve: (revision) => ("data" in revision ? revision.data.title : revision.title) }),
      path: t.string({ resolve: (revision) => ("data" in revision ? revision.data.path : revision.path) }),
      description: t.string({
        nullable: true,
        description: "Only on a single revision.",
        resolve: (revision) => ("data" in revision ? revision.data.description : null),
      }),
      body: t.string({
        nullable: true,
        description: "Only on a single revision.",
        resolve: (revision) => ("data" in revision ? revision.data.body : null),
      }),
    }),
  });

const EmptiedType = builder.objectRef<{ deleted: number }>("DocsTrashEmptied").implement({
  fields: (t) => ({ deleted: t.exposeInt("deleted", { description: "How many docs were deleted for good." }) }),
});

queryField("docTree", {
  operation: docTree,
  type: [DocNodeType],
  description: "The docs navigation in reading order. Drafts only for editors in preview mode.",
});
queryField("docPage", {
  operation: readDoc,
  type: DocAnswerType,
  description: "The doc at a path as the reader may see it, or where it moved to.",
});
queryField("docMarkdown", { operation: readDocMarkdown, type: DocMarkdownType });
queryField("docsHome", {
  operation: readDocsHome,
  type: DocsHomeType,
  description: "The navigation of the reader's product generation (or the one asked for), in reading order.",
});
queryField("docsProduct", {
  operation: docsProductOf,
  type: ProductEnum,
  description: "The product generation the docs show this reader: their choice, else their organization's, else v5.",
});
queryField("docSearch", {
  operation: searchDocs,
  type: [DocSearchHitType],
  description: "The published docs by title, headings and text, best first (signed in only).",
});
queryField("doc", { operation: getDoc, type: DocRef });
queryField("docs", {
  operation: listDocs,
  type: connectionType("Doc", DocRef),
  description: "Every doc outside the trash, most recently edited first (editors and admins).",
});
queryField("docsTrash", {
  operation: listDocsTrash,
  type: connectionType("DocTrash", DocRef),
  description: "The docs in the trash, most recently deleted first (admins).",
});
queryField("docRevisions", { operation: listDocRevisions, type: [DocRevisionType] });
queryField("docRevision", { operation: getDocRevision, type: DocRevisionType });
mutationField("createDoc", { operation: createDoc, type: DocRef, description: "Adds a doc as a draft." });
mutationField("saveDoc", {
  operation: saveDoc,
  type: DocRef,
  description:
    "Saves the next revision, at the version you opened: if someone saved in between it is a conflict. Readers see it once published.",
});
mutationField("publishDoc", {
  operation: publishDoc,
  type: DocRef,
  description: "Shows readers its latest revision. Its parent must be published, and every image needs alt text.",
});
mutationField("unpublishDoc", {
  operation: unpublishDoc,
  type: DocRef,
  description: "Takes it away from readers; it stays as a draft.",
});
mutationField("restoreDocRevision", {
  operation: restoreDocRevision,
  type: DocRef,
  description: "Brings back an earlier revision's words as a new revision.",
});
mutationField("deleteDoc", { operation: deleteDoc, type: DocRef, description: "Moves it to the trash." });
mutationField("restoreDoc", { operation: restoreDoc, type: DocRef, description: "Brings it back from the trash." });
mutationField("emptyDocsTrash", {
  operation: emptyDocsTrash,
  type: EmptiedType,
  inputFromRequest: () => ({}),
  description: "Deletes every doc in the trash for good, with its history.",
});

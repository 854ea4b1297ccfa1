import {
  docWorkOf,
  dropDocWork,
  keepDocWork,
  markDocClosed,
  markDocOpen,
  type DocEditorHere,
  type DocPresenceReport,
  type DocWork,
} from "../../domain/docs/index.ts";
import { product } from "../../domain/core/product.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField } from "../operations.ts";

/** The docs editor's own state on the server: a person's unsaved work, and who has a doc open (ADR 039). */

const DocWorkType = builder.objectRef<DocWork>("DocWork").implement({
  description: "An editor's unsaved work on a doc (or a new page), kept on the server as they type.",
  fields: (t) => ({
    docId: t.exposeID("docId", { nullable: true, description: "Null for a new page not saved yet." }),
    title: t.exposeString("title"),
    slug: t.exposeString("slug"),
    parentId: t.exposeID("parentId", { nullable: true }),
    position: t.exposeInt("position", { nullable: true }),
    description: t.exposeString("description"),
    products: t.field({ type: [enumRef(product)], resolve: (work) => work.products }),
    counterpartId: t.exposeID("counterpartId", { nullable: true }),
    body: t.exposeString("body"),
    baseVersion: t.exposeInt("baseVersion", { description: "The doc's version the work started from." }),
    baseRevision: t.exposeInt("baseRevision", { description: "The doc's revision the work started from." }),
    savedAt: t.expose("savedAt", { type: "DateTime", description: "When it was last kept." }),
  }),
});

const KeptType = builder.objectRef<{ savedAt: Date }>("DocWorkKept").implement({
  fields: (t) => ({ savedAt: t.expose("savedAt", { type: "DateTime" }) }),
});

const DroppedType = builder.objectRef<{ dropped: boolean }>("DocWorkDropped").implement({
  fields: (t) => ({ dropped: t.exposeBoolean("dropped", { description: "Whether there was work to discard." }) }),
});

const EditorHereType = builder.objectRef<DocEditorHere>("DocEditorHere").implement({
  description: "Someone else who has the doc open in the editor.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    since: t.expose("since", { type: "DateTime", description: "When they opened it." }),
  }),
});

const HeadType = builder.objectRef<DocPresenceReport["head"]>("DocHead").implement({
  description: "The doc's latest save.",
  fields: (t) => ({
    revision: t.exposeInt("revision"),
    version: t.exposeInt("version"),
    savedAt: t.expose("savedAt", { type: "DateTime" }),
    savedBy: t.exposeString("savedBy", { nullable: true }),
  }),
});

const PresenceType = builder.objectRef<DocPresenceReport>("DocPresence").implement({
  description: "Who else has the doc open, and its latest save: what an open editor hears back.",
  fields: (t) => ({
    others: t.field({ type: [EditorHereType], resolve: (report) => report.others }),
    head: t.field({ type: HeadType, resolve: (report) => report.head }),
  }),
});

const ClosedType = builder.objectRef<{ closed: boolean }>("DocClosed").implement({
  fields: (t) => ({ closed: t.exposeBoolean("closed") }),
});

queryField("docWork", {
  operation: docWorkOf,
  type: DocWorkType,
  nullable: true,
  description: "Your unsaved work on a doc (docId null: on a new page), if any is kept.",
});
mutationField("keepDocWork", {
  operation: keepDocWork,
  type: KeptType,
  description: "Keeps your unsaved work on a doc, in place of what was kept before. Saving the doc lets it go.",
});
mutationField("dropDocWork", { operation: dropDocWork, type: DroppedType, description: "Discards your unsaved work." });
mutationField("markDocOpen", {
  operation: markDocOpen,
  type: PresenceType,
  description: "Says you have the doc open (every 15 seconds while you do); answers who else does.",
});
mutationField("markDocClosed", { operation: markDocClosed, type: ClosedType, description: "Says you left the doc." });

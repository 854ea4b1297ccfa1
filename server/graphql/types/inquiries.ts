import {
  addInquiryNote,
  assignInquiry,
  countInquiries,
  exportInquiries,
  forgetPerson,
  getInquiry,
  inquiryEntity,
  inquiryProduct,
  inquiryStatus,
  inquiryTopic,
  listInquiries,
  listInquiryAssignees,
  listInquiryNotes,
  setInquiryStatus,
  submitInquiry,
  type Inquiry,
  type InquiryAssignee,
  type InquiryNote,
} from "../../domain/inquiries/index.ts";
import { countryName } from "../../domain/organizations/index.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { connectionType } from "./pagination.ts";

const InquiryNoteType = builder.objectRef<InquiryNote>("InquiryNote").implement({
  description: "Staff's internal note on an inquiry; the visitor never sees it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    authorLabel: t.exposeString("authorLabel", { description: "Who wrote it, as they were named then." }),
    body: t.exposeString("body"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const InquiryCan = rowCapabilities<Inquiry>(inquiryEntity, (inquiry) => inquiry.id);

const InquiryType = builder.objectRef<Inquiry>("Inquiry").implement({
  description: "A message from the public contact form (Sales & Support). Personal data.",
  fields: (t) => ({
    id: t.exposeID("id"),
    reference: t.exposeString("reference", {
      nullable: true,
      description: "Quoted to the visitor for support, service and billing topics.",
    }),
    topic: t.expose("topic", { type: enumRef(inquiryTopic) }),
    status: t.expose("status", { type: enumRef(inquiryStatus) }),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    phone: t.exposeString("phone", { nullable: true }),
    organization: t.exposeString("organization"),
    country: t.exposeString("country", { description: "ISO 3166-1 alpha-2." }),
    countryName: t.string({ resolve: (inquiry) => countryName(inquiry.country) }),
    region: t.exposeString("region"),
    product: t.expose("product", { type: enumRef(inquiryProduct) }),
    serialNumber: t.exposeString("serialNumber", { nullable: true }),
    message: t.exposeString("message"),
    assigneeId: t.exposeID("assigneeId", { nullable: true }),
    closedAt: t.expose("closedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    version: t.exposeInt("version", {
      description: "Name it when you change this inquiry: a newer one is a conflict.",
    }),
    notes: t.field({
      type: [InquiryNoteType],
      description: "Internal notes, oldest first.",
      resolve: (inquiry, _args, context) => listInquiryNotes(context.domain, { id: inquiry.id }),
    }),
    can: t.field({ type: InquiryCan, resolve: (inquiry) => inquiry }),
  }),
});

const InquiryReceipt = builder.objectRef<Pick<Inquiry, "reference" | "topic">>("InquiryReceipt").implement({
  description: "What the visitor learns of the message they sent.",
  fields: (t) => ({
    reference: t.exposeString("reference", { nullable: true, description: "Quote it when you write or call." }),
    topic: t.expose("topic", { type: enumRef(inquiryTopic) }),
  }),
});

const InquiryAssigneeType = builder.objectRef<InquiryAssignee>("InquiryAssignee").implement({
  description: "Someone who answers inquiries: an admin, or a person given the inquiries duty.",
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name") }),
});

const InquiryCounts = builder
  .objectRef<{ new: number; inProgress: number; closed: number }>("InquiryCounts")
  .implement({
    fields: (t) => ({
      new: t.exposeInt("new"),
      inProgress: t.exposeInt("inProgress"),
      closed: t.exposeInt("closed"),
    }),
  });

const ForgetResult = builder.objectRef<{ inquiries: number; applications: number }>("PersonalDataDeleted").implement({
  fields: (t) => ({
    inquiries: t.exposeInt("inquiries", { description: "How many inquiries were deleted." }),
    applications: t.exposeInt("applications", { description: "How many certification applications were deleted." }),
  }),
});

queryField("inquiries", {
  operation: listInquiries,
  type: connectionType("Inquiry", InquiryType),
  description: "The contact form's messages, newest first. Admins and people given the inquiries duty.",
});
queryField("inquiry", { operation: getInquiry, type: InquiryType });
const InquiryExportType = builder
  .objectRef<{ csv: string; rows: number; truncated: boolean }>("InquiryExport")
  .implement({
    fields: (t) => ({
      csv: t.exposeString("csv"),
      rows: t.exposeInt("rows"),
      truncated: t.exposeBoolean("truncated", { description: "More rows matched than one file holds (10,000)." }),
    }),
  });

queryField("inquiryExport", {
  operation: exportInquiries,
  type: InquiryExportType,
  description: "The filtered inquiries as CSV.",
});
queryField("inquiryCounts", { operation: countInquiries, type: InquiryCounts });
queryField("inquiryAssignees", { operation: listInquiryAssignees, type: [InquiryAssigneeType] });

mutationField("submitInquiry", {
  operation: submitInquiry,
  type: InquiryReceipt,
  description:
    "Sends a message from the contact form. Anyone may; `ticket` comes with the form (GET /about/contact), and it is refused when sent within seconds of it or days after.",
  result: (inquiry) => ({ reference: inquiry.reference, topic: inquiry.topic }),
});
mutationField("assignInquiry", { operation: assignInquiry, type: InquiryType });
mutationField("setInquiryStatus", { operation: setInquiryStatus, type: InquiryType });
mutationField("addInquiryNote", {
  operation: addInquiryNote,
  type: InquiryType,
  result: (result) => result.inquiry,
});
mutationField("forgetPerson", {
  operation: forgetPerson,
  type: ForgetResult,
  description: "Deletes everything kept about one person who wrote to us, on their request.",
});

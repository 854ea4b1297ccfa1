import {
  applicationEntity,
  applicationStatus,
  applyForCertification,
  countApplications,
  getApplication,
  linkApplicationOrganization,
  listApplications,
  nextSteps,
  setApplicationStatus,
  trainingFormat,
  type CertificationApplication,
} from "../../domain/certification/index.ts";
import { inquiryProduct } from "../../domain/inquiries/index.ts";
import { countryName } from "../../domain/organizations/index.ts";
import { builder } from "../builder.ts";
import { enumRef } from "../from-zod.ts";
import { mutationField, queryField, rowCapabilities } from "../operations.ts";
import { connectionType } from "./pagination.ts";

const ApplicationCan = rowCapabilities<CertificationApplication>(applicationEntity, (application) => application.id);

const ApplicationType = builder.objectRef<CertificationApplication>("CertificationApplication").implement({
  description: "An operator's application to the Get Certified programme. Personal data.",
  fields: (t) => ({
    id: t.exposeID("id"),
    status: t.expose("status", { type: enumRef(applicationStatus) }),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    phone: t.exposeString("phone", { nullable: true }),
    organizationName: t.exposeString("organizationName", { description: "As the applicant wrote it." }),
    organizationId: t.exposeID("organizationId", {
      nullable: true,
      description: "The organization staff matched it to; certifying the operator certifies it.",
    }),
    jobTitle: t.exposeString("jobTitle"),
    country: t.exposeString("country", { description: "ISO 3166-1 alpha-2." }),
    countryName: t.string({ resolve: (application) => countryName(application.country) }),
    region: t.exposeString("region"),
    product: t.expose("product", { type: enumRef(inquiryProduct) }),
    trainingFormat: t.expose("trainingFormat", { type: enumRef(trainingFormat) }),
    preferredDates: t.exposeString("preferredDates"),
    message: t.exposeString("message", { nullable: true }),
    scheduledFor: t.expose("scheduledFor", { type: "Date", nullable: true }),
    declinedReason: t.exposeString("declinedReason", { nullable: true }),
    decidedAt: t.expose("decidedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    version: t.exposeInt("version"),
    nextSteps: t.field({
      type: [enumRef(applicationStatus)],
      description: "Where it may go from here (none once certified or declined).",
      resolve: (application) => [...nextSteps[application.status]],
    }),
    can: t.field({ type: ApplicationCan, resolve: (application) => application }),
  }),
});

const ApplicationReceipt = builder
  .objectRef<Pick<CertificationApplication, "status">>("CertificationApplicationReceipt")
  .implement({
    description: "What the applicant learns of the application they sent.",
    fields: (t) => ({ status: t.expose("status", { type: enumRef(applicationStatus) }) }),
  });

const ApplicationCounts = builder
  .objectRef<Record<"applied" | "scheduled" | "completed" | "certified" | "declined", number>>(
    "CertificationApplicationCounts",
  )
  .implement({
    fields: (t) => ({
      applied: t.exposeInt("applied"),
      scheduled: t.exposeInt("scheduled"),
      completed: t.exposeInt("completed"),
      certified: t.exposeInt("certified"),
      declined: t.exposeInt("declined"),
    }),
  });

queryField("certificationApplications", {
  operation: listApplications,
  type: connectionType("CertificationApplication", ApplicationType),
  description: "Applications to the Get Certified programme, newest first.",
});
queryField("certificationApplication", { operation: getApplication, type: ApplicationType });
queryField("certificationApplicationCounts", { operation: countApplications, type: ApplicationCounts });

mutationField("applyForCertification", {
  operation: applyForCertification,
  type: ApplicationReceipt,
  description:
    "Sends an application from the Get Certified page; `ticket` comes with the page, as on the contact form.",
  result: (application) => ({ status: application.status }),
});
mutationField("setApplicationStatus", {
  operation: setApplicationStatus,
  type: ApplicationType,
  description:
    "Moves an application one step: applied → scheduled (with a date) → completed → certified (certifies its organization), or declined (with a reason). The applicant is mailed each step.",
});
mutationField("linkApplicationOrganization", { operation: linkApplicationOrganization, type: ApplicationType });

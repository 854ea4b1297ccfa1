import { z } from "zod";
import { applicationStatusEnum, trainingFormatEnum } from "../../db/schema/index.ts";
import { email, oneLine, optionalLine, optionalLines, phone, requiredLine } from "../core/fields.ts";
import { inquiryProduct } from "../inquiries/fields.ts";
import { country } from "../organizations/fields.ts";

export const applicationStatus = z
  .enum(applicationStatusEnum.enumValues, {
    error: "Choose a status from the list: applied, scheduled, completed, certified or declined.",
  })
  .meta({ id: "ApplicationStatus" });
export type ApplicationStatus = z.output<typeof applicationStatus>;

export const trainingFormat = z
  .enum(trainingFormatEnum.enumValues, { error: "Choose how you would like to be trained." })
  .meta({ id: "TrainingFormat" });

const consentMissing = "Tick the box so we may contact you about your application: we cannot answer otherwise.";

/** The application form, as the operator fills it in; `website` and `ticket` as on the contact form. */
export const applicationFields = {
  name: requiredLine("your name", 120, "Enter your name."),
  email,
  phone,
  organizationName: requiredLine("your organization", 160, "Enter the organization you work for."),
  jobTitle: requiredLine("your role", 120, "Enter your role, like radiographer or pharmacist."),
  country,
  region: optionalLine("the region", 120).transform((value) => value ?? ""),
  product: inquiryProduct,
  trainingFormat,
  preferredDates: optionalLine("the preferred dates", 300).transform((value) => value ?? ""),
  message: optionalLines("your message", 3000),
  consentToContact: z.boolean({ error: consentMissing }).refine((value) => value, consentMissing),
  website: oneLine("the website field").max(500).optional(),
  ticket: oneLine("the form's ticket", { error: "Reload the page and send the form again." }).max(200),
};

import { z } from "zod";
import { applicationStatusEnum, trainingFormatEnum } from "../../db/schema/index.ts";
import { email, optionalText, phone, requiredText } from "../core/fields.ts";
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

function oneLine(schema: z.ZodString) {
  return schema.refine(
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    (value) => !/[\u0000-\u001f\u007f]/.test(value),
    "Write it on one line.",
  );
}

const consentMissing = "Tick the box so we may contact you about your application: we cannot answer otherwise.";

/** The application form, as the operator fills it in; `website` and `ticket` as on the contact form. */
export const applicationFields = {
  name: oneLine(requiredText(120, "Enter your name.")),
  email,
  phone,
  organizationName: oneLine(requiredText(160, "Enter the organization you work for.")),
  jobTitle: oneLine(requiredText(120, "Enter your role, like radiographer or pharmacist.")),
  country,
  region: optionalText(120).transform((value) => value ?? ""),
  product: inquiryProduct,
  trainingFormat,
  preferredDates: optionalText(300).transform((value) => value ?? ""),
  message: optionalText(3000),
  consentToContact: z.boolean({ error: consentMissing }).refine((value) => value, consentMissing),
  website: z.string().max(500).optional(),
  ticket: z.string({ error: "Reload the page and send the form again." }).max(200),
};

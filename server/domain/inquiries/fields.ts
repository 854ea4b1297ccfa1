import { z } from "zod";
import { inquiryProductEnum, inquiryStatusEnum, inquiryTopicEnum } from "../../db/schema/index.ts";
import { email, oneLine, optionalLine, phone, requiredLine, requiredLines } from "../core/fields.ts";
import { country } from "../organizations/fields.ts";

export const inquiryTopic = z
  .enum(inquiryTopicEnum.enumValues, { error: "Choose what your message is about." })
  .meta({ id: "InquiryTopic" });
export type InquiryTopic = z.output<typeof inquiryTopic>;

export const inquiryStatus = z
  .enum(inquiryStatusEnum.enumValues, { error: "Choose a status from the list: new, in progress or closed." })
  .meta({ id: "InquiryStatus" });

export const inquiryProduct = z
  .enum(inquiryProductEnum.enumValues, { error: "Choose v4, v5 or not sure." })
  .meta({ id: "InquiryProduct" });

/** Topics about equipment a customer has: they get a reference number, and the serial number helps. */
export const supportTopics: ReadonlySet<InquiryTopic> = new Set(["support", "service", "billing"]);

/** A serial number as printed on the label under the unit: letters, digits and dashes. */
const serialNumber = optionalLine("the serial number", 40).refine(
  (value) => value === null || /^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$/.test(value),
  "Enter the serial number as printed on the label: letters, digits and dashes, like D5-204117.",
);

const consentMissing = "Tick the box so we may contact you about this message: we cannot answer otherwise.";

/**
 * The contact form, as the visitor fills it in. `website` is the hidden field no person
 * sees (a bot fills it) and `ticket` the signed moment the form was given out.
 */
export const inquiryFields = {
  topic: inquiryTopic,
  name: requiredLine("your name", 120, "Enter your name."),
  email,
  phone,
  organization: requiredLine(
    "your organization",
    160,
    "Enter your organization, or your own name if you write for yourself.",
  ),
  country,
  region: optionalLine("the region", 120).transform((value) => value ?? ""),
  product: inquiryProduct,
  serialNumber,
  message: requiredLines("your message", 5000, "Write your message.").refine(
    (value) => value.length >= 10,
    "Tell us a little more: at least 10 characters.",
  ),
  consentToContact: z.boolean({ error: consentMissing }).refine((value) => value, consentMissing),
  website: oneLine("the website field").max(500).optional(),
  ticket: oneLine("the form's ticket", { error: "Reload the page and send the form again." }).max(200),
};

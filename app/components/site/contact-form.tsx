import type { ActionFailure } from "../../lib/action-failure.ts";
import { countryOptions } from "../../lib/countries.ts";
import { Button } from "../ui/button.tsx";
import { CheckboxInput, Field, RadioGroupInput, SelectInput, TextAreaInput } from "../ui/field.tsx";

export const contactFormId = "message-form";

const topics = [
  { value: "sales", label: "A sales quote", hint: "Prices, demonstrations, purchase and lease." },
  { value: "support", label: "Technical support", hint: "Software, connectivity, exports, accounts." },
  { value: "service", label: "Service or a repair", hint: "Maintenance, calibration, repairs, loan units." },
  { value: "billing", label: "Billing", hint: "Invoices, payments and contracts." },
  { value: "general", label: "Something else", hint: "Press, research, careers or anything else." },
] as const;

const products = [
  { value: "v5", label: "Densara v5" },
  { value: "v4", label: "Densara v4" },
  { value: "unsure", label: "Not sure" },
] as const;

/** The topics whose messages are about equipment a customer has: the serial number helps, and shows. */
export const supportTopicValues = ["support", "service", "billing"] as const;

/**
 * Sales & Support's form. A plain form that posts to the page itself and works without
 * JavaScript; the page's enhancement module checks fields as they are left and sends it
 * without a reload. The serial number shows only for the support topics (CSS `:has`, no
 * script needed). `website` is a field no person sees or fills: a bot's tell.
 */
export function ContactForm({ ticket, failure }: { ticket: string; failure?: ActionFailure | undefined }) {
  const value = (name: string) => failure?.values[name];
  const error = (name: string) => failure?.fields[name];
  const formError = failure ? (failure.fields[""] ?? failure.message) : undefined;
  return (
    <form
      id={contactFormId}
      method="post"
      action={`/about/contact#${contactFormId}`}
      data-contact-form=""
      data-public-form=""
      data-sent-path="/about/contact/sent"
      data-sent-title="Thank you: your message reached our team"
      data-sent-toast="Message sent"
      data-sent-body="A confirmation is on its way to the email address you gave. We reply within one or two business days."
      className="group/contact grid max-w-3xl gap-6"
    >
      {formError ? (
        <div
          role="alert"
          data-form-alert="error"
          tabIndex={-1}
          className="rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-base text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {formError}
        </div>
      ) : null}
      <p className="text-base text-gray-700 dark:text-gray-300">
        Every field is needed unless it says <span className="font-semibold">optional</span>.
      </p>
      <RadioGroupInput
        legend="What is your message about?"
        name="topic"
        options={topics}
        defaultValue={value("topic")}
        error={error("topic")}
        required
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          label="Your name"
          name="name"
          autoComplete="name"
          required
          maxLength={120}
          defaultValue={value("name")}
          error={error("name")}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={320}
          defaultValue={value("email")}
          error={error("email")}
        />
        <Field
          label="Phone (optional)"
          hint="If you would like us to call you back."
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          defaultValue={value("phone")}
          error={error("phone")}
        />
        <Field
          label="Organization"
          hint="Your clinic, hospital or company; your own name if you write for yourself."
          name="organization"
          autoComplete="organization"
          required
          maxLength={160}
          defaultValue={value("organization")}
          error={error("organization")}
        />
        <SelectInput
          label="Country"
          name="country"
          autoComplete="country"
          required
          options={[{ value: "", label: "Choose a country" }, ...countryOptions()]}
          defaultValue={value("country") ?? ""}
          error={error("country")}
        />
        <Field
          label="State or region (optional)"
          name="region"
          autoComplete="address-level1"
          maxLength={120}
          defaultValue={value("region")}
          error={error("region")}
        />
      </div>
      <RadioGroupInput
        legend="Which product is it about?"
        name="product"
        options={products}
        defaultValue={value("product")}
        error={error("product")}
        required
      />
      <div
        data-serial-number=""
        className="group-has-[input[name=topic][value=general]:checked]/contact:hidden group-has-[input[name=topic][value=sales]:checked]/contact:hidden"
      >
        <Field
          label="Serial number (optional)"
          hint="On the label underneath the unit, like D5-204117."
          name="serialNumber"
          maxLength={40}
          autoComplete="off"
          defaultValue={value("serialNumber")}
          error={error("serialNumber")}
        />
      </div>
      <TextAreaInput
        label="Your message"
        hint="Please do not include patient information: we never need it to help."
        name="message"
        rows={7}
        required
        minLength={10}
        maxLength={5000}
        defaultValue={value("message")}
        error={error("message")}
      />
      <CheckboxInput
        label="You may contact me about this message"
        hint="By email, or by phone if you gave a number. We use your details only to answer you, and delete them within two years."
        name="consentToContact"
        required
        defaultChecked={value("consentToContact")?.split("\n").includes("true")}
        error={error("consentToContact")}
      />
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name="ticket" value={ticket} />
      <div>
        <Button type="submit" size="lg" data-contact-submit="">
          Send message
        </Button>
      </div>
    </form>
  );
}

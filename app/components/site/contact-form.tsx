import { productLine, productsNewestFirst } from "../../../shared/product-line.ts";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { Field, RadioGroupInput, TextAreaInput } from "../ui/field.tsx";
import { ConsentField, EmailField, PlaceFields, PublicForm, publicFormState } from "./public-form.tsx";

const contactFormId = "message-form";

const topics = [
  { value: "sales", label: "A sales quote", hint: "Prices, demonstrations, purchase and lease." },
  { value: "support", label: "Technical support", hint: "Software, connectivity, exports, accounts." },
  { value: "service", label: "Service or a repair", hint: "Maintenance, calibration, repairs, loan units." },
  { value: "billing", label: "Billing", hint: "Invoices, payments and contracts." },
  { value: "general", label: "Something else", hint: "Press, research, careers or anything else." },
] as const;

const products = [
  ...productsNewestFirst.map((id) => ({ value: id, label: productLine[id].name })),
  { value: "unsure", label: "Not sure" },
];

/**
 * Sales & Support's form (a public form: public-form.tsx). The serial number shows only
 * for the topics about equipment a customer has (CSS `:has`, no script needed).
 */
export function ContactForm({ ticket, failure }: { ticket: string; failure?: ActionFailure | undefined }) {
  const { value, error } = publicFormState(failure);
  return (
    <PublicForm
      id={contactFormId}
      page="/about/contact"
      sent={{
        path: "/about/contact/sent",
        title: "Thank you: your message reached our team",
        toast: "Message sent",
        body: "A confirmation is on its way to the email address you gave. We reply within one or two business days.",
      }}
      ticket={ticket}
      failure={failure}
      submitLabel="Send message"
      className="group/contact"
    >
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
        <EmailField failure={failure} />
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
        <PlaceFields failure={failure} />
      </div>
      <RadioGroupInput
        legend="Which product is it about?"
        name="product"
        options={products}
        defaultValue={value("product")}
        error={error("product")}
        required
      />
      <div className="group-has-[input[name=topic][value=general]:checked]/contact:hidden group-has-[input[name=topic][value=sales]:checked]/contact:hidden">
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
      <ConsentField
        label="You may contact me about this message"
        hint="By email, or by phone if you gave a number. We use your details only to answer you, and delete them within two years."
        failure={failure}
      />
    </PublicForm>
  );
}

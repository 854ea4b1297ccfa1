import { productLine, productsNewestFirst } from "../../../shared/product-line.ts";
import type { ActionFailure } from "../../lib/action-failure.ts";
import { Field, RadioGroupInput, TextAreaInput } from "../ui/field.tsx";
import { ConsentField, EmailField, PlaceFields, PublicForm, publicFormState } from "./public-form.tsx";

const certificationFormId = "application-form";

const products = [
  ...productsNewestFirst.map((id) => ({ value: id, label: productLine[id].name })),
  // An applicant may not have chosen a generation yet (the inquiry's product takes "unsure").
  { value: "unsure", label: "Not decided yet" },
];

const formats = [
  { value: "online", label: "Online", hint: "Modules at your own pace, the assessment by video call." },
  { value: "on_site", label: "At our site", hint: "A trainer comes to you; good for a team of three or more." },
  { value: "training_centre", label: "At the training centre", hint: "A day in Madison, Wisconsin." },
] as const;

/** The Get Certified application (a public form: public-form.tsx). */
export function CertificationForm({ ticket, failure }: { ticket: string; failure?: ActionFailure | undefined }) {
  const { value, error } = publicFormState(failure);
  return (
    <PublicForm
      id={certificationFormId}
      page="/about/get-certified"
      sent={{
        path: "/about/get-certified/sent",
        title: "Thank you: your application reached our training team",
        toast: "Application sent",
        body: "A confirmation is on its way to the email address you gave. We will write within two business days to agree a course date.",
      }}
      ticket={ticket}
      failure={failure}
      submitLabel="Send application"
    >
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
          label="Organization"
          hint="The clinic, pharmacy or company you run screenings for."
          name="organizationName"
          autoComplete="organization"
          required
          maxLength={160}
          defaultValue={value("organizationName")}
          error={error("organizationName")}
        />
        <Field
          label="Your role"
          hint="Like radiographer, nurse or pharmacist."
          name="jobTitle"
          autoComplete="organization-title"
          required
          maxLength={120}
          defaultValue={value("jobTitle")}
          error={error("jobTitle")}
        />
        <Field
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          defaultValue={value("phone")}
          error={error("phone")}
        />
        <PlaceFields failure={failure} />
      </div>
      <RadioGroupInput
        legend="Which system will you operate?"
        name="product"
        options={products}
        defaultValue={value("product")}
        error={error("product")}
        required
      />
      <RadioGroupInput
        legend="How would you like to be trained?"
        name="trainingFormat"
        options={formats}
        defaultValue={value("trainingFormat")}
        error={error("trainingFormat")}
        required
      />
      <Field
        label="Preferred dates (optional)"
        hint="Days or weeks that suit you, like “any Tuesday in March”."
        name="preferredDates"
        maxLength={300}
        defaultValue={value("preferredDates")}
        error={error("preferredDates")}
      />
      <TextAreaInput
        label="Anything we should know (optional)"
        name="message"
        rows={4}
        maxLength={3000}
        defaultValue={value("message")}
        error={error("message")}
      />
      <ConsentField
        label="You may contact me about my application"
        hint="By email, or by phone if you gave a number. We use your details only for your training and certification."
        failure={failure}
      />
    </PublicForm>
  );
}

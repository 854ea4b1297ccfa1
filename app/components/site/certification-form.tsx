import type { ActionFailure } from "../../lib/action-failure.ts";
import { countryOptions } from "../../lib/countries.ts";
import { Button } from "../ui/button.tsx";
import { CheckboxInput, Field, RadioGroupInput, SelectInput, TextAreaInput } from "../ui/field.tsx";

export const certificationFormId = "application-form";

const products = [
  { value: "v5", label: "Densara v5" },
  { value: "v4", label: "Densara v4" },
  { value: "unsure", label: "Not decided yet" },
] as const;

const formats = [
  { value: "online", label: "Online", hint: "Modules at your own pace, the assessment by video call." },
  { value: "on_site", label: "At our site", hint: "A trainer comes to you; good for a team of three or more." },
  { value: "training_centre", label: "At the training centre", hint: "A day in Madison, Wisconsin." },
] as const;

/**
 * The Get Certified application: a plain form that posts to the page itself and works
 * without JavaScript, enhanced like the contact form (app/enhance/public-form.ts).
 */
export function CertificationForm({ ticket, failure }: { ticket: string; failure?: ActionFailure | undefined }) {
  const value = (name: string) => failure?.values[name];
  const error = (name: string) => failure?.fields[name];
  const formError = failure ? (failure.fields[""] ?? failure.message) : undefined;
  return (
    <form
      id={certificationFormId}
      method="post"
      action={`/about/get-certified#${certificationFormId}`}
      data-public-form=""
      data-sent-path="/about/get-certified/sent"
      data-sent-title="Thank you: your application reached our training team"
      data-sent-toast="Application sent"
      data-sent-body="A confirmation is on its way to the email address you gave. We will write within two business days to agree a course date."
      className="grid max-w-3xl gap-6"
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
      <CheckboxInput
        label="You may contact me about my application"
        hint="By email, or by phone if you gave a number. We use your details only for your training and certification."
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
        <Button type="submit" size="lg">
          Send application
        </Button>
      </div>
    </form>
  );
}

import { eq } from "drizzle-orm";
import { z } from "zod";
import { settings } from "../../db/schema/index.ts";
import { guardPublicForm } from "../core/public-form.ts";
import { settingOf } from "../settings/entity.ts";
import { applicationEntity, type CertificationApplication } from "./entity.ts";
import { applicationFields } from "./fields.ts";
import { mailApplicant, mailTrainingTeam } from "./mail.ts";

/**
 * An application from the Get Certified page: guarded like the contact form (ADR 028),
 * kept, confirmed to the applicant and copied to the training team's recipients.
 */
export const applyForCertification = applicationEntity.publicWrite({
  operation: "apply",
  doing: "apply for certification",
  input: z.object(applicationFields),
  run: async (scope, input): Promise<CertificationApplication> => {
    await guardPublicForm(scope, input);
    const { website: _website, ticket: _ticket, consentToContact: _consent, ...fields } = input;
    const application = await scope.insert({ ...fields, createdAt: scope.now, updatedAt: scope.now });
    await scope.audit({
      row: application,
      after: { product: application.product, trainingFormat: application.trainingFormat },
    });
    const [stored] = await scope.tx.select().from(settings).where(eq(settings.key, "contactRecipients"));
    await mailApplicant(scope.tx, application);
    await mailTrainingTeam(
      scope.tx,
      application,
      settingOf("contactRecipients", stored).value.training,
      new URL(`/dashboard/admin/inquiries/applications?selected=${application.id}`, scope.ports.publicUrl),
    );
    return application;
  },
});

import { and, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { activity, certificationApplications, organizations } from "../../db/schema/index.ts";
import { ConflictError, ValidationError } from "../core/errors.ts";
import { id, optionalLines, rowVersion } from "../core/fields.ts";
import { certifyOrganization, getOrganization, setPublicListing } from "../organizations/index.ts";
import { applicationEntity, type CertificationApplication } from "./entity.ts";
import { applicationStatus, type ApplicationStatus } from "./fields.ts";
import { mailApplicant } from "./mail.ts";

/** Where an application may go from where it stands; certified and declined are the end. */
export const nextSteps: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  applied: ["scheduled", "declined"],
  scheduled: ["scheduled", "completed", "declined"],
  completed: ["certified", "declined"],
  certified: [],
  declined: [],
};

const statusWords: Record<ApplicationStatus, string> = {
  applied: "applied",
  scheduled: "scheduled",
  completed: "completed",
  certified: "certified",
  declined: "declined",
};

const twoYearsMs = 730 * 24 * 60 * 60 * 1000;

/**
 * Moves an application one step along, and mails the applicant what it means. Scheduling
 * names the course date; declining says why; certifying needs the organization it was
 * matched to, whose certification (and, if asked, its public listing) is changed by the
 * organization's own operations: an admin's act.
 */
export const setApplicationStatus = applicationEntity.write({
  operation: "setStatus",
  doing: "move certification applications along",
  input: z.object({
    ...rowVersion,
    status: applicationStatus,
    scheduledFor: z.iso
      .date("Enter the course date, like 2027-03-15.")
      .nullish()
      .transform((value) => value ?? null),
    declinedReason: optionalLines("the reason", 1000),
    listPublicly: z.boolean().default(false),
  }),
  run: async (scope, input): Promise<CertificationApplication> => {
    const { row: application } = await scope.target(input);
    if (!nextSteps[application.status].includes(input.status)) {
      throw new ConflictError(
        nextSteps[application.status].length === 0
          ? `This application is ${statusWords[application.status]} already: it cannot change.`
          : `An application that is ${statusWords[application.status]} can only be moved to: ${nextSteps[application.status].join(", ")}.`,
      );
    }
    if (input.status === "scheduled" && !input.scheduledFor) {
      throw new ValidationError({ scheduledFor: "Enter the course date." });
    }
    if (input.status === "declined" && !input.declinedReason) {
      throw new ValidationError({ declinedReason: "Say why, in words the applicant will read." });
    }
    if (input.status === "certified") {
      if (!application.organizationId) {
        throw new ValidationError({
          "": "Match the application to an organization first: certifying the operator certifies it.",
        });
      }
      const context = {
        db: scope.tx,
        actor: scope.actor,
        request: scope.request,
        now: () => scope.now,
        ports: scope.ports,
      };
      // Read as it is (the certifying below is the organization's own operation, and its rule
      // refuses anyone but an admin in plain words, where a filtered read would say "not found").
      const [organization] = await scope.tx
        .select()
        .from(organizations)
        .where(eq(organizations.id, application.organizationId));
      if (!organization) throw new ConflictError("The organization this application was matched to was deleted.");
      const until = new Date(scope.now.getTime() + twoYearsMs).toISOString().slice(0, 10);
      const certified = await certifyOrganization(context, {
        id: organization.id,
        version: organization.version,
        certificationStatus: "certified",
        certifiedUntil:
          organization.certificationStatus === "certified" &&
          organization.certifiedUntil &&
          organization.certifiedUntil > until
            ? organization.certifiedUntil
            : until,
      });
      if (input.listPublicly && !certified.publicListing) {
        await setPublicListing(context, { id: certified.id, version: certified.version, publicListing: true });
      }
    }
    const final = input.status === "certified" || input.status === "declined";
    const updated = await scope.update(input, {
      status: input.status,
      scheduledFor: input.status === "scheduled" ? input.scheduledFor : application.scheduledFor,
      declinedReason: input.status === "declined" ? input.declinedReason : null,
      decidedAt: final ? scope.now : null,
    });
    await scope.audit({
      row: updated,
      before: { status: application.status, scheduledFor: application.scheduledFor },
      after: { status: updated.status, scheduledFor: updated.scheduledFor },
    });
    await mailApplicant(scope.tx, updated);
    return updated;
  },
});

/** Matches an application to the organization the applicant works for (or none). */
export const linkApplicationOrganization = applicationEntity.write({
  operation: "link",
  doing: "match applications to organizations",
  input: z.object({ ...rowVersion, organizationId: id.nullish().transform((value) => value ?? null) }),
  run: async (scope, input): Promise<CertificationApplication> => {
    const { row: application } = await scope.target(input);
    if (application.organizationId === input.organizationId) {
      scope.unchanged();
      return application;
    }
    if (application.status === "certified") {
      throw new ConflictError("This operator is certified already: their organization cannot change here.");
    }
    if (input.organizationId) {
      // Missing, or out of the actor's reach: the organization's own read says so.
      await getOrganization(
        { db: scope.tx, actor: scope.actor, request: scope.request, now: () => scope.now, ports: scope.ports },
        { id: input.organizationId },
      );
    }
    const updated = await scope.update(input, { organizationId: input.organizationId });
    await scope.audit({
      row: updated,
      before: { organizationId: application.organizationId },
      after: { organizationId: updated.organizationId },
    });
    return updated;
  },
});

/**
 * Applications received more than `days` ago and finished (certified or declined) are
 * deleted by the scheduled job, with the inquiries' retention; open ones stay until done.
 */
export const purgeApplications = applicationEntity.write({
  operation: "purge",
  doing: "purge old certification applications",
  internal: "the server's daily retention job runs it (server/http/server.ts)",
  input: z.object({
    days: z.number().int("Give a whole number of days.").min(30, "Keep applications at least 30 days.").max(36_500),
  }),
  run: async (scope, input): Promise<{ applications: number }> => {
    const cutoff = new Date(scope.now.getTime() - input.days * 24 * 60 * 60 * 1000);
    const deleted = await scope.tx
      .delete(certificationApplications)
      .where(
        and(
          lt(certificationApplications.createdAt, cutoff),
          inArray(certificationApplications.status, ["certified", "declined"]),
        ),
      )
      .returning({ id: certificationApplications.id });
    if (deleted.length === 0) {
      scope.unchanged();
      return { applications: 0 };
    }
    await scope.tx
      .update(activity)
      .set({ targetLabel: "Deleted application", address: null, userAgent: null })
      .where(
        and(
          eq(activity.targetType, applicationEntity.name),
          inArray(
            activity.targetId,
            deleted.map((row) => row.id),
          ),
        ),
      );
    await scope.audit({
      target: {
        type: applicationEntity.name,
        id: null,
        label: `${deleted.length} finished applications older than ${input.days} days`,
      },
      after: { applications: deleted.length, days: input.days },
    });
    return { applications: deleted.length };
  },
});

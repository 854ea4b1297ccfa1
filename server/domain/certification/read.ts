import { count, eq, ilike, sql } from "drizzle-orm";
import { z } from "zod";
import { certificationApplications } from "../../db/schema/index.ts";
import { id, likePattern, searchText } from "../core/fields.ts";
import { listInput, type Connection, type SortKey } from "../core/pagination.ts";
import { applicationEntity, type CertificationApplication } from "./entity.ts";
import { applicationStatus, type ApplicationStatus } from "./fields.ts";

const newestFirst: SortKey = {
  key: certificationApplications.createdAt,
  type: "timestamptz",
  id: certificationApplications.id,
  direction: "desc",
};

export const listApplications = applicationEntity.read({
  operation: "read",
  doing: "read certification applications",
  input: listInput({
    search: searchText.describe("Part of a name, email address or organization."),
    status: applicationStatus.optional(),
  }),
  run: (scope, input): Promise<Connection<CertificationApplication>> =>
    scope.page(
      newestFirst,
      input,
      input.search
        ? ilike(
            sql`lower(${certificationApplications.name} || ' ' || ${certificationApplications.email} || ' ' || ${certificationApplications.organizationName})`,
            likePattern(input.search),
          )
        : undefined,
      input.status ? eq(certificationApplications.status, input.status) : undefined,
    ),
});

export const getApplication = applicationEntity.read({
  operation: "read",
  doing: "read this application",
  input: z.object({ id }),
  run: (scope, input): Promise<CertificationApplication> => scope.find(input.id),
});

/** How many applications stand at each step. */
export const countApplications = applicationEntity.read({
  operation: "read",
  doing: "count certification applications",
  input: z.object({}),
  run: async (scope): Promise<Record<ApplicationStatus, number>> => {
    const rows = await scope
      .select({ status: certificationApplications.status, value: count() })
      .groupBy(certificationApplications.status);
    const of = (status: ApplicationStatus) => rows.find((row) => row.status === status)?.value ?? 0;
    return {
      applied: of("applied"),
      scheduled: of("scheduled"),
      completed: of("completed"),
      certified: of("certified"),
      declined: of("declined"),
    };
  },
});
